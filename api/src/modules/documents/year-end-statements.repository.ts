import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import type { AccountType, FundType } from '../accounts/index.js';

// Every SQL statement of the year-end statements (the rule: top of journal/journal.repository.ts).
// The figures themselves come from the reports' and the journal's services; what is read here is
// what those do not say: which subledger keeps an account, and how the year's investment postings
// split between cash moved and interest added.

// Cash is what the dashboard calls cash: an asset account no subledger keeps.
const NOT_CONTROL = (col: string) =>
  `NOT EXISTS (SELECT 1 FROM control_accounts k WHERE k.account_id = ${col})`;

export interface ControlRoleRow {
  account_id: string;
  role: string;
}

// The subledger role of every control account (receivable, prepaid, interfund_operating,
// interfund_reserve, investment, undeposited…).
export function controlRoles(em: EntityManager): Promise<ControlRoleRow[]> {
  return sql(em).all<ControlRoleRow>('SELECT account_id, role FROM control_accounts');
}

export interface InvestmentSumRow {
  account_id: string;
  account_type: AccountType;
  fund_type: FundType;
  // Whether the entry moved cash of the same fund (a purchase, a maturity, a redemption), or not
  // (interest added to the investment, a rollover).
  cash: boolean;
  d: string;
  c: string;
}

// Debits and credits of the period on investment holding accounts, per account, classification
// and whether their entry has a line on a cash account of the same fund. Read through the lines'
// (account_id, entry_date) index: a few lines per investment a year.
export function investmentSums(
  em: EntityManager,
  period: { from: string; to: string },
): Promise<InvestmentSumRow[]> {
  return sql(em).all<InvestmentSumRow>(
    `SELECT x.account_id, x.account_type, x.fund_type, x.cash,
            sum(x.debit)::text AS d, sum(x.credit)::text AS c
       FROM (SELECT l.account_id, l.account_type, l.fund_type, l.debit, l.credit,
                    EXISTS (SELECT 1 FROM journal_lines o
                             WHERE o.entry_id = l.entry_id AND o.fund_type = l.fund_type
                               AND o.account_type = 'asset' AND ${NOT_CONTROL('o.account_id')}) AS cash
               FROM control_accounts r
               JOIN journal_lines l ON l.account_id = r.account_id
              WHERE r.role = 'investment' AND l.entry_date >= ?::date AND l.entry_date <= ?::date) x
      GROUP BY 1, 2, 3, 4`,
    [period.from, period.to],
  );
}

// The first day anything is dated (null: no entries yet).
export async function firstEntryDate(em: EntityManager): Promise<string | null> {
  const [row] = await sql(em).all<{ first: string | null }>(
    'SELECT min(entry_date)::text AS first FROM journal_entries',
  );
  return row?.first ?? null;
}

// ---------------------------------------------------------------------------------------------
// The CPA package's trial balance and general ledger

export interface YearActivityRow {
  account_id: string;
  account_type: AccountType;
  fund_type: FundType;
  d: string;
  c: string;
}

// Debits and credits of a fiscal year (whole months, from `from` up to `until`) per account and
// the classification they were posted in, from the monthly totals: O(accounts × months).
export function yearActivity(
  em: EntityManager,
  period: { from: string; until: string },
): Promise<YearActivityRow[]> {
  return sql(em).all<YearActivityRow>(
    `SELECT account_id, account_type, fund_type, sum(debit)::text AS d, sum(credit)::text AS c
       FROM account_month_totals
      WHERE month >= ?::date AND month < ?::date
      GROUP BY 1, 2, 3`,
    [period.from, period.until],
  );
}

export interface LedgerLineRow {
  entry_date: string;
  number: string;
  line_no: number;
  debit: string;
  credit: string;
  memo: string | null;
}

// One page of an account's lines of a period in one classification, in journal order (date,
// entry number, line), after a position: read through the lines' (account_id, entry_date) index.
export function ledgerLinesPage(
  em: EntityManager,
  opts: {
    accountId: string;
    type: AccountType;
    fund: FundType;
    from: string;
    to: string;
    after: [string, string, number];
    limit: number;
  },
): Promise<LedgerLineRow[]> {
  return sql(em).all<LedgerLineRow>(
    `SELECT l.entry_date::text AS entry_date, e.number::text AS number, l.line_no, l.debit::text AS debit,
            l.credit::text AS credit, coalesce(l.memo, e.memo) AS memo
       FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE l.account_id = ? AND l.account_type = ? AND l.fund_type = ?
        AND l.entry_date >= ?::date AND l.entry_date <= ?::date
        AND (l.entry_date, e.number, l.line_no) > (?::date, ?::bigint, ?::int)
      ORDER BY l.entry_date, e.number, l.line_no
      LIMIT ?`,
    [
      opts.accountId,
      opts.type,
      opts.fund,
      opts.from,
      opts.to,
      opts.after[0],
      opts.after[1],
      opts.after[2],
      opts.limit,
    ],
  );
}
