import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import type { ValidationError } from 'class-validator';
import { typedDatabaseError } from '../core/db/errors.js';
import {
  DATABASE_AWAY_MESSAGE,
  DATABASE_FROZEN_MESSAGE,
  DATABASE_RETRY_AFTER_S,
  isDatabaseAway,
  isDatabaseFrozen,
} from '../core/db/availability.js';
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
  // graphql-upload: an Upload variable sent as JSON, or written in the query.
  'INVALID_UPLOAD_VALUE',
  'UPLOAD_LITERAL_UNSUPPORTED',
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
    /Document contains more tha[nt] (\d+) tokens/,
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

function isClientHttpError(e: unknown): e is Error {
  const err = e as { status?: unknown; expose?: unknown };
  return (
    e instanceof Error &&
    typeof err.status === 'number' &&
    err.status >= 400 &&
    err.status < 500 &&
    err.expose === true
  );
}

const TOO_MANY_VARIABLE_ERRORS = /^Too many errors processing variables/;

// graphql-js words some refusals with a guess at what was meant: 'Did you mean "login"?', 'Did you
// mean to use an inline fragment on "LoginPayload"?', 'Did you mean the enum value "ADMIN"?', and
// graphql-armor masks some of them as "[Suggestion hidden]". A guess names a part of the schema the
// caller did not write, so no answer carries one, in any mode (validation-messages.test.ts runs every
// validation rule and variable coercion against crafted queries).
const SUGGESTION = /\s*(?:Did you mean\b[^?]*\?|\[Suggestion hidden\]\??)/g;

export function withoutSuggestions(message: string): string {
  return message.replace(SUGGESTION, '').trim();
}

export function makeFormatError(opts: { production: boolean; log: (err: unknown) => void }) {
  const format = formatWith(opts);
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const answer = format(formatted, error);
    return { ...answer, message: withoutSuggestions(answer.message) };
  };
}

function formatWith(opts: { production: boolean; log: (err: unknown) => void }) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    // The database is away (unknown errors, and the context's 503 that carries one as its cause):
    // SERVICE_UNAVAILABLE with no host or port in it; the cause goes to the log. The HTTP status
    // and Retry-After come from the error itself or from databaseAwayStatus().
    // A write to an association's database frozen for a move: not now, and not a bug (no log;
    // frozenTenantStatus sets the 503 and forgets the association's entry).
    if (isDatabaseFrozen(original)) {
      return {
        message: DATABASE_FROZEN_MESSAGE,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: DATABASE_RETRY_AFTER_S },
      };
    }
    if (isDatabaseAway(original)) {
      opts.log(original instanceof AppError ? original.cause : original);
      return {
        message: DATABASE_AWAY_MESSAGE,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: DATABASE_RETRY_AFTER_S },
      };
    }
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
    // A request error of the HTTP layer met inside a resolver (graphql-upload rejects a file the
    // multipart request names but does not carry, or one over the size limit): the caller's, and
    // its message is meant to be shown (http-errors' `expose`).
    if (isClientHttpError(original)) {
      return {
        message: original.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: 'BAD_USER_INPUT', reason: 'BAD_REQUEST' },
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
    // graphql-js stops coercing variables after 50 errors and says so in an error without a code
    // (a long list of bad rows): the caller's input all the same.
    if (TOO_MANY_VARIABLE_ERRORS.test(formatted.message)) {
      return {
        message: 'Too many invalid values in the variables: correct the first ones and send again',
        locations: formatted.locations,
        extensions: { code: 'BAD_USER_INPUT', reason: 'BAD_USER_INPUT' },
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
    // A constraint or data refusal no service named: typed by its SQLSTATE, worded without SQL;
    // the database's own message is logged like any unknown error.
    const typed = typedDatabaseError(original);
    if (typed) {
      opts.log(original);
      return {
        message: typed.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: typed.code, ...(typed.details ? { details: typed.details } : {}) },
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
