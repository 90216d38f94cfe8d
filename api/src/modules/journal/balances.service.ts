import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import { AccountType, FundType } from '../accounts/account.entity.js';

export interface BalanceRow {
  accountId: string;
  number: string;
  name: string;
  type: AccountType;
  fundType: FundType;
  archived: boolean;
  debit: number;
  credit: number;
  // In the account's normal direction: debit − credit for assets and expenses, credit − debit
  // for liabilities, equity and income.
  balance: number;
}

const DEBIT_NORMAL = new Set([AccountType.ASSET, AccountType.EXPENSE]);

// Balances as of a date read the monthly totals of whole months before it and only the lines of
// its own month: O(accounts × months), not O(lines).
export async function accountBalances(
  em: EntityManager,
  opts: { asOf?: string | null; fundType?: FundType | null; accountId?: string } = {},
): Promise<BalanceRow[]> {
  const params: unknown[] = [];
  let months: string;
  let partial = '';
  // One account: its own totals and lines only, read through the (account_id, …) indexes.
  const one = opts.accountId ? 'account_id = ? AND' : '';
  const oneParam = opts.accountId ? [opts.accountId] : [];
  if (opts.asOf) {
    months = `SELECT account_id, sum(debit) AS d, sum(credit) AS c FROM account_month_totals
                WHERE ${one} month < date_trunc('month', ?::date) GROUP BY account_id`;
    partial = `UNION ALL SELECT account_id, sum(debit), sum(credit) FROM journal_lines
                WHERE ${one} entry_date >= date_trunc('month', ?::date)::date AND entry_date <= ?::date
                GROUP BY account_id`;
    params.push(...oneParam, opts.asOf, ...oneParam, opts.asOf, opts.asOf);
  } else {
    months = `SELECT account_id, sum(debit) AS d, sum(credit) AS c FROM account_month_totals
                ${opts.accountId ? 'WHERE account_id = ?' : ''} GROUP BY account_id`;
    params.push(...oneParam);
  }
  const where: string[] = [];
  if (opts.fundType) {
    where.push('a.fund_type = ?');
    params.push(opts.fundType);
  }
  if (opts.accountId) {
    where.push('a.id = ?');
    params.push(opts.accountId);
  }
  const rows = await sql(em).all<{
    id: string;
    number: string;
    name: string;
    type: AccountType;
    fund_type: FundType;
    archived: boolean;
    d: string;
    c: string;
  }>(
    `WITH t AS (${months} ${partial}),
          s AS (SELECT account_id, sum(d) AS d, sum(c) AS c FROM t GROUP BY account_id)
     SELECT a.id, a.number, a.name, a.type, a.fund_type, a.archived,
            coalesce(s.d, 0) AS d, coalesce(s.c, 0) AS c
       FROM accounts a LEFT JOIN s ON s.account_id = a.id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY a.number`,
    params,
  );
  return rows.map((r) => {
    const debit = Number(r.d);
    const credit = Number(r.c);
    return {
      accountId: r.id,
      number: r.number,
      name: r.name,
      type: r.type,
      fundType: r.fund_type,
      archived: r.archived,
      debit,
      credit,
      balance: DEBIT_NORMAL.has(r.type) ? debit - credit : credit - debit,
    };
  });
}
