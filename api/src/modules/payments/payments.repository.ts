import type { EntityManager } from '@mikro-orm/postgresql';
import { type ConnectionResult, newestFirstPage } from '../../core/graphql/connection.js';
import { anyOf, sql } from '../../db/sql.js';
import { type PaymentMethod, PaymentStatus } from './payments.types.js';

export interface PaymentRow {
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

export function paymentRows(em: EntityManager, ids: string[]): Promise<PaymentRow[]> {
  return sql(em).all<PaymentRow>(`${SELECT} WHERE p.id = ${anyOf('uuid')}`, [ids]);
}

export interface PaymentListFilter {
  unitId?: string | null;
  from?: string | null;
  to?: string | null;
  status?: PaymentStatus | null;
}

// Payments newest first (date, then number), one keyset page.
// The largest page of payments a caller may ask for (the field's @Paged limit too).
export const MAX_PAYMENTS_PAGE = 200;

export function paymentPage<Node extends { date: string; number: number }>(
  em: EntityManager,
  filter: PaymentListFilter,
  page: { first: number; after?: string | null },
  toNodes: (rows: PaymentRow[]) => Promise<Node[]>,
): Promise<ConnectionResult<Node>> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.unitId) {
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
  return newestFirstPage<PaymentRow, Node>(em, {
    select: SELECT,
    from: 'payments p',
    where,
    params,
    orderBy: ['p.date', 'p.number'],
    key: (p) => [p.date, p.number],
    badCursor: 'Bad cursor',
    first: page.first,
    max: MAX_PAYMENTS_PAGE,
    noun: 'payments',
    after: page.after,
    toNodes,
  });
}

// The unit's number, or undefined when the unit is not in this association.
export async function unitNumber(em: EntityManager, unitId: string): Promise<string | undefined> {
  const [unit] = await sql(em).all<{ number: string }>('SELECT number FROM units WHERE id = ?', [
    unitId,
  ]);
  return unit?.number;
}

// Which of the ids are invoices of the unit (whatever their state).
export async function invoicesOfUnit(
  em: EntityManager,
  unitId: string,
  ids: string[],
): Promise<string[]> {
  const rows = await sql(em).all<{ id: string }>(
    `SELECT id FROM invoices WHERE unit_id = ? AND id = ${anyOf('uuid')}`,
    [unitId, ids],
  );
  return rows.map((r) => r.id);
}

export async function nextPaymentNumber(em: EntityManager): Promise<number> {
  const [{ n }] = await sql(em).all<{ n: string }>(`SELECT nextval('payment_number_seq') AS n`);
  return Number(n);
}

export async function insertPayment(
  em: EntityManager,
  p: {
    id: string;
    number: number;
    unitId: string;
    date: string;
    amount: number;
    method: PaymentMethod;
    reference: string | null;
    memo: string | null;
    depositAccountId: string;
    journalEntryId: string;
  },
): Promise<void> {
  await sql(em).run(
    `INSERT INTO payments (id, number, unit_id, date, amount, method, reference, memo, deposit_account_id, journal_entry_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      p.id,
      p.number,
      p.unitId,
      p.date,
      p.amount,
      p.method,
      p.reference,
      p.memo,
      p.depositAccountId,
      p.journalEntryId,
    ],
  );
}

// The payment's unit, or undefined when the payment is not in this association.
export async function unitOfPayment(em: EntityManager, id: string): Promise<string | undefined> {
  const [head] = await sql(em).all<{ unit_id: string }>(
    'SELECT unit_id FROM payments WHERE id = ?',
    [id],
  );
  return head?.unit_id;
}

export async function markPaymentVoid(
  em: EntityManager,
  id: string,
  reversalId: string,
  on: string,
): Promise<void> {
  await sql(em).run(
    'UPDATE payments SET void_entry_id = ?, void_date = ?, voided_at = now() WHERE id = ?',
    [reversalId, on, id],
  );
}

// Locks the payment's row until the transaction ends (a deposit locks the payments it takes).
export async function lockPayment(tx: EntityManager, id: string): Promise<void> {
  await sql(tx).run('SELECT 1 FROM payments WHERE id = ? FOR UPDATE', [id]);
}

// The number of the standing deposit (banking's) that carries the payment to the bank, if any: a
// payment in a deposit is voided only after the deposit. Read here, as the journal reads its
// subledgers' tables, because banking depends on payments.
export async function standingDepositOf(
  em: EntityManager,
  paymentId: string,
): Promise<string | null> {
  const [row] = await sql(em).all<{ number: string }>(
    `SELECT d.number::text AS number FROM deposit_payments dp JOIN deposits d ON d.id = dp.deposit_id
      WHERE dp.payment_id = ? AND dp.standing`,
    [paymentId],
  );
  return row?.number ?? null;
}
