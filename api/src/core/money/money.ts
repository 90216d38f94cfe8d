import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

// Money is integer cents everywhere: bigint columns, number in JS (safe to ±90 trillion dollars),
// and a decimal string on the wire ("1234.56", "-0.05"). No float ever touches an amount.
export type Cents = number;

const DECIMAL = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

export function parseMoney(text: string): Cents {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not an amount (use e.g. 1234.56)`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0') || 0);
  return m[1] && cents !== 0 ? -cents : cents;
}

export function formatMoney(cents: Cents | bigint | string): string {
  const n = typeof cents === 'number' ? BigInt(Math.trunc(cents)) : BigInt(cents);
  const neg = n < 0n;
  const abs = neg ? -n : n;
  return `${neg ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export const MoneyScalar = new GraphQLScalarType<Cents, string>({
  name: 'Money',
  description:
    'An amount as a decimal string with up to two decimals, e.g. "1234.56"; stored as integer cents',
  serialize(value) {
    if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') {
      return formatMoney(value as number);
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
