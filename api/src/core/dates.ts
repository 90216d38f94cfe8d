// Calendar dates travel as ISO strings ("2026-11-24", the LocalDate scalar): one pattern and one
// set of helpers for every module.
export const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

// The dates an association's books can hold: an HOA founded before 1900 or a plan reaching past
// 2200 is not a real case, and outside this range a date is a typo (0000, 9999) that would reach
// PostgreSQL (which refuses year 0) or create entries nobody can find. One range for every date
// argument (the LocalDate scalar), every imported file and every cursor.
export const MIN_LOCAL_DATE = '1900-01-01';
export const MAX_LOCAL_DATE = '2200-12-31';

// A real calendar date in the range above, written YYYY-MM-DD.
export function isLocalDate(s: string): boolean {
  if (typeof s !== 'string' || !LOCAL_DATE.test(s)) return false;
  if (s < MIN_LOCAL_DATE || s > MAX_LOCAL_DATE) return false;
  const [y, m, d] = s.split('-').map(Number);
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

// The zone of an organization that has not chosen one (platform migration 003 gives it to every
// existing organization, and `createOrganization` to new ones): most associations are in the US,
// and the Eastern zone is the most common there.
export const DEFAULT_TIME_ZONE = 'America/New_York';
export const DEFAULT_FISCAL_YEAR_START_MONTH = 1;

// The clock every "now" of the calendar reads. Tests set it (the server runs in the test's process,
// so a global fake of Date would also stop its timers); nothing else does.
let clock: () => Date = () => new Date();

export const now = (): Date => clock();

// Test hook: the clock until the next call; no argument restores the real one.
export function setClock(fn?: () => Date): void {
  clock = fn ?? (() => new Date());
}

// An IANA time zone name the runtime knows ("America/Chicago"); false for anything else.
export function isTimeZone(zone: string): boolean {
  if (typeof zone !== 'string' || !zone.trim() || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

// The calendar date at an instant in a time zone, as a LocalDate.
export function dateIn(zone: string, at: Date): string {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

// Today in an organization's time zone: what every request of an organization uses.
export const todayIn = (zone: string): string => dateIn(zone, now());

// Today in UTC, for work that belongs to no organization (none in request paths: a request of an
// organization uses `todayIn(ctx.org.timeZone)` through `orgToday`).
export const today = (): string => dateIn('UTC', now());

// Today for the organization of a request (the directory entry carries its zone).
export const orgToday = (ctx: { org: { timeZone: string } | null }): string =>
  todayIn(ctx.org?.timeZone ?? DEFAULT_TIME_ZONE);

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

// Fiscal years are named by the calendar year they end in (the common convention): with a start
// month of July, fiscal 2026 runs from July 2025 through June 2026. A January start makes the
// fiscal year the calendar year.
export interface FiscalYear {
  year: number;
  startMonth: number;
  // First day of the fiscal year and first day after it (LocalDates).
  from: string;
  until: string;
  // The twelve (calendar year, calendar month) pairs of the fiscal year, in order.
  months: { year: number; month: number }[];
}

const pad = (n: number) => String(n).padStart(2, '0');

export function fiscalYear(year: number, startMonth: number): FiscalYear {
  const first = startMonth === 1 ? year : year - 1;
  const months = Array.from({ length: 12 }, (_, i) => {
    const m = startMonth - 1 + i;
    return { year: first + Math.floor(m / 12), month: (m % 12) + 1 };
  });
  return {
    year,
    startMonth,
    from: `${first}-${pad(startMonth)}-01`,
    until: `${first + 1}-${pad(startMonth)}-01`,
    months,
  };
}

// The position (0 to 11) of a calendar month within a fiscal year starting in `startMonth`.
export const fiscalMonthIndex = (month: number, startMonth: number): number =>
  (month - startMonth + 12) % 12;

// The fiscal year a LocalDate falls in.
export function fiscalYearOf(date: string, startMonth: number): number {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return startMonth !== 1 && m >= startMonth ? y + 1 : y;
}

// The name the runtime gives a zone ("america/chicago" → "America/Chicago", "US/Eastern" →
// "America/New_York"), or null for anything that is not a time zone. Stored in that form, so the
// zone an organization shows is the one its dates are read in.
export function canonicalTimeZone(zone: string): string | null {
  if (!isTimeZone(zone)) return null;
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}

// Calendar steps on LocalDates (UTC arithmetic, so no time zone or daylight-saving shift).
// addMonths follows Date's overflow (Jan 31 + 1 month is Mar 3); callers step from a month's first.
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
export function addMonths(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
}
export const dayBefore = (date: string): string => addDays(date, -1);

// The locale an association's words are written in until its settings name one (the web falls
// back the same way to the reader's browser; most associations are in the US).
export const DEFAULT_LOCALE = 'en-US';

const mediumFormatters = new Map<string, Intl.DateTimeFormat>();
function calendarFormat(locale: string, key: string, options: Intl.DateTimeFormatOptions) {
  const id = `${key}|${locale}`;
  let f = mediumFormatters.get(id);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    } catch {
      // An unknown locale in the settings must not fail the text it appears in.
      f = new Intl.DateTimeFormat(DEFAULT_LOCALE, { ...options, timeZone: 'UTC' });
    }
    mediumFormatters.set(id, f);
  }
  return f;
}

// A LocalDate in the locale's medium format, as the web shows every date ("Dec 5, 2026" in
// en-US, "5 Dec 2026" in en-GB). Read as a calendar day, so no time zone moves it.
export function mediumDate(date: string, locale: string = DEFAULT_LOCALE): string {
  return calendarFormat(locale, 'medium', { dateStyle: 'medium' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

// A month ("2026-03") in words: "March 2026".
export function monthInWords(month: string, locale: string = DEFAULT_LOCALE): string {
  return calendarFormat(locale, 'month', { month: 'long', year: 'numeric' }).format(
    new Date(`${month.slice(0, 7)}-01T00:00:00Z`),
  );
}
