import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput, conflict, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { isId, newIds } from '../../core/ids.js';
import { toTotal, type Total } from '../../core/money/money.js';
import { recordTenantAudit } from '../audit/index.js';
import { taxIdContext } from './tax-ids.service.js';
import type { CreateVendorInput, UpdateVendorInput } from './vendors.inputs.js';
import {
  insertVendor,
  lockAccount,
  lockVendors,
  selectSpend,
  selectVendors,
  selectVendorsByIds,
  updateVendorActive,
  updateVendorColumns,
  type VendorColumn,
} from './vendors.repository.js';
import type { Period, Vendor, VendorSpendRow } from './vendors.types.js';

// The columns a tax id is stored in: sealed for this vendor's row, and its last four in clear.
function taxIdColumns(secrets: SecretBox, vendorId: string, taxId: string | null) {
  if (!taxId) return { sealed: null, last4: null };
  const nine = digits(taxId);
  return { sealed: secrets.seal(nine, taxIdContext(vendorId)), last4: nine.slice(-4) };
}

export function listVendors(
  em: EntityManager,
  filter: { search?: string | null; includeInactive?: boolean | null } = {},
): Promise<Vendor[]> {
  return selectVendors(em, {
    search: filter.search?.trim() || undefined,
    includeInactive: !!filter.includeInactive,
  });
}

// Many vendors by id (DataLoader batches); ids that do not name a vendor are left out.
export async function vendorsByIds(em: EntityManager, ids: readonly string[]): Promise<Vendor[]> {
  const valid = [...new Set(ids.filter(isId))];
  if (!valid.length) return [];
  return selectVendorsByIds(em, valid);
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
  const account = isId(id) ? await lockAccount(em, id) : undefined;
  if (!account) {
    throw notFound('Account', [{ field, message: 'Account not found' }]);
  }
  const label = `${account.number} ${account.name}`;
  if (account.type !== 'expense') {
    problems.push({ field, message: `Account ${label} is not an expense account` });
  } else if (account.archived) {
    problems.push({ field, message: `Account ${label} is archived` });
  }
}

function uniqueName(err: unknown, name: string): never {
  if (isUniqueViolation(err) || /vendors_name_idx/.test((err as Error)?.message ?? '')) {
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
      await insertVendor(tx, {
        id,
        name,
        contactName: text(input.contactName),
        email: text(input.email),
        phone: text(input.phone),
        address: text(input.address),
        taxIdSealed: tax.sealed,
        taxIdLast4: tax.last4,
        defaultExpenseAccountId: input.defaultExpenseAccountId || null,
        is1099: input.is1099 ?? false,
      });
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
      const set: [VendorColumn, unknown][] = [];
      const assign = (column: VendorColumn, value: unknown) => set.push([column, value]);
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
      await updateVendorColumns(tx, id, set);
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
    await updateVendorActive(tx, id, active);
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
  const vendors = await lockVendors(tx, ids.filter(isId));
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
  if (missing.length) throw notFound('Vendor', missing);
  if (inactive.length) throw badInput(inactive, inactive[0].message);
}

export interface SpendRow {
  vendorId: string;
  total: Total;
  entryCount: number;
}

function checkPeriod(period: Period): void {
  if (period.from && period.to && period.from > period.to) {
    throw badInput([{ field: 'to', message: 'The end of the period is before its start' }]);
  }
}

// Net spend per vendor: debits less credits to expense accounts, on entries naming the vendor and
// dated in the period (both ends included). A reversal names the vendor of the entry it reverses
// and credits the same expense accounts, so it nets the original out. `exceptOwners` leaves out
// the entries owned by those kinds of record (and their reversals, which keep the owner): the
// 1099 year counts bills by their payments instead.
export async function spendByVendor(
  em: EntityManager,
  period: Period,
  vendorIds?: readonly string[],
  opts: { exceptOwners?: string[] } = {},
): Promise<SpendRow[]> {
  checkPeriod(period);
  let ids: string[] | undefined;
  if (vendorIds) {
    ids = [...new Set(vendorIds.filter(isId))];
    if (!ids.length) return [];
  }
  const rows = await selectSpend(em, period, ids, opts.exceptOwners);
  return rows.map((r) => ({
    vendorId: r.vendor_id,
    total: toTotal(r.total),
    entryCount: r.entries,
  }));
}

// The vendorSpend report: vendors with entries in the period, largest spend first.
export async function vendorSpend(em: EntityManager, period: Period): Promise<VendorSpendRow[]> {
  const rows = await spendByVendor(em, period);
  const vendors = new Map(
    (
      await vendorsByIds(
        em,
        rows.map((r) => r.vendorId),
      )
    ).map((v) => [v.id, v]),
  );
  return rows
    .map((r) => ({ vendor: vendors.get(r.vendorId)!, total: r.total, entryCount: r.entryCount }))
    .sort(
      (a, b) =>
        (b.total > a.total ? 1 : b.total < a.total ? -1 : 0) ||
        a.vendor.name.localeCompare(b.vendor.name),
    );
}
