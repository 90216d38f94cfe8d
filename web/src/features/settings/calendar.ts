import { monthNames, type FiscalMonth } from '@/composables/useOrganizationToday';

// Choices of the association calendar form.

export const MONTH_OPTIONS = monthNames('long').map((label, i) => ({ value: i + 1, label }));

export interface TimeZoneOption {
  value: string;
  /** "America/New York": the name without underscores, which is what people search for. */
  label: string;
  /** Its offset from UTC now, e.g. "GMT-5". */
  offset: string;
}

function offsetOf(zone: string, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'shortOffset',
    }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

const option = (value: string, at: Date): TimeZoneOption => ({
  value,
  label: value.replace(/_/g, ' '),
  offset: offsetOf(value, at),
});

let known: TimeZoneOption[] | null = null;

/**
 * Every time zone the browser knows (IANA names), by name, plus the ones given (the saved zone
 * may be spelt in a way this browser does not list). The list is built once.
 */
export function timeZoneOptions(
  include: (string | null | undefined)[] = [],
  at: Date = new Date(),
): TimeZoneOption[] {
  if (!known) {
    const names =
      typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    known = [...new Set([...names, 'UTC'])]
      .sort((a, b) => a.localeCompare(b))
      .map((z) => option(z, at));
  }
  const extra = [...new Set(include)].filter(
    (z): z is string => !!z && !known!.some((o) => o.value === z),
  );
  if (!extra.length) return known;
  return [...known, ...extra.map((z) => option(z, at))].sort((a, b) =>
    a.value.localeCompare(b.value),
  );
}

/** "Jul 2026 – Jun 2027". */
export function fiscalYearSpan(months: FiscalMonth[]): string {
  return `${months[0]?.label ?? ''} – ${months[months.length - 1]?.label ?? ''}`;
}
