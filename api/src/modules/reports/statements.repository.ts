import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import type { AccountSummaryRow, AccountType } from '../accounts/index.js';

// Every SQL statement of the financial statements (the rule: top of journal/journal.repository.ts).

// A period of entry dates split where the monthly totals can serve it: lines dated `from` up to
// `monthFrom` (exclusive), the whole months `monthFrom` … `monthUntil` (exclusive) from
// account_month_totals, and lines dated `monthUntil` through `to`. The service splits (splitPeriod).
export interface PeriodSplit {
  from: string;
  monthFrom: string;
  monthUntil: string;
  to: string;
}

// An account's columns in a statement row, by `account_id`.
type AccountColumnsRow = Omit<AccountSummaryRow, 'id'> & { account_id: string };

// `type` and `fund_type`: the classification the lines were posted in (not necessarily the
// account's today).
export interface PeriodSumRow extends AccountColumnsRow {
  // The period's place in the list given.
  period: number;
  // Whether the account is one of the ledger's interfund accounts (Due from / Due to).
  interfund: boolean;
  // Whether it is an interfund transfer account (income or expense moved between the funds).
  transfer: boolean;
  d: string;
  c: string;
}

// Debits and credits per account, type and fund as posted, for each period: O(accounts × months)
// from the monthly totals plus the lines of the partial months at the periods' ends, in one
// statement. Only the account types given (as posted). Classifications with nothing posted in a
// period have no row for it.
export function periodSums(
  em: EntityManager,
  periods: PeriodSplit[],
  types: AccountType[],
): Promise<PeriodSumRow[]> {
  const col = (k: keyof PeriodSplit) => periods.map((p) => p[k]);
  return sql(em).all<PeriodSumRow>(
    `WITH p AS (
       SELECT * FROM unnest(ARRAY[?]::int[], ARRAY[?]::date[], ARRAY[?]::date[], ARRAY[?]::date[],
                            ARRAY[?]::date[]) AS p(i, head_from, month_from, month_until, to_date)),
     s AS (
       SELECT p.i, x.account_id, x.account_type, x.fund_type,
              sum(x.debit) AS d, sum(x.credit) AS c
         FROM p CROSS JOIN LATERAL (
           SELECT m.account_id, m.account_type, m.fund_type, m.debit, m.credit
             FROM account_month_totals m
            WHERE m.month >= p.month_from AND m.month < p.month_until
           UNION ALL
           SELECT l.account_id, l.account_type, l.fund_type, l.debit, l.credit
             FROM journal_lines l
            WHERE (l.entry_date >= p.head_from AND l.entry_date < p.month_from)
               OR (l.entry_date >= p.month_until AND l.entry_date <= p.to_date)) x
        WHERE x.account_type = ANY(ARRAY[?]::text[])
        GROUP BY 1, 2, 3, 4)
     SELECT s.i AS period, s.account_id, a.number, a.name, a.archived,
            s.account_type AS type, s.fund_type, s.d, s.c, a.interfund_transfer AS transfer,
            EXISTS (SELECT 1 FROM control_accounts k
                     WHERE k.account_id = s.account_id
                       AND k.role IN ('interfund_operating', 'interfund_reserve')) AS interfund
       FROM s JOIN accounts a ON a.id = s.account_id
      ORDER BY a.number, s.i`,
    [periods.map((_, i) => i), col('from'), col('monthFrom'), col('monthUntil'), col('to'), types],
  );
}

// `type` and `fund_type`: the account's today (budgets follow their account).
export interface BudgetSumRow extends AccountColumnsRow {
  transfer: boolean;
  amount: string;
}

// Budget per income and expense account over some (fiscal year, place in the fiscal year) months.
export function budgetSums(
  em: EntityManager,
  months: { year: number; month: number }[],
): Promise<BudgetSumRow[]> {
  return sql(em).all<BudgetSumRow>(
    `SELECT a.id AS account_id, a.number, a.name, a.archived, a.type, a.fund_type,
            a.interfund_transfer AS transfer, sum(l.amount) AS amount
       FROM budget_lines l
       JOIN budgets b ON b.id = l.budget_id
       JOIN unnest(ARRAY[?]::int[], ARRAY[?]::int[]) AS m(year, month)
         ON m.year = b.year AND m.month = l.month
       JOIN accounts a ON a.id = l.account_id
      WHERE a.type IN ('income', 'expense')
      GROUP BY a.id`,
    [months.map((m) => m.year), months.map((m) => m.month)],
  );
}

// Which of these fiscal years have a saved budget.
export async function budgetYears(em: EntityManager, years: number[]): Promise<Set<number>> {
  const rows = await sql(em).all<{ year: number }>(
    'SELECT year FROM budgets WHERE year = ANY(ARRAY[?]::int[])',
    [years],
  );
  return new Set(rows.map((r) => Number(r.year)));
}
