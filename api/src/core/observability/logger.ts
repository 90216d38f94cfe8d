import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { Response } from 'express';
import { attributeError, observedOf, requestOfError } from './requests.js';

export type { DestinationStream, Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// Nothing logs these on purpose; redaction is the second guard: at the top of a line, and in the
// objects a log call is commonly handed. Explicit paths only: a wildcard (`*.password`) made
// every line cost 50 µs instead of 7 (pino 10's redaction walks the whole object for it).
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'password',
  'token',
  'accessToken',
  'refreshToken',
  'email',
  'variables',
  'body',
];
const PARENTS = ['req', 'request', 'headers', 'user', 'input', 'args', 'data', 'err'];
export const REDACTED_PATHS = [
  ...SECRET_KEYS,
  ...PARENTS.flatMap((parent) => SECRET_KEYS.map((key) => `${parent}.${key}`)),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

// An error's words are logged as thrown; an email address in them (a constraint's detail, a
// message naming the user) is masked, the one kind of personal data such words commonly carry.
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const masked = (v: unknown) => (typeof v === 'string' ? v.replace(EMAIL, '[email]') : v);

function errorSerializer(err: unknown) {
  const out = stdSerializers.err(err as Error) as unknown;
  if (!out || typeof out !== 'object') return out;
  const e = out as Record<string, unknown>;
  for (const key of ['message', 'stack', 'detail']) if (key in e) e[key] = masked(e[key]);
  return e;
}

// The process's one logger: JSON lines with the level's name and an ISO time, readable by a person
// and by any log store. `destination` is for tests (a stream that keeps the lines).
export function createLogger(opts: { level: LogLevel; destination?: DestinationStream }): Logger {
  const options = {
    level: opts.level,
    formatters: { level: (label: string) => ({ level: label }) },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: errorSerializer },
  };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}

// The server's unexpected errors (what an answer words as INTERNAL, a webhook's failure…), with the
// request they happened in when it is known (requests.ts ties errors to requests). `also` is told
// of each too (the tests keep them).
export function errorLogger(logger: Logger, also?: (err: unknown) => void) {
  return (err: unknown) => {
    const request = requestOfError(err);
    logger.error(
      {
        err,
        ...(request ? { reqId: request.id, orgId: request.orgId, userId: request.userId } : {}),
      },
      'unexpected error',
    );
    also?.(err);
  };
}

// A route's log of unexpected errors, tied to its request (the handler is given only the error).
export function requestLog(log: (err: unknown) => void, res: Response) {
  return (err: unknown) => {
    attributeError(observedOf(res), err);
    log(err);
  };
}
