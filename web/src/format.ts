import type { OrganizationSettings } from './apollo/types';

// One way to show dates everywhere (UI.md: the locale's medium date, e.g. "Mar 4, 2026"). The
// association's own locale wins when its settings name one; the browser's otherwise.

export function settingsLocale(settings: OrganizationSettings | undefined): string | undefined {
  const locale = settings?.locale;
  return typeof locale === 'string' && locale ? locale : undefined;
}

export function formatDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
  } catch {
    // An unknown locale in the settings must not blank the column.
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
  }
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A LocalDate ("2026-03-04") as a Date at local midnight; null when it is not one. */
export function parseLocalDate(value: string | null | undefined): Date | null {
  const m = LOCAL_DATE.exec(value ?? '');
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(year, month - 1, day);
  // Date rolls "2026-02-30" over into March: only a real calendar day counts.
  const real =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return real ? date : null;
}

/** A Date's calendar day, where the person is, as a LocalDate ("2026-03-04"). */
export function toLocalDate(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, '0');
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * A LocalDate in the same medium format as every other date. Read as a calendar day: formatting
 * "2026-03-04" through `new Date()` would show Mar 3 west of UTC.
 */
export function formatLocalDate(value: string | null | undefined, locale?: string): string {
  const date = parseLocalDate(value);
  if (!date) return '';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
  }
}

/** A timestamp with its time of day, e.g. "Mar 4, 2026, 3:05 PM" (history entries). */
export function formatDateTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}

/** "820 bytes", "14 KB", "3.2 MB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const kb = bytes / 1024;
  if (kb < 1000) return `${Math.max(1, Math.round(kb))} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/**
 * The calendar day at an instant in a time zone (an IANA name such as "America/New_York"), as a
 * LocalDate: an association's "today" is the one in its own zone, not the browser's or UTC's. An
 * unknown zone falls back to where the person is.
 */
export function dateInTimeZone(at: Date, timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(at);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
  } catch {
    return toLocalDate(at);
  }
}

/**
 * A count with its noun, for every count sentence of the app: "1 entry", "3 entries",
 * "1,204 entries". Nouns are passed whole (English plurals are not a suffix rule).
 */
export function plural(n: number, singular: string, pluralForm: string, locale?: string): string {
  return `${n.toLocaleString(locale)} ${n === 1 ? singular : pluralForm}`;
}

/**
 * An APY as the API sends it (a decimal string, "4.250") in one way everywhere: at least two
 * decimals and no trailing zeros past them — "4.25 %", "4.125 %", "4.00 %". Worked on the digits,
 * never through a float, so "4.125" stays 4.125.
 */
export function formatApy(apy: string): string {
  const m = /^(-?\d+)(?:\.(\d*))?$/.exec(apy.trim());
  if (!m) return `${apy} %`;
  const decimals = (m[2] ?? '').replace(/0+$/, '').padEnd(2, '0');
  return `${m[1]}.${decimals} %`;
}
