import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { GraphQLLocalDate } from 'graphql-scalars';
import { isLocalDate, MAX_LOCAL_DATE, MIN_LOCAL_DATE } from '../dates.js';

function parse(value: unknown, node?: ValueNode): string {
  if (typeof value === 'string' && isLocalDate(value)) return value;
  const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
  throw new GraphQLError(
    `Expected a date from ${MIN_LOCAL_DATE} to ${MAX_LOCAL_DATE} written YYYY-MM-DD, got ${shown}`,
    node ? { nodes: node } : undefined,
  );
}

// graphql-scalars' LocalDate (same name, description and output), with the range every date of
// the books must fall in checked where the value enters: a year 0000 or 9999 is the caller's typo,
// refused as bad input before any service or PostgreSQL sees it.
export const LocalDateScalar = new GraphQLScalarType<string, string>({
  ...GraphQLLocalDate.toConfig(),
  description: `${GraphQLLocalDate.description} From ${MIN_LOCAL_DATE} to ${MAX_LOCAL_DATE}.`,
  parseValue: (value) => parse(value),
  parseLiteral: (node) => parse(node.kind === Kind.STRING ? node.value : node.kind, node),
});
