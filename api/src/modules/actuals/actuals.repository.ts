import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import type { FundType } from '../accounts/index.js';

// Every SQL statement of monthly actuals: typed rows, parameters only. Months are stored as the
// first day of the month; a year's months are `from <= month < to`. The figures are the ledger's:
// the journal's per-account monthly totals (kept with every posting, whatever its source), and
// the lines of the entries a month of actuals owns (journal_entries.owner_*), read here the way
// reports read them.

export function selectCashAccountSettings(
  em: EntityManager,
): Promise<{ fund_type: FundType; account_id: string }[]> {
  return sql(em).all<{ fund_type: FundType; account_id: string }>(
    'SELECT fund_type, account_id FROM actuals_cash_accounts',
  );
}

export async function selectCashAccountSetting(
  tx: EntityManager,
  fundType: FundType,
): Promise<string | null> {
  const [row] = await sql(tx).all<{ account_id: string }>(
    'SELECT account_id FROM actuals_cash_accounts WHERE fund_type = ?',
    [fundType],
  );
  return row?.account_id ?? null;
}

export async function upsertCashAccountSetting(
  tx: EntityManager,
  fundType: FundType,
  accountId: string,
): Promise<void> {
  await sql(tx).run(
    `INSERT INTO actuals_cash_accounts (fund_type, account_id) VALUES (?, ?)
     ON CONFLICT (fund_type) DO UPDATE SET account_id = excluded.account_id, updated_at = now()`,
    [fundType, accountId],
  );
}

export function selectMonths(
  em: EntityManager,
  from: string,
  to: string,
): Promise<{ id: string; month: number; updated_at: string }[]> {
  return sql(em).all<{ id: string; month: number; updated_at: string }>(
    `SELECT id, extract(month FROM month)::int AS month, updated_at FROM actuals_months
      WHERE month >= ? AND month < ?`,
    [from, to],
  );
}

// A ledger sum of one account and month: debits and credits as decimal strings (bigint sums).
export interface MonthSumRow {
  account_id: string;
  month: number;
  debit: string;
  credit: string;
}

// The ledger's debits and credits per income/expense account and month in [from, to), every
// source: O(accounts × months) from the monthly totals, whatever the number of lines.
export function selectLedgerMonths(
  em: EntityManager,
  from: string,
  to: string,
): Promise<MonthSumRow[]> {
  return sql(em).all<MonthSumRow>(
    `SELECT t.account_id, extract(month FROM t.month)::int AS month,
            sum(t.debit)::text AS debit, sum(t.credit)::text AS credit
       FROM account_month_totals t JOIN accounts a ON a.id = t.account_id
      WHERE t.month >= ? AND t.month < ? AND a.type IN ('income', 'expense')
        AND t.account_type IN ('income', 'expense')
      GROUP BY t.account_id, a.number, t.month
      ORDER BY a.number, t.month`,
    [from, to],
  );
}

// The part of those sums the months' own entries posted (their adjustments and, from before the
// ledger was the grid's source, their reversals), by the month the lines are dated in.
export function selectActualsMonths(
  em: EntityManager,
  from: string,
  to: string,
): Promise<MonthSumRow[]> {
  return sql(em).all<MonthSumRow>(
    `SELECT l.account_id, extract(month FROM l.entry_date)::int AS month,
            sum(l.debit)::text AS debit, sum(l.credit)::text AS credit
       FROM actuals_months m
       JOIN journal_entries e ON e.owner_type = 'monthly_actuals' AND e.owner_id = m.id
       JOIN journal_lines l ON l.entry_id = e.id
       JOIN accounts a ON a.id = l.account_id
      WHERE m.month >= ? AND m.month < ? AND l.entry_date >= ? AND l.entry_date < ?
        AND a.type IN ('income', 'expense')
      GROUP BY l.account_id, extract(month FROM l.entry_date)`,
    [from, to, from, to],
  );
}

// Every entry the months in [from, to) own, oldest first.
export function selectMonthEntries(
  em: EntityManager,
  from: string,
  to: string,
): Promise<{ month: number; entry_id: string }[]> {
  return sql(em).all<{ month: number; entry_id: string }>(
    `SELECT extract(month FROM m.month)::int AS month, e.id AS entry_id
       FROM actuals_months m
       JOIN journal_entries e ON e.owner_type = 'monthly_actuals' AND e.owner_id = m.id
      WHERE m.month >= ? AND m.month < ? ORDER BY e.number`,
    [from, to],
  );
}

// One save at a time per association: the differences of a save are taken against the ledger
// as the previous save left it. Held until the transaction ends.
export async function lockActuals(tx: EntityManager): Promise<void> {
  await sql(tx).all(`SELECT pg_advisory_xact_lock(hashtext('covenant.monthly_actuals'))`);
}

export async function selectMonthId(tx: EntityManager, month: string): Promise<string | null> {
  const [row] = await sql(tx).all<{ id: string }>('SELECT id FROM actuals_months WHERE month = ?', [
    month,
  ]);
  return row?.id ?? null;
}

export async function insertMonth(tx: EntityManager, id: string, month: string): Promise<void> {
  await sql(tx).run('INSERT INTO actuals_months (id, month) VALUES (?, ?)', [id, month]);
}

export async function touchMonth(tx: EntityManager, monthId: string): Promise<void> {
  await sql(tx).run('UPDATE actuals_months SET updated_at = now() WHERE id = ?', [monthId]);
}
