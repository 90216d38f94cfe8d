import { ApolloError } from '@apollo/client/core';
import type { ServerError } from '@apollo/client/core';

// Helpers that read the API's error shape ({ message, extensions: { code, details } }) from
// whatever Apollo hands us. The API answers some errors with a non-2xx status (401, 403, 429);
// Apollo then reports a network error whose `result` still holds the GraphQL errors, so every
// helper looks in both places.

export interface ApiErrorLike {
  message: string;
  extensions?: Record<string, unknown>;
}

export interface FieldDetail {
  field?: string;
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isServerError(value: unknown): value is ServerError {
  return isRecord(value) && typeof value.statusCode === 'number' && 'response' in value;
}

/** GraphQL errors found in a ServerError's parsed body (HTTP 4xx/5xx with a GraphQL payload). */
export function errorsInServerResult(networkError: unknown): ApiErrorLike[] {
  if (!isServerError(networkError)) return [];
  const result: unknown = networkError.result;
  if (!isRecord(result) || !Array.isArray(result.errors)) return [];
  return result.errors.filter(
    (e): e is ApiErrorLike => isRecord(e) && typeof e.message === 'string',
  );
}

/** Every GraphQL error carried by an error thrown from a query or mutation. */
export function apiErrors(error: unknown): ApiErrorLike[] {
  if (error instanceof ApolloError) {
    return [...error.graphQLErrors, ...errorsInServerResult(error.networkError)];
  }
  if (isRecord(error) && Array.isArray(error.graphQLErrors)) {
    return error.graphQLErrors as ApiErrorLike[];
  }
  return [];
}

export function codeOf(error: ApiErrorLike): string | undefined {
  const code = error.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The first API error code, e.g. 'CONFLICT'. */
export function errorCode(error: unknown): string | undefined {
  for (const e of apiErrors(error)) {
    const code = codeOf(e);
    if (code) return code;
  }
  return undefined;
}

/** `extensions.reason` of the first error that has one, e.g. 'TOKEN_EXPIRED'. */
export function errorReason(error: unknown): string | undefined {
  for (const e of apiErrors(error)) {
    const reason = e.extensions?.reason;
    if (typeof reason === 'string') return reason;
  }
  return undefined;
}

/** Seconds to wait from a RATE_LIMITED error's `extensions.retryAfter`, when it says. */
export function retryAfterSeconds(error: unknown): number | undefined {
  for (const e of apiErrors(error)) {
    const value = e.extensions?.retryAfter;
    const seconds = typeof value === 'string' ? Number(value) : value;
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) {
      return Math.ceil(seconds);
    }
  }
  return undefined;
}

export function httpStatus(error: unknown): number | undefined {
  if (error instanceof ApolloError && isServerError(error.networkError)) {
    return error.networkError.statusCode;
  }
  return undefined;
}

/** The API could not be reached (offline, or a proxy answering for a stopped API). */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof ApolloError) || !error.networkError) return false;
  if (apiErrors(error).length > 0) return false;
  const status = httpStatus(error);
  return status === undefined || status >= 500;
}

const GENERIC_FAILURE = 'Something went wrong on our side. Please try again in a moment.';
const OFFLINE = 'We could not reach Covenant. Check your connection and try again.';

/** A sentence fit to show a person: the API's own message, or a plain fallback. */
export function errorMessage(error: unknown, fallback = GENERIC_FAILURE): string {
  const first = apiErrors(error)[0];
  if (first) {
    // INTERNAL messages are for the logs, never for the treasurer.
    return codeOf(first) === 'INTERNAL' ? fallback : first.message;
  }
  if (error instanceof ApolloError && error.networkError) {
    return isServerError(error.networkError) ? fallback : OFFLINE;
  }
  return fallback;
}

/** Every `extensions.details` entry ({ field, message }), in the order the API gave them. */
export function fieldErrorList(error: unknown): FieldDetail[] {
  const out: FieldDetail[] = [];
  for (const e of apiErrors(error)) {
    const details = e.extensions?.details;
    if (!Array.isArray(details)) continue;
    for (const d of details) {
      if (isRecord(d) && typeof d.message === 'string') {
        out.push({ field: typeof d.field === 'string' ? d.field : undefined, message: d.message });
      }
    }
  }
  return out;
}

/** Per-field messages from `extensions.details` ({ field, message }[]), keyed by input property. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of apiErrors(error)) {
    const details = e.extensions?.details;
    if (!Array.isArray(details)) continue;
    for (const d of details) {
      if (isRecord(d) && typeof d.field === 'string' && typeof d.message === 'string') {
        out[d.field] ??= d.message;
      }
    }
  }
  return out;
}
