import { dateNumberCursor, pageSize } from '../../core/graphql/connection.js';
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
import { checkAccounts, receivablesSettings } from '../assessments/assessments.service.js';
import { type AssessmentFrequency } from '../assessments/assessments.types.js';
import { recordTenantAudit } from '../audit/audit.service.js';
import { postJournalEntries, reverseJournalEntry } from '../journal/journal.service.js';
import { EntrySource } from '../journal/journal.types.js';
import { apply, lockUnits, openInvoices, unappliedPayments } from '../payments/applications.js';
import {
  type AssessmentRunInvoice,
  type AssessmentRunPreview,
  type AssessmentRunResult,
  type CreateInvoiceInput,
  type Invoice,
  type InvoiceFilter,
  InvoiceKind,
  type InvoiceLine,
  InvoiceStatus,
  type PaymentApplication,
} from './invoices.types.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const today = () => new Date().toISOString().slice(0, 10);

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

interface InvoiceRow {
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
  journal_entry_id: string;
  void_entry_id: string | null;
  voided_at: string | null;
  created_at: string;
}

const INVOICE_SELECT = `SELECT i.id, i.number, i.unit_id, i.kind, i.period, i.group_id,
    i.issue_date::text AS issue_date, i.due_date::text AS due_date, i.memo, i.total,
    coalesce((SELECT sum(a.amount) FROM payment_applications a JOIN payments p ON p.id = a.payment_id
               WHERE a.invoice_id = i.id AND p.void_entry_id IS NULL), 0) AS paid,
    i.journal_entry_id, i.void_entry_id, i.voided_at, i.created_at
  FROM invoices i`;

function toInvoice(r: InvoiceRow, lines: InvoiceLine[]): Invoice {
  const total = Number(r.total);
  const paid = r.void_entry_id ? 0 : Number(r.paid);
  const balance = r.void_entry_id ? 0 : total - paid;
  const status = r.void_entry_id
    ? InvoiceStatus.VOID
    : balance <= 0
      ? InvoiceStatus.PAID
      : paid > 0
        ? InvoiceStatus.PARTIAL
        : InvoiceStatus.OPEN;
  return {
    id: r.id,
    number: Number(r.number),
    unitId: r.unit_id,
    kind: r.kind,
    period: r.period,
    groupId: r.group_id,
    issueDate: r.issue_date,
    dueDate: r.due_date,
    memo: r.memo,
    lines,
    total,
    paid,
    balance,
    status,
    daysOverdue: balance > 0 ? Math.max(0, daysBetween(r.due_date, today())) : 0,
    journalEntryId: r.journal_entry_id,
    voidEntryId: r.void_entry_id,
    voidedAt: r.voided_at ? new Date(r.voided_at) : null,
    createdAt: new Date(r.created_at),
  };
}

async function withLines(em: EntityManager, rows: InvoiceRow[]): Promise<Invoice[]> {
  if (!rows.length) return [];
  const lines = await sql(em).all<{
    id: string;
    invoice_id: string;
    description: string;
    account_id: string;
    amount: string;
  }>(
    `SELECT id, invoice_id, description, account_id, amount FROM invoice_lines
      WHERE invoice_id IN (${rows.map(() => '?').join(', ')}) ORDER BY invoice_id, line_no`,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toInvoice(
      r,
      lines
        .filter((l) => l.invoice_id === r.id)
        .map((l) => ({
          id: l.id,
          description: l.description,
          accountId: l.account_id,
          amount: Number(l.amount),
        })),
    ),
  );
}

export async function findInvoices(em: EntityManager, ids: string[]): Promise<Invoice[]> {
  const valid = ids.filter(isId);
  if (!valid.length) return [];
  const rows = await sql(em).all<InvoiceRow>(
    `${INVOICE_SELECT} WHERE i.id IN (${valid.map(() => '?').join(', ')})`,
    valid,
  );
  return withLines(em, rows);
}

export async function findInvoice(em: EntityManager, id: string): Promise<Invoice> {
  assertId(id, 'Invoice');
  const [inv] = await findInvoices(em, [id]);
  if (!inv) throw notFound('Invoice');
  return inv;
}

const cursorOf = (i: { issueDate: string; number: number }) =>
  dateNumberCursor.encode(i.issueDate, i.number);

// Invoices newest first (issue date, then number), keyset-paginated.
export async function listInvoices(
  em: EntityManager,
  filter: InvoiceFilter = {},
  first = 50,
  after?: string | null,
) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.unitId) {
    assertId(filter.unitId, 'Unit');
    const [unit] = await sql(em).all('SELECT 1 FROM units WHERE id = ?', [filter.unitId]);
    if (!unit) throw notFound('Unit');
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
    where.push(
      `(i.unit_id IN (SELECT id FROM units WHERE number ILIKE ? OR owner_name ILIKE ?)${/^\d+$/.test(n) ? ' OR i.number = ?' : ''})`,
    );
    params.push(`%${q}%`, `%${q}%`);
    if (/^\d+$/.test(n)) params.push(Number(n));
  }
  const paid = `coalesce((SELECT sum(a.amount) FROM payment_applications a JOIN payments p ON p.id = a.payment_id
                  WHERE a.invoice_id = i.id AND p.void_entry_id IS NULL), 0)`;
  switch (filter.status) {
    case InvoiceStatus.VOID:
      where.push('i.void_entry_id IS NOT NULL');
      break;
    case InvoiceStatus.PAID:
      where.push(`i.void_entry_id IS NULL AND ${paid} >= i.total`);
      break;
    case InvoiceStatus.PARTIAL:
      where.push(`i.void_entry_id IS NULL AND ${paid} > 0 AND ${paid} < i.total`);
      break;
    case InvoiceStatus.OPEN:
      where.push(`i.void_entry_id IS NULL AND ${paid} = 0`);
      break;
    default:
  }
  const limit = pageSize(first, 200, 'invoices');
  const count = lazyCount(em, 'invoices i', where, params);
  if (after) {
    const position = dateNumberCursor.decode(after);
    if (!position) throw badInput([{ field: 'after', message: 'Bad cursor' }]);
    where.push('(i.issue_date, i.number) < (?::date, ?)');
    params.push(...position);
  }
  const rows = await sql(em).all<InvoiceRow>(
    `${INVOICE_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY i.issue_date DESC, i.number DESC LIMIT ${limit + 1}`,
    params,
  );
  const page = await withLines(em, rows.slice(0, limit));
  return {
    edges: page.map((node) => ({ node, cursor: cursorOf(node) })),
    pageInfo: {
      hasNextPage: rows.length > limit,
      endCursor: page.length ? cursorOf(page[page.length - 1]) : null,
    },
    count,
  };
}

export async function applicationsOf(
  em: EntityManager,
  by: 'invoice_id' | 'payment_id',
  ids: string[],
): Promise<(PaymentApplication & { voided: boolean })[]> {
  if (!ids.length) return [];
  const rows = await sql(em).all<{
    invoice_id: string;
    payment_id: string;
    amount: string;
    applied_on: string;
    voided: boolean;
  }>(
    `SELECT a.invoice_id, a.payment_id, a.amount, a.applied_on::text AS applied_on,
            (p.void_entry_id IS NOT NULL) AS voided
       FROM payment_applications a JOIN payments p ON p.id = a.payment_id
      WHERE a.${by} IN (${ids.map(() => '?').join(', ')}) ORDER BY a.applied_on, a.created_at`,
    ids,
  );
  return rows.map((r) => ({
    invoiceId: r.invoice_id,
    paymentId: r.payment_id,
    amount: Number(r.amount),
    date: r.applied_on,
    voided: r.voided,
  }));
}

export interface InvoiceDraft {
  unitId: string;
  kind: InvoiceKind;
  period?: string | null;
  groupId?: string | null;
  lateFeeForId?: string | null;
  issueDate: string;
  dueDate: string;
  memo?: string | null;
  lines: { description: string; accountId: string; amount: number }[];
  unitNumber: string;
}

// Creates invoices with their receivable postings (one journal entry each: debit the receivable
// account, credit the lines' accounts), then spends any unit credit on them. Call inside a
// transaction that holds the units' locks.
export async function createInvoices(
  tx: EntityManager,
  actor: AuthInfo | null,
  drafts: InvoiceDraft[],
): Promise<string[]> {
  if (!drafts.length) return [];
  const db = sql(tx);
  const { receivableAccountId } = await receivablesSettings(tx, actor);
  const numbers = (
    await db.all<{ n: string }>(
      `SELECT nextval('invoice_number_seq') AS n FROM generate_series(1, ?)`,
      [drafts.length],
    )
  ).map((r) => Number(r.n));
  const entryIds = await postJournalEntries(
    tx,
    actor,
    drafts.map((d, k) => {
      const total = d.lines.reduce((s, l) => s + l.amount, 0);
      const credits = new Map<string, number>();
      for (const l of d.lines) credits.set(l.accountId, (credits.get(l.accountId) ?? 0) + l.amount);
      return {
        input: {
          date: d.issueDate,
          memo: `INV-${numbers[k]} Unit ${d.unitNumber}${d.memo ? ` — ${d.memo}` : ''}`.slice(
            0,
            500,
          ),
          lines: [
            { accountId: receivableAccountId, debit: total, memo: `Unit ${d.unitNumber}` },
            ...[...credits].map(([accountId, credit]) => ({ accountId, credit })),
          ],
        },
        opts: {
          source: d.kind === InvoiceKind.LATE_FEE ? EntrySource.LATE_FEE : EntrySource.INVOICE,
        },
      };
    }),
  );
  const ids = newIds(drafts.length);
  await db.bulk(
    `INSERT INTO invoices (id, number, unit_id, kind, period, group_id, late_fee_for_id, issue_date, due_date, memo, total, journal_entry_id)
     SELECT * FROM unnest(?::uuid[], ?::bigint[], ?::uuid[], ?::text[], ?::text[], ?::uuid[], ?::uuid[], ?::date[], ?::date[], ?::text[], ?::bigint[], ?::uuid[])`,
    [
      ids,
      numbers,
      drafts.map((d) => d.unitId),
      drafts.map((d) => d.kind),
      drafts.map((d) => d.period ?? null),
      drafts.map((d) => d.groupId ?? null),
      drafts.map((d) => d.lateFeeForId ?? null),
      drafts.map((d) => d.issueDate),
      drafts.map((d) => d.dueDate),
      drafts.map((d) => d.memo?.trim() || null),
      drafts.map((d) => d.lines.reduce((s, l) => s + l.amount, 0)),
      entryIds,
    ],
  );
  const lines = drafts.flatMap((d, k) =>
    d.lines.map((l, i) => ({ ...l, invoice: ids[k], no: i + 1 })),
  );
  await db.bulk(
    `INSERT INTO invoice_lines (id, invoice_id, line_no, description, account_id, amount)
     SELECT * FROM unnest(?::uuid[], ?::uuid[], ?::int[], ?::text[], ?::uuid[], ?::bigint[])`,
    [
      newIds(lines.length),
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
      ids,
      numbers,
      drafts.map((d) => d.kind),
      drafts.map((d) => d.lines.reduce((s, l) => s + l.amount, 0)),
    ],
  );
  // An overpayment waits as credit and pays the next invoice.
  const unitIds = [...new Set(drafts.map((d) => d.unitId))];
  const credit = await unappliedPayments(tx, unitIds);
  if (credit.length) await apply(tx, credit, await openInvoices(tx, { invoiceIds: ids }));
  return ids;
}

async function unitNumbers(em: EntityManager, ids: string[]) {
  const rows = ids.length
    ? await sql(em).all<{ id: string; number: string; assessment_group_id: string }>(
        `SELECT id, number, assessment_group_id FROM units WHERE id IN (${ids.map(() => '?').join(', ')})`,
        ids,
      )
    : [];
  return new Map(rows.map((r) => [r.id, r]));
}

export async function createInvoice(
  em: EntityManager,
  actor: AuthInfo | null,
  input: CreateInvoiceInput,
): Promise<Invoice> {
  assertId(input.unitId, 'Unit');
  const details: FieldDetail[] = [];
  if (!DATE.test(input.issueDate))
    details.push({ field: 'issueDate', message: 'Use a date like 2026-03-31' });
  if (!DATE.test(input.dueDate))
    details.push({ field: 'dueDate', message: 'Use a date like 2026-03-31' });
  else if (input.dueDate < input.issueDate)
    details.push({ field: 'dueDate', message: 'The due date cannot be before the issue date' });
  if ((input.memo ?? '').length > 500)
    details.push({ field: 'memo', message: 'At most 500 characters' });
  if (!input.lines.length)
    details.push({ field: 'lines', message: 'An invoice needs at least one line' });
  if (input.lines.length > 50) details.push({ field: 'lines', message: 'At most 50 lines' });
  input.lines.forEach((l, i) => {
    if (!l.description.trim())
      details.push({ field: `lines.${i}.description`, message: 'Describe the charge' });
    if (l.description.length > 200)
      details.push({ field: `lines.${i}.description`, message: 'At most 200 characters' });
    if (!(l.amount > 0))
      details.push({ field: `lines.${i}.amount`, message: 'Amounts must be positive' });
  });
  if (details.length) throw badInput(details, details[0].message);
  const notFoundLines = input.lines
    .map((l, i) =>
      isId(l.accountId) ? null : { field: `lines.${i}.accountId`, message: 'Account not found' },
    )
    .filter((d): d is FieldDetail => !!d);
  if (notFoundLines.length) throw new AppError('NOT_FOUND', 'Account not found', notFoundLines);
  await checkAccounts(
    em,
    input.lines.map((l, i) => ({
      field: `lines.${i}.accountId`,
      id: l.accountId,
      types: ['income', 'liability', 'asset', 'equity'],
      what: 'an income account (or another non-expense account)',
    })),
  );
  let id = '';
  await em.transactional(async (tx) => {
    if (!(await lockUnits(tx, [input.unitId])).length) throw notFound('Unit');
    const units = await unitNumbers(tx, [input.unitId]);
    [id] = await createInvoices(tx, actor, [
      {
        unitId: input.unitId,
        unitNumber: units.get(input.unitId)!.number,
        kind: InvoiceKind.ONE_OFF,
        issueDate: input.issueDate,
        dueDate: input.dueDate,
        memo: input.memo,
        lines: input.lines.map((l) => ({ ...l, description: l.description.trim() })),
      },
    ]);
  });
  return findInvoice(em, id);
}

export async function voidInvoice(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  date?: string | null,
): Promise<Invoice> {
  assertId(id, 'Invoice');
  const on = date ?? today();
  if (!DATE.test(on)) throw badInput([{ field: 'date', message: 'Use a date like 2026-03-31' }]);
  await em.transactional(async (tx) => {
    const [head] = await sql(tx).all<{ unit_id: string }>(
      'SELECT unit_id FROM invoices WHERE id = ?',
      [id],
    );
    if (!head) throw notFound('Invoice');
    await lockUnits(tx, [head.unit_id]);
    const inv = await findInvoice(tx, id);
    if (inv.voidEntryId) throw conflict(`INV-${inv.number} is already void`);
    if (on < inv.issueDate) {
      throw badInput([{ field: 'date', message: 'The void date cannot be before the issue date' }]);
    }
    if (inv.paid > 0) {
      throw conflict(`INV-${inv.number} has payments applied; void those payments first`);
    }
    const reversal = await reverseJournalEntry(
      tx,
      actor,
      inv.journalEntryId,
      on,
      `Void INV-${inv.number}`,
    );
    await sql(tx).run(
      'UPDATE invoices SET void_entry_id = ?, void_date = ?, voided_at = now() WHERE id = ?',
      [reversal.id, on, id],
    );
    await recordTenantAudit(tx, actor, {
      entityType: 'Invoice',
      entityId: id,
      action: 'void',
      changes: { number: inv.number, date: on, reversal: reversal.id },
    });
  });
  return findInvoice(em, id);
}

// ---- Assessment runs ----

function periodOf(frequency: AssessmentFrequency, year: number, month: number) {
  if (frequency === 'monthly')
    return {
      period: `${year}-${String(month).padStart(2, '0')}`,
      label: `${MONTHS[month - 1]} ${year}`,
    };
  if (frequency === 'quarterly') {
    if ((month - 1) % 3 !== 0) return null;
    const q = (month - 1) / 3 + 1;
    return { period: `${year}-Q${q}`, label: `Q${q} ${year}` };
  }
  return month === 1 ? { period: String(year), label: `FY ${year}` } : null;
}

// What an assessment run for a month creates: monthly groups bill every month, quarterly groups in
// January, April, July and October, annual groups in January. One invoice per unit and period.
async function planRun(em: EntityManager, month: string) {
  const m = MONTH.exec(month);
  if (!m) throw badInput([{ field: 'month', message: 'Use a month like 2026-03' }]);
  const year = Number(m[1]);
  const mon = Number(m[2]);
  const issueDate = `${month}-01`;
  const rows = await sql(em).all<{
    unit_id: string;
    unit_number: string;
    group_id: string;
    frequency: AssessmentFrequency;
    due_day: number;
    regular_income_account_id: string;
    special_income_account_id: string;
    regular: string | null;
    special: string | null;
  }>(
    `SELECT u.id AS unit_id, u.number AS unit_number, g.id AS group_id, g.frequency, g.due_day,
            g.regular_income_account_id, g.special_income_account_id, r.regular, r.special
       FROM units u JOIN assessment_groups g ON g.id = u.assessment_group_id
       LEFT JOIN assessment_rates r ON r.group_id = g.id AND r.property_type_id = u.property_type_id
      ORDER BY lower(u.number)`,
  );
  const periods = [
    ...new Set(rows.map((r) => periodOf(r.frequency, year, mon)?.period).filter(Boolean)),
  ];
  const done = periods.length
    ? await sql(em).all<{ unit_id: string; period: string }>(
        `SELECT unit_id, period FROM invoices WHERE kind = 'assessment' AND period IN (${periods.map(() => '?').join(', ')})`,
        periods,
      )
    : [];
  const taken = new Set(done.map((d) => `${d.unit_id}|${d.period}`));
  const invoices: (AssessmentRunInvoice & { unitNumber: string })[] = [];
  let alreadyInvoiced = 0;
  for (const r of rows) {
    const p = periodOf(r.frequency, year, mon);
    if (!p) continue;
    if (taken.has(`${r.unit_id}|${p.period}`)) {
      alreadyInvoiced++;
      continue;
    }
    const lines = [
      {
        description: `Regular assessment ${p.label}`,
        accountId: r.regular_income_account_id,
        amount: Number(r.regular ?? 0),
      },
      {
        description: `Special assessment ${p.label}`,
        accountId: r.special_income_account_id,
        amount: Number(r.special ?? 0),
      },
    ].filter((l) => l.amount > 0);
    if (!lines.length) continue;
    invoices.push({
      unitId: r.unit_id,
      unitNumber: r.unit_number,
      groupId: r.group_id,
      period: p.period,
      dueDate: `${month}-${String(r.due_day).padStart(2, '0')}`,
      lines,
      total: lines.reduce((s, l) => s + l.amount, 0),
    });
  }
  return { month, issueDate, invoices, alreadyInvoiced };
}

export async function previewAssessmentRun(
  em: EntityManager,
  month: string,
): Promise<AssessmentRunPreview> {
  const plan = await planRun(em, month);
  return {
    ...plan,
    count: plan.invoices.length,
    total: plan.invoices.reduce((s, i) => s + i.total, 0),
  };
}

export async function generateAssessmentInvoices(
  em: EntityManager,
  actor: AuthInfo | null,
  month: string,
): Promise<AssessmentRunResult> {
  let result: AssessmentRunResult = { month, created: 0, skipped: 0, total: 0 };
  await em.transactional(async (tx) => {
    // One run at a time per association; the unique index backs this up.
    await sql(tx).run(`SELECT pg_advisory_xact_lock(hashtext('covenant.assessment-run'))`);
    const plan = await planRun(tx, month);
    await lockUnits(tx, [...new Set(plan.invoices.map((i) => i.unitId))]);
    await createInvoices(
      tx,
      actor,
      plan.invoices.map((i) => ({
        unitId: i.unitId,
        unitNumber: i.unitNumber,
        kind: InvoiceKind.ASSESSMENT,
        period: i.period,
        groupId: i.groupId,
        issueDate: plan.issueDate,
        dueDate: i.dueDate,
        memo: i.lines[0].description,
        lines: i.lines,
      })),
    );
    result = {
      month,
      created: plan.invoices.length,
      skipped: plan.alreadyInvoiced,
      total: plan.invoices.reduce((s, i) => s + i.total, 0),
    };
  });
  return result;
}
