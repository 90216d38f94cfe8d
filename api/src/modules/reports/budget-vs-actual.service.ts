import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_FISCAL_YEAR_START_MONTH,
  fiscalMonthIndex,
  fiscalYear,
  fiscalYearOf,
} from '../../core/dates.js';
import { badInput } from '../../core/errors/app-error.js';
import { toTotal, type Total } from '../../core/money/money.js';
import { accountSummary, AccountType, FundType } from '../accounts/index.js';
import { assertYear, fiscalMonths } from '../budgets/index.js';
import { type BvaRow, budgetAndLedgerByMonth } from './budget-vs-actual.repository.js';
import type {
  BudgetVsActual,
  BudgetVsActualFigures,
  BudgetVsActualMonth,
  BudgetVsActualRow,
} from './budget-vs-actual.types.js';

export interface BudgetVsActualOptions {
  // The fiscal year, named by the calendar year it ends in.
  year: number;
  // The period: the whole year without a month; the month (a calendar month, 1 to 12) alone, or
  // the fiscal year's first month through it (yearToDate).
  month?: number | null;
  // Without a month: the fiscal year through the month of `today` (the whole year when today is
  // not in it).
  yearToDate?: boolean;
  fundType?: FundType | null;
  // The organization's calendar: the first month of its fiscal year (January when not given) and
  // today in its time zone (for year to date).
  fiscalYearStartMonth?: number;
  today?: string;
}

// The last day of a calendar month, as a LocalDate.
const lastDay = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const first = (m: { year: number; month: number }) =>
  `${m.year}-${String(m.month).padStart(2, '0')}-01`;

// ⌊n / d⌋ for d > 0 (bigint division truncates toward zero).
const floorDiv = (n: bigint, d: bigint) => (n >= 0n ? n / d : -((-n + d - 1n) / d));

export function figures(
  budget: Total,
  actual: Total,
  type: AccountType | 'net',
): BudgetVsActualFigures {
  const variance = actual - budget;
  const abs = budget < 0n ? -budget : budget;
  // Tenths of a percent, rounded half up like Math.round, computed exactly: ⌊(1000·v / |b|) + ½⌋.
  const tenths = abs === 0n ? null : floorDiv(2000n * variance + abs, 2n * abs);
  const favorable = type === AccountType.EXPENSE ? variance <= 0n : variance >= 0n;
  return {
    budget,
    actual,
    variance,
    variancePercent: tenths === null ? null : Number(tenths) / 10,
    favorable,
    favourable: favorable,
  };
}

const FUND_ORDER = [FundType.OPERATING, FundType.RESERVE];
const TYPE_ORDER = [AccountType.INCOME, AccountType.EXPENSE];

export async function budgetVsActual(
  em: EntityManager,
  opts: BudgetVsActualOptions,
): Promise<BudgetVsActual> {
  const { year } = opts;
  assertYear(year);
  const month = opts.month ?? null;
  if (month !== null && (!Number.isInteger(month) || month < 1 || month > 12)) {
    throw badInput(
      [{ field: 'month', message: 'Use a month from 1 to 12' }],
      'Use a month from 1 to 12',
    );
  }
  // Periods are counted in places within the fiscal year (1 = its first month), as the rows are.
  const startMonth = opts.fiscalYearStartMonth ?? DEFAULT_FISCAL_YEAR_START_MONTH;
  const fy = fiscalYear(year, startMonth);
  const place = (calendarMonth: number) => fiscalMonthIndex(calendarMonth, startMonth) + 1;
  let toPlace = month === null ? 12 : place(month);
  if (month === null && opts.yearToDate && opts.today) {
    const today = opts.today;
    if (fiscalYearOf(today, startMonth) === year) toPlace = place(Number(today.slice(5, 7)));
  }
  const fromPlace = month === null || opts.yearToDate ? 1 : toPlace;
  const fund = opts.fundType ?? null;
  const rows = await budgetAndLedgerByMonth(em, year, fund, {
    startMonth,
    from: fy.from,
    until: fy.until,
  });

  const months: BudgetVsActualMonth[] = fiscalMonths(year, startMonth).map((m) => ({
    ...m,
    incomeBudget: 0n,
    incomeActual: 0n,
    expenseBudget: 0n,
    expenseActual: 0n,
  }));
  const accounts = new Map<string, { row: BvaRow; budget: Total; actual: Total; any: boolean }>();
  for (const r of rows) {
    const acc = accounts.get(r.id) ?? { row: r, budget: 0n, actual: 0n, any: false };
    accounts.set(r.id, acc);
    if (r.month === null) continue;
    const budget = toTotal(r.budget);
    const net = toTotal(r.debit) - toTotal(r.credit);
    const actual = r.type === AccountType.EXPENSE ? net : -net;
    const m = months[r.month - 1];
    // The chart of the year is income against expense: transfers between funds are neither.
    if (!r.transfer && r.type === AccountType.INCOME) {
      m.incomeBudget += budget;
      m.incomeActual += actual;
    } else if (!r.transfer) {
      m.expenseBudget += budget;
      m.expenseActual += actual;
    }
    if (r.month >= fromPlace && r.month <= toPlace) {
      acc.budget += budget;
      acc.actual += actual;
      acc.any ||= budget !== 0n || actual !== 0n;
    }
  }
  const out: BudgetVsActualRow[] = [...accounts.values()]
    .filter((a) => !a.row.archived || a.any)
    .map(({ row: r, budget, actual }) => ({
      accountId: r.id,
      ...accountSummary(r),
      transfer: r.transfer,
      ...figures(budget, actual, r.type),
    }))
    .sort(
      (a, b) =>
        FUND_ORDER.indexOf(a.fundType) - FUND_ORDER.indexOf(b.fundType) ||
        Number(a.transfer) - Number(b.transfer) ||
        TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) ||
        a.number.localeCompare(b.number),
    );
  const sum = (xs: BudgetVsActualRow[]) =>
    xs.reduce((s, r) => ({ b: s.b + r.budget, a: s.a + r.actual }), { b: 0n, a: 0n });
  const subtotals = FUND_ORDER.flatMap((fundType) =>
    [false, true].flatMap((transfer) =>
      TYPE_ORDER.flatMap((type) => {
        const xs = out.filter(
          (r) => r.fundType === fundType && r.type === type && r.transfer === transfer,
        );
        if (!xs.length) return [];
        const s = sum(xs);
        return [{ fundType, type, transfer, ...figures(s.b, s.a, type) }];
      }),
    ),
  );
  // Transfer accounts stand apart from income and expense (the income statement's rule).
  const of = (type: AccountType, transfer: boolean) =>
    sum(out.filter((r) => r.type === type && r.transfer === transfer));
  const income = of(AccountType.INCOME, false);
  const expense = of(AccountType.EXPENSE, false);
  const into = of(AccountType.INCOME, true);
  const outOf = of(AccountType.EXPENSE, true);
  const net = { b: income.b - expense.b, a: income.a - expense.a };
  const moved = { b: into.b - outOf.b, a: into.a - outOf.a };
  const [from, to] = [fy.months[fromPlace - 1], fy.months[toPlace - 1]];
  return {
    year,
    fiscalYearStartMonth: startMonth,
    fromMonth: from.month,
    toMonth: to.month,
    from: first(from),
    to: lastDay(to.year, to.month),
    fundType: fund,
    rows: out,
    subtotals,
    totalIncome: figures(income.b, income.a, AccountType.INCOME),
    totalExpense: figures(expense.b, expense.a, AccountType.EXPENSE),
    net: figures(net.b, net.a, 'net'),
    transfersIn: figures(into.b, into.a, AccountType.INCOME),
    transfersOut: figures(outOf.b, outOf.a, AccountType.EXPENSE),
    netTransfers: figures(moved.b, moved.a, 'net'),
    changeInFundBalance: figures(net.b + moved.b, net.a + moved.a, 'net'),
    months,
  };
}
