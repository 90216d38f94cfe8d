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
import { recordTenantAudit } from '../audit/audit.service.js';
import { applicationsOf, today } from '../invoices/invoices.service.js';
import { postJournalEntries, reverseJournalEntry } from '../journal/journal.service.js';
import { EntrySource } from '../journal/journal.types.js';
import { apply, lockUnits, openInvoices } from './applications.js';
import {
  type Payment,
  type PaymentFilter,
  type PaymentMethod,
  PaymentStatus,
  type RecordPaymentInput,
} from './payments.types.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface PaymentRow {
  id: string;
  number: string;
  unit_id: string;
  date: string;
  amount: string;
  method: PaymentMethod;
  reference: string | null;
  memo: string | null;
  deposit_account_id: string;
  journal_entry_id: string;
  void_entry_id: string | null;
  created_at: string;
}

const SELECT = `SELECT p.id, p.number, p.unit_id, p.date::text AS date, p.amount, p.method, p.reference, p.memo,
  p.deposit_account_id, p.journal_entry_id, p.void_entry_id, p.created_at FROM payments p`;

async function hydrate(em: EntityManager, rows: PaymentRow[]): Promise<Payment[]> {
  const apps = await applicationsOf(
    em,
    'payment_id',
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const mine = apps.filter((a) => a.paymentId === r.id).map(({ voided: _v, ...a }) => a);
    const voided = !!r.void_entry_id;
    return {
      id: r.id,
      number: Number(r.number),
      unitId: r.unit_id,
      date: r.date,
      amount: Number(r.amount),
      method: r.method,
      reference: r.reference,
      memo: r.memo,
      depositAccountId: r.deposit_account_id,
      applications: mine,
      unapplied: voided ? 0 : Number(r.amount) - mine.reduce((s, a) => s + a.amount, 0),
      status: voided ? PaymentStatus.VOID : PaymentStatus.POSTED,
      journalEntryId: r.journal_entry_id,
      voidEntryId: r.void_entry_id,
      createdAt: new Date(r.created_at),
    };
  });
}

export async function findPayment(em: EntityManager, id: string): Promise<Payment> {
  assertId(id, 'Payment');
  const rows = await sql(em).all<PaymentRow>(`${SELECT} WHERE p.id = ?`, [id]);
  if (!rows.length) throw notFound('Payment');
  return (await hydrate(em, rows))[0];
}

// Payments by id, in no particular order (for the payment of an application).
export async function findPayments(em: EntityManager, ids: string[]): Promise<Payment[]> {
  const valid = ids.filter(isId);
  if (!valid.length) return [];
  const rows = await sql(em).all<PaymentRow>(
    `${SELECT} WHERE p.id IN (${valid.map(() => '?').join(', ')})`,
    valid,
  );
  return hydrate(em, rows);
}

const cursorOf = (p: Payment) => dateNumberCursor.encode(p.date, p.number);

export async function listPayments(
  em: EntityManager,
  filter: PaymentFilter = {},
  first = 50,
  after?: string | null,
) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.unitId) {
    assertId(filter.unitId, 'Unit');
    const [unit] = await sql(em).all('SELECT 1 FROM units WHERE id = ?', [filter.unitId]);
    if (!unit) throw notFound('Unit');
    where.push('p.unit_id = ?');
    params.push(filter.unitId);
  }
  if (filter.from) {
    where.push('p.date >= ?');
    params.push(filter.from);
  }
  if (filter.to) {
    where.push('p.date <= ?');
    params.push(filter.to);
  }
  if (filter.status)
    where.push(
      filter.status === PaymentStatus.VOID
        ? 'p.void_entry_id IS NOT NULL'
        : 'p.void_entry_id IS NULL',
    );
  const limit = pageSize(first, 200, 'payments');
  const count = lazyCount(em, 'payments p', where, params);
  if (after) {
    const position = dateNumberCursor.decode(after);
    if (!position) throw badInput([{ field: 'after', message: 'Bad cursor' }]);
    where.push('(p.date, p.number) < (?::date, ?)');
    params.push(...position);
  }
  const rows = await sql(em).all<PaymentRow>(
    `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY p.date DESC, p.number DESC LIMIT ${limit + 1}`,
    params,
  );
  const page = await hydrate(em, rows.slice(0, limit));
  return {
    edges: page.map((node) => ({ node, cursor: cursorOf(node) })),
    pageInfo: {
      hasNextPage: rows.length > limit,
      endCursor: page.length ? cursorOf(page[page.length - 1]) : null,
    },
    count,
  };
}

// Posts the payment (debit the deposit account, credit receivables) and applies it to the chosen
// invoices in order, or to the unit's open invoices oldest first. What is left stays as credit and
// pays the unit's next invoice.
export async function recordPayment(
  em: EntityManager,
  actor: AuthInfo | null,
  input: RecordPaymentInput,
): Promise<Payment> {
  assertId(input.unitId, 'Unit');
  const details: FieldDetail[] = [];
  if (!DATE.test(input.date))
    details.push({ field: 'date', message: 'Use a date like 2026-03-31' });
  if (!(input.amount > 0))
    details.push({ field: 'amount', message: 'The amount must be positive' });
  if ((input.reference ?? '').length > 100)
    details.push({ field: 'reference', message: 'At most 100 characters' });
  if ((input.memo ?? '').length > 500)
    details.push({ field: 'memo', message: 'At most 500 characters' });
  const invoiceIds = input.invoiceIds ?? null;
  if (invoiceIds && new Set(invoiceIds).size !== invoiceIds.length)
    details.push({ field: 'invoiceIds', message: 'An invoice is listed twice' });
  if (details.length) throw badInput(details, details[0].message);
  const [known] = await sql(em).all('SELECT 1 FROM units WHERE id = ?', [input.unitId]);
  if (!known) throw notFound('Unit');
  const settings = await receivablesSettings(em, actor);
  const depositAccountId = input.depositAccountId ?? settings.depositAccountId;
  if (!depositAccountId) {
    throw badInput(
      [{ field: 'depositAccountId', message: 'Choose the account the money went into' }],
      'Choose the deposit account (or set a default in receivables settings)',
    );
  }
  if (!isId(depositAccountId)) {
    throw new AppError('NOT_FOUND', 'Account not found', [
      { field: 'depositAccountId', message: 'Account not found' },
    ]);
  }
  await checkAccounts(em, [
    {
      field: 'depositAccountId',
      id: depositAccountId,
      types: ['asset'],
      what: 'an asset (cash) account',
    },
  ]);
  let id = '';
  await em.transactional(async (tx) => {
    if (!(await lockUnits(tx, [input.unitId])).length) throw notFound('Unit');
    const [unit] = await sql(tx).all<{ number: string }>('SELECT number FROM units WHERE id = ?', [
      input.unitId,
    ]);
    let targets = await openInvoices(tx, { unitIds: [input.unitId] });
    if (invoiceIds) {
      const missing = invoiceIds
        .map((iid, i) => ({ iid, i }))
        .filter(({ iid }) => !isId(iid) || !targets.some((t) => t.id === iid));
      if (missing.length) {
        // Not this unit's, not open, or not an invoice of this association at all.
        const known = await sql(tx).all<{ id: string }>(
          `SELECT id FROM invoices WHERE unit_id = ? AND id IN (${
            missing
              .filter((m) => isId(m.iid))
              .map(() => '?')
              .join(', ') || 'NULL'
          })`,
          [input.unitId, ...missing.filter((m) => isId(m.iid)).map((m) => m.iid)],
        );
        const d = missing.map(({ iid, i }) => ({
          field: `invoiceIds.${i}`,
          message: known.some((k) => k.id === iid)
            ? 'This invoice has nothing left to pay'
            : 'Invoice not found',
        }));
        if (d.some((x) => x.message === 'Invoice not found'))
          throw new AppError('NOT_FOUND', 'Invoice not found', d);
        throw badInput(d, d[0].message);
      }
      targets = invoiceIds.map((iid) => targets.find((t) => t.id === iid)!);
    }
    const [{ n }] = await sql(tx).all<{ n: string }>(`SELECT nextval('payment_number_seq') AS n`);
    const [entryId] = await postJournalEntries(tx, actor, [
      {
        input: {
          date: input.date,
          memo: `PMT-${n} Unit ${unit.number}${input.reference ? ` (${input.reference})` : ''}`.slice(
            0,
            500,
          ),
          lines: [
            { accountId: depositAccountId, debit: input.amount },
            {
              accountId: settings.receivableAccountId,
              credit: input.amount,
              memo: `Unit ${unit.number}`,
            },
          ],
        },
        opts: { source: EntrySource.PAYMENT },
      },
    ]);
    [id] = newIds(1);
    await sql(tx).run(
      `INSERT INTO payments (id, number, unit_id, date, amount, method, reference, memo, deposit_account_id, journal_entry_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        Number(n),
        input.unitId,
        input.date,
        input.amount,
        input.method,
        input.reference?.trim() || null,
        input.memo?.trim() || null,
        depositAccountId,
        entryId,
      ],
    );
    await apply(
      tx,
      [{ id, unit_id: input.unitId, date: input.date, unapplied: input.amount }],
      targets,
    );
    await recordTenantAudit(tx, actor, {
      entityType: 'Payment',
      entityId: id,
      action: 'create',
      changes: {
        number: Number(n),
        unitId: input.unitId,
        amount: input.amount,
        date: input.date,
        method: input.method,
      },
    });
  });
  return findPayment(em, id);
}

// Reverses the payment's posting; its applications stop counting, so the invoices it paid open again.
export async function voidPayment(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  date?: string | null,
): Promise<Payment> {
  assertId(id, 'Payment');
  const on = date ?? today();
  if (!DATE.test(on)) throw badInput([{ field: 'date', message: 'Use a date like 2026-03-31' }]);
  await em.transactional(async (tx) => {
    const [head] = await sql(tx).all<{ unit_id: string }>(
      'SELECT unit_id FROM payments WHERE id = ?',
      [id],
    );
    if (!head) throw notFound('Payment');
    await lockUnits(tx, [head.unit_id]);
    const p = await findPayment(tx, id);
    if (p.voidEntryId) throw conflict(`PMT-${p.number} is already void`);
    if (on < p.date)
      throw badInput([
        { field: 'date', message: 'The void date cannot be before the payment date' },
      ]);
    const reversal = await reverseJournalEntry(
      tx,
      actor,
      p.journalEntryId,
      on,
      `Void PMT-${p.number}`,
    );
    await sql(tx).run(
      'UPDATE payments SET void_entry_id = ?, void_date = ?, voided_at = now() WHERE id = ?',
      [reversal.id, on, id],
    );
    await recordTenantAudit(tx, actor, {
      entityType: 'Payment',
      entityId: id,
      action: 'void',
      changes: { number: p.number, date: on, reversal: reversal.id },
    });
  });
  return findPayment(em, id);
}
