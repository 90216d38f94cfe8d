import type { RouteLocationRaw } from 'vue-router';
import type { FundType } from '@/apollo/types';
import type { CsvCell } from '@/csv';
import { SHORT_MONTHS, fiscalYearOf } from '@/composables/useOrganizationToday';
import { formatLocalDate } from '@/format';
import type { IncomeExpenseFlow, FlowLink } from './income-expense-flow.graphql';
import { addMonths, monthEnd, type Period, type PeriodPreset, presetOf } from './periods';

export { type Period, type PeriodPreset, presetPeriod } from './periods';

export type FlowLinkKind = FlowLink['kind'];

// The income and expense flow's period names, flow names and drill-downs (the period math is periods.ts).

export const PRESETS: { value: PeriodPreset; label: string }[] = [
  { value: 'month', label: 'This month' },
  { value: 'quarter', label: 'This quarter' },
  { value: 'ytd', label: 'Fiscal YTD' },
  { value: 'last-year', label: 'Last fiscal year' },
];

/** The preset these dates are on `today`, if any. */
export const matchingPreset = presetOf;

/** "Mar 2026", "Q1 2026" (with a January start; else "Q1 FY 2027"), "FY 2026", or the dates. */
export function periodLabel(period: Period, startMonth: number, locale?: string): string {
  const { from, to } = period;
  const [fy, fm] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const wholeMonths = (n: number) => {
    const end = addMonths(fy, fm, n - 1);
    return from.endsWith('-01') && to === monthEnd(end.year, end.month);
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

export const KIND_LABEL: Record<FlowLinkKind, string> = {
  INCOME: 'Income',
  EXPENSE: 'Expense',
  TRANSFER: 'Transfer between funds',
  DRAWN_FROM_FUND_BALANCE: 'Drawn from fund balance',
  ADDED_TO_FUND_BALANCE: 'Added to fund balance',
};

/** Where a click on a flow or a node leads: the transactions behind it for the period. */
export function flowTarget(
  item: Pick<FlowLink, 'accountId' | 'fundType'> & { kind: string },
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
  kind: FlowLinkKind;
  fundType: FundType;
  amount: string;
  link: FlowLink;
}

/** The flows as the table under the chart lists them (the API's order). */
export function flowRows(cf: Pick<IncomeExpenseFlow, 'nodes' | 'links'>): FlowRow[] {
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
export function incomeExpenseFlowCsv(cf: IncomeExpenseFlow, title: string): CsvCell[][] {
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
