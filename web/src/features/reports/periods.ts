import { fiscalYearOf, SHORT_MONTHS } from '@/composables/useOrganizationToday';
import { parseLocalDate } from '@/format';

// The reports' periods (LocalDate pairs, both days included) and their presets in the
// association's calendar (today in its time zone, its fiscal-year start), shared by the income
// statement, the income and expense flow, the board packet and the books export.

const pad = (n: number) => String(n).padStart(2, '0');

/** The last day of a calendar month, as a LocalDate. */
export function monthEnd(year: number, month: number): string {
  return `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}

/** A calendar month `n` months after (or before, when negative) year/month. */
export function addMonths(year: number, month: number, n: number): { year: number; month: number } {
  const i = year * 12 + (month - 1) + n;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

export type PeriodPreset = 'month' | 'quarter' | 'ytd' | 'last-year';

export const PERIOD_PRESETS: { value: PeriodPreset; label: string }[] = [
  { value: 'month', label: 'Month' },
  { value: 'quarter', label: 'Quarter' },
  { value: 'ytd', label: 'Year to date' },
  { value: 'last-year', label: 'Last fiscal year' },
];

export interface Period {
  from: string;
  to: string;
}

/**
 * A preset period around `today` in the association's calendar: this calendar month, this quarter
 * of the fiscal year, the fiscal year through today, or the whole fiscal year before this one.
 */
export function presetPeriod(preset: PeriodPreset, today: string, startMonth: number): Period {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const fy = fiscalYearOf(today, startMonth);
  // First calendar month of a fiscal year.
  const fyStart = (y: number) => ({ year: startMonth === 1 ? y : y - 1, month: startMonth });
  const first = (m: { year: number; month: number }) => `${m.year}-${pad(m.month)}-01`;
  const last = (m: { year: number; month: number }) => monthEnd(m.year, m.month);
  switch (preset) {
    case 'month':
      return { from: first({ year, month }), to: monthEnd(year, month) };
    case 'quarter': {
      const place = (month - startMonth + 12) % 12;
      const start = addMonths(fyStart(fy).year, fyStart(fy).month, place - (place % 3));
      return { from: first(start), to: last(addMonths(start.year, start.month, 2)) };
    }
    case 'ytd':
      return { from: first(fyStart(fy)), to: today };
    case 'last-year': {
      const start = fyStart(fy - 1);
      return { from: first(start), to: last(addMonths(start.year, start.month, 11)) };
    }
  }
}

/** Which preset a period is (for the buttons), or null for any other period. */
export function presetOf(period: Period, today: string, startMonth: number): PeriodPreset | null {
  for (const { value } of PERIOD_PRESETS) {
    const p = presetPeriod(value, today, startMonth);
    if (p.from === period.from && p.to === period.to) return value;
  }
  return null;
}

/** A period from the address (?from=&to=), when both are real dates in order. */
export function periodFromQuery(from: unknown, to: unknown): Period | null {
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  if (!parseLocalDate(from) || !parseLocalDate(to) || to < from) return null;
  return { from, to };
}

/** "2026-03" from the address, as a year and month; null when it is not one. */
export function monthFromQuery(value: unknown): { year: number; month: number } | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  return month >= 1 && month <= 12 && year >= 1900 && year <= 2200 ? { year, month } : null;
}

/** The month before the one `today` is in: the last month a board packet can report whole. */
export function previousMonth(today: string): { year: number; month: number } {
  return addMonths(Number(today.slice(0, 4)), Number(today.slice(5, 7)), -1);
}

export const monthKey = (m: { year: number; month: number }) => `${m.year}-${pad(m.month)}`;
export const monthName = (m: { year: number; month: number }) =>
  `${SHORT_MONTHS[m.month - 1]} ${m.year}`;
