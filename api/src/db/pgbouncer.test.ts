import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Organization } from '../platform/organizations/organizations.entity.js';
import type { User } from '../platform/users/users.entity.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { createOrg, createUser, tokenFor } from '../test/factories.js';
import { startPgBouncer, type RunningBouncer } from '../test/pgbouncer.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { withClient, withDatabase } from './connection.js';
import { sql } from './sql.js';

const ACCOUNTS = '{ accounts { id number } }';
const CREATE = 'mutation($input: CreateAccountInput!) { createAccount(input: $input) { id } }';
const TENANTS = 16;
// Per database, as deploy/pgbouncer.ini has it (max_db_connections).
const PER_DB = 4;

// The production PgBouncer settings (deploy/pgbouncer.ini, transaction pooling) in front of the
// test PostgreSQL, with the API's requests going through it (the platform and the tenant pools,
// transactions, transaction-scoped advisory locks) and its DDL (provisioning) going direct.
describe('PgBouncer in transaction pooling', () => {
  let bouncer: RunningBouncer;
  let app: TestApp;
  const server = inject('testDb').serverUrl;
  let tenants: { org: Organization; user: User }[];

  beforeAll(async () => {
    bouncer = await startPgBouncer(server, { statementTimeoutMs: 800 });
    app = await startTestApp({
      databasePoolerUrl: bouncer.url,
      dbPooler: 'pgbouncer',
      dbStatementTimeoutMs: 800,
      tenantConnectionBudget: 40,
    });
    tenants = [];
    for (let i = 0; i < TENANTS; i++) {
      const org = await createOrg(app.services);
      tenants.push({ org, user: await createUser(app.services, { memberships: [{ org }] }) });
    }
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await bouncer?.stop();
  });

  it('runs the settings file as shipped, with the pooling mode the API relies on', () => {
    expect(bouncer.ini).toMatch(/^pool_mode = transaction$/m);
    expect(bouncer.ini).toMatch(/^max_db_connections = 4$/m);
  });

  it('serves many associations at once, reads and writes, within its server connections', async () => {
    const dbs = tenants.map((t) => t.org.dbName);
    let peakPerDb = 0;
    let peakTotal = 0;
    let on = true;
    const sampler = withClient(withDatabase(server, 'postgres'), async (c) => {
      while (on) {
        const { rows } = await c.query<{ n: number; top: number }>(
          `SELECT coalesce(sum(n), 0)::int AS n, coalesce(max(n), 0)::int AS top FROM (
             SELECT count(*) AS n FROM pg_stat_activity WHERE datname = ANY($1) GROUP BY datname
           ) per_db`,
          [dbs],
        );
        peakTotal = Math.max(peakTotal, rows[0].n);
        peakPerDb = Math.max(peakPerDb, rows[0].top);
        await new Promise((r) => setTimeout(r, 10));
      }
    });
    const writes = new Map<string, number>();
    const jobs = Array.from({ length: 192 }, (_, i) => tenants[i % TENANTS]);
    const statuses: number[] = [];
    for (let i = 0; i < jobs.length; i += 32) {
      await Promise.all(
        jobs.slice(i, i + 32).map(async ({ org, user }, j) => {
          const token = tokenFor(app.services, user, org);
          if ((i + j) % 3 === 0) {
            const n = (writes.get(org.id) ?? 0) + 1;
            writes.set(org.id, n);
            const res = await app.gql(
              CREATE,
              {
                input: {
                  number: `B${i + j}`,
                  name: `Through the pool ${n}`,
                  type: 'EXPENSE',
                  fundType: 'OPERATING',
                },
              },
              token,
            );
            statuses.push(res.status);
          } else {
            statuses.push((await app.gql(ACCOUNTS, {}, token)).status);
          }
        }),
      );
    }
    on = false;
    await sampler;
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    for (const { org, user } of tenants) {
      const res = await app.gql<{ accounts: unknown[] }>(
        ACCOUNTS,
        {},
        tokenFor(app.services, user, org),
      );
      expect(res.body.data!.accounts).toHaveLength(writes.get(org.id) ?? 0);
    }
    expect(peakPerDb).toBeLessThanOrEqual(PER_DB);
    expect(peakTotal).toBeGreaterThan(0);
  });

  it('keeps the statement timeout, set by PgBouncer on each server connection', async () => {
    const { org } = tenants[0];
    const orm = await app.services.pool.get({ cluster: 'default', database: org.dbName }, org.id);
    const [row] = await orm.em
      .fork()
      .getConnection()
      .execute<{ statement_timeout: string }[]>('SHOW statement_timeout');
    expect(row.statement_timeout).toBe('800ms');
    const t0 = Date.now();
    await expect(orm.em.fork().getConnection().execute('SELECT pg_sleep(3)')).rejects.toMatchObject(
      { code: '57014' },
    );
    expect(Date.now() - t0).toBeLessThan(2_500);
  });

  it('serialises on transaction-scoped advisory locks, which end with their transaction', async () => {
    const { org } = tenants[1];
    const orm = await app.services.pool.get({ cluster: 'default', database: org.dbName }, org.id);
    const locked = () =>
      orm.em.fork().transactional(async (tx) => {
        const q = sql(tx as EntityManager);
        await q.run("SELECT pg_advisory_xact_lock(hashtext('bench'))");
        const [{ at }] = await q.all<{ at: number }>(
          'SELECT extract(epoch FROM clock_timestamp()) * 1000 AS at',
        );
        await q.run('SELECT pg_sleep(0.2)');
        return Number(at);
      });
    const [a, b] = await Promise.all([locked(), locked()]);
    expect(Math.abs(a - b)).toBeGreaterThanOrEqual(180);
    // And nothing is left holding it.
    const [{ free }] = await orm.em
      .fork()
      .getConnection()
      .execute<{ free: boolean }[]>("SELECT pg_try_advisory_xact_lock(hashtext('bench')) AS free");
    expect(free).toBe(true);
  });
});

describe('the production compose file', () => {
  it('sends requests through PgBouncer and DDL straight to PostgreSQL', () => {
    const compose = readFileSync(new URL('../../../docker-compose.yml', import.meta.url), 'utf8');
    const ini = readFileSync(new URL('../../../deploy/pgbouncer.ini', import.meta.url), 'utf8');
    expect(compose).toMatch(
      /DATABASE_URL: postgres:\/\/covenant:\$\{POSTGRES_PASSWORD\}@postgres:5432\//,
    );
    expect(compose).toMatch(
      /DATABASE_POOLER_URL: postgres:\/\/covenant:\$\{POSTGRES_PASSWORD\}@pgbouncer:6432\//,
    );
    expect(compose).toMatch(/target: pgbouncer/);
    expect(ini).toMatch(/^listen_port = 6432$/m);
    expect(ini).toMatch(/^\* = host=postgres port=5432 /m);
  });
});
