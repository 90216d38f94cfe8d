import { isLocalDate } from './dates.js';
import { badInput, type FieldDetail } from './errors/app-error.js';

// A period argument (`from` and `to`, LocalDates, both days included), as reports, exports and
// the account activity take it: what is wrong with it, field by field (a date that is not one, an
// end before the start).
export function periodProblems(from: string, to: string): FieldDetail[] {
  const details: FieldDetail[] = [];
  if (!isLocalDate(from)) details.push({ field: 'from', message: 'Use a date like 2026-01-01' });
  if (!isLocalDate(to)) details.push({ field: 'to', message: 'Use a date like 2026-12-31' });
  if (!details.length && to < from) {
    details.push({ field: 'to', message: 'The period ends before it starts' });
  }
  return details;
}

// Refuses a period with any problem (periodProblems, or the caller's own list), all said at once.
export function assertPeriod(
  from: string,
  to: string,
  details: FieldDetail[] = periodProblems(from, to),
): void {
  if (details.length) throw badInput(details, details.map((d) => d.message).join('; '));
}
