import type { EntityManager } from '@mikro-orm/postgresql';
import {
  dayBefore,
  fiscalYear,
  fiscalYearOf,
  MAX_LOCAL_DATE,
  MIN_LOCAL_DATE,
} from '../../core/dates.js';
import { badInput } from '../../core/errors/app-error.js';
import type { Total } from '../../core/money/money.js';
import { AccountType, FundType } from '../accounts/index.js';
import {
  accountBalances,
  booksClosedThrough,
  type BalanceRow,
  trialBalance,
  type TrialBalance,
} from '../journal/index.js';
import { balanceSheet, incomeStatement, type BalanceSheet } from '../reports/index.js';
import { listReserveComponents, percentOf } from '../reserves/index.js';
import { controlRoles, firstEntryDate, investmentSums } from './year-end-statements.repository.js';
import {
  type CashFlowLine,
  CashFlowLineKind,
  type CashFlowStatement,
  type FundActivities,
  type FundColumns,
  type FutureRepairComponent,
  type FutureRepairFundingAccount,
  type FutureRepairs,
  type YearEndCashAccount,
  type YearEndFiscalYear,
  type YearEndLine,
  type YearEndStatements,
} from './year-end-statements.types.js';

// The year-end statements of a fiscal year, all computed from the books as they stand: nothing is
// posted at a year's end. Each fund's net income is carried into its fund balance by the reports'
// own computation (the balance sheet's "Net income of earlier years"), which hledger's closing
// transaction agrees with (year-end-statements.test.ts). The figures reuse the reports' services
// (balance sheet, income statement) and the journal's balances, so every statement ties to the
// screens a treasurer already reads:
// - Changes in fund balances: the balance sheet's fund balance at the prior year-end, plus the
//   income statement's excess of revenues over expenses and transfers, plus what was posted to
//   fund-balance accounts in the year, equals the balance sheet's fund balance at the year end.
// - Cash flows (indirect): per fund, the change in cash is the excess of revenues over expenses
//   and transfers less the change in every other balance (each entry balances in each fund), each
//   change shown on its own line; an investment's postings split by whether their entry moved cash
//   (purchase, maturity: investing) or not (interest added, rollover: an operating adjustment).

export interface YearEndCalendar {
  today: string;
  fiscalYearStartMonth: number;
}

const FIRST_YEAR = Number(MIN_LOCAL_DATE.slice(0, 4)) + 1;
const LAST_YEAR = Number(MAX_LOCAL_DATE.slice(0, 4));

export const columns = (operating: Total, reserve: Total): FundColumns => ({
  operating,
  reserve,
  total: operating + reserve,
});
const ZERO = columns(0n, 0n);
const plus = (a: FundColumns, b: FundColumns) =>
  columns(a.operating + b.operating, a.reserve + b.reserve);
const minus = (a: FundColumns, b: FundColumns) =>
  columns(a.operating - b.operating, a.reserve - b.reserve);
const sumColumns = (xs: FundColumns[]) => xs.reduce(plus, ZERO);
const byFund = (fund: FundType, amount: Total) =>
  fund === FundType.OPERATING ? columns(amount, 0n) : columns(0n, amount);
const isZero = (c: FundColumns) => c.operating === 0n && c.reserve === 0n;

// The first and last day of a fiscal year.
export function fiscalYearDates(year: number, startMonth: number): { from: string; to: string } {
  const fy = fiscalYear(year, startMonth);
  return { from: fy.from, to: dayBefore(fy.until) };
}

export function checkFiscalYear(year: number, field = 'fiscalYear'): void {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw badInput(
      [{ field, message: 'Use a fiscal year like 2026' }],
      'Use a fiscal year like 2026',
    );
  }
}

function fiscalYearOn(
  year: number,
  cal: YearEndCalendar,
  closedThrough: string | null,
): YearEndFiscalYear {
  const { from, to } = fiscalYearDates(year, cal.fiscalYearStartMonth);
  return {
    fiscalYear: year,
    from,
    to,
    closed: closedThrough !== null && closedThrough >= to,
    current: fiscalYearOf(cal.today, cal.fiscalYearStartMonth) === year,
  };
}

// The fiscal years of the books, newest first: from the one the first entry is dated in through
// the current one (just the current one when nothing is posted yet).
export async function yearEndFiscalYears(
  em: EntityManager,
  cal: YearEndCalendar,
): Promise<YearEndFiscalYear[]> {
  const [first, closedThrough] = await Promise.all([firstEntryDate(em), booksClosedThrough(em)]);
  const current = fiscalYearOf(cal.today, cal.fiscalYearStartMonth);
  const firstYear = Math.min(
    current,
    first ? fiscalYearOf(first, cal.fiscalYearStartMonth) : current,
  );
  const years: YearEndFiscalYear[] = [];
  for (let y = current; y >= firstYear; y--) years.push(fiscalYearOn(y, cal, closedThrough));
  return years;
}

export async function yearEndStatements(
  em: EntityManager,
  cal: YearEndCalendar,
  year: number,
): Promise<YearEndStatements> {
  checkFiscalYear(year);
  const closedThrough = await booksClosedThrough(em);
  return {
    ...fiscalYearOn(year, cal, closedThrough),
    closedThrough,
    fiscalYearStartMonth: cal.fiscalYearStartMonth,
  };
}

type Year = Pick<YearEndStatements, 'from' | 'to' | 'fiscalYearStartMonth'>;

// ---------------------------------------------------------------------------------------------
// Balance sheet

export function yearEndBalanceSheet(em: EntityManager, y: Year): Promise<BalanceSheet> {
  return balanceSheet(em, { asOf: y.to, fiscalYearStartMonth: y.fiscalYearStartMonth });
}

// ---------------------------------------------------------------------------------------------
// Statement of revenues, expenses and changes in fund balances

// Lines by account (and the type posted in), with a column per fund.
class LineSet {
  private lines = new Map<string, YearEndLine>();

  add(key: string, head: Pick<YearEndLine, 'accountId' | 'number' | 'name'>, c: FundColumns) {
    const line = this.lines.get(key);
    if (line) Object.assign(line, { ...head, ...plus(line, c) });
    else this.lines.set(key, { ...head, ...c });
  }

  list(): YearEndLine[] {
    return [...this.lines.values()]
      .filter((l) => !isZero(l))
      .sort(
        (a, b) =>
          (a.number ?? '').localeCompare(b.number ?? '') ||
          (a.accountId ?? '').localeCompare(b.accountId ?? ''),
      );
  }
}

export async function fundActivities(em: EntityManager, y: Year): Promise<FundActivities> {
  const [is, bs] = await Promise.all([
    incomeStatement(em, { from: y.from, to: y.to, fiscalYearStartMonth: y.fiscalYearStartMonth }),
    yearEndBalanceSheet(em, y),
  ]);
  const revenues = new LineSet();
  const expenses = new LineSet();
  const transfers = new LineSet();
  for (const l of is.lines) {
    const head = { accountId: l.accountId, number: l.number, name: l.name };
    const key = `${l.accountId}|${l.type}`;
    const income = l.type === AccountType.INCOME;
    if (l.transfer) transfers.add(key, head, byFund(l.fundType, income ? l.actual : -l.actual));
    else (income ? revenues : expenses).add(key, head, byFund(l.fundType, l.actual));
  }
  const fund = (f: FundType) => is.funds.find((x) => x.fundType === f)!;
  const of = (pick: (t: ReturnType<typeof fund>) => Total) =>
    columns(pick(fund(FundType.OPERATING)), pick(fund(FundType.RESERVE)));

  // What the year posted to fund-balance accounts themselves (opening balances, corrections).
  const entries = new LineSet();
  for (const l of bs.fundBalance.lines) {
    if (l.accountId === null) continue;
    entries.add(
      l.accountId,
      { accountId: l.accountId, number: l.number, name: l.name },
      columns(l.operating - l.priorYearEndOperating, l.reserve - l.priorYearEndReserve),
    );
  }
  const total = bs.fundBalance.total;
  const fundBalanceEntries = entries.list();
  return {
    revenues: revenues.list(),
    totalRevenues: of((t) => t.income.actual),
    expenses: expenses.list(),
    totalExpenses: of((t) => t.expenses.actual),
    excessOfRevenuesOverExpenses: of((t) => t.net.actual),
    fundBalanceBeginning: columns(total.priorYearEndOperating, total.priorYearEndReserve),
    transfers: transfers.list(),
    netTransfers: of((t) => t.netTransfers.actual),
    fundBalanceEntries,
    fundBalanceEnding: columns(total.operating, total.reserve),
  };
}

// ---------------------------------------------------------------------------------------------
// Statement of cash flows

const net = (r: BalanceRow) => r.debit - r.credit;
const classKey = (accountId: string, type: AccountType, fund: FundType) =>
  `${accountId}|${type}|${fund}`;

interface Change {
  accountId: string;
  number: string;
  name: string;
  type: AccountType;
  fund: FundType;
  // Debits less credits, at the prior year-end and at the year end.
  begin: Total;
  end: Total;
}

// Each balance-sheet classification's balance at both ends of the year.
async function balanceChanges(em: EntityManager, y: Year): Promise<Change[]> {
  const [before, after] = await Promise.all([
    accountBalances(em, { asOf: dayBefore(y.from) }),
    accountBalances(em, { asOf: y.to }),
  ]);
  const out = new Map<string, Change>();
  const touch = (r: BalanceRow) => {
    const key = classKey(r.accountId, r.type, r.fundType);
    let c = out.get(key);
    if (!c) {
      c = { ...r, fund: r.fundType, begin: 0n, end: 0n };
      out.set(key, c);
    }
    // The names of today.
    Object.assign(c, { number: r.number, name: r.name });
    return c;
  };
  const balanceSheetTypes = [AccountType.ASSET, AccountType.LIABILITY, AccountType.EQUITY];
  for (const r of before) if (balanceSheetTypes.includes(r.type)) touch(r).begin += net(r);
  for (const r of after) if (balanceSheetTypes.includes(r.type)) touch(r).end += net(r);
  return [...out.values()].sort(
    (a, b) => a.number.localeCompare(b.number) || a.accountId.localeCompare(b.accountId),
  );
}

const KIND_OF_ROLE: Record<string, CashFlowLineKind> = {
  receivable: CashFlowLineKind.RECEIVABLE,
  undeposited: CashFlowLineKind.UNDEPOSITED_FUNDS,
  prepaid: CashFlowLineKind.PREPAID_ASSESSMENTS,
};

export async function cashFlowStatement(em: EntityManager, y: Year): Promise<CashFlowStatement> {
  const [activities, changes, roleRows, investments] = await Promise.all([
    fundActivities(em, y),
    balanceChanges(em, y),
    controlRoles(em),
    investmentSums(em, y),
  ]);
  const roles = new Map(roleRows.map((r) => [r.account_id, r.role]));

  const operating: CashFlowLine[] = [];
  const investing: CashFlowLine[] = [];
  const financing: CashFlowLine[] = [];
  const cashAccounts: YearEndCashAccount[] = [];
  // One line per account and kind; an account held in both funds in the year adds into one line.
  const add = (
    list: CashFlowLine[],
    kind: CashFlowLineKind,
    c: Change,
    name: string,
    amount: Total,
  ) => {
    if (amount === 0n) return;
    const line = list.find(
      (l) => l.kind === kind && (l.accountId ?? '') === c.accountId && l.name === name,
    );
    const figures = byFund(c.fund, amount);
    if (line) Object.assign(line, plus(line, figures));
    else {
      list.push({
        kind,
        accountId: c.accountId || null,
        number: c.number || null,
        name,
        ...figures,
      });
    }
  };

  const invested = new Map<string, { cashIn: Total; cashOut: Total; other: Total }>();
  for (const r of investments) {
    const key = classKey(r.account_id, r.account_type, r.fund_type);
    const s = invested.get(key) ?? { cashIn: 0n, cashOut: 0n, other: 0n };
    const d = BigInt(r.d);
    const cr = BigInt(r.c);
    if (r.cash) {
      s.cashOut += d;
      s.cashIn += cr;
    } else s.other += d - cr;
    invested.set(key, s);
  }

  let cashBeginning = ZERO;
  let cashEnding = ZERO;
  for (const c of changes) {
    const role = roles.get(c.accountId);
    const delta = c.end - c.begin;
    const increase = c.type === AccountType.ASSET ? '(Increase) decrease' : 'Increase (decrease)';
    if (c.type === AccountType.ASSET && !role) {
      cashBeginning = plus(cashBeginning, byFund(c.fund, c.begin));
      cashEnding = plus(cashEnding, byFund(c.fund, c.end));
      if (c.begin !== 0n || c.end !== 0n) {
        cashAccounts.push({
          accountId: c.accountId,
          number: c.number,
          name: c.name,
          fundType: c.fund,
          beginning: c.begin,
          ending: c.end,
        });
      }
    } else if (c.type === AccountType.EQUITY) {
      add(financing, CashFlowLineKind.FUND_BALANCE_ENTRIES, c, `Entries to ${c.name}`, -delta);
    } else if (role === 'interfund_operating' || role === 'interfund_reserve') {
      // Both funds' interfund accounts on one line: what one fund owes the other, both sides.
      add(
        financing,
        CashFlowLineKind.INTERFUND_BALANCES,
        { ...c, accountId: '', number: '' },
        'Change in interfund balances (Due to / Due from)',
        -delta,
      );
    } else if (role === 'investment') {
      const s = invested.get(classKey(c.accountId, c.type, c.fund)) ?? {
        cashIn: 0n,
        cashOut: 0n,
        other: 0n,
      };
      add(investing, CashFlowLineKind.INVESTMENTS_PURCHASED, c, `Purchased: ${c.name}`, -s.cashOut);
      add(
        investing,
        CashFlowLineKind.INVESTMENTS_MATURED,
        c,
        `Matured or redeemed: ${c.name}`,
        s.cashIn,
      );
      // What else changed the holding (interest added, rollovers, anything the split missed).
      const rest = delta - (s.cashOut - s.cashIn);
      add(operating, CashFlowLineKind.INVESTMENT_NON_CASH, c, `Interest added to ${c.name}`, -rest);
    } else {
      const kind =
        (role ? KIND_OF_ROLE[role] : undefined) ??
        (c.type === AccountType.LIABILITY
          ? CashFlowLineKind.LIABILITY
          : CashFlowLineKind.OTHER_BALANCE);
      add(operating, kind, c, `${increase} in ${c.name}`, -delta);
    }
  }
  // Operating adjustments in the order a reader expects: receivables, then what was received
  // ahead, then what is owed.
  const order = Object.values(CashFlowLineKind);
  operating.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  if (!isZero(activities.netTransfers)) {
    financing.unshift({
      kind: CashFlowLineKind.INTERFUND_TRANSFERS,
      accountId: null,
      number: null,
      name: 'Interfund transfers',
      ...activities.netTransfers,
    });
  }

  const excess = activities.excessOfRevenuesOverExpenses;
  const netOperating = plus(excess, sumColumns(operating));
  const netInvesting = sumColumns(investing);
  const netFinancing = sumColumns(financing);
  return {
    excessOfRevenuesOverExpenses: excess,
    operatingAdjustments: operating,
    netOperating,
    investing,
    netInvesting,
    financing,
    netFinancing,
    netChangeInCash: plus(plus(netOperating, netInvesting), netFinancing),
    cashBeginning,
    cashEnding,
    cashAccounts,
  };
}

// The change in cash the balances show (what the statement's sections must add up to).
export const cashChange = (s: CashFlowStatement) => minus(s.cashEnding, s.cashBeginning);

// ---------------------------------------------------------------------------------------------
// Supplementary information on future major repairs and replacements

export async function futureRepairs(em: EntityManager, y: Year): Promise<FutureRepairs> {
  // Remaining lives as of the next fiscal year's start: the study's year after this one.
  const nextYearStart = fiscalYear(
    fiscalYearOf(y.to, y.fiscalYearStartMonth) + 1,
    y.fiscalYearStartMonth,
  ).from;
  const [components, balances, sheet] = await Promise.all([
    listReserveComponents(em, {
      today: nextYearStart,
      fiscalYearStartMonth: y.fiscalYearStartMonth,
    }),
    accountBalances(em, { asOf: y.to }),
    yearEndBalanceSheet(em, y),
  ]);
  const accounts = new Map<string, FutureRepairFundingAccount>();
  for (const r of balances) {
    const a = accounts.get(r.accountId);
    if (a) a.balance += net(r);
    else {
      accounts.set(r.accountId, {
        accountId: r.accountId,
        number: r.number,
        name: r.name,
        balance: net(r),
        componentCount: 0,
        replacementCost: 0n,
      });
    }
  }
  for (const c of components) {
    const a = accounts.get(c.accountId)!;
    a.componentCount += 1;
    a.replacementCost += c.currentReplacementCost;
  }
  const rows: FutureRepairComponent[] = components
    .map((c) => {
      const a = accounts.get(c.accountId)!;
      return {
        componentId: c.id,
        name: c.name,
        category: c.category,
        usefulLifeYears: c.usefulLifeYears,
        remainingLifeYears: c.remainingLifeYears,
        nextReplacementYear: c.nextReplacementYear,
        currentReplacementCost: c.currentReplacementCost,
        fullyFundedBalance: c.fullyFundedBalance,
        fundingAccountId: a.accountId,
        fundingAccountNumber: a.number,
        fundingAccountName: a.name,
        fundsAccumulated: a.componentCount === 1 ? a.balance : null,
      };
    })
    .sort((a, b) => a.nextReplacementYear - b.nextReplacementYear || a.name.localeCompare(b.name));
  const totalFullyFunded = rows.reduce((s, c) => s + c.fullyFundedBalance, 0n);
  const reserveFundBalance = sheet.fundBalance.total.reserve;
  return {
    asOf: y.to,
    components: rows,
    fundingAccounts: [...accounts.values()]
      .filter((a) => a.componentCount > 0)
      .sort((a, b) => a.number.localeCompare(b.number)),
    totalReplacementCost: rows.reduce((s, c) => s + c.currentReplacementCost, 0n),
    totalFullyFunded,
    reserveFundBalance,
    percentFunded: percentOf(reserveFundBalance, totalFullyFunded).percent,
  };
}

// ---------------------------------------------------------------------------------------------
// Trial balance

export function yearEndTrialBalance(em: EntityManager, y: Year): Promise<TrialBalance> {
  return trialBalance(em, { asOf: y.to });
}
