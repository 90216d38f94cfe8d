import type { CsvCell } from '@/csv';
import { toCents } from '@/money';
import type { CashForecast, CashForecastMonth, ForecastFund } from './forecast.graphql';

export const FORECAST_MONTHS = 24;

export const FUND_OPTIONS: { label: string; value: ForecastFund }[] = [
  { label: 'All funds', value: 'ALL' },
  { label: 'Operating', value: 'OPERATING' },
  { label: 'Reserve', value: 'RESERVE' },
];

export const fundLabel = (fund: ForecastFund) =>
  FUND_OPTIONS.find((o) => o.value === fund)?.label ?? fund;

export const parseFund = (value: unknown): ForecastFund =>
  FUND_OPTIONS.find((o) => o.value === value)?.value ?? 'ALL';

const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-03" → "Mar 2026". */
export const monthLabel = (month: string) =>
  `${SHORT[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The flows of a month, in the order of the table and the chart: money in, then money out. */
export const FLOWS: { key: keyof CashForecastMonth; label: string; out: boolean }[] = [
  { key: 'assessments', label: 'Assessments', out: false },
  { key: 'otherIncome', label: 'Other income', out: false },
  { key: 'investmentFlows', label: 'Investments maturing', out: false },
  { key: 'transfers', label: 'Reserve transfer', out: false },
  { key: 'expenses', label: 'Expenses', out: true },
  { key: 'capitalProjects', label: 'Capital projects', out: true },
];

/** A flow in cents as the table and the chart show it: money out below zero. */
export function signedCents(m: CashForecastMonth, flow: (typeof FLOWS)[number]): number {
  const cents = toCents(m[flow.key]);
  return flow.out && cents !== 0 ? -cents : cents;
}

/** The forecast as the CSV a treasurer opens in a spreadsheet: the months, then the lowest balance. */
export function forecastCsv(f: CashForecast, title: string): CsvCell[][] {
  return [
    [title],
    [
      'Month',
      'Opening',
      'Assessments',
      'Other income',
      'Investments maturing',
      'Reserve transfer',
      'Expenses',
      'Capital projects',
      'Closing',
    ],
    ...f.months.map((m) => [
      monthLabel(m.month),
      m.opening,
      m.assessments,
      m.otherIncome,
      m.investmentFlows,
      m.transfers,
      m.expenses,
      m.capitalProjects,
      m.closing,
    ]),
    [],
    ['Lowest balance', monthLabel(f.lowest.month), f.lowest.balance],
    ['Collection rate', `${f.collectionRate} %`],
    ...f.assumptions.map((a) => ['Assumption', a]),
  ];
}
