import { ApolloLink, Observable } from '@apollo/client/core';
import type { FetchResult, Operation } from '@apollo/client/core';
import type { GraphQLFormattedError } from 'graphql';
import { codeOf, errorsInServerResult } from './errors';
import type { ApiErrorLike } from './errors';

// Links are written against ApolloLink/Observable from @apollo/client/core on purpose: the
// package root (and some subpaths) pull React into the bundle.

/**
 * Operations POSTed to /auth/graphql instead of /graphql: the refresh cookie's Path is /auth, so
 * only requests there carry it.
 */
export const AUTH_ENDPOINT_OPERATIONS: ReadonlySet<string> = new Set(['RefreshSession', 'Logout']);

/**
 * Adds `Authorization: Bearer <token>` when a session exists. Not on the /auth operations: they
 * are identified by the cookie, and the API refuses a whole request whose Bearer token has
 * expired, which is exactly when a refresh is needed.
 */
export function createAuthLink(getToken: () => string | null): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const token = getToken();
    if (token && !AUTH_ENDPOINT_OPERATIONS.has(operation.operationName)) {
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
  /** The current access token; lets a request sent with an older one simply be replayed. */
  getToken?: () => string | null;
  /**
   * Exchanges the refresh cookie for a new access token and stores it. Concurrent callers must
   * share one request; rejects when the session cannot be renewed. Without it, a 401 goes
   * straight to onUnauthenticated.
   */
  refreshSession?: () => Promise<unknown>;
  /** The session is over (refresh refused or unavailable). */
  onUnauthenticated: (operation: Operation) => void;
  onOrgInactive: (operation: Operation) => void;
}

// Login answers a wrong password with UNAUTHENTICATED: that is the login form's business, not a
// lost session. RefreshSession failing *is* the verdict, and Logout ends the session anyway.
const SESSIONLESS_OPERATIONS = new Set([
  'Login',
  // A wrong or expired second-step code is the sign-in page's business as well.
  'VerifyMfa',
  'RefreshSession',
  'Logout',
  // A refused passkey is the sign-in page's business too.
  'BeginPasskeySignIn',
  'FinishPasskeySignIn',
]);

// ORG_INACTIVE from these is about the organization asked for, not the session's own: switching
// into a suspended association is refused, but the current one is still fine.
const TARGETS_ANOTHER_ORGANIZATION = new Set(['SwitchOrganization']);

const RETRIED = 'covenantRetriedAfterRefresh';

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const status = (error as { statusCode: unknown }).statusCode;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

type Outcome =
  | { kind: 'result'; result: FetchResult }
  | { kind: 'error'; error: unknown }
  | { kind: 'complete' };

/**
 * Watches every result and failure for session problems. On UNAUTHENTICATED it renews the
 * session once (shared with every other operation failing at the same time) and replays the
 * operation once with the new token; if renewal fails, the original failure is passed on and
 * onUnauthenticated is told. ORG_INACTIVE is reported and passed on unchanged.
 */
export function createSessionErrorLink(handlers: SessionErrorHandlers): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const sessionless = SESSIONLESS_OPERATIONS.has(operation.operationName);

    return new Observable<FetchResult>((observer) => {
      let subscription: { unsubscribe: () => void } | null = null;
      let closed = false;

      const deliver = (outcome: Outcome) => {
        if (closed) return;
        if (outcome.kind === 'result') observer.next(outcome.result);
        else if (outcome.kind === 'error') observer.error(outcome.error);
        else observer.complete();
      };

      const attempt = (canRetry: boolean) => {
        // The token this attempt goes out with (the auth link reads the same getter next).
        const sentWith = handlers.getToken?.() ?? null;
        // Results are held back until the operation settles, so a 401 answered over HTTP 200
        // can still be replayed instead of reaching the screen.
        const held: FetchResult[] = [];

        const settle = (problem: SessionProblem | null, failure: Outcome) => {
          if (
            problem === 'org-inactive' &&
            !TARGETS_ANOTHER_ORGANIZATION.has(operation.operationName)
          ) {
            handlers.onOrgInactive(operation);
          }
          if (problem !== 'unauthenticated' || sessionless) {
            held.forEach((result) => deliver({ kind: 'result', result }));
            deliver(failure);
            return;
          }
          const giveUp = () => {
            handlers.onUnauthenticated(operation);
            held.forEach((result) => deliver({ kind: 'result', result }));
            deliver(failure);
          };
          if (!canRetry || !handlers.refreshSession) {
            giveUp();
            return;
          }
          const replay = () => {
            if (closed) return;
            operation.setContext({ [RETRIED]: true });
            attempt(false);
          };
          // Sent with a token that another request's refresh has already replaced: just replay.
          const current = handlers.getToken?.() ?? null;
          if (current !== null && sentWith !== null && current !== sentWith) {
            replay();
            return;
          }
          handlers.refreshSession().then(replay, giveUp);
        };

        subscription = forward(operation).subscribe({
          next: (result) => {
            held.push(result);
          },
          error: (error: unknown) => {
            const problem = classifySessionProblem(errorsInServerResult(error), statusOf(error));
            settle(problem, { kind: 'error', error });
          },
          complete: () => {
            const errors: readonly GraphQLFormattedError[] = held.flatMap((r) => r.errors ?? []);
            const problem =
              errors.length > 0
                ? classifySessionProblem(errors as ApiErrorLike[], undefined)
                : null;
            settle(problem, { kind: 'complete' });
          },
        });
      };

      attempt(operation.getContext()[RETRIED] !== true);
      return () => {
        closed = true;
        subscription?.unsubscribe();
      };
    });
  });
}
