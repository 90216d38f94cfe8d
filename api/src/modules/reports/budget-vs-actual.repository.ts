import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import type { AccountSummaryRow, FundType } from '../accounts/index.js';

// Every SQL statement of the Budget vs Actual report (the rule: top of
// journal/journal.repository.ts).

export interface BvaRow extends AccountSummaryRow {
  month: number | null;
  budget: string | null;
  debit: string | null;
  credit: string | null;
}

// Budget lines and the ledger's monthly totals per account and month of the year, in one query:
// O(accounts × 12) whatever the number of journal lines.
const BVA_SQL = `
  WITH f AS (
    SELECT account_id, month, sum(budget) AS budget, sum(debit) AS debit, sum(credit) AS credit
      FROM (SELECT l.account_id, l.month::int AS month, l.amount AS budget,
                   0::bigint AS debit, 0::bigint AS credit
              FROM budget_lines l JOIN budgets b ON b.id = l.budget_id
             WHERE b.year = ?
            UNION ALL
            SELECT t.account_id, extract(month FROM t.month)::int, 0, t.debit, t.credit
              FROM account_month_totals t
             WHERE t.month >= make_date(?, 1, 1) AND t.month < make_date(? + 1, 1, 1)) x
     GROUP BY account_id, month)
  SELECT a.id, a.number, a.name, a.type, a.fund_type, a.archived, f.month, f.budget, f.debit, f.credit
    FROM accounts a LEFT JOIN f ON f.account_id = a.id
   WHERE a.type IN ('income', 'expense') AND (?::text IS NULL OR a.fund_type = ?::text)
   ORDER BY a.number, f.month`;

// Every income and expense account (of one fund, or both) with its budget and ledger totals per
// month of the year; accounts without either come once with a null month.
export function budgetAndLedgerByMonth(em: EntityManager, year: number, fund: FundType | null) {
  return sql(em).all<BvaRow>(BVA_SQL, [year, year, year, fund, fund]);
}
