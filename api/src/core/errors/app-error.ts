import { GraphQLError } from 'graphql';

export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'ORG_INACTIVE'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  // The organization requires two-step sign-in and the caller has not set it up.
  | 'MFA_REQUIRED'
  // The association's subscription lapsed (past-due grace over, trial ended): reads only.
  | 'ORG_READ_ONLY'
  // The association's plan does not include this (more units, AI planning): names the upgrade.
  | 'PLAN_LIMIT'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL';

export interface FieldDetail {
  field: string;
  message: string;
}

const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ORG_INACTIVE: 403,
  MFA_REQUIRED: 403,
  ORG_READ_ONLY: 403,
  PLAN_LIMIT: 403,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};

// A refusal that says when to come back (rate limits, the database away) carries Retry-After.
function httpOf(status: number, extra?: Record<string, unknown>) {
  const retryAfter = extra?.retryAfter;
  return typeof retryAfter === 'number'
    ? { status, headers: new Map([['retry-after', String(retryAfter)]]) }
    : { status };
}

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
        // Apollo sets the status (and headers) of the HTTP answer from `http`, then drops it.
        ...(status ? { http: httpOf(status, extra) } : {}),
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
export const serviceUnavailable = (
  message = 'The service is briefly unavailable; try again shortly',
  retryAfter = 5,
) => new AppError('SERVICE_UNAVAILABLE', message, undefined, { retryAfter });
