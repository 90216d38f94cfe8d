import type { Account } from '@/apollo/types';
import type { GridSection } from '@/components/SpreadsheetGrid.vue';
import type { Cents } from '@/money';
import { toCents } from '@/money';

export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** A year from the address (?year=2026), or this year. */
export function yearFrom(value: unknown, now: Date = new Date()): number {
  const n = typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1900 && n <= 2999 ? n : now.getFullYear();
}

/** The years offered in a year picker: a few around this year and the one shown. */
export function yearOptions(current: number, now: Date = new Date()): number[] {
  const years = new Set<number>();
  for (let y = now.getFullYear() - 3; y <= now.getFullYear() + 2; y++) years.add(y);
  years.add(current);
  return [...years].sort((a, b) => b - a);
}

/** Lines from the API (Money strings) as cents per account. */
export function linesToCents(
  lines: readonly { accountId: string; amounts: readonly string[] }[],
): Record<string, Cents[]> {
  return Object.fromEntries(lines.map((l) => [l.accountId, l.amounts.map(toCents)]));
}

/**
 * Income then expense accounts, by number: active ones, and archived ones that still hold an
 * amount (so nothing saved is hidden).
 */
export function plSections(
  accounts: readonly Account[],
  values: Record<string, Cents[] | undefined>,
): GridSection[] {
  const keep = (a: Account) => !a.archived || (values[a.id] ?? []).some((x) => x !== 0);
  const rows = (type: Account['type']) =>
    accounts
      .filter((a) => a.type === type && keep(a))
      .sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }))
      .map((a) => ({
        id: a.id,
        code: a.number,
        label: a.name,
        note: a.archived ? 'Archived' : a.fundType === 'RESERVE' ? 'Reserve' : undefined,
      }));
  return [
    { key: 'income', label: 'Income', rows: rows('INCOME') },
    { key: 'expense', label: 'Expense', rows: rows('EXPENSE') },
  ].filter((s) => s.rows.length > 0);
}
