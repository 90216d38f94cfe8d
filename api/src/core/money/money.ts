import { centsToMoney, MAX_AMOUNT, parseMoney, type Cents } from '@covenant/shared/money';
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

// Money is integer cents everywhere: bigint columns in the database and a decimal string on the
// wire ("1234.56", "-0.05"). No float ever touches an amount. In JS there are two types:
//
// - `Cents` (number) is ONE amount: a line, a payment, a budget or actuals cell, and an invoice
//   (one receivable: createInvoices refuses a total above MAX_AMOUNT, so its total, paid and
//   balance, and every payment application, are single amounts too). Every amount the API accepts
//   is at most MAX_AMOUNT (9,999,999,999,999.99), below 2^53 cents, so a number holds it exactly;
//   `toCents` reads one from a bigint column and throws rather than round.
// - `Total` (bigint) is every other SUM: account balances, running balances, trial-balance and
//   fund totals, entry totals, aging buckets, unit balances, vendor spend, budget and actuals
//   totals, Budget vs Actual, assessment projections, run and import totals. Ten amounts of
//   MAX_AMOUNT already exceed 2^53, so a sum never passes through a number: SQL sums come back as
//   decimal strings and go straight to BigInt (`toTotal`); JS sums use `sumCents`.
//
// The Money scalar serializes both exactly; the GraphQL schema is the same for both. The wire
// format itself (parsing and writing "1234.56") is the web app's too: @covenant/shared/money.
export type { Cents };
export type Total = bigint;

// The API's names for them: parseMoney reads a Money input, formatMoney writes one.
export { centsToMoney as formatMoney, MAX_AMOUNT, parseMoney };

// One amount from a bigint column (pg hands bigint as a string). Throws rather than round.
export function toCents(value: string | number | bigint | null | undefined): Cents {
  if (value === null || value === undefined) return 0;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || BigInt(n) !== BigInt(value)) {
    throw new Error(`${String(value)} cents is not a single amount; sum it as a Total`);
  }
  return n;
}

// A sum from SQL (a decimal string of a numeric/bigint), an amount, or nothing (0).
export function toTotal(value: string | number | bigint | null | undefined): Total {
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new Error(`${value} is not an exact number of cents`);
  }
  return BigInt(value);
}

// The exact sum of amounts and totals.
export function sumCents(values: Iterable<Cents | Total>): Total {
  let s = 0n;
  for (const v of values) s += toTotal(v);
  return s;
}

export const maxTotal = (a: Total, b: Total): Total => (a > b ? a : b);

// a ÷ b rounded half-up (away from zero on a tie), b > 0: the one rounding of a division of sums.
export function divHalfUp(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  if (a >= 0n) return 2n * r >= b ? q + 1n : q;
  return -2n * r >= b ? q - 1n : q;
}

// For messages: "$1,234.56", "-$0.05".
export function displayMoney(cents: Cents | Total): string {
  const [whole, frac] = centsToMoney(cents).split('.');
  const neg = whole.startsWith('-');
  const digits = neg ? whole.slice(1) : whole;
  return `${neg ? '-' : ''}$${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

export const MoneyScalar = new GraphQLScalarType<Cents | Total, string>({
  name: 'Money',
  description:
    'An amount as a decimal string with up to two decimals, e.g. "1234.56"; stored as integer cents',
  serialize(value) {
    if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') {
      return centsToMoney(value);
    }
    throw new GraphQLError('Money cannot represent this value');
  },
  parseValue(value) {
    if (typeof value !== 'string')
      throw new GraphQLError('Money must be a string such as "1234.56"');
    try {
      return parseMoney(value);
    } catch (e) {
      throw new GraphQLError((e as Error).message);
    }
  },
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING)
      throw new GraphQLError('Money must be a string such as "1234.56"');
    try {
      return parseMoney(ast.value);
    } catch (e) {
      throw new GraphQLError((e as Error).message);
    }
  },
});
