import type { EntityManager } from '@mikro-orm/postgresql';
import { today } from '../../core/dates.js';
import { maxTotal, sumCents, toTotal, type Total } from '../../core/money/money.js';
import { accountSummary, AccountType, FundType } from '../accounts/index.js';
import { balanceSums } from './journal.repository.js';

export interface BalanceRow {
  accountId: string;
  number: string;
  name: string;
  // The classification the figures were posted in: the account's on the date (see balanceSums).
  type: AccountType;
  fundType: FundType;
  archived: boolean;
  debit: Total;
  credit: Total;
  // In the account's normal direction: debit − credit for assets and expenses, credit − debit
  // for liabilities, equity and income.
  balance: Total;
}

const DEBIT_NORMAL = new Set([AccountType.ASSET, AccountType.EXPENSE]);

// Balances as of a date (without one: every posting) read the monthly totals of whole months
// before it and only the lines of its own month: O(accounts × months), not O(lines). Each account
// comes first in the type and fund it had on the date; a later row of the same account holds a
// balance left in another classification (never, when every change went through a
// reclassification, which moves the whole balance).
export async function accountBalances(
  em: EntityManager,
  opts: { asOf?: string | null; fundType?: FundType | null; accountId?: string } = {},
): Promise<BalanceRow[]> {
  const rows = await balanceSums(em, opts);
  return rows.map((r) => {
    const debit = toTotal(r.d);
    const credit = toTotal(r.c);
    return {
      accountId: r.id,
      ...accountSummary(r),
      debit,
      credit,
      balance: DEBIT_NORMAL.has(r.type) ? debit - credit : credit - debit,
    };
  });
}

export interface FundTotals {
  fundType: FundType;
  assets: Total;
  liabilities: Total;
  equity: Total;
  income: Total;
  expenses: Total;
  netAssets: Total;
}

// The GraphQL queries' default date: balances without a date are as of today (UTC), so entries
// dated later do not count yet.
const asOfOrToday = (asOf?: string | null) => asOf ?? today();

// Each fund's totals by account type, in each type's normal direction.
export async function fundBalances(em: EntityManager, asOf?: string | null): Promise<FundTotals[]> {
  const rows = await accountBalances(em, { asOf: asOfOrToday(asOf) });
  return [FundType.OPERATING, FundType.RESERVE].map((fundType) => {
    const sum = (type: AccountType) =>
      sumCents(
        rows.filter((r) => r.fundType === fundType && r.type === type).map((r) => r.balance),
      );
    const assets = sum(AccountType.ASSET);
    const liabilities = sum(AccountType.LIABILITY);
    return {
      fundType,
      assets,
      liabilities,
      equity: sum(AccountType.EQUITY),
      income: sum(AccountType.INCOME),
      expenses: sum(AccountType.EXPENSE),
      netAssets: assets - liabilities,
    };
  });
}

export interface TrialBalanceRow extends BalanceRow {
  debitBalance: Total;
  creditBalance: Total;
}

export interface TrialBalance {
  asOf: string | null;
  rows: TrialBalanceRow[];
  totalDebit: Total;
  totalCredit: Total;
}

// Every account's net as a debit or a credit balance; total debits equal total credits.
export async function trialBalance(
  em: EntityManager,
  opts: { asOf?: string | null; fundType?: FundType | null },
): Promise<TrialBalance> {
  const asOf = asOfOrToday(opts.asOf);
  const rows = (await accountBalances(em, { asOf, fundType: opts.fundType })).map((r) => {
    const net = r.debit - r.credit;
    return { ...r, debitBalance: maxTotal(net, 0n), creditBalance: maxTotal(-net, 0n) };
  });
  return {
    asOf,
    rows,
    totalDebit: sumCents(rows.map((r) => r.debitBalance)),
    totalCredit: sumCents(rows.map((r) => r.creditBalance)),
  };
}

// Every account with its balance as of a date (default: today).
export function balancesAsOf(
  em: EntityManager,
  opts: { asOf?: string | null; fundType?: FundType | null },
): Promise<BalanceRow[]> {
  return accountBalances(em, { asOf: asOfOrToday(opts.asOf), fundType: opts.fundType });
}
