import type { RouteLocationRaw } from 'vue-router';
import type { FundType } from '@/apollo/types';
import { toCents, type Cents } from '@/money';
import type {
  Dashboard,
  DashboardAttentionItem,
  DashboardCashPoint,
  DashboardFigures,
  DashboardReceivables,
} from './dashboard.graphql';

// What the tiles show and where they lead. Every link carries the filter of the figure it comes
// from, in the query parameters the target page reads (its filters live in the address).

const fundParam = (fund: FundType) => fund.toLowerCase();

/** The trial balance on the dashboard's date, one fund or both. */
export function trialBalanceLink(asOf: string, fund?: FundType): RouteLocationRaw {
  return { name: 'trial-balance', query: { asOf, ...(fund ? { fund: fundParam(fund) } : {}) } };
}

/** An account's ledger through the dashboard's date (its last running balance is the figure). */
export function ledgerLink(accountId: string, asOf: string): RouteLocationRaw {
  return { name: 'account-ledger', params: { id: accountId }, query: { to: asOf } };
}

/** Budget vs Actual, year to date through the tile's month, one fund or both. */
export function budgetVsActualLink(
  ie: { year: number; toMonth: number },
  fund?: FundType,
): RouteLocationRaw {
  return {
    name: 'budget-vs-actual',
    query: {
      year: String(ie.year),
      period: 'ytd',
      month: String(ie.toMonth),
      ...(fund ? { fund: fundParam(fund) } : {}),
    },
  };
}

/** The aging report on the date; `overdue` keeps only units with something past due. */
export function agingLink(asOf: string, overdue = false): RouteLocationRaw {
  return { name: 'aging', query: { asOf, ...(overdue ? { overdue: '1' } : {}) } };
}

export function entryLink(id: string): RouteLocationRaw {
  return { name: 'transaction', params: { id } };
}

/** The transactions list through the date (the tile shows its newest entries). */
export function transactionsLink(asOf: string): RouteLocationRaw {
  return { name: 'transactions', query: { to: asOf } };
}

/**
 * An attention item's route hint as a router location; null when this app has no such page (an
 * API newer than the web app may name one).
 */
export function attentionLink(
  item: Pick<DashboardAttentionItem, 'route'>,
  hasRoute: (name: string) => boolean,
): RouteLocationRaw | null {
  const { name, params, query } = item.route;
  if (!hasRoute(name)) return null;
  const pairs = (xs: { key: string; value: string }[]) =>
    Object.fromEntries(xs.map((x) => [x.key, x.value]));
  return { name, params: pairs(params), query: pairs(query) };
}

/** Icon and tone of an attention item by kind; unknown kinds (newer API) get a neutral one. */
export function attentionLook(kind: string): { icon: string; tone: 'danger' | 'warn' | 'info' } {
  switch (kind) {
    case 'NEGATIVE_CASH':
      return { icon: 'pi pi-exclamation-circle', tone: 'danger' };
    case 'LATE_FEES_NOT_ASSESSED':
      return { icon: 'pi pi-stopwatch', tone: 'warn' };
    case 'MONTHLY_ACTUALS_MISSING':
      return { icon: 'pi pi-table', tone: 'info' };
    case 'MONTH_NOT_CLOSED':
      return { icon: 'pi pi-lock-open', tone: 'info' };
    default:
      return { icon: 'pi pi-info-circle', tone: 'info' };
  }
}

export const DELINQUENCY_BUCKETS = [
  { key: 'days1to30', label: '1–30 days' },
  { key: 'days31to60', label: '31–60 days' },
  { key: 'days61to90', label: '61–90 days' },
  { key: 'over90', label: 'Over 90 days' },
] as const;

export function delinquencyRows(r: DashboardReceivables) {
  return DELINQUENCY_BUCKETS.map((b) => ({ ...b, count: r.delinquentByBucket[b.key] }));
}

/** Actual as a share of budget, for a bar: 0 to 100 (the bar is full past the budget). */
export function budgetShare(f: Pick<DashboardFigures, 'budget' | 'actual'>): number {
  const budget = toCents(f.budget);
  const actual = toCents(f.actual);
  if (budget <= 0) return actual > 0 ? 100 : 0;
  return Math.max(0, Math.min(100, Math.round((actual / budget) * 100)));
}

/** Whether the books hold anything the dashboard can show (else one welcome, not $0 walls). */
export function booksAreEmpty(d: Dashboard): boolean {
  const zero = (f: DashboardFigures) => toCents(f.budget) === 0 && toCents(f.actual) === 0;
  return (
    d.cash.funds.every((f) => f.accounts.length === 0 && toCents(f.balance) === 0) &&
    d.recentTransactions.length === 0 &&
    !d.receivables.billing &&
    zero(d.incomeExpense.income) &&
    zero(d.incomeExpense.expense) &&
    d.attention.length === 0
  );
}

export interface Sparkline {
  line: string;
  area: string;
  points: { x: number; y: number; cents: Cents; date: string }[];
  /** Where zero falls when the series crosses it (else null). */
  zeroY: number | null;
}

/**
 * The trend as an SVG path in a width × height box (a small inset keeps the stroke inside). A flat
 * series draws a line through the middle.
 */
export function sparkline(trend: DashboardCashPoint[], width: number, height: number): Sparkline {
  const inset = 3;
  const values = trend.map((p) => toCents(p.balance));
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  const span = max - min;
  const x = (i: number) =>
    trend.length <= 1 ? width / 2 : inset + (i * (width - 2 * inset)) / (trend.length - 1);
  const y = (v: number) =>
    span === 0 ? height / 2 : inset + ((max - v) * (height - 2 * inset)) / span;
  const points = trend.map((p, i) => ({
    x: x(i),
    y: y(values[i] ?? 0),
    cents: values[i] ?? 0,
    date: p.date,
  }));
  const line = points
    .map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`)
    .join(' ');
  const base = y(0);
  const area = points.length
    ? `${line} L${points[points.length - 1]!.x.toFixed(1)},${base.toFixed(1)} L${points[0]!.x.toFixed(1)},${base.toFixed(1)} Z`
    : '';
  return { line, area, points, zeroY: min < 0 && max > 0 ? base : null };
}

/** "May 2025" for a month's last day; the first and last points label the chart's ends. */
export function monthYear(date: string, locale?: string): string {
  const [y, m] = date.split('-').map(Number);
  try {
    return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric' }).format(
      new Date(y ?? 1970, (m ?? 1) - 1, 1),
    );
  } catch {
    return date.slice(0, 7);
  }
}

/** "April" for a month number. */
export function monthName(month: number, locale?: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { month: 'long' }).format(new Date(2000, month - 1, 1));
  } catch {
    return String(month);
  }
}
