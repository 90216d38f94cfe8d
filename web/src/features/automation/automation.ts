import { plural } from '@/format';
import { formatMoney } from '@/money';
import type { AutomationKind, AutomationRun } from './automation.graphql';

// Words and choices of the automation page, kept out of the components so they read plainly.

/** The days a monthly run may fall on (the API's 1–28: every month has them). */
export const MONTH_DAYS = 28;
/** How many days before a due date a reminder may go (the API's 1–30). */
export const REMINDER_DAYS = 30;

/** The select's "Off": a day of 0 on the page, null for the API. */
export const OFF = 0;

export const KIND_LABELS: Record<AutomationKind, string> = {
  ASSESSMENT_RUN: 'Monthly assessment run',
  LATE_FEES: 'Late fees',
  REMINDERS: 'Due-date reminders',
  RECURRING_BILLS: 'Recurring bills',
  OWNER_STATEMENTS: 'Owner statements',
  AUTOPAY: 'AutoPay',
};

/** 1 → "1st", 22 → "22nd", 13 → "13th". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

export interface DayOption {
  value: number;
  label: string;
}

/** Off, then "1st of the month" … "28th of the month". */
export const MONTH_DAY_OPTIONS: DayOption[] = [
  { value: OFF, label: 'Off' },
  ...Array.from({ length: MONTH_DAYS }, (_, i) => ({
    value: i + 1,
    label: `${ordinal(i + 1)} of the month`,
  })),
];

/** Off, then "1 day before" … "30 days before". */
export const REMINDER_DAY_OPTIONS: DayOption[] = [
  { value: OFF, label: 'Off' },
  ...Array.from({ length: REMINDER_DAYS }, (_, i) => ({
    value: i + 1,
    label: `${plural(i + 1, 'day', 'days')} before`,
  })),
];

/** A day as the API takes it: null turns the kind off. */
export function dayOrNull(day: number): number | null {
  return day === OFF ? null : day;
}

/** "America/New_York" → "America/New York (Eastern Time)", as a person would search for it. */
export function zoneName(timeZone: string): string {
  const name = timeZone.replace(/_/g, ' ');
  try {
    const long = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      // A generic name ("Eastern Time") is the same on every date: no clock needed.
      .formatToParts(0)
      .find((p) => p.type === 'timeZoneName')?.value;
    return long && long !== timeZone && !long.startsWith('GMT') ? `${name} (${long})` : name;
  } catch {
    return name;
  }
}

/**
 * What a run did, in words: "12 invoices, $4,200.00", "3 reminders", "No late fees were due",
 * "2 bills, $1,850.00", "24 statements emailed, $3,150.00 due".
 */
export function runResult(run: Pick<AutomationRun, 'kind' | 'created' | 'total'>): string {
  const n = run.created;
  if (run.kind === 'REMINDERS') {
    return n === 0 ? 'No reminders were due' : `${plural(n, 'reminder', 'reminders')} sent`;
  }
  if (run.kind === 'LATE_FEES') {
    return n === 0
      ? 'No late fees were due'
      : `${plural(n, 'late fee', 'late fees')}, ${formatMoney(run.total)}`;
  }
  if (run.kind === 'OWNER_STATEMENTS') {
    if (n === 0) return 'No statements to send';
    const sent = `${plural(n, 'statement', 'statements')} emailed`;
    return run.total === '0.00' ? sent : `${sent}, ${formatMoney(run.total)} due`;
  }
  if (run.kind === 'AUTOPAY') {
    return n === 0
      ? 'Nothing for AutoPay to charge'
      : `${plural(n, 'AutoPay charge', 'AutoPay charges')}, ${formatMoney(run.total)}`;
  }
  if (run.kind === 'RECURRING_BILLS') {
    return n === 0
      ? 'No recurring bills were due'
      : `${plural(n, 'bill', 'bills')} entered, ${formatMoney(run.total)}`;
  }
  return n === 0
    ? 'No invoices to create'
    : `${plural(n, 'invoice', 'invoices')}, ${formatMoney(run.total)}`;
}
