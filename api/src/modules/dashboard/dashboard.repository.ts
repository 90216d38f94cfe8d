import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import type { FundType } from '../accounts/index.js';

// Every SQL statement of the dashboard (the rule: top of journal/journal.repository.ts). The
// dashboard only reads, as the reports do: the ledger's monthly totals, the entry headers, and
// the few facts of other modules' tables it needs a yes or no from. Figures other modules own
// (Budget vs Actual, aging, late fees) come from their services, never from SQL here.

// Cash accounts: asset accounts that are not control accounts. A control account is kept by a
// subledger (the receivable, the interfund accounts; investments and payables register theirs as
// they arrive), so what is left among the assets is the money in the bank. Accounts carry no
// "cash" flag, and an association's chart may name them anything, so the rule is structural.
const NOT_CONTROL = (col: string) =>
  `NOT EXISTS (SELECT 1 FROM control_accounts c WHERE c.account_id = ${col})`;

export interface CashSumRow {
  account_id: string;
  fund_type: FundType;
  // The first day of a month of the window; null for everything before it (the opening).
  month: string | null;
  net: string;
}

// Debits less credits of the cash accounts per account, fund and month, in the classification
// the lines were posted in (asset, the fund of the day): whole months before the month of asOf
// from the monthly totals, that month from its lines through asOf. Months before the window come
// as one opening row per account and fund. O(accounts × months) plus one month of lines.
export function cashSums(
  em: EntityManager,
  opts: { windowStart: string; monthStart: string; asOf: string },
): Promise<CashSumRow[]> {
  return sql(em).all<CashSumRow>(
    `WITH x AS (
       SELECT t.account_id, t.fund_type, t.month, t.debit - t.credit AS net
         FROM account_month_totals t
        WHERE t.account_type = 'asset' AND t.month < ?::date
       UNION ALL
       SELECT l.account_id, l.fund_type, ?::date, l.debit - l.credit
         FROM journal_lines l
        WHERE l.account_type = 'asset' AND l.entry_date >= ?::date AND l.entry_date <= ?::date)
     SELECT x.account_id, x.fund_type,
            CASE WHEN x.month >= ?::date THEN x.month::text END AS month,
            sum(x.net)::text AS net
       FROM x
      WHERE ${NOT_CONTROL('x.account_id')}
      GROUP BY 1, 2, 3`,
    [opts.monthStart, opts.monthStart, opts.monthStart, opts.asOf, opts.windowStart],
  );
}

export interface CashAccountRow {
  id: string;
  number: string;
  name: string;
  type: string;
  fund_type: FundType;
  archived: boolean;
  cash: boolean;
}

// The accounts a cash figure may name: today's cash accounts, and every account with asset
// lines (one reclassified since keeps its old asset figures).
export function cashAccountRows(em: EntityManager): Promise<CashAccountRow[]> {
  return sql(em).all<CashAccountRow>(
    `SELECT a.id, a.number, a.name, a.type, a.fund_type, a.archived,
            (a.type = 'asset' AND ${NOT_CONTROL('a.id')}) AS cash
       FROM accounts a
      WHERE (a.type = 'asset' AND ${NOT_CONTROL('a.id')})
         OR EXISTS (SELECT 1 FROM account_month_totals t
                     WHERE t.account_id = a.id AND t.account_type = 'asset')
      ORDER BY a.number`,
  );
}

// The newest entries dated on or before asOf (by date, then number), through the
// (entry_date DESC, number DESC) index.
export async function recentEntryIds(
  em: EntityManager,
  asOf: string,
  limit: number,
): Promise<string[]> {
  const rows = await sql(em).all<{ id: string }>(
    `SELECT id FROM journal_entries WHERE entry_date <= ?::date
      ORDER BY entry_date DESC, number DESC LIMIT ?`,
    [asOf, limit],
  );
  return rows.map((r) => r.id);
}

// The months in [from, to) a save of Monthly Actuals has adjusted (first days, ascending).
export async function savedActualsMonths(
  em: EntityManager,
  from: string,
  to: string,
): Promise<string[]> {
  const rows = await sql(em).all<{ month: string }>(
    `SELECT month::text AS month FROM actuals_months
      WHERE month >= ?::date AND month < ?::date ORDER BY month`,
    [from, to],
  );
  return rows.map((r) => r.month);
}

// Whether the association bills: an invoice or a payment exists. Without either the aging is
// empty, and reading it would create the receivables settings (and their accounts) on first use.
export async function hasBilling(em: EntityManager): Promise<boolean> {
  const [row] = await sql(em).all<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM invoices) OR EXISTS (SELECT 1 FROM payments) AS any`,
  );
  return row.any;
}
