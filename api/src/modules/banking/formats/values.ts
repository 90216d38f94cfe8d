// What the three readers share: refusals, the 100-detail cap, exact decimal amounts, and the limits
// a statement file is held to.
import { parseAmount } from '../../../core/csv/amounts.js';
import { badInput, type FieldDetail } from '../../../core/errors/app-error.js';

export const MAX_LINE_CHARS = 64 * 1024;
export const MAX_TRANSACTIONS = 100_000;
export const MAX_DETAILS = 100;

// A problem with the file as a whole (field `file`).
export function refuse(message: string, field = 'file'): never {
  throw badInput([{ field, message }], message);
}

export function tooMany(): never {
  refuse(
    `The file holds more than ${MAX_TRANSACTIONS.toLocaleString('en-US')} transactions; ` +
      'import it in smaller periods',
  );
}

// Every problem of the lines at once (at most 100 details), as one refusal.
export function rowErrors(details: FieldDetail[], what: string): never {
  throw badInput(
    details.slice(0, MAX_DETAILS),
    details.length === 1 ? details[0].message : `${details.length} problems in the file's ${what}`,
  );
}

export const list = <T>(v: T | T[] | undefined | null): T[] =>
  v == null ? [] : Array.isArray(v) ? v : [v];

// A value as shown in a message: short, line breaks visible.
export function shown(v: string | null | undefined): string {
  const s = (v ?? '').trim().replace(/\r\n|\r|\n/g, '⏎');
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

// A decimal amount as OFX and ISO 20022 write it: an optional sign, digits, and a "." (or, at some
// banks, a ",") before the decimals. Read as a string into exact integer cents: never through a
// float. Decimals past the cent are accepted only when they are zeros ("42.1000"). Anything else
// (thousands separators, a currency sign) goes through the spreadsheet amount reader.
// Returns the cents, or a message saying why the value is not an amount.
export function decimalCents(raw: string | null): { cents: number } | { error: string } {
  const s = (raw ?? '').trim();
  if (!s) return { error: 'the amount is missing' };
  const m = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(s);
  if (m && (m[2] || m[3])) {
    const whole = m[2].replace(/^0+(?=\d)/, '');
    const fraction = m[3] ?? '';
    if (/[1-9]/.test(fraction.slice(2))) {
      return { error: `"${shown(s)}" has fractions of a cent` };
    }
    if (whole.length > 13) return { error: `"${shown(s)}" is too large` };
    const cents = Number(whole || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
    return { cents: m[1] === '-' && cents !== 0 ? -cents : cents };
  }
  const cell = parseAmount(s);
  return cell.error === null ? { cents: cell.cents! } : { error: cell.error };
}

// "2026-02-31" is no date.
export function isoDate(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2999) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return `${String(y)}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

// Free text from a file: whitespace runs as one space, cut to a length a screen can show.
export function clean(v: unknown, max = 500): string | null {
  if (v == null || typeof v === 'object') return null;
  const s = String(v).replace(/\s+/g, ' ').trim();
  return s ? s.slice(0, max) : null;
}
