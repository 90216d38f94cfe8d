import type { PeriodHistory } from './periods.graphql';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2026-10" → "October 2026". */
export function monthLabel(month: string): string {
  const m = Number(month.slice(5, 7));
  return `${MONTH_NAMES[m - 1] ?? month} ${month.slice(0, 4)}`;
}

/** One line of the close history: what was closed or reopened, by whom, when. */
export function historyLine(h: PeriodHistory, when: (at: string) => string): string {
  const what = h.kind === 'YEAR' ? `Fiscal year ending ${h.end}` : monthLabel(h.start.slice(0, 7));
  const closed = `${what} closed by ${h.closedBy ?? 'someone'} on ${when(String(h.closedAt))}${
    h.overrideReason ? ` (before reconciling: ${h.overrideReason})` : ''
  }`;
  return h.reopenedAt
    ? `${closed}; reopened by ${h.reopenedBy ?? 'someone'} on ${when(String(h.reopenedAt))}`
    : closed;
}
