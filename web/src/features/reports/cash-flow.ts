import type { RouteLocationRaw } from 'vue-router';
import type { FundType } from '@/apollo/types';
import type { CsvCell } from '@/csv';
import { SHORT_MONTHS, fiscalYearOf } from '@/composables/useOrganizationToday';
import { formatLocalDate } from '@/format';
import type { CashFlow, CashFlowLink } from './cash-flow.graphql';

export type CashFlowLinkKind = CashFlowLink['kind'];

// The cash-flow report's periods, names and drill-downs. Periods are LocalDate pairs (both days
// included); presets follow the association's calendar (today in its time zone, its fiscal-year
// start), as Budget vs Actual does.

export type PeriodPreset = 'month' | 'quarter' | 'ytd' | 'last-year';

export const PRESETS: { value: PeriodPreset; label: string }[] = [
  { value: 'month', label: 'This month' },
  { value: 'quarter', label: 'This quarter' },
  { value: 'ytd', label: 'Fiscal YTD' },
  { value: 'last-year', label: 'Last fiscal year' },
];

export interface Period {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const first = (year: number, month: number) => `${year}-${pad(month)}-01`;
/** The last day of a calendar month (month 13 is next year's January, and so on). */
function lastDay(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month, 0));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
/** The calendar (year, month) `months` months after the given one. */
function plusMonths(year: number, month: number, months: number) {
  const i = year * 12 + (month - 1) + months;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

/** The fiscal year's first (year, month): fiscal years are named by the year they end in. */
function fiscalStart(fiscalYear: number, startMonth: number) {
  return { year: startMonth === 1 ? fiscalYear : fiscalYear - 1, month: startMonth };
}

/** The dates of a preset on `today` (a LocalDate in the association's time zone). */
export function presetPeriod(preset: PeriodPreset, today: string, startMonth: number): Period {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const fy = fiscalYearOf(today, startMonth);
  const start = fiscalStart(fy, startMonth);
  switch (preset) {
    case 'month':
      return { from: first(year, month), to: lastDay(year, month) };
    case 'quarter': {
      // The fiscal quarter today is in.
      const offset = (month - startMonth + 12) % 12;
      const q = plusMonths(start.year, start.month, Math.floor(offset / 3) * 3);
      const end = plusMonths(q.year, q.month, 2);
      return { from: first(q.year, q.month), to: lastDay(end.year, end.month) };
    }
    case 'ytd':
      return { from: first(start.year, start.month), to: today };
    case 'last-year': {
      const s = fiscalStart(fy - 1, startMonth);
      const end = plusMonths(s.year, s.month, 11);
      return { from: first(s.year, s.month), to: lastDay(end.year, end.month) };
    }
  }
}

/** The preset these dates are on `today`, if any. */
export function matchingPreset(
  period: Period,
  today: string,
  startMonth: number,
): PeriodPreset | null {
  const hit = PRESETS.find((p) => {
    const q = presetPeriod(p.value, today, startMonth);
    return q.from === period.from && q.to === period.to;
  });
  return hit?.value ?? null;
}

/** "Mar 2026", "Q1 2026" (with a January start; else "Q1 FY 2027"), "FY 2026", or the dates. */
export function periodLabel(period: Period, startMonth: number, locale?: string): string {
  const { from, to } = period;
  const [fy, fm] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const wholeMonths = (n: number) => {
    const end = plusMonths(fy, fm, n - 1);
    return from.endsWith('-01') && to === lastDay(end.year, end.month);
  };
  if (wholeMonths(1)) return `${SHORT_MONTHS[fm - 1]} ${fy}`;
  const fiscal = fiscalYearOf(from, startMonth);
  if (fm === startMonth && wholeMonths(12)) return `FY ${fiscal}`;
  if ((fm - startMonth + 12) % 3 === 0 && wholeMonths(3)) {
    const q = Math.floor(((fm - startMonth + 12) % 12) / 3) + 1;
    return startMonth === 1 ? `Q${q} ${fy}` : `Q${q} FY ${fiscal}`;
  }
  return `${formatLocalDate(from, locale)} – ${formatLocalDate(to, locale)}`;
}

export const FUND_LABEL: Record<FundType, string> = {
  OPERATING: 'Operating fund',
  RESERVE: 'Reserve fund',
};

export const KIND_LABEL: Record<CashFlowLinkKind, string> = {
  INCOME: 'Income',
  EXPENSE: 'Expense',
  TRANSFER: 'Transfer between funds',
  DRAWN_FROM_FUND_BALANCE: 'Drawn from fund balance',
  ADDED_TO_FUND_BALANCE: 'Added to fund balance',
};

/** Where a click on a flow or a node leads: the transactions behind it for the period. */
export function flowTarget(
  item: Pick<CashFlowLink, 'accountId' | 'fundType'> & { kind: string },
  period: Period,
): RouteLocationRaw {
  if (item.accountId) {
    const query = { from: period.from, to: period.to };
    return { name: 'account-ledger', params: { id: item.accountId }, query };
  }
  if (item.kind === 'FUND') {
    return { name: 'transactions', query: { from: period.from, to: period.to } };
  }
  // A fund balance: the fund's balances at the end of the period.
  return {
    name: 'trial-balance',
    query: { asOf: period.to, fund: item.fundType.toLowerCase() },
  };
}

export interface FlowRow {
  key: string;
  from: string;
  to: string;
  kind: CashFlowLinkKind;
  fundType: FundType;
  amount: string;
  link: CashFlowLink;
}

/** The flows as the table under the chart lists them (the API's order). */
export function flowRows(cf: Pick<CashFlow, 'nodes' | 'links'>): FlowRow[] {
  const label = new Map(cf.nodes.map((n) => [n.id, n.label]));
  return cf.links.map((link) => ({
    key: `${link.source}>${link.target}`,
    from: label.get(link.source) ?? link.source,
    to: label.get(link.target) ?? link.target,
    kind: link.kind,
    fundType: link.fundType,
    amount: link.amount,
    link,
  }));
}

/** The CSV the Export button writes: the table's flows, then each fund's totals. */
export function cashFlowCsv(cf: CashFlow, title: string): CsvCell[][] {
  return [
    [title],
    ['From', 'To', 'Flow', 'Fund', 'Amount', 'Income statement figure'],
    ...flowRows(cf).map((r) => [
      r.from,
      r.to,
      KIND_LABEL[r.kind],
      FUND_LABEL[r.fundType],
      r.amount,
      r.kind === 'INCOME' || r.kind === 'EXPENSE' ? r.link.actual : '',
    ]),
    [],
    [
      'Fund',
      'Income',
      'Expenses',
      'Transfers in',
      'Transfers out',
      'Drawn from fund balance',
      'Added to fund balance',
    ],
    ...cf.funds.map((f) => [
      FUND_LABEL[f.fundType],
      f.income,
      f.expenses,
      f.transfersIn,
      f.transfersOut,
      f.drawnFromFundBalance,
      f.addedToFundBalance,
    ]),
  ];
}
