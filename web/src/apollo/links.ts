import { ApolloLink, Observable } from '@apollo/client/core';
import type { FetchResult, Operation } from '@apollo/client/core';
import type { GraphQLFormattedError } from 'graphql';
import { codeOf, errorsInServerResult } from './errors';
import type { ApiErrorLike } from './errors';

// Links are written against ApolloLink/Observable from @apollo/client/core on purpose: the
// package root (and some subpaths) pull React into the bundle.

/** Adds `Authorization: Bearer <token>` when a session exists. */
export function createAuthLink(getToken: () => string | null): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const token = getToken();
    if (token) {
      operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
        headers: { ...headers, authorization: `Bearer ${token}` },
      }));
    }
    return forward(operation);
  });
}

export type SessionProblem = 'unauthenticated' | 'org-inactive';

/**
 * Decides whether an operation's failure ends the session (UNAUTHENTICATED / HTTP 401) or means
 * the organization is suspended or archived (ORG_INACTIVE). A FORBIDDEN (also HTTP 403) is an
 * ordinary permission refusal and is left to the screen that asked.
 */
export function classifySessionProblem(
  graphQLErrors: readonly ApiErrorLike[],
  statusCode: number | undefined,
): SessionProblem | null {
  const codes = graphQLErrors.map(codeOf).filter((c): c is string => c !== undefined);
  if (codes.includes('UNAUTHENTICATED') || statusCode === 401) return 'unauthenticated';
  if (codes.includes('ORG_INACTIVE')) return 'org-inactive';
  if (statusCode === 403 && !codes.includes('FORBIDDEN')) return 'org-inactive';
  return null;
}

export interface SessionErrorHandlers {
  onUnauthenticated: (operation: Operation) => void;
  onOrgInactive: (operation: Operation) => void;
}

// Login answers a wrong password with UNAUTHENTICATED; that is the login form's business, not a
// lost session.
const SESSIONLESS_OPERATIONS = new Set(['Login']);

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const status = (error as { statusCode: unknown }).statusCode;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/** Watches every result and failure for session problems, then passes them on unchanged. */
export function createSessionErrorLink(handlers: SessionErrorHandlers): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const inspect = (errors: readonly ApiErrorLike[], statusCode: number | undefined) => {
      if (SESSIONLESS_OPERATIONS.has(operation.operationName)) return;
      const problem = classifySessionProblem(errors, statusCode);
      if (problem === 'unauthenticated') handlers.onUnauthenticated(operation);
      else if (problem === 'org-inactive') handlers.onOrgInactive(operation);
    };

    return new Observable<FetchResult>((observer) => {
      const subscription = forward(operation).subscribe({
        next: (result) => {
          const errors: readonly GraphQLFormattedError[] = result.errors ?? [];
          if (errors.length > 0) inspect(errors as ApiErrorLike[], undefined);
          observer.next(result);
        },
        error: (error: unknown) => {
          inspect(errorsInServerResult(error), statusOf(error));
          observer.error(error);
        },
        complete: () => observer.complete(),
      });
      return () => subscription.unsubscribe();
    });
  });
}
