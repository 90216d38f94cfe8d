import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';
import type { FundType } from '../accounts/index.js';

// Every SQL statement of the cash-flow forecast. It only reads: the figures other modules own
// (cash, assessment rates, the reserve contribution, investments, capital projects) come from
// their services; what is left here is the collection history and the budget's monthly lines.

export interface CollectionRow {
  billed: string;
  applied: string;
}

// Assessments billed in [from, until) (standing assessment invoices by issue date) and what
// standing payments applied to assessment invoices in the same window (by the date the
// application counts from), whatever month the invoice was billed in: catching up on old dues
// is collection too, and the service caps the ratio at 100 %.
export async function collectionSums(
  em: EntityManager,
  from: string,
  until: string,
): Promise<CollectionRow> {
  const [row] = await sql(em).all<CollectionRow>(
    `SELECT
       (SELECT coalesce(sum(i.total), 0) FROM invoices i
         WHERE i.kind = 'assessment' AND i.void_entry_id IS NULL
           AND i.issue_date >= ?::date AND i.issue_date < ?::date)::text AS billed,
       (SELECT coalesce(sum(a.amount), 0) FROM payment_applications a
          JOIN payments p ON p.id = a.payment_id
          JOIN invoices i ON i.id = a.invoice_id
         WHERE i.kind = 'assessment' AND i.void_entry_id IS NULL AND p.void_entry_id IS NULL
           AND a.applied_on >= ?::date AND a.applied_on < ?::date)::text AS applied`,
    [from, until, from, until],
  );
  return row;
}

// The fiscal years that have a budget, ascending.
export async function budgetYears(em: EntityManager): Promise<number[]> {
  const rows = await sql(em).all<{ year: number }>(`SELECT year FROM budgets ORDER BY year`);
  return rows.map((r) => r.year);
}

export type BudgetBucket = 'expense' | 'other_income';

export interface BudgetMonthRow {
  year: number;
  // The fiscal month, 1 to 12 (budget lines are in fiscal order).
  month: number;
  fund_type: FundType;
  bucket: BudgetBucket;
  amount: string;
}

// Both are negated below: the coalesce keeps an account without a role from comparing to NULL,
// which NOT would leave NULL and drop the ordinary accounts.
// The operating expense accounts whose role says they carry the operating side of the reserve
// contribution (reserve_transfer): the forecast shows them as the transfer.
const TRANSFER_EXPENSE = `coalesce(a.forecast_role, '') = 'reserve_transfer'`;
// Income the forecast takes from elsewhere: assessments (the rates), and the accounts whose role
// says so: the reserve contribution (the transfer) and interest (the investments' maturities).
const NOT_OTHER_INCOME = `(a.id = ${anyOf('uuid')}
  OR coalesce(a.forecast_role, '') IN ('reserve_contribution', 'interest_income'))`;

// The budget's expense and other income per year, fiscal month and fund, in the accounts'
// natural direction (positive: money out for expenses, money in for income).
export function budgetMonths(
  em: EntityManager,
  years: number[],
  assessmentAccountIds: string[],
): Promise<BudgetMonthRow[]> {
  if (!years.length) return Promise.resolve([]);
  return sql(em).all<BudgetMonthRow>(
    `SELECT b.year, l.month, a.fund_type,
            CASE WHEN a.type = 'expense' THEN 'expense' ELSE 'other_income' END AS bucket,
            sum(l.amount)::text AS amount
       FROM budget_lines l
       JOIN budgets b ON b.id = l.budget_id
       JOIN accounts a ON a.id = l.account_id
      WHERE b.year = ${anyOf('int')}
        AND ((a.type = 'expense' AND NOT (${TRANSFER_EXPENSE}))
          OR (a.type = 'income' AND NOT ${NOT_OTHER_INCOME}))
      GROUP BY 1, 2, 3, 4`,
    [years, assessmentAccountIds],
  );
}

// The fund of each account.
export function accountFunds(
  em: EntityManager,
  ids: string[],
): Promise<{ id: string; fund_type: FundType }[]> {
  if (!ids.length) return Promise.resolve([]);
  return sql(em).all(`SELECT id, fund_type FROM accounts WHERE id = ${anyOf('uuid')}`, [ids]);
}
