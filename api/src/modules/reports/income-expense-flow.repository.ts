import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import type { AccountSummaryRow } from '../accounts/index.js';

// Every SQL statement of the income and expense flow (the rule: top of journal/journal.repository.ts).

// The account's columns, with `type` and `fund_type` the classification the lines were posted in
// (not the account's today).
export interface FlowSumRow extends AccountSummaryRow {
  // Set on the ledger's interfund accounts: `interfund_operating` or `interfund_reserve`.
  interfund: string | null;
  // An interfund transfer account (income or expense moved between the funds).
  transfer: boolean;
  d: string;
  c: string;
}

// Half-open date ranges [from, until) of the period: whole months read from the monthly totals,
// the days before and after them from the lines. An empty range has from = until.
export interface PeriodRanges {
  months: [string, string];
  head: [string, string];
  tail: [string, string];
}

// What the ledger's interfund accounts and the income and expense accounts took in the period, per
// account and classification (type and fund the lines were posted in). Whole months come from the
// monthly totals, only the partial months at either end from the lines (each a range of the
// (entry_date, id) index): O(accounts × months + lines of two partial months), never a scan of the
// journal.
const PERIOD_SUMS_SQL = `
  WITH interfund AS (
    SELECT account_id, role FROM control_accounts WHERE role LIKE 'interfund%'
  ), p AS (
    SELECT account_id, fund_type, account_type, debit AS d, credit AS c
      FROM account_month_totals
     WHERE month >= ?::date AND month < ?::date
    UNION ALL
    SELECT account_id, fund_type, account_type, debit, credit
      FROM journal_lines
     WHERE entry_date >= ?::date AND entry_date < ?::date
    UNION ALL
    SELECT account_id, fund_type, account_type, debit, credit
      FROM journal_lines
     WHERE entry_date >= ?::date AND entry_date < ?::date
  ), s AS (
    SELECT account_id, fund_type, account_type, sum(d) AS d, sum(c) AS c
      FROM p
     WHERE account_type IN ('income', 'expense')
        OR account_id IN (SELECT account_id FROM interfund)
     GROUP BY account_id, fund_type, account_type
  )
  SELECT a.id, a.number, a.name, a.archived, s.account_type AS type, s.fund_type,
         i.role AS interfund, a.interfund_transfer AS transfer, s.d, s.c
    FROM s JOIN accounts a ON a.id = s.account_id
    LEFT JOIN interfund i ON i.account_id = s.account_id
   WHERE s.d <> s.c
   ORDER BY a.number, s.fund_type, s.account_type`;

export function periodSums(em: EntityManager, r: PeriodRanges) {
  return sql(em).all<FlowSumRow>(PERIOD_SUMS_SQL, [...r.months, ...r.head, ...r.tail]);
}
