import { GraphQLError } from 'graphql';

export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'ORG_INACTIVE'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'INTERNAL';

export interface FieldDetail {
  field: string;
  message: string;
}

const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ORG_INACTIVE: 403,
  RATE_LIMITED: 429,
};

// The one error type of the API: extensions.code from the list above, HTTP status where the code
// has one, and per-field details for bad input.
export class AppError extends GraphQLError {
  readonly code: ErrorCode;
  readonly details?: FieldDetail[];

  readonly extra?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    details?: FieldDetail[],
    // Further machine-readable facts, e.g. { reason: 'TOKEN_EXPIRED' } or { retryAfter: 42 }.
    extra?: Record<string, unknown>,
  ) {
    const status = HTTP_STATUS[code];
    super(message, {
      extensions: {
        code,
        ...extra,
        ...(details ? { details } : {}),
        ...(status ? { http: { status } } : {}),
      },
    });
    this.code = code;
    this.details = details;
    this.extra = extra;
  }
}

export const unauthenticated = (message = 'Authentication required') =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', message);
export const notFound = (what: string, details?: FieldDetail[]) =>
  new AppError('NOT_FOUND', `${what} not found`, details);
export const badInput = (details: FieldDetail[], message = 'Invalid input') =>
  new AppError('BAD_USER_INPUT', message, details);
export const conflict = (message: string, details?: FieldDetail[]) =>
  new AppError('CONFLICT', message, details);
