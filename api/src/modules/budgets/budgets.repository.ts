import type { EntityManager } from '@mikro-orm/postgresql';
import { toTotal, type Total } from '../../core/money/money.js';
import { anyOf, sql } from '../../db/sql.js';
import type { AccountSummaryRow, AccountType } from '../accounts/index.js';

// Every SQL statement of budgets: typed rows, parameters only.

// The whole chart, by number (budgets, actuals and their checks read it at once).
export function selectAccounts(em: EntityManager): Promise<AccountSummaryRow[]> {
  return sql(em).all<AccountSummaryRow>(
    'SELECT id, number, name, type, fund_type, archived FROM accounts ORDER BY number',
  );
}

export async function selectBudget(
  em: EntityManager,
  year: number,
): Promise<{ id: string; updated_at: string } | undefined> {
  const [row] = await sql(em).all<{ id: string; updated_at: string }>(
    'SELECT id, updated_at FROM budgets WHERE year = ?',
    [year],
  );
  return row;
}

export async function budgetExists(em: EntityManager, year: number): Promise<boolean> {
  const [row] = await sql(em).all<{ n: number }>(
    'SELECT count(*)::int AS n FROM budgets WHERE year = ?',
    [year],
  );
  return row.n > 0;
}

export interface LineRow {
  account_id: string;
  month: number;
  amount: string;
}

// A budget's lines with their account's number, type and transfer flag, by account number and
// month.
export function selectBudgetLines(
  em: EntityManager,
  budgetId: string,
): Promise<(LineRow & { number: string; type: AccountType; transfer: boolean })[]> {
  return sql(em).all<LineRow & { number: string; type: AccountType; transfer: boolean }>(
    `SELECT l.account_id, l.month, l.amount, a.number, a.type, a.interfund_transfer AS transfer
       FROM budget_lines l JOIN accounts a ON a.id = l.account_id
      WHERE l.budget_id = ? ORDER BY a.number, l.month`,
    [budgetId],
  );
}

// The year's budget row, created when missing; the row lock serialises two saves of the same year.
export async function upsertBudget(
  tx: EntityManager,
  id: string,
  year: number,
): Promise<{ id: string; created: boolean }> {
  const [row] = await sql(tx).all<{ id: string; created: boolean }>(
    `INSERT INTO budgets (id, year) VALUES (?, ?)
     ON CONFLICT (year) DO UPDATE SET updated_at = now()
     RETURNING id, (xmax = 0) AS created`,
    [id, year],
  );
  return row;
}

export function selectLineAmounts(tx: EntityManager, budgetId: string): Promise<LineRow[]> {
  return sql(tx).all<LineRow>(
    'SELECT account_id, month, amount FROM budget_lines WHERE budget_id = ?',
    [budgetId],
  );
}

// Clears the budget's lines: all of them, or only those of the accounts given.
export async function deleteBudgetLines(
  tx: EntityManager,
  budgetId: string,
  accountIds?: string[],
): Promise<void> {
  if (!accountIds) {
    await sql(tx).run('DELETE FROM budget_lines WHERE budget_id = ?', [budgetId]);
  } else {
    await sql(tx).run(
      `DELETE FROM budget_lines WHERE budget_id = ? AND account_id = ${anyOf('uuid')}`,
      [budgetId, accountIds],
    );
  }
}

export async function insertBudgetLines(
  tx: EntityManager,
  budgetId: string,
  rows: { accountId: string; month: number; amount: number }[],
): Promise<void> {
  await sql(tx).bulk(
    `INSERT INTO budget_lines (budget_id, account_id, month, amount)
     SELECT ?::uuid, a, m, v FROM jsonb_to_recordset(?::jsonb) AS t(a uuid, m smallint, v bigint)`,
    [budgetId, JSON.stringify(rows.map((r) => ({ a: r.accountId, m: r.month, v: r.amount })))],
  );
}

export async function budgetTotal(tx: EntityManager, budgetId: string): Promise<Total> {
  const [row] = await sql(tx).all<{ total: string }>(
    'SELECT coalesce(sum(amount), 0) AS total FROM budget_lines WHERE budget_id = ?',
    [budgetId],
  );
  return toTotal(row.total);
}

// The years whose budget holds an amount (a saved budget with no amounts left holds none).
export async function selectYearsWithAmounts(em: EntityManager): Promise<number[]> {
  const rows = await sql(em).all<{ year: number }>(
    `SELECT b.year FROM budgets b
      WHERE EXISTS (SELECT 1 FROM budget_lines l WHERE l.budget_id = b.id AND l.amount <> 0)
      ORDER BY b.year`,
  );
  return rows.map((r) => Number(r.year));
}
