import type { Account } from '@/features/accounts';
import type { GridSection } from '@/components/SpreadsheetGrid.vue';
import { fiscalMonths, SHORT_MONTHS } from '@/composables/useOrganizationToday';
import type { Cents } from '@/money';
import { toCents } from '@/money';

export const MONTHS = SHORT_MONTHS;

/** The year in the address (?year=2026), or null when there is none. */
export function yearIn(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1900 && n <= 2999 ? n : null;
}

/** A year from the address (?year=2026), or this year (the association's). */
export function yearFrom(value: unknown, thisYear: number): number {
  return yearIn(value) ?? thisYear;
}

/**
 * A fiscal year as pages name it: "FY 2026" when it is the calendar year, with its months
 * otherwise, since it spans two ("FY 2027 (Jul 2026 – Jun 2027)").
 */
export function fiscalYearName(year: number, startMonth: number): string {
  if (startMonth === 1) return `FY ${year}`;
  const months = fiscalMonths(year, startMonth);
  return `FY ${year} (${months[0]?.label} – ${months[11]?.label})`;
}

/** The years offered in a year picker: a few around this year (the association's) and the one shown. */
export function yearOptions(current: number, thisYear: number): number[] {
  const years = new Set<number>();
  for (let y = thisYear - 3; y <= thisYear + 2; y++) years.add(y);
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
 * amount (so nothing saved is hidden). The interfund transfer accounts (`transfers`, by id) come
 * last in sections of their own: a transfer between funds is neither income nor expense, so the
 * grid's net (income − expense) leaves them out, as every report does.
 */
export function plSections(
  accounts: readonly Account[],
  values: Record<string, Cents[] | undefined>,
  transfers: ReadonlySet<string> = new Set(),
): GridSection[] {
  const keep = (a: Account) => !a.archived || (values[a.id] ?? []).some((x) => x !== 0);
  const rows = (type: Account['type'], transfer: boolean) =>
    accounts
      .filter((a) => a.type === type && keep(a) && transfers.has(a.id) === transfer)
      .sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }))
      .map((a) => ({
        id: a.id,
        code: a.number,
        label: a.name,
        note: a.archived ? 'Archived' : a.fundType === 'RESERVE' ? 'Reserve' : undefined,
      }));
  return [
    { key: 'income', label: 'Income', rows: rows('INCOME', false) },
    { key: 'expense', label: 'Expense', rows: rows('EXPENSE', false) },
    { key: 'transfer-in', label: 'Transfers in', rows: rows('INCOME', true) },
    { key: 'transfer-out', label: 'Transfers out', rows: rows('EXPENSE', true) },
  ].filter((s) => s.rows.length > 0);
}
