import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { Role } from '../../core/roles.js';
import { codeVersion } from '../../db/migrations.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createUser, tokenFor } from '../../test/factories.js';
import { createOrganization } from '../organizations/organizations.service.js';
import type { Organization } from '../organizations/organizations.entity.js';
import type { User } from '../users/users.entity.js';

type Res = { body: { errors?: { message: string; extensions?: Record<string, unknown> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

const CLUSTERS = `{ adminClusters { name associations maxTenants accepting connectionBudget
  connectionsInUse waiting refused associationsBehind } }`;
const RUNS = `query ($f: Int) { adminFleetMigrations(first: $f) { id targetVersion status total done
  failed lastError startedAt finishedAt } }`;
const RUNS_DEFAULT = `{ adminFleetMigrations { id } }`;
const DETAIL = `query ($id: ID!) { adminOrganization(id: $id) {
  database { cluster name schemaVersion movingSince }
  moves { fromCluster toCluster status freezeMs startedAt finishedAt error } } }`;

// Two clusters on the suite's own server (so any association can sit in either): `main` takes
// new associations, `spare` is closed to them and has a small budget of its own.
describe('admin clusters and fleet migrations', () => {
  const db = inject('testDb');
  let app: TestApp;
  let superadmin: User;
  let superToken: string;
  let maple: Organization;
  let birch: Organization;
  let cedar: Organization;
  let mapleAdmin: User;
  let version: string;
  beforeAll(async () => {
    app = await startTestApp({
      tenantClusters: [
        { name: 'main', url: db.serverUrl, maxTenants: 3, accepting: true },
        {
          name: 'spare',
          url: db.serverUrl,
          maxTenants: 1000,
          accepting: false,
          connectionBudget: 4,
        },
      ],
      // A wait for a slot is refused quickly, so the test sees both.
      tenantConnectionWaitMs: 300,
    });
    version = await codeVersion('tenant');
    superadmin = await createUser(app.services, { isSuperadmin: true });
    superToken = tokenFor(app.services, superadmin, null);
    maple = await createOrganization(app.services, { name: 'Maple Grove HOA' });
    birch = await createOrganization(app.services, { name: 'Birch Hollow HOA' });
    cedar = await createOrganization(app.services, { name: 'Cedar Point HOA', cluster: 'spare' });
    mapleAdmin = await createUser(app.services, { memberships: [{ org: maple }] });
  });
  afterAll(() => app.close());

  const sql = (query: string, params: unknown[] = []) =>
    app.services.platformOrm.em.fork().getConnection().execute(query, params);

  it('refuses everyone but super admins (FORBIDDEN), and signed-out callers', async () => {
    const tenantAdmin = tokenFor(app.services, mapleAdmin, maple);
    const treasurer = await createUser(app.services, {
      memberships: [{ org: maple, role: Role.USER }],
    });
    const user = tokenFor(app.services, treasurer, maple);
    for (const [query, vars] of [
      [CLUSTERS, {}],
      [RUNS, { f: 5 }],
      [DETAIL, { id: maple.id }],
    ] as const) {
      expect(code(await app.gql(query, vars, tenantAdmin)), query).toBe('FORBIDDEN');
      expect(code(await app.gql(query, vars, user)), query).toBe('FORBIDDEN');
      expect(code(await app.gql(query, vars)), query).toBe('UNAUTHENTICATED');
    }
  });

  it("counts each cluster's associations, room and those behind the code's version", async () => {
    // Placed by room: both new ones went to `main`, the only accepting cluster.
    expect([maple.dbCluster, birch.dbCluster, cedar.dbCluster]).toEqual(['main', 'main', 'spare']);
    // Provisioning records the version it left the database at: a new association is not behind.
    expect([maple.schemaVersion, birch.schemaVersion, cedar.schemaVersion]).toEqual([
      version,
      version,
      version,
    ]);
    // Maple at the code's version, Birch at an older one, Cedar as if never read (NULL), and Birch
    // archived: still counted, its database is there.
    await sql('UPDATE organizations SET schema_version = ? WHERE id = ?', [version, maple.id]);
    await sql(
      `UPDATE organizations SET schema_version = '001_initial', status = 'archived'
                WHERE id = ?`,
      [birch.id],
    );
    await sql('UPDATE organizations SET schema_version = NULL WHERE id = ?', [cedar.id]);

    const res = await app.gql(CLUSTERS, {}, superToken);
    expect(res.body.errors).toBeUndefined();
    const [main, spare] = res.body.data!.adminClusters;
    expect(main).toMatchObject({
      name: 'main',
      associations: 2,
      maxTenants: 3,
      accepting: true,
      connectionBudget: app.services.clusters.budget('main'),
      waiting: 0,
      refused: 0,
      associationsBehind: 1,
    });
    expect(spare).toMatchObject({
      name: 'spare',
      associations: 1,
      maxTenants: 1000,
      accepting: false,
      connectionBudget: 4,
      connectionsInUse: 0,
      waiting: 0,
      refused: 0,
      associationsBehind: 1,
    });
    // Nothing that says where a server is or how to sign in to it.
    const text = JSON.stringify(res.body);
    const server = new URL(db.serverUrl);
    expect(text).not.toContain('postgres://');
    expect(text).not.toContain(`:${server.port}`);
    if (server.password) expect(text).not.toContain(server.password);

    // Fully at the version: none behind.
    await sql('UPDATE organizations SET schema_version = ?', [version]);
    const after = await app.gql(CLUSTERS, {}, superToken);
    expect(
      after.body.data!.adminClusters.map(
        (c: { associationsBehind: number }) => c.associationsBehind,
      ),
    ).toEqual([0, 0]);
  });

  it("reports this process's connections in use, waiting and refused per cluster", async () => {
    // A request to Maple opens a connection on `main` (kept while idle).
    const token = tokenFor(app.services, mapleAdmin, maple);
    expect((await app.gql('{ accounts { id } }', {}, token)).body.errors).toBeUndefined();
    type Reading = { name: string; connectionsInUse: number };
    const read = async () =>
      new Map<string, Reading>(
        (await app.gql(CLUSTERS, {}, superToken)).body.data!.adminClusters.map((c: Reading) => [
          c.name,
          c,
        ]),
      );
    expect((await read()).get('main')!.connectionsInUse).toBeGreaterThanOrEqual(1);

    // Every slot of `spare` taken: one more waits, then is refused.
    const budget = app.services.pool.budget('spare')!;
    for (let i = 0; i < 4; i++) await budget.take();
    const waiter = budget.take().catch((e: Error) => e);
    try {
      expect((await read()).get('spare')).toMatchObject({
        connectionsInUse: 4,
        waiting: 1,
        refused: 0,
      });
      expect(await waiter).toBeInstanceOf(Error);
      expect((await read()).get('spare')).toMatchObject({
        connectionsInUse: 4,
        waiting: 0,
        refused: 1,
      });
    } finally {
      for (let i = 0; i < 4; i++) budget.release();
    }
    expect((await read()).get('spare')).toMatchObject({ connectionsInUse: 0, refused: 1 });
  });

  it('lists the latest fleet runs, newest first, at most `first`', async () => {
    await sql(`INSERT INTO fleet_migrations
                 (target_version, started_at, finished_at, status, total, done, failed, last_error)
               VALUES ('030_a', now() - interval '3 days', now() - interval '3 days', 'done', 5, 5, 0, NULL),
                      ('031_b', now() - interval '2 days', now() - interval '2 days', 'failed', 5, 4, 1,
                       'covenant_t_x: relation "x" does not exist'),
                      ('031_b', now() - interval '1 day', now() - interval '1 day', 'stopped', 5, 2, 0, NULL),
                      ('031_b', now(), NULL, 'running', 3, 1, 0, NULL)`);
    const all = await app.gql(RUNS, { f: 10 }, superToken);
    expect(all.body.errors).toBeUndefined();
    const runs = all.body.data!.adminFleetMigrations;
    expect(runs.map((r: { status: string }) => r.status)).toEqual([
      'RUNNING',
      'STOPPED',
      'FAILED',
      'DONE',
    ]);
    expect(runs[0]).toMatchObject({ targetVersion: '031_b', total: 3, done: 1, finishedAt: null });
    expect(runs[2]).toMatchObject({
      failed: 1,
      lastError: 'covenant_t_x: relation "x" does not exist',
    });
    expect(new Date(runs[3].finishedAt).getTime()).toBeLessThan(Date.now());

    const two = await app.gql(RUNS, { f: 2 }, superToken);
    expect(two.body.data!.adminFleetMigrations.map((r: { id: string }) => r.id)).toEqual(
      runs.slice(0, 2).map((r: { id: string }) => r.id),
    );
    // Ten when not given.
    expect(
      (await app.gql(RUNS_DEFAULT, {}, superToken)).body.data!.adminFleetMigrations,
    ).toHaveLength(4);
    for (const f of [0, 101]) {
      const bad = await app.gql(RUNS, { f }, superToken);
      expect(code(bad)).toBe('BAD_USER_INPUT');
    }
  });

  it("shows an organization's database, its freeze and its moves, newest first", async () => {
    const fresh = await app.gql(DETAIL, { id: cedar.id }, superToken);
    expect(fresh.body.errors).toBeUndefined();
    expect(fresh.body.data!.adminOrganization).toEqual({
      database: { cluster: 'spare', name: cedar.dbName, schemaVersion: version, movingSince: null },
      moves: [],
    });

    await sql(
      `INSERT INTO tenant_moves (id, organization_id, from_cluster, from_db, to_cluster, to_db,
                 status, started_at, finished_at, freeze_ms, error)
               VALUES (gen_random_uuid(), ?, 'main', 'a', 'spare', 'b', 'failed',
                       now() - interval '2 hours', now() - interval '2 hours', NULL, 'ledger check failed'),
                      (gen_random_uuid(), ?, 'main', 'a', 'spare', ?, 'awaiting_confirmation',
                       now() - interval '1 hour', now() - interval '1 hour', 1870, NULL)`,
      [cedar.id, cedar.id, cedar.dbName],
    );
    await sql('UPDATE organizations SET moving_since = now() WHERE id = ?', [cedar.id]);
    const moved = await app.gql(DETAIL, { id: cedar.id }, superToken);
    expect(moved.body.errors).toBeUndefined();
    const detail = moved.body.data!.adminOrganization;
    expect(new Date(detail.database.movingSince).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(detail.moves).toMatchObject([
      {
        fromCluster: 'main',
        toCluster: 'spare',
        status: 'AWAITING_CONFIRMATION',
        freezeMs: 1870,
        error: null,
      },
      { status: 'FAILED', freezeMs: null, error: 'ledger check failed' },
    ]);
    // Another organization's moves are not its.
    const other = await app.gql(DETAIL, { id: maple.id }, superToken);
    expect(other.body.data!.adminOrganization.moves).toEqual([]);
    expect(other.body.data!.adminOrganization.database.cluster).toBe('main');
  });
});
