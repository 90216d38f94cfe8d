import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { anyOf, sql } from '../../db/sql.js';
import type { Period, Vendor } from './vendors.types.js';

// Every SQL statement of vendors: typed rows, parameters only.

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

export async function selectVendors(
  em: EntityManager,
  filter: { search?: string; includeInactive: boolean },
): Promise<Vendor[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (!filter.includeInactive) where.push('v.active');
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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

// `ids` must be valid uuids.
export async function selectVendorsByIds(em: EntityManager, ids: string[]): Promise<Vendor[]> {
  const rows = await sql(em).all<VendorRow>(
    `SELECT ${COLUMNS} FROM vendors v WHERE v.id = ${anyOf('uuid')}`,
    [ids],
  );
  return rows.map(toVendor);
}

export interface ExpenseAccountRow {
  number: string;
  name: string;
  type: string;
  archived: boolean;
}

// The account named as a vendor's default, share-locked until the transaction ends.
export async function lockAccount(
  tx: EntityManager,
  id: string,
): Promise<ExpenseAccountRow | undefined> {
  const [row] = await sql(tx).all<ExpenseAccountRow>(
    'SELECT number, name, type, archived FROM accounts WHERE id = ? FOR SHARE',
    [id],
  );
  return row;
}

export interface NewVendorRow {
  id: string;
  name: string;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  taxIdSealed: string | null;
  taxIdLast4: string | null;
  defaultExpenseAccountId: string | null;
  is1099: boolean;
}

export async function insertVendor(tx: EntityManager, v: NewVendorRow): Promise<void> {
  await sql(tx).run(
    `INSERT INTO vendors (id, name, contact_name, email, phone, address, tax_id_sealed,
        tax_id_last4, default_expense_account_id, is_1099)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      v.id,
      v.name,
      v.contactName,
      v.email,
      v.phone,
      v.address,
      v.taxIdSealed,
      v.taxIdLast4,
      v.defaultExpenseAccountId,
      v.is1099,
    ],
  );
}

// The columns an edit may set (the names are fixed here; only the values are parameters).
export type VendorColumn =
  | 'name'
  | 'contact_name'
  | 'email'
  | 'phone'
  | 'address'
  | 'tax_id_sealed'
  | 'tax_id_last4'
  | 'tax_id'
  | 'default_expense_account_id'
  | 'is_1099';

const VENDOR_COLUMNS = new Set<VendorColumn>([
  'name',
  'contact_name',
  'email',
  'phone',
  'address',
  'tax_id_sealed',
  'tax_id_last4',
  'tax_id',
  'default_expense_account_id',
  'is_1099',
]);

export async function updateVendorColumns(
  tx: EntityManager,
  id: string,
  set: [VendorColumn, unknown][],
): Promise<void> {
  for (const [column] of set) {
    if (!VENDOR_COLUMNS.has(column)) throw new Error(`Not a vendor column: ${column}`);
  }
  await sql(tx).run(
    `UPDATE vendors SET ${set.map(([c]) => `${c} = ?`).join(', ')}, updated_at = now() WHERE id = ?`,
    [...set.map(([, v]) => v), id],
  );
}

// Waits for postings naming the vendor (they hold a share lock until they commit).
export async function updateVendorActive(
  tx: EntityManager,
  id: string,
  active: boolean,
): Promise<void> {
  await sql(tx).run('UPDATE vendors SET active = ?, updated_at = now() WHERE id = ?', [active, id]);
}

// The vendors named by entries being posted, share-locked (in id order) until the posting commits.
export async function lockVendors(
  tx: EntityManager,
  ids: string[],
): Promise<{ id: string; name: string; active: boolean }[]> {
  return sql(tx).all<{ id: string; name: string; active: boolean }>(
    `SELECT id, name, active FROM vendors WHERE id = ${anyOf('uuid')} ORDER BY id FOR SHARE`,
    [ids],
  );
}

// Net spend per vendor: debits less credits to expense accounts, on entries naming the vendor and
// dated in the period (both ends included); only the vendors given when `vendorIds` is set, and
// without the entries owned by the given kinds of record when `exceptOwners` is set.
export async function selectSpend(
  em: EntityManager,
  period: Period,
  vendorIds?: string[],
  exceptOwners?: string[],
): Promise<{ vendor_id: string; total: string; entries: number }[]> {
  const where = ['e.vendor_id IS NOT NULL'];
  const params: unknown[] = [];
  if (vendorIds) {
    where.push(`e.vendor_id = ${anyOf('uuid')}`);
    params.push(vendorIds);
  }
  if (exceptOwners?.length) {
    where.push(`(e.owner_type IS NULL OR NOT e.owner_type = ${anyOf('text')})`);
    params.push(exceptOwners);
  }
  if (period.from) {
    where.push('e.entry_date >= ?');
    params.push(period.from);
  }
  if (period.to) {
    where.push('e.entry_date <= ?');
    params.push(period.to);
  }
  return sql(em).all<{ vendor_id: string; total: string; entries: number }>(
    `SELECT e.vendor_id,
            coalesce(sum(x.net), 0) AS total,
            count(*)::int AS entries
       FROM journal_entries e
       LEFT JOIN LATERAL (
         SELECT sum(l.debit - l.credit) AS net
           FROM journal_lines l
          WHERE l.entry_id = e.id AND l.account_type = 'expense'
       ) x ON true
      WHERE ${where.join(' AND ')}
      GROUP BY e.vendor_id`,
    params,
  );
}

// The sealed tax ids of these vendors (valid uuids), for the one report that shows them whole to
// admins (the 1099 report); a row written before migration 008 may still hold its digits in clear.
export function selectSealedTaxIds(
  em: EntityManager,
  ids: string[],
): Promise<{ id: string; tax_id_sealed: string | null; tax_id: string | null }[]> {
  return sql(em).all<{ id: string; tax_id_sealed: string | null; tax_id: string | null }>(
    `SELECT id, tax_id_sealed, tax_id FROM vendors WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
}

// ---- Tax ids held in clear by old databases (on a plain client: see tax-ids.service.ts) ----

export async function selectClearTaxIds(c: pg.Client): Promise<{ id: string; tax_id: string }[]> {
  const { rows } = await c.query<{ id: string; tax_id: string }>(
    'SELECT id, tax_id FROM vendors WHERE tax_id IS NOT NULL',
  );
  return rows;
}

export async function sealClearTaxId(
  c: pg.Client,
  id: string,
  clear: string,
  sealed: string,
): Promise<void> {
  await c.query(
    `UPDATE vendors SET tax_id_sealed = $2, tax_id_last4 = right($3, 4), tax_id = NULL
      WHERE id = $1 AND tax_id = $3`,
    [id, sealed, clear],
  );
}
