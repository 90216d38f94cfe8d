import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import {
  AppError,
  badInput,
  conflict,
  type FieldDetail,
  notFound,
} from '../../core/errors/app-error.js';
import { isId, newIds } from '../../core/ids.js';
import type { Cents } from '../../core/money/money.js';
import { sql } from '../../db/sql.js';
import { recordTenantAudit } from '../audit/audit.service.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { taxIdContext } from './seal-tax-ids.js';
import type { CreateVendorInput, UpdateVendorInput } from './vendor.inputs.js';
import type { Period, Vendor } from './vendor.types.js';

interface VendorRow {
  id: string;
  name: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  tax_last4: string | null;
  default_expense_account_id: string | null;
  is_1099: boolean;
  active: boolean;
  created_at: string;
}

// The tax id itself is sealed and never selected: only its last four digits leave the database.
const COLUMNS = `v.id, v.name, v.contact_name, v.email, v.phone, v.address,
  v.tax_id_last4 AS tax_last4, v.default_expense_account_id, v.is_1099, v.active, v.created_at`;

// The columns a tax id is stored in: sealed for this vendor's row, and its last four in clear.
function taxIdColumns(secrets: SecretBox, vendorId: string, taxId: string | null) {
  if (!taxId) return { sealed: null, last4: null };
  const nine = digits(taxId);
  return { sealed: secrets.seal(nine, taxIdContext(vendorId)), last4: nine.slice(-4) };
}

export function maskTaxId(last4: string | null): string | null {
  return last4 ? `•••••${last4}` : null;
}

function toVendor(r: VendorRow): Vendor {
  return {
    id: r.id,
    name: r.name,
    contactName: r.contact_name,
    email: r.email,
    phone: r.phone,
    address: r.address,
    taxIdMasked: maskTaxId(r.tax_last4),
    hasTaxId: r.tax_last4 !== null,
    is1099: r.is_1099,
    active: r.active,
    defaultExpenseAccountId: r.default_expense_account_id,
    createdAt: new Date(r.created_at),
  };
}

export async function listVendors(
  em: EntityManager,
  filter: { search?: string | null; includeInactive?: boolean | null } = {},
): Promise<Vendor[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (!filter.includeInactive) where.push('v.active');
  const search = filter.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push('(v.name ILIKE ? OR v.contact_name ILIKE ? OR v.email ILIKE ?)');
    params.push(like, like, like);
  }
  const rows = await sql(em).all<VendorRow>(
    `SELECT ${COLUMNS} FROM vendors v ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY lower(v.name)`,
    params,
  );
  return rows.map(toVendor);
}

// Many vendors by id (DataLoader batches); ids that do not name a vendor are left out.
export async function vendorsByIds(em: EntityManager, ids: readonly string[]): Promise<Vendor[]> {
  const valid = [...new Set(ids.filter(isId))];
  if (!valid.length) return [];
  const rows = await sql(em).all<VendorRow>(
    `SELECT ${COLUMNS} FROM vendors v WHERE v.id IN (${valid.map(() => '?').join(', ')})`,
    valid,
  );
  return rows.map(toVendor);
}

export async function findVendor(em: EntityManager, id: string): Promise<Vendor> {
  const [vendor] = isId(id) ? await vendorsByIds(em, [id]) : [];
  if (!vendor) throw notFound('Vendor');
  return vendor;
}

// Text fields: trimmed, and empty means none.
function text(value: string | null | undefined): string | null {
  const t = value?.trim();
  return t ? t : null;
}

const digits = (taxId: string) => taxId.replace(/-/g, '');

// The default expense account must be an active EXPENSE account of this association.
async function checkExpenseAccount(
  em: EntityManager,
  id: string,
  problems: FieldDetail[],
): Promise<void> {
  const field = 'defaultExpenseAccountId';
  const [account] = isId(id)
    ? await sql(em).all<{ number: string; name: string; type: string; archived: boolean }>(
        'SELECT number, name, type, archived FROM accounts WHERE id = ? FOR SHARE',
        [id],
      )
    : [];
  if (!account) {
    throw new AppError('NOT_FOUND', 'Account not found', [{ field, message: 'Account not found' }]);
  }
  const label = `${account.number} ${account.name}`;
  if (account.type !== 'expense') {
    problems.push({ field, message: `Account ${label} is not an expense account` });
  } else if (account.archived) {
    problems.push({ field, message: `Account ${label} is archived` });
  }
}

function uniqueName(err: unknown, name: string): never {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code === '23505' || /vendors_name_idx/.test(e.message ?? '')) {
    const message = `A vendor named ${name} already exists`;
    throw conflict(message, [{ field: 'name', message }]);
  }
  throw err;
}

// What the history records of a vendor: the tax id only ever masked.
function auditValues(v: Vendor) {
  return {
    name: v.name,
    contactName: v.contactName,
    email: v.email,
    phone: v.phone,
    address: v.address,
    taxId: v.taxIdMasked,
    defaultExpenseAccountId: v.defaultExpenseAccountId,
    is1099: v.is1099,
  };
}

export async function createVendor(
  em: EntityManager,
  input: CreateVendorInput,
  actor: AuthInfo | null,
  secrets: SecretBox,
): Promise<Vendor> {
  const name = input.name.trim();
  const problems: FieldDetail[] = [];
  if (!name) problems.push({ field: 'name', message: 'Name is required' });
  const [id] = newIds(1);
  try {
    return await em.transactional(async (tx) => {
      if (input.defaultExpenseAccountId) {
        await checkExpenseAccount(tx, input.defaultExpenseAccountId, problems);
      }
      if (problems.length) throw badInput(problems, problems[0].message);
      const tax = taxIdColumns(secrets, id, text(input.taxId));
      await sql(tx).run(
        `INSERT INTO vendors (id, name, contact_name, email, phone, address, tax_id_sealed,
            tax_id_last4, default_expense_account_id, is_1099)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          name,
          text(input.contactName),
          text(input.email),
          text(input.phone),
          text(input.address),
          tax.sealed,
          tax.last4,
          input.defaultExpenseAccountId || null,
          input.is1099 ?? false,
        ],
      );
      const vendor = await findVendor(tx, id);
      await recordTenantAudit(tx, actor, {
        entityType: 'Vendor',
        entityId: id,
        action: 'create',
        changes: auditValues(vendor),
      });
      return vendor;
    });
  } catch (err) {
    return uniqueName(err, name);
  }
}

export async function updateVendor(
  em: EntityManager,
  id: string,
  patch: UpdateVendorInput,
  actor: AuthInfo | null,
  secrets: SecretBox,
): Promise<Vendor> {
  try {
    return await em.transactional(async (tx) => {
      const before = await findVendor(tx, id);
      const problems: FieldDetail[] = [];
      const set: string[] = [];
      const params: unknown[] = [];
      const assign = (column: string, value: unknown) => {
        set.push(`${column} = ?`);
        params.push(value);
      };
      if (patch.name != null) {
        const name = patch.name.trim();
        if (!name) problems.push({ field: 'name', message: 'Name is required' });
        else if (name !== before.name) assign('name', name);
      }
      const texts = [
        ['contactName', 'contact_name'],
        ['email', 'email'],
        ['phone', 'phone'],
        ['address', 'address'],
      ] as const;
      for (const [field, column] of texts) {
        if (patch[field] !== undefined && text(patch[field]) !== before[field]) {
          assign(column, text(patch[field]));
        }
      }
      // Omitted keeps the stored tax id; "" (or null) clears it.
      if (patch.taxId !== undefined) {
        const tax = taxIdColumns(secrets, id, text(patch.taxId));
        assign('tax_id_sealed', tax.sealed);
        assign('tax_id_last4', tax.last4);
        assign('tax_id', null);
      }
      if (
        patch.defaultExpenseAccountId !== undefined &&
        (patch.defaultExpenseAccountId || null) !== before.defaultExpenseAccountId
      ) {
        if (patch.defaultExpenseAccountId) {
          await checkExpenseAccount(tx, patch.defaultExpenseAccountId, problems);
        }
        assign('default_expense_account_id', patch.defaultExpenseAccountId || null);
      }
      if (patch.is1099 != null && patch.is1099 !== before.is1099) assign('is_1099', patch.is1099);
      if (problems.length) throw badInput(problems, problems[0].message);
      if (!set.length) return before;
      await sql(tx).run(`UPDATE vendors SET ${set.join(', ')}, updated_at = now() WHERE id = ?`, [
        ...params,
        id,
      ]);
      const after = await findVendor(tx, id);
      const b = auditValues(before);
      const a = auditValues(after);
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      for (const key of Object.keys(a) as (keyof typeof a)[]) {
        if (a[key] !== b[key]) changes[key] = { before: b[key], after: a[key] };
      }
      // A replaced tax id with the same last four digits still counts as a change.
      if (patch.taxId !== undefined && !changes.taxId && after.hasTaxId) {
        changes.taxId = { before: b.taxId, after: a.taxId };
      }
      if (Object.keys(changes).length) {
        await recordTenantAudit(tx, actor, {
          entityType: 'Vendor',
          entityId: id,
          action: 'update',
          changes,
        });
      }
      return after;
    });
  } catch (err) {
    return uniqueName(err, patch.name?.trim() ?? '');
  }
}

export async function setVendorActive(
  em: EntityManager,
  id: string,
  active: boolean,
  actor: AuthInfo | null,
): Promise<Vendor> {
  return em.transactional(async (tx) => {
    const vendor = await findVendor(tx, id);
    if (vendor.active === active) return vendor;
    // Waits for postings naming the vendor (they hold a share lock until they commit).
    await sql(tx).run('UPDATE vendors SET active = ?, updated_at = now() WHERE id = ?', [
      active,
      id,
    ]);
    await recordTenantAudit(tx, actor, {
      entityType: 'Vendor',
      entityId: id,
      action: active ? 'reactivate' : 'deactivate',
      changes: { active: { before: !active, after: active } },
    });
    return { ...vendor, active };
  });
}

// Vendors named by journal entries being posted: they must exist, and be active for new entries (a
// reversal names the vendor of the entry it reverses, whatever its state now). Runs inside the
// posting transaction; the share locks keep a vendor from being deactivated until it commits.
export async function checkEntryVendors(
  tx: EntityManager,
  named: { vendorId: string; field: string; reversal: boolean }[],
): Promise<void> {
  const ids = [...new Set(named.map((n) => n.vendorId))];
  if (!ids.length) return;
  const vendors = await sql(tx).all<{ id: string; name: string; active: boolean }>(
    `SELECT id, name, active FROM vendors WHERE id IN (${ids.map(() => '?').join(', ')})
      ORDER BY id FOR SHARE`,
    ids,
  );
  const byId = new Map(vendors.map((v) => [v.id, v]));
  const missing: FieldDetail[] = [];
  const inactive: FieldDetail[] = [];
  for (const { vendorId, field, reversal } of named) {
    const v = byId.get(vendorId);
    if (!v) missing.push({ field, message: 'Vendor not found' });
    else if (!v.active && !reversal) {
      inactive.push({
        field,
        message: `Vendor ${v.name} is inactive; reactivate it to name it on new entries`,
      });
    }
  }
  if (missing.length) throw new AppError('NOT_FOUND', 'Vendor not found', missing);
  if (inactive.length) throw badInput(inactive, inactive[0].message);
}

export interface SpendRow {
  vendorId: string;
  total: Cents;
  entryCount: number;
}

function checkPeriod(period: Period): void {
  if (period.from && period.to && period.from > period.to) {
    throw badInput([{ field: 'to', message: 'The end of the period is before its start' }]);
  }
}

// Net spend per vendor: debits less credits to expense accounts, on entries naming the vendor and
// dated in the period (both ends included). A reversal names the vendor of the entry it reverses
// and credits the same expense accounts, so it nets the original out.
export async function spendByVendor(
  em: EntityManager,
  period: Period,
  vendorIds?: readonly string[],
): Promise<SpendRow[]> {
  checkPeriod(period);
  const where = ['e.vendor_id IS NOT NULL'];
  const params: unknown[] = [];
  if (vendorIds) {
    const valid = [...new Set(vendorIds.filter(isId))];
    if (!valid.length) return [];
    where.push(`e.vendor_id IN (${valid.map(() => '?').join(', ')})`);
    params.push(...valid);
  }
  if (period.from) {
    where.push('e.entry_date >= ?');
    params.push(period.from);
  }
  if (period.to) {
    where.push('e.entry_date <= ?');
    params.push(period.to);
  }
  const rows = await sql(em).all<{ vendor_id: string; total: string; entries: number }>(
    `SELECT e.vendor_id,
            coalesce(sum(x.net), 0) AS total,
            count(*)::int AS entries
       FROM journal_entries e
       LEFT JOIN LATERAL (
         SELECT sum(l.debit - l.credit) AS net
           FROM journal_lines l JOIN accounts a ON a.id = l.account_id
          WHERE l.entry_id = e.id AND a.type = 'expense'
       ) x ON true
      WHERE ${where.join(' AND ')}
      GROUP BY e.vendor_id`,
    params,
  );
  return rows.map((r) => ({
    vendorId: r.vendor_id,
    total: Number(r.total),
    entryCount: r.entries,
  }));
}
