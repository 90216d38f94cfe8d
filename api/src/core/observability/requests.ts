import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ApolloServerPlugin, BaseContext, GraphQLRequestContext } from '@apollo/server';
import type { NextFunction, Request, Response } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';

// What the histogram's `route` label says: a handful of kinds, never a path (paths hold ids).
export type RouteKind = 'graphql' | 'auth' | 'attachments' | 'exports' | 'webhooks' | 'other';

// What a request's access line says about it, filled in as the request goes: the context factory
// records the caller, the GraphQL plugin the operation, error formatting the codes.
export interface ObservedRequest {
  id: string;
  kind: RouteKind;
  // /graphql and /auth/graphql: the line and the metrics carry the operation and its outcome.
  graphql: boolean;
  orgId?: string;
  userId?: string;
  impersonatedBy?: string;
  operation?: string | null;
  codes?: Set<string>;
}

const LOCALS_KEY = 'observedRequest';

// Errors met while answering a request → that request, so that the error log (which is handed
// the error alone) can say which request it was. An AsyncLocalStorage would find it without
// this, but on Node 20 it turns on promise hooks for the whole process: the bench measured 40 %
// more CPU per request.
const errorRequests = new WeakMap<object, ObservedRequest>();

const related = (err: object): unknown[] => [
  (err as { originalError?: unknown }).originalError,
  (err as { cause?: unknown }).cause,
];

// Ties an error (and what it wraps: GraphQL's originalError, a cause) to its request.
export function attributeError(observed: ObservedRequest | undefined, err: unknown, depth = 0) {
  if (!observed || !err || typeof err !== 'object' || depth > 3) return;
  errorRequests.set(err, observed);
  for (const inner of related(err)) attributeError(observed, inner, depth + 1);
}

export function requestOfError(err: unknown): ObservedRequest | undefined {
  if (!err || typeof err !== 'object') return undefined;
  return (
    errorRequests.get(err) ??
    related(err)
      .map((inner) => (inner && typeof inner === 'object' ? errorRequests.get(inner) : undefined))
      .find(Boolean)
  );
}

export const observedOf = (res: Response): ObservedRequest | undefined =>
  res.locals[LOCALS_KEY] as ObservedRequest | undefined;

// The context factory's note of who is calling, once the token stood.
export function noteCaller(
  res: Response,
  caller: { userId?: string; orgId?: string | null; impersonatedBy?: string } | null,
) {
  const observed = observedOf(res);
  if (!observed || !caller) return;
  observed.userId = caller.userId;
  observed.orgId = caller.orgId ?? undefined;
  observed.impersonatedBy = caller.impersonatedBy;
}

function addCode(observed: ObservedRequest | undefined, code: unknown) {
  if (!observed || typeof code !== 'string') return;
  (observed.codes ??= new Set()).add(code);
}

// An error code the HTTP error handler answered.
export function noteErrorCode(res: Response, code: string) {
  addCode(observedOf(res), code);
}

// The context factory failed (a refused token, the database away): Apollo answers it without
// running any plugin, so the factory ties the error to its request itself.
export function noteContextFailure(res: Response, err: unknown) {
  attributeError(observedOf(res), err);
}

// Apollo's formatError, noting each answered error's code on its request on the way out.
export function notingCodes<E>(
  format: (formatted: GraphQLFormattedError, error: E) => GraphQLFormattedError,
) {
  return (formatted: GraphQLFormattedError, error: E): GraphQLFormattedError => {
    const answer = format(formatted, error);
    addCode(requestOfError(error), answer.extensions?.code);
    return answer;
  };
}

// GraphQL's Name grammar, bounded; anything else a client writes is not a label or a log field.
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
const operationName = (name: unknown): string | null =>
  typeof name === 'string' && OPERATION_NAME.test(name) ? name : null;

function operationOf<C extends BaseContext>(rc: GraphQLRequestContext<C>): string | null {
  if (rc.operationName) return operationName(rc.operationName);
  // Not resolved (a validation error): the document's only operation, or what the client named.
  const ops = rc.document?.definitions.filter((d) => d.kind === 'OperationDefinition') ?? [];
  if (ops.length === 1 && ops[0].kind === 'OperationDefinition' && ops[0].name) {
    return operationName(ops[0].name.value);
  }
  return operationName(rc.request.operationName);
}

// Records the operation's name as Apollo resolved it, and ties the errors it meets (parsing,
// validation, resolvers) to the request before they are formatted and logged.
export function observeOperations<
  C extends BaseContext & { res: Response },
>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart({ contextValue }) {
      const observed = observedOf(contextValue.res);
      if (!observed) return;
      return {
        async didEncounterErrors({ errors }) {
          for (const err of errors) attributeError(observed, err);
        },
        async willSendResponse(rc) {
          observed.operation = operationOf(rc);
        },
      };
    },
  };
}

// An id a proxy in front (nginx's $request_id, a load balancer's) may hand in: short, and of
// characters that cannot break a log line or a header. Anything else gets a fresh one.
const SANE_ID = /^[A-Za-z0-9._:=+/-]{8,128}$/;

export function routeKind(path: string): RouteKind {
  const p = path.toLowerCase();
  if (p === '/graphql' || p.startsWith('/graphql/')) return 'graphql';
  if (p.startsWith('/auth/')) return 'auth';
  if (p.startsWith('/attachments/')) return 'attachments';
  if (p.startsWith('/exports/')) return 'exports';
  if (p.startsWith('/webhooks/')) return 'webhooks';
  return 'other';
}

const ROUTINE = new Set(['/healthz', '/metrics']);

const isGraphql = (path: string) => /^\/(auth\/)?graphql(\/|$)/i.test(path);

function outcomeOf(observed: ObservedRequest, status: number): string {
  if (observed.codes?.size) return [...observed.codes].sort().join(',');
  return status < 400 ? 'ok' : `HTTP_${status}`;
}

// Every request: an id (the proxy's, or a fresh one; echoed in X-Request-Id), and once it has
// ended one access line and its metrics. The path goes without its query string (signed links
// and the identity provider's codes travel there), and no header, body or variable is read.
export function observeRequests(logger: Logger, metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    const path = req.originalUrl.split('?', 1)[0].slice(0, 200);
    const observed: ObservedRequest = { id, kind: routeKind(path), graphql: isGraphql(path) };
    res.locals[LOCALS_KEY] = observed;
    res.once('close', () => {
      const ms = performance.now() - started;
      const status = res.statusCode;
      let operation: string | null | undefined;
      let outcome: string | undefined;
      // A GraphQL answer (or refusal): what the client asked for, and how it went.
      if (observed.graphql && (observed.operation !== undefined || observed.codes)) {
        operation =
          observed.operation ??
          operationName((req.body as { operationName?: unknown })?.operationName);
        outcome = outcomeOf(observed, status);
        metrics.operation(operation, outcome);
      }
      metrics.request(observed.kind, status, ms / 1000);
      const line = {
        reqId: id,
        method: req.method,
        path,
        status,
        durationMs: Math.round(ms * 10) / 10,
        ...(outcome ? { operation, outcome } : {}),
        orgId: observed.orgId,
        userId: observed.userId,
        impersonatedBy: observed.impersonatedBy,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (status >= 500) logger.error(line, 'request');
      // The health check and the scrape come every few seconds: their routine answers at debug.
      else if (status < 400 && ROUTINE.has(path)) logger.debug(line, 'request');
      else logger.info(line, 'request');
    });
    next();
  };
}
