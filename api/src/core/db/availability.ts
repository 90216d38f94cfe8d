import { AppError, serviceUnavailable } from '../errors/app-error.js';

// The one place that recognises "the database is away": it cannot be reached, it does not answer
// in time, or it refuses new work for a moment. That is neither the caller's mistake nor a bug, so
// the caller gets SERVICE_UNAVAILABLE (HTTP 503) with Retry-After instead of an internal error, and
// the same request succeeds once the database is back: the pools drop dead connections and open
// new ones, no restart needed.

// Seconds a caller is asked to wait before trying again.
export const DATABASE_RETRY_AFTER_S = 5;

// Said to the caller; the driver's own message names the database's host and port.
export const DATABASE_AWAY_MESSAGE =
  'The database is not answering right now; try again in a few seconds';

// Socket errors on the way to the server. ENOTFOUND counts because a database host that has gone
// (a stopped container) drops out of DNS; a mistyped host never gets this far, as start-up
// migrates or checks every database first.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

// PostgreSQL's SQLSTATEs for "not now". Left out on purpose: 55P03 lock_not_available (the
// database answered: another transaction holds the row, which only NOWAIT or lock_timeout report,
// and we use neither), 57P04 database_dropped and 3D000 (the database is gone, not briefly away),
// 08P01 protocol_violation (a bug in a client, not an outage), 40001/40P01 (conflicts between
// transactions, not an outage).
const SQLSTATES = new Set([
  // query_canceled: our statement_timeout fired (or an operator cancelled the query).
  '57014',
  // admin_shutdown (server stopping, or the connection terminated by an operator), crash_shutdown,
  // cannot_connect_now (starting up, shutting down, in recovery).
  '57P01',
  '57P02',
  '57P03',
  // too_many_connections: the server is full for the moment.
  '53300',
]);
// Class 08, connection exceptions.
const CONNECTION_EXCEPTION = /^08(?!P01)[0-9A-Z]{3}$/;

// Errors that carry no code: the connection pool's and the pg driver's own words. knex puts the
// statement in front of a failed query's message ("select … - Query read timeout").
const MESSAGES = [
  // No connection free within DB_ACQUIRE_TIMEOUT_MS (knex's pool).
  /^Knex: Timeout acquiring a connection/,
  // The socket closed under a connection, or a new one did not connect in time.
  /(?:^| - )Connection terminated/,
  /(?:^| - )timeout expired$/,
  // The server took the query but never answered (our client-side read timeout).
  /(?:^| - )Query read timeout$/,
  /(?:^| - )Client has encountered a connection error and is not queryable$/,
  // A transaction whose BEGIN went unanswered: knex gives up on the transaction and answers its
  // statements this way. (Running a statement after COMMIT would say the same, but that bug fails
  // on every run, and the log keeps the error either way.)
  /^Transaction query already complete/,
];

function recognised(e: { code?: unknown; message?: unknown }): boolean {
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || CONNECTION_EXCEPTION.test(code)) {
    return true;
  }
  const message = typeof e.message === 'string' ? e.message : '';
  return MESSAGES.some((m) => m.test(message));
}

type Wrapped = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

// True when the error, or anything it wraps (MikroORM's DriverException copies the driver's code;
// `cause`; a failed connect to several addresses is an AggregateError), passes `test`.
function anyWrapped(err: unknown, test: (e: Wrapped) => boolean): boolean {
  const seen = new Set<object>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const wrapped = e as Wrapped;
    if (test(wrapped)) return true;
    queue.push(wrapped.cause, ...(Array.isArray(wrapped.errors) ? wrapped.errors : []));
  }
  return false;
}

// True when the error, or anything it wraps, says the database is away.
export function isDatabaseAway(err: unknown): boolean {
  return anyWrapped(err, recognised);
}

// 25006 read_only_sql_transaction: a write reached an association's database that was made
// read-only (`default_transaction_read_only`) to be moved to another cluster. Its directory entry
// in this process is then out of date (another process started the move, and this one missed or
// has not yet had the message): the request is refused as "not now", and the caller forgets the
// entry so that the next request reads the directory again (the move's refusal, or the new place).
const READ_ONLY_SQL_TRANSACTION = '25006';

export const DATABASE_FROZEN_MESSAGE =
  "This association's records are being moved and are read-only for a moment; try again in a few seconds";

export function isDatabaseFrozen(err: unknown): boolean {
  return anyWrapped(err, (e) => e.code === READ_ONLY_SQL_TRANSACTION);
}

// The typed refusal for a database that is away; the cause rides along for the server log only.
export function databaseUnavailable(cause: unknown): AppError {
  const err = serviceUnavailable(DATABASE_AWAY_MESSAGE, DATABASE_RETRY_AFTER_S);
  return Object.assign(err, { cause });
}

// The typed refusal for a write to a frozen database; the cause rides along for the server log.
export function databaseFrozen(cause: unknown): AppError {
  const err = serviceUnavailable(DATABASE_FROZEN_MESSAGE, DATABASE_RETRY_AFTER_S);
  return Object.assign(err, { cause });
}
