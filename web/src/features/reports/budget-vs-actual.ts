import type { AccountType, FundType } from '@/apollo/types';
import type { CsvCell } from '@/csv';
import { fiscalMonths } from '@/composables/useOrganizationToday';
import { fiscalYearName, MONTHS } from '@/features/budgets';
import { toCents } from '@/money';
import type { BudgetVsActual, BvaFigures, BvaRow, BvaSubtotal } from './budget-vs-actual.graphql';

// The same short month names as the budget grid's columns.
export const MONTH_NAMES = MONTHS;

export type PeriodMode = 'year' | 'month' | 'ytd';

/**
 * "FY 2026", "Mar 2026", "Jan – Mar 2026 (YTD)"; in a fiscal year starting in July, "FY 2027
 * (Jul 2026 – Jun 2027)", "Mar 2027", "Jul 2026 – Mar 2027 (YTD)". `month` is a calendar month.
 */
export function periodLabel(
  year: number,
  mode: PeriodMode,
  month: number,
  startMonth: number = 1,
): string {
  if (startMonth === 1) {
    if (mode === 'year') return `FY ${year}`;
    const m = MONTH_NAMES[month - 1] ?? '';
    if (mode === 'month') return `${m} ${year}`;
    return month === 1 ? `Jan ${year} (YTD)` : `Jan – ${m} ${year} (YTD)`;
  }
  if (mode === 'year') return fiscalYearName(year, startMonth);
  const months = fiscalMonths(year, startMonth);
  const first = months[0]?.label ?? '';
  const through = months.find((m) => m.month === month)?.label ?? '';
  if (mode === 'month') return through;
  return through === first ? `${first} (YTD)` : `${first} – ${through} (YTD)`;
}

/**
 * The month choices of a fiscal year, in its order: "Jan" … "Dec" with a January start, else
 * with their year ("Jul 2026" … "Jun 2027"). Values are calendar months.
 */
export function monthChoices(year: number, startMonth: number): { value: number; label: string }[] {
  return fiscalMonths(year, startMonth).map((m) => ({
    value: m.month,
    label: startMonth === 1 ? (MONTH_NAMES[m.month - 1] ?? m.label) : m.label,
  }));
}

/** The query's variables for a period. */
export function periodVariables(mode: PeriodMode, month: number) {
  if (mode === 'year') return { month: null, yearToDate: false };
  return { month, yearToDate: mode === 'ytd' };
}

const FUND_LABEL: Record<FundType, string> = {
  OPERATING: 'Operating fund',
  RESERVE: 'Reserve fund',
};
const TYPE_LABEL: Partial<Record<AccountType, string>> = { INCOME: 'Income', EXPENSE: 'Expense' };

export type ReportLine =
  | { kind: 'group'; key: string; label: string }
  | { kind: 'account'; key: string; row: BvaRow }
  | { kind: 'subtotal'; key: string; label: string; figures: BvaSubtotal }
  | { kind: 'total'; key: string; label: string; figures: BvaFigures; strong?: boolean };

// A fund's transfer accounts: income-type ones bring money in from the other fund, expense-type
// ones send it out.
const TRANSFER_LABEL: Partial<Record<AccountType, string>> = {
  INCOME: 'Transfers in',
  EXPENSE: 'Transfers out',
};

/**
 * Rows in report order: per fund, per type, accounts then their subtotal, the fund's transfer
 * accounts last (transfers in, then out); then the totals: income and expense (transfers never in
 * them), net, and when there are transfers, transfers in and out and the change in fund balance.
 */
export function reportLines(r: BudgetVsActual): ReportLine[] {
  const out: ReportLine[] = [];
  for (const sub of r.subtotals) {
    const name = (sub.transfer ? TRANSFER_LABEL : TYPE_LABEL)[sub.type] ?? sub.type;
    const key = `${sub.fundType}-${sub.type}${sub.transfer ? '-transfer' : ''}`;
    out.push({ kind: 'group', key: `g-${key}`, label: `${FUND_LABEL[sub.fundType]} · ${name}` });
    for (const row of r.rows.filter(
      (x) => x.fundType === sub.fundType && x.type === sub.type && x.transfer === sub.transfer,
    )) {
      out.push({ kind: 'account', key: row.accountId, row });
    }
    out.push({
      kind: 'subtotal',
      key: `s-${key}`,
      label: `Total ${sub.fundType.toLowerCase()} ${name.toLowerCase()}`,
      figures: sub,
    });
  }
  out.push({ kind: 'total', key: 't-income', label: 'Total income', figures: r.totalIncome });
  out.push({ kind: 'total', key: 't-expense', label: 'Total expense', figures: r.totalExpense });
  out.push({
    kind: 'total',
    key: 't-net',
    label: 'Net (income − expense)',
    figures: r.net,
    strong: true,
  });
  if (r.rows.some((x) => x.transfer)) {
    out.push({ kind: 'total', key: 't-in', label: 'Transfers in', figures: r.transfersIn });
    out.push({ kind: 'total', key: 't-out', label: 'Transfers out', figures: r.transfersOut });
    out.push({
      kind: 'total',
      key: 't-change',
      label: 'Change in fund balance (net + transfers in − out)',
      figures: r.changeInFundBalance,
      strong: true,
    });
  }
  return out;
}

/** The variance's direction in words (never color alone). */
export function varianceTone(f: BvaFigures): 'favorable' | 'unfavorable' | 'even' {
  if (toCents(f.variance) === 0) return 'even';
  return f.favorable ? 'favorable' : 'unfavorable';
}

export function formatPercent(p: number | null): string {
  if (p === null) return '—';
  return `${p > 0 ? '+' : ''}${p.toFixed(1)}%`;
}

export function reportCsv(r: BudgetVsActual, title: string): CsvCell[][] {
  const out: CsvCell[][] = [
    [title],
    [
      'Number',
      'Account',
      'Fund',
      'Type',
      'Budget',
      'Actual',
      'Variance',
      'Variance %',
      'Favorable',
    ],
  ];
  const figures = (f: BvaFigures): CsvCell[] => [
    f.budget,
    f.actual,
    f.variance,
    f.variancePercent === null ? '' : f.variancePercent,
    toCents(f.variance) === 0 ? '' : f.favorable ? 'yes' : 'no',
  ];
  for (const line of reportLines(r)) {
    if (line.kind === 'account') {
      const x = line.row;
      out.push([
        x.number,
        x.name,
        FUND_LABEL[x.fundType],
        TYPE_LABEL[x.type] ?? x.type,
        ...figures(x),
      ]);
    } else if (line.kind === 'subtotal' || line.kind === 'total') {
      out.push(['', line.label, '', '', ...figures(line.figures)]);
    }
  }
  return out;
}
