import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { type ConnectionResult, keysetPage } from '../../core/graphql/connection.js';
import { isId } from '../../core/ids.js';
import { anyOf, sql } from '../../db/sql.js';
import type { Unit, UnitLedgerKind } from './units.types.js';

// Every SQL statement of units (records, ledger, import): typed rows, parameters only.

interface UnitRow {
  id: string;
  number: string;
  address: string | null;
  owner_name: string | null;
  email: string | null;
  phone: string | null;
  property_type_id: string;
  assessment_group_id: string;
  created_at: string;
}

const toUnit = (r: UnitRow): Unit => ({
  id: r.id,
  number: r.number,
  address: r.address,
  ownerName: r.owner_name,
  email: r.email,
  phone: r.phone,
  propertyTypeId: r.property_type_id,
  assessmentGroupId: r.assessment_group_id,
  createdAt: new Date(r.created_at),
});

// A unit's values as they are written (trimmed, empty as null).
export interface UnitValues {
  number: string;
  address: string | null;
  ownerName: string | null;
  email: string | null;
  phone: string | null;
  propertyTypeId: string;
  assessmentGroupId: string;
}

// Open invoice balances and unapplied payments of a unit, as they stand now.
const BALANCE_DUE = `coalesce((SELECT sum(i.total - coalesce((SELECT sum(a.amount) FROM payment_applications a
    JOIN payments p ON p.id = a.payment_id WHERE a.invoice_id = i.id AND p.void_entry_id IS NULL), 0)
    - coalesce((SELECT sum(w.amount) FROM invoice_write_offs w
                 WHERE w.invoice_id = i.id AND w.void_entry_id IS NULL), 0))
  FROM invoices i WHERE i.unit_id = u.id AND i.void_entry_id IS NULL), 0)`;
const CREDIT = `coalesce((SELECT sum(p.amount - coalesce((SELECT sum(a.amount) FROM payment_applications a
    WHERE a.payment_id = p.id), 0)) FROM payments p WHERE p.unit_id = u.id AND p.void_entry_id IS NULL), 0)`;

export function selectFigures(
  em: EntityManager,
  ids: string[],
): Promise<{ id: string; due: string; credit: string; invoices: number }[]> {
  return sql(em).all<{ id: string; due: string; credit: string; invoices: number }>(
    `SELECT u.id, ${BALANCE_DUE} AS due, ${CREDIT} AS credit,
            (SELECT count(*)::int FROM invoices WHERE unit_id = u.id) AS invoices
       FROM units u WHERE u.id = ${anyOf('uuid')}`,
    [ids],
  );
}

// `ids` must be valid uuids.
export async function selectUnits(em: EntityManager, ids: string[]): Promise<Unit[]> {
  const rows = await sql(em).all<UnitRow>(`SELECT * FROM units WHERE id = ${anyOf('uuid')}`, [ids]);
  return rows.map(toUnit);
}

// The position of a unit in the list: its number in lower case and its id.
const unitCursor = {
  encode: (u: Unit) => Buffer.from(`${u.number.toLowerCase()}|${u.id}`).toString('base64url'),
  decode(cursor: string): [string, string] | null {
    const text = Buffer.from(cursor, 'base64url').toString();
    const cut = text.lastIndexOf('|');
    const id = text.slice(cut + 1);
    return cut < 0 || !isId(id) ? null : [text.slice(0, cut), id];
  },
};

// The largest page of units a caller may ask for (the field's @Paged limit too).
export const MAX_UNITS_PAGE = 200;

// One page of units by number (case-insensitive). `assessmentGroupId` must be a valid uuid.
export function pageUnits(
  em: EntityManager,
  filter: { search?: string; assessmentGroupId?: string; withBalance?: boolean },
  page: { first: number; max: number; after?: string | null },
): Promise<ConnectionResult<Unit>> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.search) {
    const q = `%${filter.search}%`;
    where.push(
      '(u.number ILIKE ? OR u.owner_name ILIKE ? OR u.address ILIKE ? OR u.email ILIKE ?)',
    );
    params.push(q, q, q, q);
  }
  if (filter.assessmentGroupId) {
    where.push('u.assessment_group_id = ?');
    params.push(filter.assessmentGroupId);
  }
  if (filter.withBalance) where.push(`${BALANCE_DUE} > 0`);
  return keysetPage<UnitRow, Unit>(em, {
    select: 'SELECT u.* FROM units u',
    from: 'units u',
    where,
    params,
    orderBy: ['lower(u.number)', 'u.id'],
    direction: 'ASC',
    positionTypes: ['?', '?::uuid'],
    cursor: unitCursor,
    badCursor: 'Bad cursor',
    first: page.first,
    max: page.max,
    noun: 'units',
    after: page.after,
    toNodes: (rows) => rows.map(toUnit),
  });
}

export async function propertyTypeExists(em: EntityManager, id: string): Promise<boolean> {
  return (await sql(em).all('SELECT 1 FROM property_types WHERE id = ?', [id])).length > 0;
}

export async function assessmentGroupExists(em: EntityManager, id: string): Promise<boolean> {
  return (await sql(em).all('SELECT 1 FROM assessment_groups WHERE id = ?', [id])).length > 0;
}

export async function insertUnit(tx: EntityManager, id: string, u: UnitValues): Promise<void> {
  await sql(tx).run(
    `INSERT INTO units (id, number, address, owner_name, email, phone, property_type_id, assessment_group_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [id, u.number, u.address, u.ownerName, u.email, u.phone, u.propertyTypeId, u.assessmentGroupId],
  );
}

// The unit, locked for an update until the transaction ends.
export async function lockUnit(tx: EntityManager, id: string): Promise<Unit | undefined> {
  const [row] = await sql(tx).all<UnitRow>('SELECT * FROM units WHERE id = ? FOR UPDATE', [id]);
  return row && toUnit(row);
}

export async function updateUnitRow(tx: EntityManager, id: string, u: UnitValues): Promise<void> {
  await sql(tx).run(
    `UPDATE units SET number = ?, address = ?, owner_name = ?, email = ?, phone = ?, property_type_id = ?,
            assessment_group_id = ? WHERE id = ?`,
    [u.number, u.address, u.ownerName, u.email, u.phone, u.propertyTypeId, u.assessmentGroupId, id],
  );
}

// The unit's number and history counts, locked for a delete until the transaction ends.
export async function lockUnitHistory(
  tx: EntityManager,
  id: string,
): Promise<{ number: string; invoices: number; payments: number; owners: number } | undefined> {
  const [row] = await sql(tx).all<{
    number: string;
    invoices: number;
    payments: number;
    owners: number;
  }>(
    `SELECT number, (SELECT count(*)::int FROM invoices WHERE unit_id = u.id) AS invoices,
            (SELECT count(*)::int FROM payments WHERE unit_id = u.id) AS payments,
            (SELECT count(*)::int FROM unit_owners WHERE unit_id = u.id) AS owners
       FROM units u WHERE id = ? FOR UPDATE`,
    [id],
  );
  return row;
}

export async function deleteUnitRow(tx: EntityManager, id: string): Promise<void> {
  await sql(tx).run('DELETE FROM units WHERE id = ?', [id]);
}

// ---- The unit ledger ----

export interface LedgerRow {
  date: string;
  kind: UnitLedgerKind;
  reference: string;
  // The invoice's or payment's memo, the write-off's words; null on voids.
  description: string | null;
  // Payments' (and their voids') method and reference (the check number, the ACH trace).
  method: string | null;
  payment_reference: string | null;
  invoice_id: string | null;
  payment_id: string | null;
  charge: string;
  payment: string;
  // Charges less payments through this row.
  balance: string;
  // The row's place in the ledger, unique: creation time in microseconds and the id of the record
  // (invoice, write-off or payment) the row is made of.
  at_us: string;
  row_id: string;
}

// A unit's ledger position: date, creation time (microseconds), kind and record id.
export type UnitLedgerPosition = [date: string, atUs: string, kind: string, id: string];

// Invoices, payments, write-offs and their voids of one unit, in date order (then creation time;
// kind and record id make the order total, so a page ends at one exact row).
const LEDGER_ROWS = `
  SELECT issue_date::text AS date,
         CASE kind WHEN 'opening_balance' THEN 'opening_balance' ELSE 'invoice' END AS kind,
         'INV-' || number AS reference, memo AS description,
         NULL::text AS method, NULL::text AS payment_reference,
         id AS invoice_id, NULL::uuid AS payment_id, total AS charge, 0::bigint AS payment,
         created_at AS at, id AS row_id
    FROM invoices WHERE unit_id = :unit
  UNION ALL
  SELECT void_date::text, 'void_invoice', 'INV-' || number, NULL, NULL, NULL, id, NULL, -total, 0,
         voided_at, id
    FROM invoices WHERE unit_id = :unit AND void_date IS NOT NULL
  UNION ALL
  SELECT w.date::text, 'write_off', 'INV-' || i.number, coalesce('Written off: ' || w.memo, 'Written off'),
         NULL, NULL, i.id, NULL, 0, w.amount, w.created_at, w.id
    FROM invoice_write_offs w JOIN invoices i ON i.id = w.invoice_id WHERE i.unit_id = :unit
  UNION ALL
  SELECT w.void_date::text, 'void_write_off', 'INV-' || i.number, 'Write-off undone with the invoice',
         NULL, NULL, i.id, NULL, 0, -w.amount, i.voided_at, w.id
    FROM invoice_write_offs w JOIN invoices i ON i.id = w.invoice_id
   WHERE i.unit_id = :unit AND w.void_date IS NOT NULL
  UNION ALL
  SELECT date::text, CASE method WHEN 'opening_credit' THEN 'opening_credit' ELSE 'payment' END,
         'PMT-' || number, memo, method, reference, NULL, id, 0, amount, created_at, id
    FROM payments WHERE unit_id = :unit
  UNION ALL
  SELECT void_date::text, 'void_payment', 'PMT-' || number, NULL, method, reference, NULL, id, 0,
         -amount, voided_at, id
    FROM payments WHERE unit_id = :unit AND void_date IS NOT NULL`;

// One page of the ledger: `limit` rows after the position (from the start without one), each
// with the running balance (charges less payments) through it, read in one statement so a page's
// balances agree with the rows before it.
export function selectLedgerPage(
  em: EntityManager,
  unitId: string,
  page: { after: UnitLedgerPosition | null; limit: number },
): Promise<LedgerRow[]> {
  return sql(em).all<LedgerRow>(
    `WITH raw AS (${LEDGER_ROWS.replaceAll(':unit', '?')}),
     l AS (SELECT *, coalesce((extract(epoch FROM at) * 1000000)::bigint, 0) AS at_us FROM raw),
     running AS (
       SELECT date, kind, reference, description, method, payment_reference, invoice_id,
              payment_id, charge, payment, at_us, row_id,
              sum(charge - payment) OVER (ORDER BY date, at_us, kind, row_id) AS balance
         FROM l)
     SELECT date, kind, reference, description, method, payment_reference, invoice_id, payment_id,
            charge, payment, balance::text AS balance, at_us::text AS at_us, row_id
       FROM running
      ${page.after ? 'WHERE (date, at_us, kind, row_id) > (?::text, ?::bigint, ?::text, ?::uuid)' : ''}
      ORDER BY date, at_us, kind, row_id LIMIT ${page.limit}`,
    [...(Array(6).fill(unitId) as unknown[]), ...(page.after ?? [])],
  );
}

// ---- CSV import ----

// The names the import template shows as examples.
export async function firstPropertyTypeName(em: EntityManager): Promise<string | undefined> {
  const [row] = await sql(em).all<{ name: string }>(
    'SELECT name FROM property_types ORDER BY lower(name) LIMIT 1',
  );
  return row?.name;
}

export async function defaultGroupName(em: EntityManager): Promise<string | undefined> {
  const [row] = await sql(em).all<{ name: string }>(
    'SELECT name FROM assessment_groups ORDER BY is_default DESC, lower(name) LIMIT 1',
  );
  return row?.name;
}

export function selectPropertyTypeNames(
  em: EntityManager,
): Promise<{ id: string; name: string }[]> {
  return sql(em).all<{ id: string; name: string }>('SELECT id, name FROM property_types');
}

export function selectGroupNames(
  em: EntityManager,
): Promise<{ id: string; name: string; is_default: boolean }[]> {
  return sql(em).all<{ id: string; name: string; is_default: boolean }>(
    'SELECT id, name, is_default FROM assessment_groups',
  );
}

export async function countUnits(em: EntityManager): Promise<number> {
  const [row] = await sql(em).all<{ n: number }>('SELECT count(*)::int AS n FROM units');
  return row.n;
}

export async function selectUnitNumbers(em: EntityManager): Promise<string[]> {
  return (await sql(em).all<{ number: string }>('SELECT number FROM units')).map((r) => r.number);
}

// Many units in one statement, each with its 'import' audit row.
export async function insertImportedUnits(
  tx: EntityManager,
  actor: AuthInfo | null,
  ids: string[],
  units: UnitValues[],
): Promise<void> {
  await sql(tx).bulk(
    `INSERT INTO units (id, number, address, owner_name, email, phone, property_type_id, assessment_group_id)
     SELECT * FROM unnest(?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::uuid[], ?::uuid[])`,
    [
      ids,
      units.map((u) => u.number),
      units.map((u) => u.address),
      units.map((u) => u.ownerName),
      units.map((u) => u.email),
      units.map((u) => u.phone),
      units.map((u) => u.propertyTypeId),
      units.map((u) => u.assessmentGroupId),
    ],
  );
  await sql(tx).bulk(
    `INSERT INTO audit_log (entity_type, entity_id, action, user_id, impersonated_by, changes)
     SELECT 'Unit', id, 'import', ?::uuid, ?::uuid, jsonb_build_object('number', n) FROM unnest(?::uuid[], ?::text[]) AS x(id, n)`,
    [actor?.userId ?? null, actor?.impersonatedBy ?? null, ids, units.map((u) => u.number)],
  );
}
