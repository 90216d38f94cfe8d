import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { releaseIdleAsyncContexts } from './async-context.js';
import { quickScram } from './scram.js';

// Every process that opens an ORM: MikroORM's async contexts cost nothing while no run is in flight,
// and a new connection's sign-in derives the salted password once per process (scram.ts).
releaseIdleAsyncContexts();
quickScram();

// The entity lists (platform/entities.ts, modules/entities.ts) are handed in by the wiring
// (boot, tests, bench): the db layer imports nothing above it.
export type EntityList = NonNullable<Options['entities']>;

// How long a request may wait for the database. Without bounds, a frozen database holds every
// request (and every pooled connection) for as long as it stays frozen. Only the request ORMs
// (platform and tenant pools) get them: migrations and provisioning open connections of their own
// and must never be cut short.
export interface DbTimeouts {
  // Longest statement; PostgreSQL cancels it (SQLSTATE 57014).
  statementMs: number;
  // Longest wait for a pooled connection, and for a new one to connect.
  acquireMs: number;
  // Behind PgBouncer the server's statement_timeout is set by PgBouncer on each server connection
  // (deploy/pgbouncer.ini, connect_query): a startup parameter would not follow a client through
  // transaction pooling, and PgBouncer refuses one it does not know.
  pooler?: 'none' | 'pgbouncer';
}

export function requestTimeouts(
  config: Pick<Config, 'dbStatementTimeoutMs' | 'dbAcquireTimeoutMs' | 'dbPooler'>,
): DbTimeouts {
  return {
    statementMs: config.dbStatementTimeoutMs,
    acquireMs: config.dbAcquireTimeoutMs,
    pooler: config.dbPooler,
  };
}

// The server's statement_timeout only fires on a server that is running and reachable. A frozen
// server or a dropped network never answers, so the client stops waiting too, a little later than
// the server would, so that a slow statement is still reported (and cancelled) by the server.
const READ_GRACE_MS = 1_000;

// A pg client as the pool sees it, and its protocol connection, which reports with every answer
// the transaction status PostgreSQL is left in ('I' idle, 'T' in a transaction, 'E' in a failed one).
interface PooledClient {
  readyForQuery?: boolean;
  connection?: { on(event: 'readyForQuery', listener: (msg: { status?: string }) => void): void };
}
const transactionStatus = new WeakMap<PooledClient, string>();

function trackTransactionStatus(
  client: PooledClient,
  done: (err: Error | null, client: PooledClient) => void,
) {
  client.connection?.on('readyForQuery', (msg) => {
    if (msg.status) transactionStatus.set(client, msg.status);
  });
  done(null, client);
}

// A pg client is handed out again only when it is idle. One whose last query never got its answer
// (the read timeout gave up on it) would queue the next query behind the lost one. And a lost
// statement of a transaction can still be answered later, leaving that transaction open on the
// server with nobody to end it (its ROLLBACK was given up on too): the next request would run
// inside it, and its COMMIT would keep what the failed request half wrote. The pool drops such a
// client (closing it ends the server's transaction) and connects anew, which is also how requests
// recover when the old connections are dead.
function answered(client: PooledClient) {
  return client.readyForQuery !== false && (transactionStatus.get(client) ?? 'I') === 'I';
}

function baseOptions(
  url: string,
  poolMax: number,
  logSql: boolean,
  timeouts: DbTimeouts | undefined,
): Options {
  return defineConfig({
    clientUrl: url,
    pool: {
      min: 0,
      max: poolMax,
      idleTimeoutMillis: 30_000,
      ...(timeouts ? { acquireTimeoutMillis: timeouts.acquireMs } : {}),
    },
    // Handed to knex (pool) and to pg (connection) as they are.
    driverOptions: timeouts
      ? {
          pool: { afterCreate: trackTransactionStatus, validate: answered },
          connection: {
            ...(timeouts.pooler === 'pgbouncer' ? {} : { statement_timeout: timeouts.statementMs }),
            query_timeout: timeouts.statementMs + READ_GRACE_MS,
            connectionTimeoutMillis: timeouts.acquireMs,
          },
        }
      : {},
    // Databases are created by provisioning and migrations only, never as a side effect of connecting.
    ensureDatabase: false,
    allowGlobalContext: false,
    debug: logSql,
    forceUtcTimezone: true,
  });
}

export function ormOptions(
  url: string,
  poolMax: number,
  entities: EntityList,
  logSql = false,
  timeouts?: DbTimeouts,
): Options {
  return { ...baseOptions(url, poolMax, logSql, timeouts), entities };
}

export function initOrm(
  url: string,
  poolMax: number,
  entities: EntityList,
  logSql = false,
  timeouts?: DbTimeouts,
) {
  return MikroORM.init(ormOptions(url, poolMax, entities, logSql, timeouts));
}
