import { type Cents, MAX_AMOUNT } from '../money/money.js';

// Amount cells as spreadsheets write them (every CSV import reads amounts through this).
export interface ParsedCell {
  cents: Cents | null;
  error: string | null;
}

// What an amount cell may hold, and nothing else (anything more is refused, never stripped):
// - digits, with at most one decimal separator ("." or ",") and one or two decimals;
// - thousands separators only between groups of three digits, one kind per amount: "," "." a
//   space, a no-break space (Excel in French) or an apostrophe (Swiss): 1,234.56 1.234,56
//   1 234,56 1'234.56;
// - one sign: a leading "-" or "+", a trailing "-" (some accounting exports) or parentheses;
// - one currency mark at either end: $ € £ ¥ or USD EUR GBP CAD.
// Empty, "-" and Excel's accounting zero ("$ -") are zero. A lone "." before three digits
// ("1.234") is three decimals or a European thousands separator: refused rather than guessed. A
// lone "," before three digits is the US thousands separator ("1,234" is 1234.00). A line break
// (a row run into the next), letters, a second separator or sign: the cell is not an amount.
const GROUP = ",. \u00a0\u202f'’";
const MINUS = /^[-\u2212]$/;
const CURRENCY = /^(?:[$€£¥]|USD|EUR|GBP|CAD)/i;
const CURRENCY_END = /(?:[$€£¥]|USD|EUR|GBP|CAD)$/i;

// The cell as a message shows it: line breaks visible, long cells cut.
function shown(text: string): string {
  const s = text.trim().replace(/\r\n|\r|\n/g, '⏎');
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

// Digits with thousands separators in the right places (one kind, never `decimal`), or plain.
function wholeDigits(s: string, decimal: string | null): string | null {
  if (/^\d+$/.test(s)) return s;
  // A first group of "0" ("0,001") is a decimal written another way, never a thousand.
  const m = /^[1-9]\d{0,2}(?:(.)\d{3})+$/.exec(s);
  if (!m || !GROUP.includes(m[1]) || m[1] === decimal) return null;
  const sep = m[1];
  return s.split(sep).every((g, i) => (i === 0 ? /^\d{1,3}$/ : /^\d{3}$/).test(g))
    ? s.split(sep).join('')
    : null;
}

type ReadNumber = { whole: string; fraction: string } | { error: 'decimals' | 'bad' };

function readNumber(s: string): ReadNumber {
  // The last "." or "," followed by one or two digits is the decimal separator.
  const dec = /^(.*)([.,])(\d{1,2})$/.exec(s);
  if (dec) {
    const whole = dec[1] === '' ? '' : wholeDigits(dec[1], dec[2]);
    if (whole !== null) return { whole, fraction: dec[3] };
  }
  // "1.234": refused, see above; "1,234", "1.234.567", "1 234": grouped whole amounts.
  if (/^\d{1,3}\.\d{3}$/.test(s)) return { error: 'decimals' };
  const whole = wholeDigits(s, null);
  if (whole !== null) return { whole, fraction: '' };
  if (/^\d*[.,]\d{3,}$/.test(s)) return { error: 'decimals' };
  return { error: 'bad' };
}

// One amount cell. Empty is zero.
export function parseAmount(text: string): ParsedCell {
  const bad = (why = '') => ({ cents: null, error: `"${shown(text)}" is not an amount${why}` });
  let s = text.trim();
  if (/[\r\n\u2028\u2029]/.test(s)) return bad(': it holds a line break');
  let signs = 0;
  let negative = false;
  let currency = 0;
  const paren = /^\((.*)\)$/.exec(s);
  if (paren) {
    signs += 1;
    negative = true;
    s = paren[1].trim();
  }
  // Sign and currency mark at either end, in either order.
  for (let changed = true; changed;) {
    changed = false;
    const c = CURRENCY.exec(s) ?? CURRENCY_END.exec(s);
    if (c) {
      currency += 1;
      s = (c.index === 0 ? s.slice(c[0].length) : s.slice(0, c.index)).trim();
      changed = true;
    }
    if (MINUS.test(s[0] ?? '') || s[0] === '+') {
      signs += 1;
      negative = s[0] !== '+';
      s = s.slice(1).trim();
      changed = true;
    } else if (s.length > 1 && MINUS.test(s.at(-1)!)) {
      signs += 1;
      negative = true;
      s = s.slice(0, -1).trim();
      changed = true;
    }
    if (signs > 1) return bad(': it has more than one sign');
    if (currency > 1) return bad();
  }
  // Blank, "-" and Excel's accounting zero "$ -" are zero; "()" or a bare "$" is not an amount.
  if (s === '') return paren || (currency && !signs) ? bad() : { cents: 0, error: null };
  if (/^\d+(?:[.,]\d+)?e[+-]?\d+$/i.test(s)) {
    return {
      cents: null,
      error: `"${shown(text)}" is in scientific notation; format the column as a number with two decimals`,
    };
  }
  const n = readNumber(s);
  if ('error' in n) {
    return n.error === 'decimals'
      ? { cents: null, error: `"${shown(text)}": use at most two decimals` }
      : bad();
  }
  const whole = n.whole.replace(/^0+(?=\d)/, '');
  // Exact in bigint; the largest amount has 13 digits before the point.
  const cents =
    whole.length > 13 ? null : BigInt(whole || '0') * 100n + BigInt(n.fraction.padEnd(2, '0'));
  if (cents === null || cents > BigInt(MAX_AMOUNT)) {
    return { cents: null, error: `"${shown(text)}" is too large` };
  }
  const value = Number(cents);
  return { cents: negative && value !== 0 ? -value : value, error: null };
}
