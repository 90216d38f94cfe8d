import type { CsvRowError } from '../../core/csv/row-error.js';
import { pageSize } from '../../core/graphql/connection.js';
import { parseCsvRows } from '../../core/csv/parse-rows.js';
import { isEmail } from 'class-validator';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import {
  AppError,
  badInput,
  conflict,
  type FieldDetail,
  notFound,
} from '../../core/errors/app-error.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { lazyCount, sql } from '../../db/sql.js';
import { diff, recordTenantAudit } from '../audit/audit.service.js';
import {
  type Unit,
  type UnitFilter,
  type UnitInput,
  UnitLedgerKind,
  type UnitLedgerRow,
} from './units.types.js';

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

// Open invoice balances and unapplied payments of a unit, as they stand now.
export const BALANCE_DUE = `coalesce((SELECT sum(i.total - coalesce((SELECT sum(a.amount) FROM payment_applications a
    JOIN payments p ON p.id = a.payment_id WHERE a.invoice_id = i.id AND p.void_entry_id IS NULL), 0))
  FROM invoices i WHERE i.unit_id = u.id AND i.void_entry_id IS NULL), 0)`;
export const CREDIT = `coalesce((SELECT sum(p.amount - coalesce((SELECT sum(a.amount) FROM payment_applications a
    WHERE a.payment_id = p.id), 0)) FROM payments p WHERE p.unit_id = u.id AND p.void_entry_id IS NULL), 0)`;

export async function unitFigures(em: EntityManager, ids: string[]) {
  if (!ids.length) return [];
  const rows = await sql(em).all<{ id: string; due: string; credit: string; invoices: number }>(
    `SELECT u.id, ${BALANCE_DUE} AS due, ${CREDIT} AS credit,
            (SELECT count(*)::int FROM invoices WHERE unit_id = u.id) AS invoices
       FROM units u WHERE u.id IN (${ids.map(() => '?').join(', ')})`,
    ids,
  );
  return ids.map((id) => {
    const r = rows.find((x) => x.id === id);
    return {
      balanceDue: Number(r?.due ?? 0),
      credit: Number(r?.credit ?? 0),
      invoiceCount: r?.invoices ?? 0,
    };
  });
}

export async function findUnits(em: EntityManager, ids: string[]): Promise<Unit[]> {
  const valid = ids.filter(isId);
  if (!valid.length) return [];
  const rows = await sql(em).all<UnitRow>(
    `SELECT * FROM units WHERE id IN (${valid.map(() => '?').join(', ')})`,
    valid,
  );
  return rows.map(toUnit);
}

export async function findUnit(em: EntityManager, id: string): Promise<Unit> {
  assertId(id, 'Unit');
  const [u] = await findUnits(em, [id]);
  if (!u) throw notFound('Unit');
  return u;
}

const cursorOf = (u: Unit) =>
  Buffer.from(`${u.number.toLowerCase()}|${u.id}`).toString('base64url');

// Units by number (case-insensitive), keyset-paginated.
export async function listUnits(
  em: EntityManager,
  filter: UnitFilter = {},
  first = 50,
  after?: string | null,
) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.search?.trim()) {
    const q = `%${filter.search.trim()}%`;
    where.push(
      '(u.number ILIKE ? OR u.owner_name ILIKE ? OR u.address ILIKE ? OR u.email ILIKE ?)',
    );
    params.push(q, q, q, q);
  }
  if (filter.assessmentGroupId) {
    assertId(filter.assessmentGroupId, 'Assessment group');
    where.push('u.assessment_group_id = ?');
    params.push(filter.assessmentGroupId);
  }
  if (filter.withBalance) where.push(`${BALANCE_DUE} > 0`);
  const limit = pageSize(first, 200, 'units');
  const count = lazyCount(em, 'units u', where, params);
  if (after) {
    const text = Buffer.from(after, 'base64url').toString();
    const cut = text.lastIndexOf('|');
    const id = text.slice(cut + 1);
    if (cut < 0 || !isId(id)) throw badInput([{ field: 'after', message: 'Bad cursor' }]);
    where.push('(lower(u.number), u.id) > (?, ?::uuid)');
    params.push(text.slice(0, cut), id);
  }
  const rows = await sql(em).all<UnitRow>(
    `SELECT u.* FROM units u ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY lower(u.number), u.id LIMIT ${limit + 1}`,
    params,
  );
  const page = rows.slice(0, limit).map(toUnit);
  return {
    edges: page.map((node) => ({ node, cursor: cursorOf(node) })),
    pageInfo: {
      hasNextPage: rows.length > limit,
      endCursor: page.length ? cursorOf(page[page.length - 1]) : null,
    },
    count,
  };
}

function clean(input: UnitInput) {
  const t = (s?: string | null) => s?.trim() || null;
  return {
    number: input.number.trim(),
    address: t(input.address),
    ownerName: t(input.ownerName),
    email: t(input.email)?.toLowerCase() ?? null,
    phone: t(input.phone),
    propertyTypeId: input.propertyTypeId,
    assessmentGroupId: input.assessmentGroupId,
  };
}

function validate(u: ReturnType<typeof clean>, prefix = ''): FieldDetail[] {
  const d: FieldDetail[] = [];
  const f = (name: string) => `${prefix}${name}`;
  if (!u.number) d.push({ field: f('number'), message: 'Enter the unit number' });
  if (u.number.length > 40) d.push({ field: f('number'), message: 'At most 40 characters' });
  if ((u.address ?? '').length > 300)
    d.push({ field: f('address'), message: 'At most 300 characters' });
  if ((u.ownerName ?? '').length > 200)
    d.push({ field: f('ownerName'), message: 'At most 200 characters' });
  if (u.email && !isEmail(u.email))
    d.push({ field: f('email'), message: 'Enter a valid email address' });
  if ((u.phone ?? '').length > 40) d.push({ field: f('phone'), message: 'At most 40 characters' });
  return d;
}

async function checkRefs(
  em: EntityManager,
  u: { propertyTypeId: string; assessmentGroupId: string },
) {
  const d: FieldDetail[] = [];
  const [pt] = isId(u.propertyTypeId)
    ? await sql(em).all('SELECT 1 FROM property_types WHERE id = ?', [u.propertyTypeId])
    : [];
  if (!pt) d.push({ field: 'propertyTypeId', message: 'Property type not found' });
  const [g] = isId(u.assessmentGroupId)
    ? await sql(em).all('SELECT 1 FROM assessment_groups WHERE id = ?', [u.assessmentGroupId])
    : [];
  if (!g) d.push({ field: 'assessmentGroupId', message: 'Assessment group not found' });
  if (d.length) throw new AppError('NOT_FOUND', d[0].message, d);
}

const duplicate = (number: string) =>
  conflict(`Unit ${number} already exists`, [
    { field: 'number', message: 'A unit with this number already exists' },
  ]);

export async function createUnit(
  em: EntityManager,
  actor: AuthInfo | null,
  input: UnitInput,
): Promise<Unit> {
  const u = clean(input);
  const d = validate(u);
  if (d.length) throw badInput(d, d[0].message);
  await checkRefs(em, u);
  const [id] = newIds(1);
  try {
    await em.transactional(async (tx) => {
      await sql(tx).run(
        `INSERT INTO units (id, number, address, owner_name, email, phone, property_type_id, assessment_group_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          u.number,
          u.address,
          u.ownerName,
          u.email,
          u.phone,
          u.propertyTypeId,
          u.assessmentGroupId,
        ],
      );
      await recordTenantAudit(tx, actor, {
        entityType: 'Unit',
        entityId: id,
        action: 'create',
        changes: u,
      });
    });
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw duplicate(u.number);
    throw e;
  }
  return findUnit(em, id);
}

export async function updateUnit(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  input: UnitInput,
): Promise<Unit> {
  assertId(id, 'Unit');
  const u = clean(input);
  const d = validate(u);
  if (d.length) throw badInput(d, d[0].message);
  await checkRefs(em, u);
  try {
    await em.transactional(async (tx) => {
      const [row] = await sql(tx).all<UnitRow>('SELECT * FROM units WHERE id = ? FOR UPDATE', [id]);
      if (!row) throw notFound('Unit');
      const before = toUnit(row);
      await sql(tx).run(
        `UPDATE units SET number = ?, address = ?, owner_name = ?, email = ?, phone = ?, property_type_id = ?,
                assessment_group_id = ? WHERE id = ?`,
        [
          u.number,
          u.address,
          u.ownerName,
          u.email,
          u.phone,
          u.propertyTypeId,
          u.assessmentGroupId,
          id,
        ],
      );
      const changes = diff({ ...before }, { ...before, ...u }, [
        'number',
        'address',
        'ownerName',
        'email',
        'phone',
        'propertyTypeId',
        'assessmentGroupId',
      ]);
      if (Object.keys(changes).length) {
        await recordTenantAudit(tx, actor, {
          entityType: 'Unit',
          entityId: id,
          action: 'update',
          changes,
        });
      }
    });
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw duplicate(u.number);
    throw e;
  }
  return findUnit(em, id);
}

// A unit with invoices keeps its history: it cannot be deleted.
export async function deleteUnit(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
): Promise<boolean> {
  assertId(id, 'Unit');
  await em.transactional(async (tx) => {
    const [u] = await sql(tx).all<{ number: string; invoices: number; payments: number }>(
      `SELECT number, (SELECT count(*)::int FROM invoices WHERE unit_id = u.id) AS invoices,
              (SELECT count(*)::int FROM payments WHERE unit_id = u.id) AS payments
         FROM units u WHERE id = ? FOR UPDATE`,
      [id],
    );
    if (!u) throw notFound('Unit');
    if (u.invoices > 0) {
      throw conflict(
        `Unit ${u.number} has ${u.invoices} invoice${u.invoices === 1 ? '' : 's'} and cannot be deleted; its history stays in the books`,
      );
    }
    if (u.payments > 0) {
      throw conflict(
        `Unit ${u.number} has payments and cannot be deleted; its history stays in the books`,
      );
    }
    await sql(tx).run('DELETE FROM units WHERE id = ?', [id]);
    await recordTenantAudit(tx, actor, {
      entityType: 'Unit',
      entityId: id,
      action: 'delete',
      changes: { number: u.number },
    });
  });
  return true;
}

// Everything billed to and paid by a unit, in date order, with the running balance.
export async function unitLedger(em: EntityManager, unitId: string): Promise<UnitLedgerRow[]> {
  await findUnit(em, unitId);
  const rows = await sql(em).all<{
    date: string;
    kind: UnitLedgerKind;
    reference: string;
    description: string | null;
    invoice_id: string | null;
    payment_id: string | null;
    charge: string;
    payment: string;
    seq: string;
  }>(
    `SELECT issue_date::text AS date, 'invoice' AS kind, 'INV-' || number AS reference, memo AS description,
            id AS invoice_id, NULL::uuid AS payment_id, total AS charge, 0 AS payment, number AS seq, created_at
       FROM invoices WHERE unit_id = ?
     UNION ALL
     SELECT void_date::text, 'void_invoice', 'INV-' || number, 'Void', id, NULL, -total, 0, number, voided_at
       FROM invoices WHERE unit_id = ? AND void_date IS NOT NULL
     UNION ALL
     SELECT date::text, 'payment', 'PMT-' || number, coalesce(reference, memo), NULL, id, 0, amount, number, created_at
       FROM payments WHERE unit_id = ?
     UNION ALL
     SELECT void_date::text, 'void_payment', 'PMT-' || number, 'Void', NULL, id, 0, -amount, number, voided_at
       FROM payments WHERE unit_id = ? AND void_date IS NOT NULL
     ORDER BY 1, 10`,
    [unitId, unitId, unitId, unitId],
  );
  let balance = 0;
  return rows.map((r) => {
    const charge = Number(r.charge);
    const payment = Number(r.payment);
    balance += charge - payment;
    return {
      date: r.date,
      kind: r.kind,
      reference: r.reference,
      description: r.description,
      invoiceId: r.invoice_id,
      paymentId: r.payment_id,
      charge,
      payment,
      balance,
    };
  });
}

// ---- CSV import ----

export const UNIT_CSV_COLUMNS = [
  'unit_number',
  'address',
  'owner_name',
  'email',
  'phone',
  'property_type',
  'assessment_group',
] as const;

export async function unitImportTemplate(em: EntityManager): Promise<string> {
  const [pt] = await sql(em).all<{ name: string }>(
    'SELECT name FROM property_types ORDER BY lower(name) LIMIT 1',
  );
  const [g] = await sql(em).all<{ name: string }>(
    'SELECT name FROM assessment_groups ORDER BY is_default DESC, lower(name) LIMIT 1',
  );
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return `${UNIT_CSV_COLUMNS.join(',')}\n${[
    '101',
    '12 Maple Ridge Dr',
    'Jordan Lee',
    'jordan@example.com',
    '555-0100',
    pt?.name ?? 'Single family',
    g?.name ?? '',
  ]
    .map(q)
    .join(',')}\n`;
}

const norm = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

// All or nothing: every row is checked (required fields, email, known property type and group,
// duplicates in the file and in the books); any error and nothing is written.
export async function importUnits(em: EntityManager, actor: AuthInfo | null, text: string) {
  const errors: CsvRowError[] = [];
  const parsed = parseCsvRows(text);
  if ('error' in parsed) return { created: 0, errors: [parsed.error] };
  const records = parsed.rows;
  if (!records.length)
    return { created: 0, errors: [{ row: 1, field: null, message: 'The file is empty' }] };
  const header = records[0].map(norm);
  const col = (name: string) => header.indexOf(name);
  for (const required of ['unit_number', 'property_type']) {
    if (col(required) < 0)
      errors.push({ row: 1, field: required, message: `Missing column ${required}` });
  }
  if (errors.length) return { created: 0, errors };
  if (records.length > 5001)
    return {
      created: 0,
      errors: [{ row: 1, field: null, message: 'At most 5,000 units per file' }],
    };
  const types = await sql(em).all<{ id: string; name: string }>(
    'SELECT id, name FROM property_types',
  );
  const groups = await sql(em).all<{ id: string; name: string; is_default: boolean }>(
    'SELECT id, name, is_default FROM assessment_groups',
  );
  const existing = new Set(
    (await sql(em).all<{ number: string }>('SELECT number FROM units')).map((r) =>
      r.number.toLowerCase(),
    ),
  );
  const seen = new Map<string, number>();
  const units: (ReturnType<typeof clean> & { id: string })[] = [];
  records.slice(1).forEach((rec, i) => {
    const row = i + 2;
    const get = (name: string) => (col(name) >= 0 ? (rec[col(name)] ?? '').trim() : '');
    const typeName = get('property_type');
    const groupName = get('assessment_group');
    const type = types.find((t) => t.name.toLowerCase() === typeName.toLowerCase());
    const group = groupName
      ? groups.find((g) => g.name.toLowerCase() === groupName.toLowerCase())
      : groups.find((g) => g.is_default);
    const u = clean({
      number: get('unit_number'),
      address: get('address'),
      ownerName: get('owner_name'),
      email: get('email'),
      phone: get('phone'),
      propertyTypeId: type?.id ?? '',
      assessmentGroupId: group?.id ?? '',
    });
    const fieldName: Record<string, string> = { number: 'unit_number', ownerName: 'owner_name' };
    for (const d of validate(u))
      errors.push({ row, field: fieldName[d.field] ?? d.field, message: d.message });
    if (!typeName) errors.push({ row, field: 'property_type', message: 'Enter the property type' });
    else if (!type)
      errors.push({ row, field: 'property_type', message: `Unknown property type "${typeName}"` });
    if (!group) {
      errors.push({
        row,
        field: 'assessment_group',
        message: groupName
          ? `Unknown assessment group "${groupName}"`
          : 'No group given and no default group',
      });
    }
    const key = u.number.toLowerCase();
    if (u.number && seen.has(key)) {
      errors.push({
        row,
        field: 'unit_number',
        message: `Unit ${u.number} is also on line ${seen.get(key)}`,
      });
    } else if (u.number && existing.has(key)) {
      errors.push({ row, field: 'unit_number', message: `Unit ${u.number} already exists` });
    }
    if (u.number) seen.set(key, row);
    units.push({ ...u, id: '' });
  });
  if (errors.length) return { created: 0, errors };
  if (!units.length)
    return { created: 0, errors: [{ row: 2, field: null, message: 'The file has no units' }] };
  const ids = newIds(units.length);
  try {
    await em.transactional(async (tx) => {
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
    });
  } catch (e) {
    // A unit added by someone else while the file was checked.
    if ((e as { code?: string }).code === '23505') {
      return {
        created: 0,
        errors: [
          {
            row: 1,
            field: 'unit_number',
            message: 'A unit number in the file was just created by someone else; try again',
          },
        ],
      };
    }
    throw e;
  }
  return { created: units.length, errors: [] as CsvRowError[] };
}
