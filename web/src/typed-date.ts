import { isValid, parse } from 'date-fns';
import { toLocalDate } from './format';

// Reading a date as a person types it. Its own module (not format.ts) so date-fns's parser loads
// with the date field that needs it, never with the app shell.

/** Whether the locale writes the day before the month in numeric dates (en-GB 31/01, de 31.01.). */
function dayFirst(locale?: string): boolean {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).formatToParts(
      new Date(2026, 0, 31),
    );
  } catch {
    return false;
  }
  const types = parts.map((p) => p.type);
  return types.indexOf('day') < types.indexOf('month');
}

const ISO_DAY = /^\d{4}-\d{1,2}-\d{1,2}$/;
const NUMERIC_DAY = /^\d{1,2}([/.-])\d{1,2}\1(\d{4}|\d{2})$/;
const NAMED_DAY = ['MMM d yyyy', 'MMMM d yyyy', 'd MMM yyyy', 'd MMMM yyyy'];

/**
 * A date as a person types it, as a LocalDate; null when it cannot be read as one real day.
 * Reads ISO (2026-01-31), the locale's numeric order with /, - or . (US: 1/31/2026, 01/31/26,
 * 1-31-2026; en-GB: 31/01/2026) and English month names ("Jan 31, 2026", "January 31, 2026",
 * "31 Jan 2026"). The shape of the text picks the one pattern date-fns reads it with, so
 * "1/15-2026" or "15/01/2026" in the US is refused rather than guessed; date-fns refuses days
 * that do not exist (Feb 30) and reads two-digit years as the nearest (99 → 1999, 26 → 2026).
 */
export function parseTypedDate(text: string, locale?: string): string | null {
  const value = text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/,/g, '')
    .replace(/\.$/, '')
    .replace(/^(\d{1,2})\. /, '$1 ')
    .replace(/\bsept\b/i, 'Sep');
  let formats: string[];
  const numeric = NUMERIC_DAY.exec(value);
  if (ISO_DAY.test(value)) formats = ['yyyy-M-d'];
  else if (numeric) {
    const [sep, year] = [numeric[1]!, numeric[2]!.length === 2 ? 'yy' : 'yyyy'];
    formats = [dayFirst(locale) ? `d${sep}M${sep}${year}` : `M${sep}d${sep}${year}`];
  } else if (/^[\p{L}\d][\p{L}\d. ]*$/u.test(value)) formats = NAMED_DAY;
  else return null;
  for (const format of formats) {
    const date = parse(value.replace(/(\p{L})\./u, '$1'), format, new Date());
    if (isValid(date) && date.getFullYear() >= 1000) return toLocalDate(date);
  }
  return null;
}
