import type { EntityManager } from '@mikro-orm/postgresql';
import { assertPeriod, periodProblems } from '../../core/period.js';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import {
  fiscalMonthIndex,
  fiscalYear,
  fiscalYearOf,
  isLocalDate,
  MIN_LOCAL_DATE,
} from '../../core/dates.js';
import { badInput, forbidden } from '../../core/errors/app-error.js';
import { toTotal, type Total } from '../../core/money/money.js';
import { Role } from '../../core/roles.js';
import { AccountType, FundType } from '../accounts/index.js';
import { vendorTaxIds } from '../vendors/index.js';
import {
  budgetSums,
  budgetYears,
  type PeriodSplit,
  type PeriodSumRow,
  periodSums,
} from './statements.repository.js';
import {
  type BalanceSheet,
  type BalanceSheetFigures,
  type BalanceSheetLine,
  BalanceSheetLineKind,
  type BalanceSheetSection,
  type IncomeStatement,
  type IncomeStatementLine,
  type IncomeStatementTotals,
  type StatementFigures,
} from './statements.types.js';

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on LocalDates (UTC, so no time zone moves a day)

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

export function addDays(date: string, n: number): string {
  const d = utc(date);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
}

const lastDayOfMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();
const isMonthEnd = (date: string) => addDays(date, 1).endsWith('-01');
const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;
const firstOfNextMonth = (date: string) => addDays(`${date.slice(0, 8)}01`, 32).slice(0, 8) + '01';

// The same calendar day `years` later (earlier when negative); a month-end stays a month-end
// (Feb 28, 2025 → Feb 29, 2024), and a day the month lacks becomes its last.
export function shiftYears(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) + years;
  const m = Number(date.slice(5, 7));
  const last = lastDayOfMonth(y, m);
  const day = isMonthEnd(date) ? last : Math.min(Number(date.slice(8, 10)), last);
  return `${String(y).padStart(4, '0')}-${date.slice(5, 7)}-${String(day).padStart(2, '0')}`;
}

// A period of entry dates (both ends included) split into what the monthly totals serve (its
// whole calendar months) and the lines of the partial months at either end.
export function splitPeriod(from: string, to: string): PeriodSplit {
  let monthFrom = from.endsWith('-01') ? from : firstOfNextMonth(from);
  let monthUntil = isMonthEnd(to) ? addDays(to, 1) : firstOfMonth(to);
  if (monthFrom >= monthUntil) {
    // No whole month: every day comes from the lines.
    monthFrom = addDays(to, 1);
    monthUntil = monthFrom;
  }
  return { from, monthFrom, monthUntil, to };
}

// The calendar months a period touches, as (year, month) pairs: a month the period covers in
// part counts whole, as in Budget vs Actual (year to date through a month takes that month's whole
// budget), so the statements, the dashboard and Budget vs Actual show one budget for one period.
function touchedMonths(from: string, to: string): { year: number; month: number }[] {
  const out: { year: number; month: number }[] = [];
  for (let m = firstOfMonth(from); m <= to; m = firstOfNextMonth(m)) {
    out.push({ year: Number(m.slice(0, 4)), month: Number(m.slice(5, 7)) });
  }
  return out;
}

const FUNDS = [FundType.OPERATING, FundType.RESERVE];
const PL_TYPES = [AccountType.INCOME, AccountType.EXPENSE];
const sum = (xs: Total[]) => xs.reduce((s, x) => s + x, 0n);

// ---------------------------------------------------------------------------------------------
// Balance sheet

// Three periods make every figure of both columns: everything through the end of the fiscal year
// before the prior one, the prior fiscal year, and this fiscal year through the date. Balances are
// their sums (as of the prior year-end: the first two); net income splits at the year starts.
const EARLIER = 0;
const PRIOR_YEAR = 1;
const THIS_YEAR = 2;

interface Cell {
  // Debits less credits, per period, in one fund.
  n: [Total, Total, Total];
}

const emptyFigures = (): BalanceSheetFigures => ({
  operating: 0n,
  reserve: 0n,
  total: 0n,
  priorYearEnd: 0n,
  priorYearEndOperating: 0n,
  priorYearEndReserve: 0n,
});

function addFigures(a: BalanceSheetFigures, b: BalanceSheetFigures): BalanceSheetFigures {
  return {
    operating: a.operating + b.operating,
    reserve: a.reserve + b.reserve,
    total: a.total + b.total,
    priorYearEnd: a.priorYearEnd + b.priorYearEnd,
    priorYearEndOperating: a.priorYearEndOperating + b.priorYearEndOperating,
    priorYearEndReserve: a.priorYearEndReserve + b.priorYearEndReserve,
  };
}

const hasFigures = (f: BalanceSheetFigures) =>
  [f.operating, f.reserve, f.priorYearEndOperating, f.priorYearEndReserve].some((v) => v !== 0n);

// A line's figures from its two funds' balances now and at the prior year-end. Interfund lines
// (the operating fund's "Due from Reserve Fund" asset and the reserve fund's "Due to Operating
// Fund" liability, which the ledger keeps equal) show in their own fund's column and as 0 in the
// combined columns: combining the funds eliminates what one owes the other, so the combined
// assets and liabilities both leave it out and the combined statement still balances.
function lineFigures(
  now: Record<FundType, Total>,
  prior: Record<FundType, Total>,
  interfund: boolean,
): BalanceSheetFigures {
  return {
    operating: now.operating,
    reserve: now.reserve,
    total: interfund ? 0n : now.operating + now.reserve,
    priorYearEnd: interfund ? 0n : prior.operating + prior.reserve,
    priorYearEndOperating: prior.operating,
    priorYearEndReserve: prior.reserve,
  };
}

const SECTION_OF: Partial<Record<AccountType, 'assets' | 'liabilities' | 'fundBalance'>> = {
  [AccountType.ASSET]: 'assets',
  [AccountType.LIABILITY]: 'liabilities',
  [AccountType.EQUITY]: 'fundBalance',
};

export async function balanceSheet(
  em: EntityManager,
  opts: { asOf: string; fiscalYearStartMonth: number },
): Promise<BalanceSheet> {
  const { asOf } = opts;
  if (!isLocalDate(asOf)) {
    throw badInput([{ field: 'asOf', message: 'Use a date like 2026-06-30' }], 'Invalid date');
  }
  const start = opts.fiscalYearStartMonth;
  const year = fiscalYearOf(asOf, start);
  const fy = fiscalYear(year, start);
  const prior = fiscalYear(year - 1, start);
  const priorYearEnd = addDays(fy.from, -1);
  const rows = await periodSums(
    em,
    [
      splitPeriod(MIN_LOCAL_DATE, addDays(prior.from, -1)),
      splitPeriod(prior.from, priorYearEnd),
      splitPeriod(fy.from, asOf),
    ],
    [...Object.values(AccountType)],
  );

  // Balance-sheet accounts by (account, type as posted); income and expense by fund.
  const accounts = new Map<string, { row: PeriodSumRow; cells: Record<FundType, Cell> }>();
  const pl: Record<FundType, Cell> = {
    [FundType.OPERATING]: { n: [0n, 0n, 0n] },
    [FundType.RESERVE]: { n: [0n, 0n, 0n] },
  };
  for (const r of rows) {
    const net = toTotal(r.d) - toTotal(r.c);
    if (PL_TYPES.includes(r.type)) {
      pl[r.fund_type].n[r.period] += net;
      continue;
    }
    const key = `${r.account_id}|${r.type}`;
    let acc = accounts.get(key);
    if (!acc) {
      acc = {
        row: r,
        cells: {
          [FundType.OPERATING]: { n: [0n, 0n, 0n] },
          [FundType.RESERVE]: { n: [0n, 0n, 0n] },
        },
      };
      accounts.set(key, acc);
    }
    acc.cells[r.fund_type].n[r.period] += net;
  }

  const sections: Record<'assets' | 'liabilities' | 'fundBalance', BalanceSheetLine[]> = {
    assets: [],
    liabilities: [],
    fundBalance: [],
  };
  for (const { row, cells } of accounts.values()) {
    // Assets read debit-positive; liabilities and equity credit-positive.
    const sign = row.type === AccountType.ASSET ? 1n : -1n;
    const at = (f: FundType, through: number) =>
      sign * cells[f].n.slice(0, through + 1).reduce((s, x) => s + x, 0n);
    const figures = lineFigures(
      { operating: at(FundType.OPERATING, THIS_YEAR), reserve: at(FundType.RESERVE, THIS_YEAR) },
      { operating: at(FundType.OPERATING, PRIOR_YEAR), reserve: at(FundType.RESERVE, PRIOR_YEAR) },
      row.interfund,
    );
    if (!hasFigures(figures)) continue;
    sections[SECTION_OF[row.type]!].push({
      kind: BalanceSheetLineKind.ACCOUNT,
      accountId: row.account_id,
      number: row.number,
      name: row.name,
      archived: row.archived,
      interfund: row.interfund,
      ...figures,
    });
  }
  const byNumber = (a: BalanceSheetLine, b: BalanceSheetLine) =>
    (a.number ?? '').localeCompare(b.number ?? '') ||
    (a.accountId ?? '').localeCompare(b.accountId ?? '');
  for (const lines of Object.values(sections)) lines.sort(byNumber);

  // Net income (credits less debits of income and expense postings) per fund: of the fiscal years
  // before each column's own year, and of that year through the column's date.
  const ni = (f: FundType, periods: number[]) => -sum(periods.map((p) => pl[f].n[p]));
  const netIncomeLine = (
    kind: BalanceSheetLineKind,
    name: string,
    now: number[],
    atPriorEnd: number[],
  ): BalanceSheetLine => ({
    kind,
    accountId: null,
    number: null,
    name,
    archived: false,
    interfund: false,
    ...lineFigures(
      { operating: ni(FundType.OPERATING, now), reserve: ni(FundType.RESERVE, now) },
      {
        operating: ni(FundType.OPERATING, atPriorEnd),
        reserve: ni(FundType.RESERVE, atPriorEnd),
      },
      false,
    ),
  });
  const earlier = netIncomeLine(
    BalanceSheetLineKind.PRIOR_YEARS_NET_INCOME,
    'Net income of earlier years',
    [EARLIER, PRIOR_YEAR],
    [EARLIER],
  );
  if (hasFigures(earlier)) sections.fundBalance.push(earlier);
  sections.fundBalance.push(
    netIncomeLine(
      BalanceSheetLineKind.CURRENT_YEAR_NET_INCOME,
      'Net income, current fiscal year',
      [THIS_YEAR],
      [PRIOR_YEAR],
    ),
  );

  const section = (lines: BalanceSheetLine[]): BalanceSheetSection => ({
    lines,
    total: lines.reduce(addFigures, emptyFigures()),
  });
  const assets = section(sections.assets);
  const liabilities = section(sections.liabilities);
  const fundBalance = section(sections.fundBalance);
  return {
    asOf,
    fiscalYear: year,
    fiscalYearStart: fy.from,
    priorYearEnd,
    assets,
    liabilities,
    fundBalance,
    liabilitiesAndFundBalance: addFigures(liabilities.total, fundBalance.total),
  };
}

// ---------------------------------------------------------------------------------------------
// Income statement

// A longer period is a mistake (or a request that would be slow for nothing).
export const MAX_STATEMENT_YEARS = 5;

function checkPeriod(from: string, to: string): void {
  const details = periodProblems(from, to);
  if (!details.length && to > addDays(shiftYears(from, MAX_STATEMENT_YEARS), -1)) {
    details.push({
      field: 'to',
      message: `A statement covers at most ${MAX_STATEMENT_YEARS} years`,
    });
  }
  assertPeriod(from, to, details);
}

const CURRENT = 0;
const PRIOR = 1;

export async function incomeStatement(
  em: EntityManager,
  opts: { from: string; to: string; fiscalYearStartMonth: number },
): Promise<IncomeStatement> {
  const { from, to } = opts;
  checkPeriod(from, to);
  const priorFrom = shiftYears(from, -1);
  const priorTo = shiftYears(to, -1);
  const current = splitPeriod(from, to);
  const rows = await periodSums(em, [current, splitPeriod(priorFrom, priorTo)], PL_TYPES);

  // Budgets: the months the period touches, as (fiscal year, place in it); covered only when
  // every fiscal year among them has a saved budget.
  const start = opts.fiscalYearStartMonth;
  const months = touchedMonths(from, to).map((m) => {
    const date = `${m.year}-${String(m.month).padStart(2, '0')}-01`;
    return { year: fiscalYearOf(date, start), month: fiscalMonthIndex(m.month, start) + 1 };
  });
  const years = [...new Set(months.map((m) => m.year))];
  const saved = years.length ? await budgetYears(em, years) : new Set<number>();
  const covered = years.length > 0 && years.every((y) => saved.has(y));
  const budgets = covered ? await budgetSums(em, months) : [];

  const lines = new Map<string, IncomeStatementLine>();
  const lineOf = (r: {
    account_id: string;
    number: string;
    name: string;
    type: AccountType;
    fund_type: FundType;
    transfer: boolean;
  }) => {
    const key = `${r.account_id}|${r.type}|${r.fund_type}`;
    let line = lines.get(key);
    if (!line) {
      line = {
        accountId: r.account_id,
        number: r.number,
        name: r.name,
        type: r.type,
        fundType: r.fund_type,
        transfer: r.transfer,
        actual: 0n,
        budget: covered ? 0n : null,
        priorYear: 0n,
      };
      lines.set(key, line);
    }
    return line;
  };
  for (const r of rows) {
    const net = toTotal(r.d) - toTotal(r.c);
    const natural = r.type === AccountType.EXPENSE ? net : -net;
    const line = lineOf(r);
    if (r.period === CURRENT) line.actual += natural;
    else if (r.period === PRIOR) line.priorYear += natural;
  }
  // A budget belongs to its account as it is classified today.
  for (const b of budgets) {
    const amount = toTotal(b.amount);
    if (amount === 0n && !lines.has(`${b.account_id}|${b.type}|${b.fund_type}`)) continue;
    const line = lineOf(b);
    line.budget = (line.budget ?? 0n) + amount;
  }

  const sorted = [...lines.values()].sort(
    (a, b) =>
      FUNDS.indexOf(a.fundType) - FUNDS.indexOf(b.fundType) ||
      Number(a.transfer) - Number(b.transfer) ||
      PL_TYPES.indexOf(a.type) - PL_TYPES.indexOf(b.type) ||
      a.number.localeCompare(b.number) ||
      a.accountId.localeCompare(b.accountId),
  );
  const figures = (xs: IncomeStatementLine[]): StatementFigures => ({
    actual: sum(xs.map((x) => x.actual)),
    budget: covered ? sum(xs.map((x) => x.budget ?? 0n)) : null,
    priorYear: sum(xs.map((x) => x.priorYear)),
  });
  const minus = (a: StatementFigures, b: StatementFigures): StatementFigures => ({
    actual: a.actual - b.actual,
    budget: a.budget === null || b.budget === null ? null : a.budget - b.budget,
    priorYear: a.priorYear - b.priorYear,
  });
  const plus = (a: StatementFigures, b: StatementFigures): StatementFigures => ({
    actual: a.actual + b.actual,
    budget: a.budget === null || b.budget === null ? null : a.budget + b.budget,
    priorYear: a.priorYear + b.priorYear,
  });
  // Transfer accounts stand apart: income and expenses are the ordinary accounts', and what moved
  // between the funds follows the excess of income over expenses (the fund-accounting layout).
  const totals = (fundType: FundType | null): IncomeStatementTotals => {
    const xs = sorted.filter((l) => fundType === null || l.fundType === fundType);
    const of = (type: AccountType, transfer: boolean) =>
      figures(xs.filter((l) => l.type === type && l.transfer === transfer));
    const income = of(AccountType.INCOME, false);
    const expenses = of(AccountType.EXPENSE, false);
    const transfersIn = of(AccountType.INCOME, true);
    const transfersOut = of(AccountType.EXPENSE, true);
    const net = minus(income, expenses);
    const netTransfers = minus(transfersIn, transfersOut);
    return {
      fundType,
      income,
      expenses,
      net,
      transfersIn,
      transfersOut,
      netTransfers,
      changeInFundBalance: plus(net, netTransfers),
    };
  };
  return {
    from,
    to,
    priorFrom,
    priorTo,
    lines: sorted,
    funds: FUNDS.map(totals),
    total: totals(null),
  };
}

// ---------------------------------------------------------------------------------------------
// 1099 report: its threshold and the admins' tax ids. The figures are payables' 1099-NEC year
// (payables/tax-1099.service.ts), which counts bills by their payments; it answers vendor1099Report
// too, in this module's types.

// Form 1099-NEC (nonemployee compensation) filing thresholds by the calendar year the payments
// were made in, newest first. Through 2025: $600 (IRC §6041A(a)). The One Big Beautiful Bill Act
// (July 2025) raised it to $2,000 for payments made after December 31, 2025, indexed for inflation
// for years after 2026: when the IRS publishes an indexed amount, add a row for its year here.
export const FORM_1099_NEC_THRESHOLDS: readonly { fromYear: number; threshold: Total }[] = [
  { fromYear: 2026, threshold: 200_000n },
  { fromYear: 1900, threshold: 60_000n },
];

export function threshold1099(year: number): Total {
  return FORM_1099_NEC_THRESHOLDS.find((t) => year >= t.fromYear)!.threshold;
}

// The whole tax ids of vendors, for organization admins only. The permission table's field rule
// refuses everyone else first; this check keeps the rule true for any other caller of the service.
export function taxIdsForAdmin(
  em: EntityManager,
  secrets: SecretBox,
  role: Role | null,
  vendorIds: readonly string[],
): Promise<Map<string, string>> {
  if (role !== Role.ADMIN) throw forbidden('Only organization admins can see tax ids');
  return vendorTaxIds(em, secrets, vendorIds);
}
