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
  journal_entry_id: string;
  void_entry_id: string | null;
  void_date: string | null;
  created_at: Date;
  payment_ids: string[];
}

const SELECT = `SELECT d.id, d.number::text, d.account_id, d.deposit_date::text, d.memo, d.total::text,
  d.fee::text, d.fee_account_id, d.journal_entry_id, d.void_entry_id, d.void_date::text, d.created_at,
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

export interface UndepositedRow {
  id: string;
  date: string;
  amount: string;
  deposit_account_id: string;
  void_entry_id: string | null;
  deposit_number: string | null;
}

// The payments named, locked (two deposits racing for one payment take turns), with where they
// went and the standing deposit that carries them, if any.
export function lockPayments(tx: EntityManager, ids: string[]): Promise<UndepositedRow[]> {
  return sql(tx).all<UndepositedRow>(
    `SELECT p.id, p.date::text, p.amount::text, p.deposit_account_id, p.void_entry_id,
            (SELECT d.number::text FROM deposit_payments dp JOIN deposits d ON d.id = dp.deposit_id
              WHERE dp.payment_id = p.id AND dp.standing) AS deposit_number
       FROM payments p WHERE p.id = ${anyOf('uuid')} ORDER BY p.id FOR UPDATE OF p`,
    [ids],
  );
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
      ORDER BY p.date, p.number LIMIT ${Math.floor(limit)}`,
    [accountId],
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
    journalEntryId: string;
    createdBy: string | null;
  },
  paymentIds: string[],
) {
  await sql(tx).run(
    `INSERT INTO deposits (id, number, account_id, deposit_date, memo, total, fee, fee_account_id,
       journal_entry_id, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      d.id,
      d.number,
      d.accountId,
      d.date,
      d.memo,
      d.total,
      d.fee,
      d.feeAccountId,
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

// Whether an account has lines other than payments' (it cannot become Undeposited Funds then).
export async function foreignPostings(em: EntityManager, accountId: string): Promise<number> {
  const [r] = await sql(em).all<{ n: number }>(
    `SELECT count(*)::int AS n FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE l.account_id = ? AND coalesce(e.owner_type, '') NOT IN ('payment', 'deposit')`,
    [accountId],
  );
  return r.n;
}
