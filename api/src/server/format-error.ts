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

export function makeFormatError(opts: { production: boolean; log: (err: unknown) => void }) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof AppError) {
      const { code, details, extra } = original;
      return { ...formatted, extensions: { code, ...extra, ...(details ? { details } : {}) } };
    }
    if (original instanceof ArgumentValidationError) {
      return {
        message: 'Invalid input',
        locations: formatted.locations,
        path: formatted.path,
        extensions: {
          code: 'BAD_USER_INPUT',
          details: flatten(original.extensions.validationErrors),
        },
      };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && REQUEST_ERRORS.has(code)) {
      return {
        message: formatted.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: 'BAD_USER_INPUT', reason: code },
      };
    }
    opts.log(original);
    return {
      message: opts.production
        ? 'Internal server error'
        : `Internal server error: ${original instanceof Error ? original.message : String(original)}`,
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: 'INTERNAL' },
    };
  };
}
