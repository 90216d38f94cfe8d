import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import type { ValidationError } from 'class-validator';
import { AppError, type FieldDetail } from '../core/errors/app-error.js';

function flatten(errors: ValidationError[], prefix = ''): FieldDetail[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

// A refusal says its real reason, not only "Invalid input": the field messages themselves, each
// naming its field (the details keep them one by one).
const GENERIC_INPUT = 'Invalid input';
const SHOWN_DETAILS = 3;
export function reasonOf(details: FieldDetail[]): string {
  if (details.length === 0) return GENERIC_INPUT;
  const said = details
    .slice(0, SHOWN_DETAILS)
    .map((d) => (d.field ? `${d.message} (${d.field})` : d.message))
    .join('; ');
  const more = details.length - SHOWN_DETAILS;
  return more > 0 ? `${said}; and ${more} more` : said;
}

// Codes Apollo and graphql-js give to a malformed request: all of them are the caller's bad input.
const REQUEST_ERRORS = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

// graphql-armor's refusals ("Syntax Error: Query Cost limit of 5000 exceeded, found 5250."), worded
// for the person who wrote the query.
const LIMITS: [RegExp, string, (max: number, found: number) => string][] = [
  [
    /Query Cost limit of (\d+) exceeded, found (\d+)/,
    'cost',
    (max, found) =>
      `This query costs ${found}, above the limit of ${max}: ask for fewer rows with "first", or select fewer fields. Each field counts once per row asked for.`,
  ],
  [
    /Query depth limit of (\d+) exceeded, found (\d+)/,
    'depth',
    (max, found) => `This query nests ${found} levels deep; at most ${max} are allowed.`,
  ],
  [
    /Aliases limit of (\d+) exceeded, found (\d+)/,
    'aliases',
    (max, found) => `This query uses ${found} aliases; at most ${max} are allowed.`,
  ],
  [
    /Directives limit of (\d+) exceeded, found (\d+)/,
    'directives',
    (max, found) => `This query uses ${found} directives; at most ${max} are allowed.`,
  ],
  [
    /Token limit of (\d+) exceeded/,
    'tokens',
    (max) => `This query is too long: at most ${max} tokens are allowed.`,
  ],
];

function queryLimit(message: string) {
  for (const [pattern, limit, words] of LIMITS) {
    const m = pattern.exec(message);
    if (m) {
      const max = Number(m[1]);
      const found = m[2] ? Number(m[2]) : null;
      return { message: words(max, found ?? 0), limit: { name: limit, max, found } };
    }
  }
  return null;
}

export function makeFormatError(opts: { production: boolean; log: (err: unknown) => void }) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof AppError) {
      const { code, details, extra } = original;
      const message =
        code === 'BAD_USER_INPUT' && formatted.message === GENERIC_INPUT && details
          ? reasonOf(details)
          : formatted.message;
      return {
        ...formatted,
        message,
        extensions: { code, ...extra, ...(details ? { details } : {}) },
      };
    }
    if (original instanceof ArgumentValidationError) {
      const details = flatten(original.extensions.validationErrors);
      return {
        message: reasonOf(details),
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: 'BAD_USER_INPUT', details },
      };
    }
    const code = formatted.extensions?.code;
    const limit = queryLimit(formatted.message);
    if (limit) {
      return {
        message: limit.message,
        locations: formatted.locations,
        extensions: { code: 'BAD_USER_INPUT', reason: 'QUERY_LIMIT', limit: limit.limit },
      };
    }
    if (typeof code === 'string' && REQUEST_ERRORS.has(code)) {
      return {
        message: formatted.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: 'BAD_USER_INPUT', reason: code },
      };
    }
    // The cause (SQL text and parameter values included) goes to the server log only, in every
    // mode: an answer never carries it.
    opts.log(original);
    return {
      message: 'Internal server error',
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: 'INTERNAL' },
    };
  };
}
