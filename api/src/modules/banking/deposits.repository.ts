import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

export interface DepositRow {
  id: string;
  number: string;
  account_id: string;
  deposit_date: string;
  memo: string | null;
  total: string;
  fee: string;
  fee_account_id: string | null;
  adjustments: string;
  journal_entry_id: string;
  void_entry_id: string | null;
  void_date: string | null;
  created_at: Date;
  payment_ids: string[];
}

const SELECT = `SELECT d.id, d.number::text, d.account_id, d.deposit_date::text, d.memo, d.total::text,
  d.fee::text, d.fee_account_id, d.adjustments::text, d.journal_entry_id, d.void_entry_id, d.void_date::text, d.created_at,
  coalesce((SELECT array_agg(dp.payment_id ORDER BY p.date, p.number) FROM deposit_payments dp
             JOIN payments p ON p.id = dp.payment_id WHERE dp.deposit_id = d.id), '{}') AS payment_ids
  FROM deposits d`;

export function depositRows(
  em: EntityManager,
  f: { ids?: string[]; accountId?: string | null; from?: string | null; to?: string | null },
): Promise<DepositRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.ids) {
    where.push(`d.id = ${anyOf('uuid')}`);
    params.push(f.ids);
  }
  if (f.accountId) {
    where.push('d.account_id = ?');
    params.push(f.accountId);
  }
  if (f.from) {
    where.push('d.deposit_date >= ?');
    params.push(f.from);
  }
  if (f.to) {
    where.push('d.deposit_date <= ?');
    params.push(f.to);
  }
  return sql(em).all<DepositRow>(
    `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY d.deposit_date DESC, d.number DESC LIMIT 500`,
    params,
  );
}

// Standing deposits carrying the payments, with the payment each row answers for.
export function standingDepositRowsOf(
  em: EntityManager,
  paymentIds: string[],
): Promise<(DepositRow & { payment_id: string })[]> {
  return sql(em).all<DepositRow & { payment_id: string }>(
    `SELECT s.payment_id, q.* FROM deposit_payments s JOIN (${SELECT}) q ON q.id = s.deposit_id
      WHERE s.standing AND s.payment_id = ${anyOf('uuid')}`,
    [paymentIds],
  );
}

export interface AccountRow {
  id: string;
  number: string;
  name: string;
  type: string;
  archived: boolean;
}

export function accountRows(em: EntityManager, ids: string[]): Promise<AccountRow[]> {
  return sql(em).all<AccountRow>(
    `SELECT id, number, name, type, archived FROM accounts WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
}

// Locks the payments until the transaction ends, in id order (two deposits sharing payments
// take turns without deadlocking; a payment's void locks it too). Read their state afterwards in
// a statement of its own: it then sees what a deposit that held them committed.
export async function lockPayments(tx: EntityManager, ids: string[]): Promise<void> {
  await sql(tx).all(
    `SELECT p.id FROM payments p WHERE p.id = ${anyOf('uuid')} ORDER BY p.id FOR UPDATE`,
    [ids],
  );
}

export interface PaymentStateRow {
  id: string;
  number: string;
  date: string;
  amount: string;
  deposit_account_id: string;
  void_entry_id: string | null;
  deposit_number: string | null;
}

// The payments named, with where they went and the standing deposit that carries them, if any.
export function paymentStates(tx: EntityManager, ids: string[]): Promise<PaymentStateRow[]> {
  return sql(tx).all<PaymentStateRow>(
    `SELECT p.id, p.number::text, p.date::text, p.amount::text, p.deposit_account_id, p.void_entry_id,
            (SELECT d.number::text FROM deposit_payments dp JOIN deposits d ON d.id = dp.deposit_id
              WHERE dp.payment_id = p.id AND dp.standing) AS deposit_number
       FROM payments p WHERE p.id = ${anyOf('uuid')}`,
    [ids],
  );
}

// Locks the deposit's row; false when there is none.
export async function lockDeposit(tx: EntityManager, id: string): Promise<boolean> {
  const rows = await sql(tx).all(`SELECT id FROM deposits WHERE id = ? FOR UPDATE`, [id]);
  return rows.length > 0;
}

// The Undeposited Funds account the deposit's payments waited in.
export async function sourceAccountOf(tx: EntityManager, id: string): Promise<string | null> {
  const [row] = await sql(tx).all<{ account: string }>(
    `SELECT p.deposit_account_id AS account FROM deposit_payments dp
       JOIN payments p ON p.id = dp.payment_id WHERE dp.deposit_id = ? LIMIT 1`,
    [id],
  );
  return row?.account ?? null;
}

// Standing payments into Undeposited Funds that no standing deposit carries, oldest first.
export async function undepositedPaymentIds(
  em: EntityManager,
  accountId: string,
  limit = 2000,
): Promise<string[]> {
  const rows = await sql(em).all<{ id: string }>(
    `SELECT p.id FROM payments p
      WHERE p.deposit_account_id = ? AND p.void_entry_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM deposit_payments dp WHERE dp.payment_id = p.id AND dp.standing)
      ORDER BY p.date, p.number LIMIT ?`,
    [accountId, Math.max(0, Math.floor(limit))],
  );
  return rows.map((r) => r.id);
}

export async function nextDepositNumber(tx: EntityManager): Promise<number> {
  const [r] = await sql(tx).all<{ n: string }>(`SELECT nextval('deposit_number_seq')::text AS n`);
  return Number(r.n);
}

export async function insertDeposit(
  tx: EntityManager,
  d: {
    id: string;
    number: number;
    accountId: string;
    date: string;
    memo: string | null;
    total: number;
    fee: number;
    feeAccountId: string | null;
    adjustments?: number;
    journalEntryId: string;
    createdBy: string | null;
  },
  paymentIds: string[],
) {
  await sql(tx).run(
    `INSERT INTO deposits (id, number, account_id, deposit_date, memo, total, fee, fee_account_id,
       adjustments, journal_entry_id, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      d.id,
      d.number,
      d.accountId,
      d.date,
      d.memo,
      d.total,
      d.fee,
      d.feeAccountId,
      d.adjustments ?? 0,
      d.journalEntryId,
      d.createdBy,
    ],
  );
  await sql(tx).run(
    `INSERT INTO deposit_payments (deposit_id, payment_id) SELECT ?, x FROM unnest(ARRAY[?]::uuid[]) x`,
    [d.id, paymentIds],
  );
}

export async function markDepositVoid(
  tx: EntityManager,
  id: string,
  entryId: string,
  date: string,
) {
  await sql(tx).run(`UPDATE deposits SET void_entry_id = ?, void_date = ? WHERE id = ?`, [
    entryId,
    date,
    id,
  ]);
  await sql(tx).run(`UPDATE deposit_payments SET standing = false WHERE deposit_id = ?`, [id]);
}
