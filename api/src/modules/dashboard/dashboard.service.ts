import type { EntityManager } from '@mikro-orm/postgresql';
import {
  addDays,
  addMonths,
  DEFAULT_FISCAL_YEAR_START_MONTH,
  fiscalYearOf,
  monthInWords,
} from '../../core/dates.js';
import { displayMoney, sumCents, toTotal, type Total } from '../../core/money/money.js';
import { AccountType, FundType } from '../accounts/index.js';
import { reconciliationStatus } from '../banking/index.js';
import { MONTH_LABELS } from '../budgets/index.js';
import { agingReport, emptyAgingBuckets, previewLateFees } from '../invoices/index.js';
import { booksClosedThrough, type JournalEntry, findJournalEntries } from '../journal/index.js';
import { budgetFigures, budgetVsActual, type BudgetVsActualFigures } from '../reports/index.js';
import {
  cashAccountRows,
  cashSums,
  hasBilling,
  recentEntryIds,
  savedActualsMonths,
} from './dashboard.repository.js';
import {
  type Dashboard,
  type DashboardAttentionItem,
  DashboardAttentionKind,
  type DashboardCash,
  type DashboardCashFund,
  type DashboardIncomeExpense,
  type DashboardReceivables,
  type DashboardRoute,
} from './dashboard.types.js';

const FUNDS = [FundType.OPERATING, FundType.RESERVE];
const TREND_POINTS = 12;
export const RECENT_ENTRIES = 8;

// Calendar arithmetic on first days of months ("2026-03-01"), in UTC.
const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const monthEnd = (first: string) => {
  const d = new Date(`${addMonths(first, 1)}T00:00:00Z`);
  d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
};
const monthLabel = (first: string) =>
  `${MONTH_LABELS[Number(first.slice(5, 7)) - 1]} ${first.slice(0, 4)}`;

export interface DashboardOptions {
  asOf: string;
  fiscalYearStartMonth?: number;
}

export function dashboardOn(opts: DashboardOptions): Dashboard {
  return {
    asOf: opts.asOf,
    fiscalYear: fiscalYearOf(
      opts.asOf,
      opts.fiscalYearStartMonth ?? DEFAULT_FISCAL_YEAR_START_MONTH,
    ),
    reads: new Map(),
  };
}

// A read shared by the tiles of one request: the first tile that needs it starts it.
function once<T>(d: Dashboard, key: string, read: () => Promise<T>): Promise<T> {
  let p = d.reads.get(key) as Promise<T> | undefined;
  if (!p) d.reads.set(key, (p = read()));
  return p;
}

// ---------------------------------------------------------------------------------------------
// Cash

interface CashBalances {
  cash: DashboardCash;
  // Every (account, fund) balance on asOf, cash accounts only, for the negative-cash item.
  balances: {
    accountId: string;
    number: string;
    name: string;
    fundType: FundType;
    balance: Total;
  }[];
}

async function readCash(em: EntityManager, asOf: string): Promise<CashBalances> {
  const current = monthStart(asOf);
  const windowStart = addMonths(current, -(TREND_POINTS - 1));
  const months = Array.from({ length: TREND_POINTS }, (_, i) => addMonths(windowStart, i));
  const rows = await cashSums(em, { windowStart, monthStart: current, asOf });
  const accounts = new Map((await cashAccountRows(em)).map((a) => [a.id, a]));

  // Per account and fund: the opening before the window and the net of each month in it.
  const series = new Map<string, { accountId: string; fundType: FundType; net: Total[] }>();
  const opening = new Map<string, Total>();
  for (const r of rows) {
    const key = `${r.account_id}|${r.fund_type}`;
    let s = series.get(key);
    if (!s) {
      s = { accountId: r.account_id, fundType: r.fund_type, net: months.map(() => 0n) };
      series.set(key, s);
    }
    if (r.month === null) opening.set(key, (opening.get(key) ?? 0n) + toTotal(r.net));
    else s.net[months.indexOf(r.month)] += toTotal(r.net);
  }
  // Today's cash accounts appear in their fund even without a posting.
  for (const a of accounts.values()) {
    const key = `${a.id}|${a.fund_type}`;
    if (a.cash && !a.archived && !series.has(key)) {
      series.set(key, { accountId: a.id, fundType: a.fund_type, net: months.map(() => 0n) });
    }
  }

  const balances: CashBalances['balances'] = [];
  const funds: DashboardCashFund[] = FUNDS.map((fundType) => ({
    fundType,
    balance: 0n,
    trend: months.map((m, i) => ({
      date: i === TREND_POINTS - 1 ? asOf : monthEnd(m),
      balance: 0n,
    })),
    accounts: [],
  }));
  for (const [key, s] of series) {
    const fund = funds.find((f) => f.fundType === s.fundType)!;
    let running = opening.get(key) ?? 0n;
    s.net.forEach((net, i) => {
      running += net;
      fund.trend[i].balance += running;
    });
    fund.balance += running;
    const a = accounts.get(s.accountId);
    // An account reclassified out of cash keeps its old figures in the trend, not in the list.
    if (!a || (running === 0n && (a.archived || !a.cash || a.fund_type !== s.fundType))) continue;
    const row = {
      accountId: a.id,
      number: a.number,
      name: a.name,
      fundType: s.fundType,
      balance: running,
    };
    balances.push(row);
    fund.accounts.push({ ...row, archived: a.archived });
  }
  for (const f of funds)
    f.accounts.sort((a, b) => a.number.localeCompare(b.number, 'en', { numeric: true }));
  return { cash: { total: sumCents(funds.map((f) => f.balance)), funds }, balances };
}

const cashOf = (em: EntityManager, d: Dashboard) => once(d, 'cash', () => readCash(em, d.asOf));

export async function cashTile(em: EntityManager, d: Dashboard): Promise<DashboardCash> {
  return (await cashOf(em, d)).cash;
}

// ---------------------------------------------------------------------------------------------
// Income and expense

export async function incomeExpenseTile(
  em: EntityManager,
  d: Dashboard,
  fiscalYearStartMonth?: number,
): Promise<DashboardIncomeExpense> {
  // The report itself, so the tile and the page it links to show the same figures.
  const r = await budgetVsActual(em, {
    year: d.fiscalYear,
    yearToDate: true,
    today: d.asOf,
    fiscalYearStartMonth,
  });
  const funds = FUNDS.map((fundType) => {
    const of = (type: AccountType, transfer = false): BudgetVsActualFigures =>
      r.subtotals.find(
        (s) => s.fundType === fundType && s.type === type && s.transfer === transfer,
      ) ?? budgetFigures(0n, 0n, type);
    const income = of(AccountType.INCOME);
    const expense = of(AccountType.EXPENSE);
    const into = of(AccountType.INCOME, true);
    const out = of(AccountType.EXPENSE, true);
    return {
      fundType,
      income,
      expense,
      net: budgetFigures(income.budget - expense.budget, income.actual - expense.actual, 'net'),
      transfers: budgetFigures(into.budget - out.budget, into.actual - out.actual, 'net'),
    };
  });
  return {
    year: r.year,
    fiscalYearStartMonth: r.fiscalYearStartMonth,
    toMonth: r.toMonth,
    from: r.from,
    to: r.to,
    income: r.totalIncome,
    expense: r.totalExpense,
    net: r.net,
    funds,
  };
}

// ---------------------------------------------------------------------------------------------
// Receivables

export async function receivablesTile(
  em: EntityManager,
  d: Dashboard,
): Promise<DashboardReceivables> {
  const none = { days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
  if (!(await hasBilling(em))) {
    return {
      outstanding: 0n,
      pastDue: 0n,
      buckets: emptyAgingBuckets(),
      unitsOwing: 0,
      delinquentUnits: 0,
      delinquentByBucket: none,
      billing: false,
    };
  }
  const aging = await agingReport(em, d.asOf);
  const byBucket = { ...none };
  let owing = 0;
  for (const { buckets: b } of aging.rows) {
    if (b.total > 0n) owing++;
    // A unit is delinquent once anything it owes is a day past due; it counts in the bucket of
    // its oldest such amount.
    if (b.over90 > 0n) byBucket.over90++;
    else if (b.days61to90 > 0n) byBucket.days61to90++;
    else if (b.days31to60 > 0n) byBucket.days31to60++;
    else if (b.days1to30 > 0n) byBucket.days1to30++;
  }
  const t = aging.totals;
  return {
    outstanding: t.total,
    pastDue: t.days1to30 + t.days31to60 + t.days61to90 + t.over90,
    buckets: t,
    unitsOwing: owing,
    delinquentUnits:
      byBucket.days1to30 + byBucket.days31to60 + byBucket.days61to90 + byBucket.over90,
    delinquentByBucket: byBucket,
    billing: true,
  };
}

// ---------------------------------------------------------------------------------------------
// Recent transactions

export async function recentTransactions(em: EntityManager, d: Dashboard): Promise<JournalEntry[]> {
  const ids = await recentEntryIds(em, d.asOf, RECENT_ENTRIES);
  const entries = await findJournalEntries(em, ids);
  return ids.flatMap((id) => entries.get(id) ?? []);
}

// ---------------------------------------------------------------------------------------------
// What needs attention

const route = (
  name: string,
  params: Record<string, string> = {},
  query: Record<string, string> = {},
): DashboardRoute => ({
  name,
  params: Object.entries(params).map(([key, value]) => ({ key, value })),
  query: Object.entries(query).map(([key, value]) => ({ key, value })),
});

const listed = (xs: string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// Closed months (before the month of asOf, the last twelve) without Monthly Actuals, once the
// association keeps them: a save adjusts a month (there is no saved-but-unposted state, a save
// posts), so a month after the first one saved in the window that has none was skipped.
async function missingActuals(
  em: EntityManager,
  asOf: string,
): Promise<DashboardAttentionItem | null> {
  const until = monthStart(asOf);
  const from = addMonths(until, -12);
  const saved = await savedActualsMonths(em, from, until);
  if (!saved.length) return null;
  const missing: string[] = [];
  for (let m = saved[0]; m < until; m = addMonths(m, 1)) if (!saved.includes(m)) missing.push(m);
  if (!missing.length) return null;
  const labels = missing.map(monthLabel);
  const latest = missing[missing.length - 1];
  return {
    kind: DashboardAttentionKind.MONTHLY_ACTUALS_MISSING,
    title: 'Monthly actuals not entered',
    detail: `${listed(labels)} ${missing.length === 1 ? 'has' : 'have'} no monthly actuals yet`,
    count: missing.length,
    amount: null,
    route: route('monthly-actuals', {}, { year: latest.slice(0, 4) }),
  };
}

async function lateFeesDue(
  em: EntityManager,
  asOf: string,
): Promise<DashboardAttentionItem | null> {
  const preview = await previewLateFees(em, asOf);
  if (!preview.count) return null;
  return {
    kind: DashboardAttentionKind.LATE_FEES_NOT_ASSESSED,
    title: 'Late fees not assessed',
    detail: `${plural(preview.count, 'overdue invoice has', 'overdue invoices have')} no late fee for ${monthLabel(monthStart(asOf))} (${displayMoney(preview.total)} in fees)`,
    count: preview.count,
    amount: preview.total,
    route: route('late-fees', {}, { asOf }),
  };
}

async function negativeCash(
  em: EntityManager,
  d: Dashboard,
): Promise<DashboardAttentionItem | null> {
  const below = (await cashOf(em, d)).balances
    .filter((b) => b.balance < 0n)
    .sort((a, b) => a.number.localeCompare(b.number, 'en', { numeric: true }));
  if (!below.length) return null;
  const names = below.map((b) => `${b.number} ${b.name} (${displayMoney(b.balance)})`);
  return {
    kind: DashboardAttentionKind.NEGATIVE_CASH,
    title: below.length === 1 ? 'A cash account is below zero' : 'Cash accounts are below zero',
    detail: `${listed(names)}: a deposit or a payment may be missing or posted to the wrong account`,
    count: below.length,
    amount: sumCents(below.map((b) => b.balance)),
    route:
      below.length === 1
        ? route('account-ledger', { id: below[0].accountId }, { to: d.asOf })
        : route('trial-balance', {}, { asOf: d.asOf }),
  };
}

// Bank accounts behind: not reconciled through the last closed month (the month before asOf's),
// or holding statement lines unmatched for more than 30 days. An account with nothing imported
// and never reconciled is not named: its banking has not started.
async function unreconciledBanks(
  em: EntityManager,
  asOf: string,
): Promise<DashboardAttentionItem | null> {
  const closedThrough = addDays(monthStart(asOf), -1);
  const behind = (await reconciliationStatus(em, asOf)).filter(
    (b) =>
      (b.last_line || b.reconciled_through) &&
      ((b.reconciled_through ?? '') < closedThrough || b.stale_unmatched > 0),
  );
  if (!behind.length) return null;
  const names = behind.map((b) => {
    const through = b.reconciled_through
      ? `reconciled through ${b.reconciled_through}`
      : 'never reconciled';
    const stale = b.stale_unmatched
      ? `, ${plural(b.stale_unmatched, 'line', 'lines')} unmatched over 30 days`
      : '';
    return `${b.number} ${b.name} (${through}${stale})`;
  });
  return {
    kind: DashboardAttentionKind.BANK_NOT_RECONCILED,
    title:
      behind.length === 1 ? 'A bank account is not reconciled' : 'Bank accounts are not reconciled',
    detail: `${listed(names)}: the board reviews a reconciliation of each account every month`,
    count: behind.length,
    amount: null,
    route:
      behind.length === 1
        ? route('bank-account', { accountId: behind[0].account_id })
        : route('banking'),
  };
}

// Months that have ended and are still open, once the association closes its books (it has
// closed a month before): the board approves each month's figures, then they stay put.
async function openMonths(em: EntityManager, asOf: string): Promise<DashboardAttentionItem | null> {
  const through = await booksClosedThrough(em);
  if (!through) return null;
  const lastEnded = addDays(monthStart(asOf), -1);
  if (through >= lastEnded) return null;
  const months: string[] = [];
  for (let m = addDays(through, 1); m <= lastEnded; m = addMonths(m, 1)) months.push(m);
  const names = months.map((m) => monthInWords(m));
  return {
    kind: DashboardAttentionKind.MONTH_NOT_CLOSED,
    title: months.length === 1 ? `${names[0]} is not closed` : 'Months are not closed',
    detail: `${listed(names)} ${months.length === 1 ? 'has' : 'have'} ended: close ${
      months.length === 1 ? 'it' : 'them'
    } once the bank accounts are reconciled, so the board's figures stay put`,
    count: months.length,
    amount: null,
    route: route('periods'),
  };
}

// Most urgent first: money below zero, then income not billed, then books behind.
export async function attentionItems(
  em: EntityManager,
  d: Dashboard,
): Promise<DashboardAttentionItem[]> {
  const items = await Promise.all([
    negativeCash(em, d),
    lateFeesDue(em, d.asOf),
    missingActuals(em, d.asOf),
    unreconciledBanks(em, d.asOf),
    openMonths(em, d.asOf),
  ]);
  return items.filter((i): i is DashboardAttentionItem => i !== null);
}
