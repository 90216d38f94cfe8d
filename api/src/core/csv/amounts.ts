import { type Cents, MAX_AMOUNT } from '../money/money.js';

// Amount cells as spreadsheets write them (every CSV import reads amounts through this).
export interface ParsedCell {
  cents: Cents | null;
  error: string | null;
}

// One amount cell. Empty is zero. The decimal separator is the last of "." and "," when both
// appear; a lone "," is decimal only when followed by one or two digits (1,5 or 1,50), and a lone
// separator followed by groups of three digits is a thousands separator (1,234 or 1.234.567).
export function parseAmount(text: string): ParsedCell {
  let s = text.replace(/[\s\u00a0\u202f'’]/g, '').replace(/[$€£¥]|USD|EUR|GBP|CAD/gi, '');
  if (s === '' || s === '-') return { cents: 0, error: null };
  let negative = false;
  const parens = /^\((.*)\)$/.exec(s);
  if (parens) {
    negative = true;
    s = parens[1];
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  if (s.startsWith('+')) s = s.slice(1);
  const bad = { cents: null, error: `"${text.trim()}" is not an amount` };
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return bad;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let whole: string;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    const dec = lastDot > lastComma ? '.' : ',';
    const thousands = dec === '.' ? ',' : '.';
    const [w, f, ...rest] = s.split(dec);
    if (rest.length) return bad;
    if (!new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})*$`).test(w)) return bad;
    whole = w.split(thousands).join('');
    fraction = f;
  } else {
    const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
    if (!sep) whole = s;
    else {
      const parts = s.split(sep);
      const grouped =
        parts.length > 1 &&
        /^\d{1,3}$/.test(parts[0]) &&
        parts.slice(1).every((p) => /^\d{3}$/.test(p));
      if (parts.length === 2 && /^\d{0,2}$/.test(parts[1]) && !grouped) {
        whole = parts[0];
        fraction = parts[1];
      } else if (grouped && (parts.length > 2 || sep === ',')) {
        whole = parts.join('');
      } else if (parts.length === 2 && sep === '.') {
        // "1.234": three decimals, or a European thousands separator; refuse rather than guess.
        return { cents: null, error: `"${text.trim()}": use at most two decimals` };
      } else return bad;
    }
  }
  if (!/^\d*$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return bad;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents) || cents > MAX_AMOUNT) {
    return { cents: null, error: `"${text.trim()}" is too large` };
  }
  return { cents: negative && cents !== 0 ? -cents : cents, error: null };
}
