import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import type { AccountSummaryRow, FundType } from '../accounts/index.js';

// Every SQL statement of the Budget vs Actual report (the rule: top of
// journal/journal.repository.ts).

export interface BvaRow extends AccountSummaryRow {
  // An interfund transfer account (the account's flag today).
  transfer: boolean;
  month: number | null;
  budget: string | null;
  debit: string | null;
  credit: string | null;
}

// Budget lines and the ledger's monthly totals per account and month of the fiscal year, in one
// query: O(accounts × 12) whatever the number of journal lines. `month` is the month's place in
// the fiscal year (1 = its first month), as budget lines keep it; the ledger's calendar months
// are mapped to it from the fiscal start month. Ledger figures keep the type and fund they were
// posted in (an account reclassified later still counts as income in the months it was income);
// budget lines take their account's.
const BVA_SQL = `
  WITH f AS (
    SELECT account_id, month, type, fund_type,
           sum(budget) AS budget, sum(debit) AS debit, sum(credit) AS credit
      FROM (SELECT l.account_id, l.month::int AS month, ba.type, ba.fund_type,
                   l.amount AS budget, 0::bigint AS debit, 0::bigint AS credit
              FROM budget_lines l JOIN budgets b ON b.id = l.budget_id
              JOIN accounts ba ON ba.id = l.account_id
             WHERE b.year = ?
            UNION ALL
            SELECT t.account_id, (extract(month FROM t.month)::int - ?::int + 12) % 12 + 1,
                   t.account_type, t.fund_type, 0, t.debit, t.credit
              FROM account_month_totals t
             WHERE t.month >= ?::date AND t.month < ?::date) x
     GROUP BY account_id, month, type, fund_type)
  SELECT a.id, a.number, a.name, coalesce(f.type, a.type) AS type,
         coalesce(f.fund_type, a.fund_type) AS fund_type, a.archived,
         a.interfund_transfer AS transfer, f.month, f.budget, f.debit, f.credit
    FROM accounts a LEFT JOIN f ON f.account_id = a.id
   WHERE coalesce(f.type, a.type) IN ('income', 'expense')
     AND (?::text IS NULL OR coalesce(f.fund_type, a.fund_type) = ?::text)
   ORDER BY a.number, f.month`;

// Every income and expense account (of one fund, or both) with its budget and ledger totals per
// month of the fiscal year (`from` … `until`, exclusive: its first day and the first day after
// it); accounts without either come once with a null month.
export function budgetAndLedgerByMonth(
  em: EntityManager,
  year: number,
  fund: FundType | null,
  fiscal: { startMonth: number; from: string; until: string },
) {
  return sql(em).all<BvaRow>(BVA_SQL, [
    year,
    fiscal.startMonth,
    fiscal.from,
    fiscal.until,
    fund,
    fund,
  ]);
}
