import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { type ConnectionResult, newestFirstPage } from '../../core/graphql/connection.js';
import { anyOf, sql } from '../../db/sql.js';
import type { InvoiceFilter } from './invoices.inputs.js';
import { InvoiceStatus, type InvoiceKind } from './invoices.types.js';

export interface InvoiceRow {
  id: string;
  number: string;
  unit_id: string;
  kind: InvoiceKind;
  period: string | null;
  group_id: string | null;
  issue_date: string;
  due_date: string;
  memo: string | null;
  total: string;
  paid: string;
  written_off: string;
  journal_entry_id: string;
  void_entry_id: string | null;
  voided_at: string | null;
  created_at: string;
}

// What standing (not voided) payments have paid of invoice i.
const PAID = `coalesce((SELECT sum(a.amount) FROM payment_applications a JOIN payments p ON p.id = a.payment_id
                 WHERE a.invoice_id = i.id AND p.void_entry_id IS NULL), 0)`;

// What a standing write-off took off invoice i.
const WRITTEN_OFF = `coalesce((SELECT sum(w.amount) FROM invoice_write_offs w
                 WHERE w.invoice_id = i.id AND w.void_entry_id IS NULL), 0)`;

const INVOICE_SELECT = `SELECT i.id, i.number, i.unit_id, i.kind, i.period, i.group_id,
    i.issue_date::text AS issue_date, i.due_date::text AS due_date, i.memo, i.total,
    ${PAID} AS paid, ${WRITTEN_OFF} AS written_off, i.journal_entry_id, i.void_entry_id, i.voided_at, i.created_at
  FROM invoices i`;

export function invoiceRows(em: EntityManager, ids: string[]): Promise<InvoiceRow[]> {
  return sql(em).all<InvoiceRow>(`${INVOICE_SELECT} WHERE i.id = ${anyOf('uuid')}`, [ids]);
}

export interface InvoiceLineRow {
  id: string;
  invoice_id: string;
  description: string;
  account_id: string;
  amount: string;
}

export function invoiceLineRows(
  em: EntityManager,
  invoiceIds: string[],
): Promise<InvoiceLineRow[]> {
  return sql(em).all<InvoiceLineRow>(
    `SELECT id, invoice_id, description, account_id, amount FROM invoice_lines
      WHERE invoice_id = ${anyOf('uuid')} ORDER BY invoice_id, line_no`,
    [invoiceIds],
  );
}

// Invoices newest first (issue date, then number), one keyset page.
// The largest page of invoices a caller may ask for (the field's @Paged limit too).
export const MAX_INVOICES_PAGE = 200;

export function invoicePage<Node extends { issueDate: string; number: number }>(
  em: EntityManager,
  filter: InvoiceFilter,
  page: { first: number; after?: string | null },
  toNodes: (rows: InvoiceRow[]) => Promise<Node[]>,
): Promise<ConnectionResult<Node>> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.unitId) {
    where.push('i.unit_id = ?');
    params.push(filter.unitId);
  }
  if (filter.kind) {
    where.push('i.kind = ?');
    params.push(filter.kind);
  }
  if (filter.from) {
    where.push('i.issue_date >= ?');
    params.push(filter.from);
  }
  if (filter.to) {
    where.push('i.issue_date <= ?');
    params.push(filter.to);
  }
  if (filter.search?.trim()) {
    const q = filter.search.trim();
    const n = q.replace(/^inv-?/i, '');
    const byNumber = /^\d+$/.test(n);
    where.push(
      `(i.unit_id IN (SELECT id FROM units WHERE number ILIKE ? OR owner_name ILIKE ?)${byNumber ? ' OR i.number = ?' : ''})`,
    );
    params.push(`%${q}%`, `%${q}%`);
    if (byNumber) params.push(Number(n));
  }
  switch (filter.status) {
    case InvoiceStatus.VOID:
      where.push('i.void_entry_id IS NOT NULL');
      break;
    case InvoiceStatus.PAID:
      where.push(`i.void_entry_id IS NULL AND ${WRITTEN_OFF} = 0 AND ${PAID} >= i.total`);
      break;
    case InvoiceStatus.WRITTEN_OFF:
      where.push(`i.void_entry_id IS NULL AND ${WRITTEN_OFF} > 0`);
      break;
    case InvoiceStatus.PARTIAL:
      where.push(
        `i.void_entry_id IS NULL AND ${WRITTEN_OFF} = 0 AND ${PAID} > 0 AND ${PAID} < i.total`,
      );
      break;
    case InvoiceStatus.OPEN:
      where.push(`i.void_entry_id IS NULL AND ${WRITTEN_OFF} = 0 AND ${PAID} = 0`);
      break;
    default:
  }
  return newestFirstPage<InvoiceRow, Node>(em, {
    select: INVOICE_SELECT,
    from: 'invoices i',
    where,
    params,
    orderBy: ['i.issue_date', 'i.number'],
    key: (i) => [i.issueDate, i.number],
    badCursor: 'Bad cursor',
    first: page.first,
    max: MAX_INVOICES_PAGE,
    noun: 'invoices',
    after: page.after,
    toNodes,
  });
}

export interface UnitRow {
  id: string;
  number: string;
  assessment_group_id: string;
}

// The units of this association among the ids.
export function unitRows(em: EntityManager, ids: string[]): Promise<UnitRow[]> {
  return sql(em).all<UnitRow>(
    `SELECT id, number, assessment_group_id FROM units WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
}

// n invoice numbers from the association's sequence.
export async function nextInvoiceNumbers(em: EntityManager, n: number): Promise<number[]> {
  const rows = await sql(em).all<{ n: string }>(
    `SELECT nextval('invoice_number_seq') AS n FROM generate_series(1, ?)`,
    [n],
  );
  return rows.map((r) => Number(r.n));
}

export interface NewInvoice {
  id: string;
  number: number;
  unitId: string;
  kind: InvoiceKind;
  period: string | null;
  groupId: string | null;
  lateFeeForId: string | null;
  issueDate: string;
  dueDate: string;
  memo: string | null;
  total: number;
  journalEntryId: string;
  lines: { id: string; description: string; accountId: string; amount: number }[];
}

// Inserts invoices, their lines and their audit rows, each in one statement.
export async function insertInvoices(
  em: EntityManager,
  actor: AuthInfo | null,
  invoices: NewInvoice[],
): Promise<void> {
  const db = sql(em);
  const col = <T>(f: (i: NewInvoice) => T) => invoices.map(f);
  await db.bulk(
    `INSERT INTO invoices (id, number, unit_id, kind, period, group_id, late_fee_for_id, issue_date, due_date, memo, total, journal_entry_id)
     SELECT * FROM unnest(?::uuid[], ?::bigint[], ?::uuid[], ?::text[], ?::text[], ?::uuid[], ?::uuid[], ?::date[], ?::date[], ?::text[], ?::bigint[], ?::uuid[])`,
    [
      col((i) => i.id),
      col((i) => i.number),
      col((i) => i.unitId),
      col((i) => i.kind),
      col((i) => i.period),
      col((i) => i.groupId),
      col((i) => i.lateFeeForId),
      col((i) => i.issueDate),
      col((i) => i.dueDate),
      col((i) => i.memo),
      col((i) => i.total),
      col((i) => i.journalEntryId),
    ],
  );
  const lines = invoices.flatMap((inv) =>
    inv.lines.map((l, k) => ({ ...l, invoice: inv.id, no: k + 1 })),
  );
  await db.bulk(
    `INSERT INTO invoice_lines (id, invoice_id, line_no, description, account_id, amount)
     SELECT * FROM unnest(?::uuid[], ?::uuid[], ?::int[], ?::text[], ?::uuid[], ?::bigint[])`,
    [
      lines.map((l) => l.id),
      lines.map((l) => l.invoice),
      lines.map((l) => l.no),
      lines.map((l) => l.description),
      lines.map((l) => l.accountId),
      lines.map((l) => l.amount),
    ],
  );
  await db.bulk(
    `INSERT INTO audit_log (entity_type, entity_id, action, user_id, impersonated_by, changes)
     SELECT 'Invoice', id, 'create', ?::uuid, ?::uuid, jsonb_build_object('number', n, 'kind', k, 'total', t)
       FROM unnest(?::uuid[], ?::bigint[], ?::text[], ?::bigint[]) AS x(id, n, k, t)`,
    [
      actor?.userId ?? null,
      actor?.impersonatedBy ?? null,
      col((i) => i.id),
      col((i) => i.number),
      col((i) => i.kind),
      col((i) => i.total),
    ],
  );
}

// The invoice's unit, or undefined when the invoice is not in this association.
export async function unitOfInvoice(em: EntityManager, id: string): Promise<string | undefined> {
  const [head] = await sql(em).all<{ unit_id: string }>(
    'SELECT unit_id FROM invoices WHERE id = ?',
    [id],
  );
  return head?.unit_id;
}

export async function markInvoiceVoid(
  em: EntityManager,
  id: string,
  reversalId: string,
  on: string,
): Promise<void> {
  await sql(em).run(
    'UPDATE invoices SET void_entry_id = ?, void_date = ?, voided_at = now() WHERE id = ?',
    [reversalId, on, id],
  );
}

// The late fees charged on an invoice that are not void.
export async function standingLateFeesOf(em: EntityManager, invoiceId: string): Promise<string[]> {
  const rows = await sql(em).all<{ id: string }>(
    `SELECT id FROM invoices
      WHERE kind = 'late_fee' AND late_fee_for_id = ? AND void_entry_id IS NULL`,
    [invoiceId],
  );
  return rows.map((r) => r.id);
}

export interface PaymentChangeRow {
  invoice_id: string;
  payment_number: string;
  changed_on: string;
  voided: boolean;
}

// The last change to what payments paid of each invoice: the latest day a standing payment's
// application counts from, or a voided payment's void date (it paid the invoice until then).
export function lastPaymentChanges(
  em: EntityManager,
  invoiceIds: string[],
): Promise<PaymentChangeRow[]> {
  return sql(em).all<PaymentChangeRow>(
    `SELECT DISTINCT ON (a.invoice_id) a.invoice_id, p.number AS payment_number,
            (CASE WHEN p.void_date IS NULL THEN a.applied_on ELSE p.void_date END)::text AS changed_on,
            p.void_date IS NOT NULL AS voided
       FROM payment_applications a JOIN payments p ON p.id = a.payment_id
      WHERE a.invoice_id = ${anyOf('uuid')}
      ORDER BY a.invoice_id, changed_on DESC, voided DESC, p.number DESC`,
    [invoiceIds],
  );
}

export interface WriteOffRow {
  id: string;
  invoice_id: string;
  date: string;
  amount: string;
  account_id: string;
  memo: string | null;
  journal_entry_id: string;
  void_entry_id: string | null;
  created_at: string;
}

// The write-offs of the invoices, voided ones included, oldest first.
export function writeOffRows(em: EntityManager, invoiceIds: string[]): Promise<WriteOffRow[]> {
  return sql(em).all<WriteOffRow>(
    `SELECT id, invoice_id, date::text AS date, amount, account_id, memo, journal_entry_id,
            void_entry_id, created_at
       FROM invoice_write_offs WHERE invoice_id = ${anyOf('uuid')} ORDER BY created_at, id`,
    [invoiceIds],
  );
}

export async function insertWriteOff(
  em: EntityManager,
  w: {
    id: string;
    invoiceId: string;
    date: string;
    amount: number;
    accountId: string;
    memo: string | null;
    journalEntryId: string;
  },
): Promise<void> {
  await sql(em).run(
    `INSERT INTO invoice_write_offs (id, invoice_id, date, amount, account_id, memo, journal_entry_id)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [w.id, w.invoiceId, w.date, w.amount, w.accountId, w.memo, w.journalEntryId],
  );
}

export async function markWriteOffVoid(
  em: EntityManager,
  id: string,
  reversalId: string,
  on: string,
): Promise<void> {
  await sql(em).run('UPDATE invoice_write_offs SET void_entry_id = ?, void_date = ? WHERE id = ?', [
    reversalId,
    on,
    id,
  ]);
}

// The unit's standing opening-balance invoice, if any.
export async function openingInvoiceOf(
  em: EntityManager,
  unitId: string,
): Promise<{ id: string; number: string } | undefined> {
  const [row] = await sql(em).all<{ id: string; number: string }>(
    `SELECT id, number FROM invoices
      WHERE unit_id = ? AND kind = 'opening_balance' AND void_entry_id IS NULL`,
    [unitId],
  );
  return row;
}

// The unit's standing opening credit (a payment of method opening_credit), if any.
export async function openingCreditOf(
  em: EntityManager,
  unitId: string,
): Promise<{ id: string; number: string } | undefined> {
  const [row] = await sql(em).all<{ id: string; number: string }>(
    `SELECT id, number FROM payments
      WHERE unit_id = ? AND method = 'opening_credit' AND void_entry_id IS NULL`,
    [unitId],
  );
  return row;
}

// Units by number (case-insensitive), for imports.
export function unitsByNumber(
  em: EntityManager,
  numbers: string[],
): Promise<{ id: string; number: string }[]> {
  return sql(em).all<{ id: string; number: string }>(
    `SELECT id, number FROM units WHERE lower(number) = ${anyOf('text')}`,
    [numbers.map((n) => n.toLowerCase())],
  );
}

export interface DueReminderRow {
  unit_id: string;
  unit_number: string;
  owner_name: string | null;
  email: string;
  invoice_number: string;
  due_date: string;
  open: string;
}

// Standing invoices falling due on a date with something still open, for units with an email.
export function dueOnRows(em: EntityManager, dueDate: string): Promise<DueReminderRow[]> {
  return sql(em).all<DueReminderRow>(
    `SELECT u.id AS unit_id, u.number AS unit_number, u.owner_name, u.email,
            i.number AS invoice_number, i.due_date::text AS due_date,
            (i.total - ${PAID} - ${WRITTEN_OFF})::text AS open
       FROM invoices i JOIN units u ON u.id = i.unit_id
      WHERE i.due_date = ? AND i.void_entry_id IS NULL AND u.email IS NOT NULL
        AND i.total - ${PAID} - ${WRITTEN_OFF} > 0
      ORDER BY u.number, i.number`,
    [dueDate],
  );
}
