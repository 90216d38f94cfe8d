import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppError } from '../core/errors/app-error.js';
import { forgetTenant } from '../core/tenancy/tenant-door.js';
import { TenantPool, UPGRADE_RETRY_AFTER_S } from '../core/tenancy/tenant-pool.js';
import { tenantEntities } from '../modules/entities.js';
import { startTestApp } from '../test/app.js';
import { createOrg, createUser, tokenFor } from '../test/factories.js';
import { freePort } from '../test/free-port.js';
import { createDatabase, withClient, withDatabase } from './connection.js';
import { assertNoDrift, migrateAll } from './databases.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded.js';
import { FLEET_LOCK, FleetBusyError, migrateFleet, type FleetEvent } from './fleet.js';
import { codeVersion, listMigrations, migrate, migrationStatus } from './migrations.js';

// A fleet over two PostgreSQL clusters: the suite's server ('default') and a second one started
// here ('second'). Associations are made as an older release left them (their databases migrated
// up to the migration before the code's last), so every run below really migrates something.
describe('fleet migrations', () => {
  const db = inject('testDb');
  let second: EmbeddedServer;
  let dir: string;
  let target: string;
  let before: string;
  // The older release's template on each cluster, copied for every association made.
  const behindTpl = `${db.prefix}_fleet_behind`;
  const clusters = ['default', 'second'];
  const clusterUrl = (c: string) => {
    if (c === 'default') return db.serverUrl;
    if (c === 'second') return second.url;
    throw new Error(`Unknown database cluster: ${c}`);
  };
  const name = (what: string) => `${db.prefix}_fl${randomBytes(4).toString('hex')}_${what}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'covenant-fleet-'));
    // Under root the server runs as postgres, who must enter the folder.
    chmodSync(dir, 0o755);
    second = await startEmbeddedPostgres({
      dir: join(dir, 'pg'),
      port: await freePort(),
      quiet: true,
      throwaway: true,
    });
    const names = (await listMigrations('tenant')).map((m) => m.name);
    target = await codeVersion('tenant');
    before = names[names.length - 2];
    expect(target).toBe(names[names.length - 1]);
    await Promise.all(
      clusters.map(async (c) => {
        await createDatabase(clusterUrl(c), behindTpl);
        await migrate(withDatabase(clusterUrl(c), behindTpl), 'tenant', { to: before });
      }),
    );
  }, 180_000);

  afterAll(async () => {
    await second?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  // A platform database of its own, and a tenant template that exists on the default cluster
  // only (a copy of the run's, at the code's version): the second cluster's is made by the run.
  async function freshFleet() {
    const platformDb = name('p');
    await createDatabase(db.serverUrl, platformDb, db.platformTemplate);
    const templateDb = name('tpl');
    await createDatabase(db.serverUrl, templateDb, db.tenantTemplate);
    return { platformUrl: withDatabase(db.serverUrl, platformDb), templateDb };
  }

  // An association on a cluster, its database as the older release left it.
  async function association(platformUrl: string, cluster: string, from = behindTpl) {
    const id = randomUUID();
    const dbName = name('t');
    await createDatabase(clusterUrl(cluster), dbName, from);
    await withClient(withDatabase(clusterUrl(cluster), dbName), (c) =>
      c.query('INSERT INTO tenant_identity (organization_id) VALUES ($1)', [id]),
    );
    await withClient(platformUrl, (c) =>
      c.query(
        `INSERT INTO organizations (id, name, db_cluster, db_name, created_at)
         VALUES ($1, $2, $3, $4, clock_timestamp())`,
        [id, `Association ${dbName}`, cluster, dbName],
      ),
    );
    return { id, cluster, dbName, location: { cluster, database: dbName } };
  }

  const versions = (platformUrl: string) =>
    withClient(platformUrl, async (c) => {
      const r = await c.query<{ id: string; schema_version: string | null }>(
        'SELECT id, schema_version, schema_checked_at FROM organizations',
      );
      return new Map(r.rows.map((x) => [x.id, x.schema_version]));
    });
  const runs = (platformUrl: string) =>
    withClient(platformUrl, async (c) => {
      const r = await c.query(
        `SELECT id::int, target_version, status, total, done, failed, last_error,
                finished_at IS NOT NULL AS finished
           FROM fleet_migrations ORDER BY id`,
      );
      return r.rows;
    });
  const openPool = () =>
    new TenantPool({ entities: tenantEntities, clusterUrl, max: 20, poolSize: 1 });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (err: unknown) => (err instanceof AppError ? { code: err.code, ...err.extra } : err),
    );

  it('migrates the template on every cluster, then the associations; a run stopped half way resumes and finishes', async () => {
    const { platformUrl, templateDb } = await freshFleet();
    const tenants: Awaited<ReturnType<typeof association>>[] = [];
    for (const c of ['default', 'second', 'default', 'second', 'default', 'second']) {
      tenants.push(await association(platformUrl, c));
    }
    // The second cluster has no template yet: the API would not start.
    await expect(assertNoDrift(platformUrl, { clusters, clusterUrl, templateDb })).rejects.toThrow(
      /tenant template .* on second does not exist/,
    );

    const upgraded: string[] = [];
    const events: FleetEvent[] = [];
    const opts = {
      clusters,
      clusterUrl,
      templateDb,
      concurrency: 1,
      upgradeTenant: async (url: string) => {
        upgraded.push(url);
      },
      onProgress: (e: FleetEvent) => events.push(e),
    };
    const first = await migrateFleet(platformUrl, { ...opts, stopAfter: 2 });
    expect(first).toMatchObject({ status: 'stopped', total: 6, done: 2, failed: 0, target });
    expect(first.resumes).toBeNull();
    // The second cluster's template was made and migrated whole; the default's was up to date.
    expect(first.templates.map((t) => t.database)).toEqual([
      `${templateDb} on default`,
      `${templateDb} on second`,
    ]);
    expect(first.templates[0].applied).toEqual([]);
    expect(first.templates[1].applied).toContain('001_tenant_init');
    expect(first.templates[1].applied.at(-1)).toBe(target);
    // Each association visited applied the one migration it lacked, and its version is recorded.
    expect(first.tenants.map((t) => t.applied)).toEqual([[target], [target]]);
    let recorded = await versions(platformUrl);
    expect(tenants.map((t) => recorded.get(t.id))).toEqual([
      target,
      target,
      null,
      null,
      null,
      null,
    ]);
    expect(await runs(platformUrl)).toEqual([
      expect.objectContaining({ status: 'stopped', total: 6, done: 2, failed: 0, finished: true }),
    ]);
    expect(events.map((e) => e.kind)).toEqual([
      'template',
      'template',
      'start',
      'tenant',
      'tenant',
      'end',
    ]);

    // Half the fleet behind no longer keeps the API from starting: the door checks each one.
    await assertNoDrift(platformUrl, { clusters, clusterUrl, templateDb });
    const pool = openPool();
    try {
      await expect(pool.get(tenants[0].location, tenants[0].id)).resolves.toBeDefined();
      await expect(pool.get(tenants[1].location, tenants[1].id)).resolves.toBeDefined();
      // Behind: refused as being upgraded, with when to come back, and asked again each time.
      for (let i = 0; i < 2; i++) {
        const checks = pool.identityChecks;
        expect(await refusal(pool.get(tenants[3].location, tenants[3].id))).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          retryAfter: UPGRADE_RETRY_AFTER_S,
        });
        expect(pool.identityChecks).toBe(checks + 1);
      }
      expect(pool.size).toBe(2);

      const resumed = await migrateFleet(platformUrl, opts);
      expect(resumed).toMatchObject({ status: 'done', total: 4, done: 4, failed: 0 });
      expect(resumed.resumes).toBe(first.id);
      expect(resumed.templates.every((t) => t.applied.length === 0)).toBe(true);
      recorded = await versions(platformUrl);
      expect(tenants.map((t) => recorded.get(t.id))).toEqual(tenants.map(() => target));
      for (const t of tenants) {
        const s = await migrationStatus(withDatabase(clusterUrl(t.cluster), t.dbName), 'tenant');
        expect(s.pending).toEqual([]);
      }
      // Each association was upgraded once, over both runs.
      expect(new Set(upgraded).size).toBe(6);
      expect(upgraded).toHaveLength(6);
      // The same pool serves it now: the refusal was not remembered.
      await expect(pool.get(tenants[3].location, tenants[3].id)).resolves.toBeDefined();
    } finally {
      await pool.closeAll();
    }

    const third = await migrateFleet(platformUrl, opts);
    expect(third).toMatchObject({ status: 'done', total: 0, done: 0, resumes: null });
    expect((await runs(platformUrl)).map((r) => [r.status, r.total, r.done])).toEqual([
      ['stopped', 6, 2],
      ['done', 4, 4],
      ['done', 0, 0],
    ]);
    await assertNoDrift(platformUrl, { clusters, clusterUrl, templateDb });
  }, 180_000);

  it('runs one at a time; a run whose process died is marked stopped, and a signal stops one', async () => {
    const { platformUrl, templateDb } = await freshFleet();
    const tenants = [
      await association(platformUrl, 'default'),
      await association(platformUrl, 'second'),
      await association(platformUrl, 'default'),
    ];
    const opts = { clusters, clusterUrl, templateDb, concurrency: 1 };
    // A run under way elsewhere: it holds the lock and its row says running.
    const other = new pg.Client({ connectionString: platformUrl });
    await other.connect();
    await other.query('SELECT pg_advisory_lock($1)', [FLEET_LOCK]);
    const { rows } = await other.query<{ id: string }>(
      `INSERT INTO fleet_migrations (target_version, total) VALUES ($1, 3) RETURNING id`,
      [target],
    );
    const busy = migrateFleet(platformUrl, opts);
    await expect(busy).rejects.toBeInstanceOf(FleetBusyError);
    await expect(busy).rejects.toThrow(`already running (run ${rows[0].id}, started`);
    // Its process dies: the connection goes, and the lock with it.
    await other.end();

    const stop = new AbortController();
    const stopped = await migrateFleet(platformUrl, {
      ...opts,
      signal: stop.signal,
      onProgress: (e) => {
        if (e.kind === 'tenant') stop.abort();
      },
    });
    expect(stopped).toMatchObject({ status: 'stopped', total: 3, done: 1 });
    expect(stopped.resumes).toBe(Number(rows[0].id));
    const [dead, signalled] = await runs(platformUrl);
    expect(dead).toMatchObject({ status: 'stopped', finished: true });
    expect(dead.last_error).toMatch(/interrupted/);
    expect(signalled).toMatchObject({ status: 'stopped', done: 1, last_error: null });

    const rest = await migrateFleet(platformUrl, { ...opts, concurrency: 3 });
    expect(rest).toMatchObject({ status: 'done', total: 2, done: 2 });
    const recorded = await versions(platformUrl);
    expect(tenants.map((t) => recorded.get(t.id))).toEqual([target, target, target]);
  }, 120_000);

  it('counts an association that fails and leaves it for the next run; the door refuses one ahead of the code and logs it', async () => {
    const { platformUrl, templateDb } = await freshFleet();
    const fine = await association(platformUrl, 'second');
    // Migrated by a newer release: a migration this code does not know.
    const ahead = await association(platformUrl, 'default', db.tenantTemplate);
    const aheadUrl = withDatabase(db.serverUrl, ahead.dbName);
    await withClient(aheadUrl, (c) =>
      c.query(
        `INSERT INTO schema_migrations (name, executed_at) VALUES ('999_from_the_future', now())`,
      ),
    );
    const run = await migrateFleet(platformUrl, { clusters, clusterUrl, templateDb });
    expect(run).toMatchObject({ status: 'failed', total: 2, done: 1, failed: 1 });
    expect(run.lastError).toContain(`${ahead.dbName}: database is ahead of this code`);
    expect(run.tenants.find((t) => t.error)!.database).toContain(ahead.dbName);
    const recorded = await versions(platformUrl);
    expect(recorded.get(fine.id)).toBe(target);
    expect(recorded.get(ahead.id)).toBeNull();
    expect((await runs(platformUrl))[0]).toMatchObject({ status: 'failed', failed: 1 });
    // The next run tries it again (and nothing else).
    expect(await migrateFleet(platformUrl, { clusters, clusterUrl, templateDb })).toMatchObject({
      status: 'failed',
      total: 1,
      failed: 1,
    });

    const logged: unknown[] = [];
    const pool = new TenantPool({
      entities: tenantEntities,
      clusterUrl,
      max: 5,
      poolSize: 1,
      logger: { error: (obj: unknown) => logged.push(obj) },
    });
    try {
      expect(await refusal(pool.get(ahead.location, ahead.id))).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        retryAfter: UPGRADE_RETRY_AFTER_S,
      });
      expect(logged).toEqual([
        { org: ahead.id, database: ahead.dbName, version: '999_from_the_future', expected: target },
      ]);
      await expect(pool.get(fine.location, fine.id)).resolves.toBeDefined();
      expect(pool.size).toBe(1);
    } finally {
      await pool.closeAll();
    }
  }, 120_000);

  it('answers 503 with Retry-After for an association not yet migrated, and serves it once the fleet run reached it', async () => {
    const app = await startTestApp();
    try {
      const org = await createOrg(app.services);
      const user = await createUser(app.services, { memberships: [{ org }] });
      const token = tokenFor(app.services, user, org);
      const query = '{ accounts { id } }';
      expect((await app.gql(query, {}, token)).status).toBe(200);
      // Its database is now one an older release left (a restore, or a deploy ahead of the run).
      const dbName = name('old');
      await createDatabase(db.serverUrl, dbName, behindTpl);
      await withClient(withDatabase(db.serverUrl, dbName), (c) =>
        c.query('INSERT INTO tenant_identity (organization_id) VALUES ($1)', [org.id]),
      );
      const platformUrl = withDatabase(db.serverUrl, app.platformDb);
      await withClient(platformUrl, (c) =>
        c.query('UPDATE organizations SET db_name = $2 WHERE id = $1', [org.id, dbName]),
      );
      forgetTenant(app.services, org.id);
      for (let i = 0; i < 2; i++) {
        const refused = await app.gql(query, {}, token);
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe(String(UPGRADE_RETRY_AFTER_S));
        expect(refused.body.errors![0].extensions!.code).toBe('SERVICE_UNAVAILABLE');
        expect(refused.body.errors![0].message).toMatch(/being upgraded/);
      }
      // Provisioning recorded it at the code's version; the door, finding it behind, records what
      // it found, so the next fleet run visits it.
      await expect
        .poll(async () =>
          withClient(platformUrl, async (c) => {
            const r = await c.query('SELECT schema_version FROM organizations WHERE id = $1', [
              org.id,
            ]);
            return r.rows[0].schema_version as string | null;
          }),
        )
        .not.toBe(target);
      // A template of its own: the run's shared one is copied by other files meanwhile.
      const templateDb = name('tpl');
      await createDatabase(db.serverUrl, templateDb, db.tenantTemplate);
      const reports = await migrateAll(platformUrl, {
        templateDb,
        clusterUrl: app.services.clusterUrl,
      });
      // Read from its database again, and migrated.
      expect(reports.find((r) => r.database.startsWith(dbName))!.applied).toEqual([target]);
      expect((await app.gql(query, {}, token)).status).toBe(200);
    } finally {
      await app.close();
    }
  }, 120_000);
});
