// Money, in one place. The API sends amounts as decimal strings ("1234.56", "-0.05"); the app
// adds and compares them as integer cents (never floats) and shows them with Intl.NumberFormat.
// The wire format is the API's own code (@covenant/shared/money); showing amounts is this file's.
//
// The association has no currency setting yet: every amount is shown in MONEY_LOCALE and
// MONEY_CURRENCY. When organizations get one, this is the only file to change.

import {
  centsToMoney,
  MAX_AMOUNT_DIGITS,
  moneyToCents as toCents,
  type Cents,
} from '@covenant/shared/money';

/** `toCents`: a Money string as integer cents, NaN when it is not one; `centsToMoney`: back. */
export { centsToMoney, toCents, type Cents };

export const MONEY_LOCALE = 'en-US';
export const MONEY_CURRENCY = 'USD';

const formatter = new Intl.NumberFormat(MONEY_LOCALE, {
  style: 'currency',
  currency: MONEY_CURRENCY,
});
const plainFormatter = new Intl.NumberFormat(MONEY_LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export interface FormatMoneyOptions {
  /**
   * How a negative amount reads: `parens` in reports, ledgers and tables ("($1,234.56)"), `minus`
   * elsewhere ("-$1,234.56").
   */
  negative?: 'parens' | 'minus';
}

/** "$1,234.56"; negatives as "($1,234.56)" (reports) or "-$1,234.56". */
export function formatMoney(
  amount: string | Cents | null | undefined,
  options: FormatMoneyOptions = {},
): string {
  const cents = typeof amount === 'number' ? amount : toCents(amount);
  if (!Number.isFinite(cents)) return '';
  const text = formatter.format(Math.abs(cents) / 100);
  if (cents >= 0) return text;
  return options.negative === 'parens' ? `(${text})` : `-${text}`;
}

/** Report style: negatives in parentheses. */
export function formatAmount(amount: string | Cents | null | undefined): string {
  return formatMoney(amount, { negative: 'parens' });
}

/** An amount for an input field: "1,234.56", with a minus sign when negative, no currency. */
export function formatMoneyInput(amount: string | Cents | null | undefined): string {
  const cents = typeof amount === 'number' ? amount : toCents(amount);
  if (!Number.isFinite(cents)) return '';
  return `${cents < 0 ? '-' : ''}${plainFormatter.format(Math.abs(cents) / 100)}`;
}

export type MoneyInputResult =
  | { kind: 'empty' }
  | { kind: 'ok'; cents: Cents; money: string }
  | { kind: 'invalid'; message: string };

// What a person types: "1234.56", "1,234.5", "$12", ".50", "-300" — plain decimals, an optional
// currency symbol and thousands separators, at most two decimals.
const TYPED = /^(-)?\$?((?:\d{1,3}(?:,\d{3})+|\d+)?)(?:\.(\d*))?$/;

/** Reads an amount typed into an input. Negative amounts only with `allowNegative`. */
export function parseMoneyInput(
  text: string,
  options: { allowNegative?: boolean } = {},
): MoneyInputResult {
  const trimmed = text.trim().replace(/\s+/g, '');
  if (trimmed === '') return { kind: 'empty' };
  const m = TYPED.exec(trimmed.replace(/^\$-/, '-'));
  const whole = m?.[2]?.replace(/,/g, '') ?? '';
  const fraction = m?.[3] ?? '';
  if (!m || (whole === '' && fraction === '')) {
    return { kind: 'invalid', message: 'Enter an amount like 1234.56' };
  }
  if (fraction.length > 2) return { kind: 'invalid', message: 'Use at most two decimals' };
  if (whole.replace(/^0+/, '').length > MAX_AMOUNT_DIGITS) {
    return { kind: 'invalid', message: 'This amount is too large' };
  }
  const negative = m[1] === '-';
  const magnitude = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (negative && magnitude !== 0 && !options.allowNegative) {
    return { kind: 'invalid', message: 'Enter a positive amount' };
  }
  const cents = negative && magnitude !== 0 ? -magnitude : magnitude;
  return { kind: 'ok', cents, money: centsToMoney(cents) };
}

/** Sums Money strings exactly (in cents). Invalid values count as zero. */
export function sumMoney(amounts: readonly (string | null | undefined)[]): Cents {
  return amounts.reduce<Cents>((total, a) => {
    const c = toCents(a);
    return Number.isFinite(c) ? total + c : total;
  }, 0);
}
