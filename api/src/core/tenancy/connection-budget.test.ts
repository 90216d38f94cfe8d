import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClient } from '../../db/connection.js';
import { tenantEntities } from '../../modules/entities.js';
import type { Organization } from '../../platform/organizations/organizations.entity.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import { budgetLimit, ConnectionBudget, ConnectionBudgetFull } from './connection-budget.js';
import { assertTarn, TenantPool } from './tenant-pool.js';

const loc = (o: Organization) => ({ cluster: o.dbCluster, database: o.dbName });

// Backends the server has open on these databases right now (what "too many clients" counts).
async function backends(app: TestApp, orgs: Organization[]) {
  return withClient(app.services.clusterUrl('default'), async (c) => {
    const { rows } = await c.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ANY($1)',
      [orgs.map((o) => o.dbName)],
    );
    return rows[0].n;
  });
}

describe('connection budget', () => {
  let app: TestApp;
  let orgs: Organization[];
  beforeAll(async () => {
    app = await startTestApp();
    orgs = [];
    for (let i = 0; i < 8; i++) orgs.push(await createOrg(app.services));
  });
  afterAll(() => app.close());

  function pool(
    limit: number,
    opts: { queueMax?: number; waitMs?: number; poolSize?: number } = {},
  ) {
    return new TenantPool({
      entities: tenantEntities,
      clusterUrl: app.services.clusterUrl,
      max: 100,
      poolSize: opts.poolSize ?? 2,
      closeDelayMs: 0,
      budget: {
        limit: () => limit,
        queueMax: opts.queueMax ?? 100,
        waitMs: opts.waitMs ?? 5_000,
      },
    });
  }

  it('holds the connections of many tenants within the budget, closing idle ones for new tenants', async () => {
    const p = pool(3);
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await backends(app, orgs));
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    // 40 queries over 8 tenants, 16 at a time: far more than 3 connections could serve at once.
    const work = Array.from({ length: 40 }, (_, i) => orgs[i % orgs.length]);
    const answers: string[] = [];
    for (let i = 0; i < work.length; i += 16) {
      await Promise.all(
        work.slice(i, i + 16).map(async (o) => {
          const orm = await p.get(loc(o), o.id);
          const [row] = await orm.em
            .fork()
            .getConnection()
            .execute<{ db: string }[]>('SELECT current_database() AS db, pg_sleep(0.02)');
          answers.push(row.db);
        }),
      );
    }
    sampling = false;
    await sampler;
    expect(answers).toHaveLength(40);
    expect(answers.filter((d) => d === orgs[0].dbName)).toHaveLength(5);
    const budget = p.budget('default')!;
    expect(budget.peak).toBeLessThanOrEqual(3);
    // The server's own count may hold one more for a moment: a connection the pool closed to make
    // room ends its backend asynchronously, and on a busy machine the next one can be seen before
    // that backend has left pg_stat_activity. Never two more: the pool never opens past its budget.
    expect(peak).toBeLessThanOrEqual(3 + 1);
    expect(budget.waited).toBeGreaterThan(0);
    expect(budget.refused).toBe(0);
    expect(p.connections('default')).toBeLessThanOrEqual(3);
    await p.closeAll();
    expect(budget.used).toBe(0);
    await expect.poll(() => backends(app, orgs)).toBe(0);
  });

  it('closes the least recently active idle association for a new one, busy ones last', async () => {
    const p = pool(3, { poolSize: 1 });
    const free = async (o: Organization) =>
      assertTarn((await p.get(loc(o), o.id)).em.getConnection().getKnex().client.pool).numFree();
    const ask = async (o: Organization, sleep = 0) => {
      const orm = await p.get(loc(o), o.id);
      await orm.em.fork().getConnection().execute(`SELECT pg_sleep(${sleep})`);
    };
    const [a, b, c, d, e] = orgs;
    // a, b, c each hold one idle connection: the budget is full; a is then used again.
    await ask(a);
    await ask(b);
    await ask(c);
    await ask(a);
    // d takes the slot of b, the least recently active; then e that of c.
    await ask(d);
    expect([await free(a), await free(b), await free(c), await free(d)]).toEqual([1, 0, 1, 1]);
    // With a busy (a query running) and d less recently active than it: e takes d's slot.
    const running = ask(a, 0.3);
    await new Promise((r) => setTimeout(r, 50));
    await ask(c);
    await ask(e);
    await running;
    expect([await free(a), await free(c), await free(d), await free(e)]).toEqual([1, 1, 0, 1]);
    expect(p.budget('default')!.peak).toBeLessThanOrEqual(3);
    await p.closeAll();
  });

  it('refuses with a typed error when the wait runs out or the queue is full, and recovers', async () => {
    const p = pool(1, { queueMax: 1, waitMs: 150, poolSize: 1 });
    const [a, b, c] = orgs;
    const busy = (await p.get(loc(a), a.id)).em
      .fork()
      .getConnection()
      .execute('SELECT pg_sleep(0.6)');
    await new Promise((r) => setTimeout(r, 50));
    const t0 = Date.now();
    const waits = p.get(loc(b), b.id);
    // The queue holds one: a third caller is refused at once.
    await expect(p.get(loc(c), c.id)).rejects.toMatchObject({ code: '53300' });
    await expect(waits).rejects.toBeInstanceOf(Error);
    const err = await waits.catch((e: unknown) => e);
    expect(String(err)).toMatch(/tenant connections stayed in use/);
    expect(Date.now() - t0).toBeLessThan(550);
    await busy;
    // The slot is free again: the same tenant opens now.
    const orm = await p.get(loc(b), b.id);
    expect(await orm.em.fork().count('Account', {})).toBe(0);
    expect(p.budget('default')!.refused).toBe(2);
    await p.closeAll();
  });

  it('answers SERVICE_UNAVAILABLE with Retry-After through the API, never a 500', async () => {
    const small = await startTestApp({
      tenantConnectionBudget: 1,
      tenantConnectionQueue: 4,
      tenantConnectionWaitMs: 100,
    });
    try {
      const [a, b] = [await createOrg(small.services), await createOrg(small.services)];
      const user = await createUser(small.services, { memberships: [{ org: b }] });
      const busy = (await small.services.pool.get(loc(a), a.id)).em
        .fork()
        .getConnection()
        .execute('SELECT pg_sleep(0.5)');
      await new Promise((r) => setTimeout(r, 50));
      const res = await small.gql('{ accounts { id } }', {}, tokenFor(small.services, user, b));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body.errors![0].extensions!.code).toBe('SERVICE_UNAVAILABLE');
      expect(JSON.stringify(res.body)).not.toMatch(/too many clients|53300|tenant connections/);
      await busy;
      const again = await small.gql('{ accounts { id } }', {}, tokenFor(small.services, user, b));
      expect(again.status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('checks the budget against the server at start', async () => {
    const room = { max: 100, reserved: 3, platformPool: 10, headroom: 10 };
    expect(budgetLimit(room, undefined, 'none')).toBe(77);
    expect(budgetLimit(room, 50, 'none')).toBe(50);
    expect(() => budgetLimit(room, 78, 'none')).toThrow(
      'TENANT_CONNECTION_BUDGET=78 does not fit on the database server (max_connections 100 − 3 reserved − 10 platform pool − 10 headroom = 77)',
    );
    expect(budgetLimit(room, 400, 'pgbouncer')).toBe(400);
    expect(() => budgetLimit({ ...room, max: 20 }, undefined, 'none')).toThrow(/No room/);
    await expect(startTestApp({ tenantConnectionBudget: 100_000 })).rejects.toThrow(
      /TENANT_CONNECTION_BUDGET=100000 does not fit/,
    );
  });

  it('hands a released slot to the longest waiter', async () => {
    const b = new ConnectionBudget({ limit: 1, queueMax: 2, waitMs: 1_000, reclaim: () => false });
    await b.take();
    const order: number[] = [];
    const w1 = b.take().then(() => order.push(1));
    const w2 = b.take().then(() => order.push(2));
    await expect(b.take()).rejects.toBeInstanceOf(ConnectionBudgetFull);
    b.release();
    await w1;
    b.release();
    await w2;
    expect(order).toEqual([1, 2]);
    expect(b.used).toBe(1);
    b.release();
    expect(b.used).toBe(0);
  });

  it('still matches the knex pool internals the budget relies on', () => {
    // Written for tarn 3.1 (knex 3.x's pool): an upgrade must re-check TenantPool.budgeted.
    const { version } = createRequire(import.meta.url)('tarn/package.json') as { version: string };
    expect(version).toMatch(/^3\.1\./);
    expect(() => assertTarn({})).toThrow(/knex's pool \(tarn\) changed/);
  });
});

describe('cold tenants', () => {
  let app: TestApp;
  let orgs: Organization[];
  beforeAll(async () => {
    app = await startTestApp();
    orgs = [await createOrg(app.services), await createOrg(app.services)];
  });
  afterAll(() => app.close());

  it('checks a location’s identity once, and again after the organization is forgotten', async () => {
    const p = new TenantPool({
      entities: tenantEntities,
      clusterUrl: app.services.clusterUrl,
      max: 1,
      poolSize: 1,
      closeDelayMs: 0,
    });
    const [a, b] = orgs;
    await p.get(loc(a), a.id);
    await p.get(loc(b), b.id); // evicts a
    const reopened = await p.get(loc(a), a.id);
    expect(p.opened).toBe(3);
    expect(p.identityChecks).toBe(2);
    expect(await reopened.em.fork().count('Account', {})).toBe(0);
    p.forget(a.id);
    await p.get(loc(b), b.id);
    await p.get(loc(a), a.id);
    expect(p.identityChecks).toBe(3);
    // The cache is per organization and location: another organization claiming a's database is
    // still refused.
    await p.get(loc(b), b.id);
    await expect(p.get(loc(a), b.id)).rejects.toThrow(/does not belong/);
    await p.closeAll();
  });
});
