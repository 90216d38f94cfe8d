import type { ApolloCache } from '@apollo/client/core';
import { evictBookFigures } from '@/apollo/books';
import type {
  Compounding,
  Investment,
  InvestmentKind,
  InvestmentStatus,
} from './investments.graphql';

export const KIND_LABELS: Record<InvestmentKind, string> = {
  CD: 'CD',
  TREASURY: 'Treasury',
  MONEY_MARKET: 'Money market',
  SAVINGS: 'Savings',
};

export const KIND_OPTIONS = (Object.keys(KIND_LABELS) as InvestmentKind[]).map((value) => ({
  value,
  label: KIND_LABELS[value],
}));

export const STATUS_LABELS: Record<InvestmentStatus, string> = {
  ACTIVE: 'Active',
  MATURED: 'Matured',
  REDEEMED: 'Redeemed',
  ROLLED_OVER: 'Rolled over',
};

export const COMPOUNDING_OPTIONS: { value: Compounding; label: string }[] = [
  { value: 'DAILY', label: 'Daily' },
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'QUARTERLY', label: 'Quarterly' },
  { value: 'ANNUALLY', label: 'Annually' },
  { value: 'SIMPLE', label: 'Simple, paid at maturity' },
];

export const ENTRY_KIND_LABELS = {
  PURCHASE: 'Purchase',
  INTEREST: 'Interest',
  MATURITY: 'Maturity',
  REDEMPTION: 'Redemption',
} as const;

/** A LocalDate some whole months later ("2026-01-31" + 1 → "2026-02-28"). */
export function addMonthsLocal(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** Kinds with a maturity date. */
export const hasMaturity = (kind: InvestmentKind): boolean => kind === 'CD' || kind === 'TREASURY';

/** "First Federal CD" */
export function investmentName(i: Pick<Investment, 'institution' | 'kind'>): string {
  return `${i.institution} ${KIND_LABELS[i.kind]}`;
}

/** "in 45 days", "today", "12 days ago"; null when there is nothing to count down to. */
export function daysToMaturityLabel(days: number | null | undefined): string | null {
  if (days === null || days === undefined) return null;
  if (days === 0) return 'today';
  if (days > 0) return `in ${days} ${days === 1 ? 'day' : 'days'}`;
  return `${-days} ${days === -1 ? 'day' : 'days'} ago`;
}

/** "Mar 2027" from the first day of a month. */
export function monthShort(first: string): string {
  const d = new Date(`${first}T00:00:00Z`);
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}

/**
 * After an action: the lists, the summary and the dashboard are asked for again (the investment
 * itself comes back in the answer), and so is every figure computed from the journal.
 */
export function evictInvestmentFigures(cache: ApolloCache<unknown>): void {
  for (const fieldName of [
    'investments',
    'investmentSummary',
    'dashboard',
    'actualsCashAccounts',
    // A purchase may buy a draft of the plan.
    'plannedInvestments',
  ]) {
    cache.evict({ id: 'ROOT_QUERY', fieldName });
  }
  evictBookFigures(cache);
}
