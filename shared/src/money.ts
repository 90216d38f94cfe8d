// Money on the wire: the API's Money scalar is a decimal string with up to two decimals ("1234.56",
// "-0.05"), and both halves hold an amount as integer cents, never a float. The API adds sums as
// bigint (api/src/core/money); the web formats amounts for people (web/src/money.ts).

/** Integer cents: one amount. */
export type Cents = number;

/** The largest single amount, 9,999,999,999,999.99: below 2^53 cents, so a number holds it. */
export const MAX_AMOUNT: Cents = 999_999_999_999_999;
/** Digits before the point of the largest amount. */
export const MAX_AMOUNT_DIGITS = 13;

const WIRE = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

function readWire(text: string, maxDigits = Infinity): Cents | null {
  const m = WIRE.exec(text.trim());
  if (!m || m[2]!.length > maxDigits) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] && cents !== 0 ? -cents : cents;
}

/** A Money string as cents, NaN when it is not one (what the web reads from the API). */
export function moneyToCents(money: string | null | undefined): Cents {
  return readWire(money ?? '') ?? Number.NaN;
}

/** A Money input as cents, at most MAX_AMOUNT; throws on anything else (the API's scalar). */
export function parseMoney(text: string): Cents {
  const cents = readWire(text, MAX_AMOUNT_DIGITS);
  if (cents === null) throw new Error(`"${text}" is not an amount (use e.g. 1234.56)`);
  return cents;
}

/** Cents as a Money string: 123456 → "1234.56", -5 → "-0.05"; exact for bigint sums too. */
export function centsToMoney(cents: Cents | bigint | string): string {
  const n = typeof cents === 'number' ? BigInt(Math.trunc(cents)) : BigInt(cents);
  const abs = n < 0n ? -n : n;
  return `${n < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
