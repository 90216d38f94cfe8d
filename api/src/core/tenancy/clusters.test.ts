import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startCovenant } from '../../boot.js';
import type { TenantClusterConfig } from '../../config.js';
import { databaseExists, withClient, withDatabase, withServer } from '../../db/connection.js';
import { ensureTenantTemplate } from '../../db/databases.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../db/embedded.js';
import { checkLedger, ledgerCheckPasses } from '../../modules/journal/ledger-check.service.js';
import { REPO_ROOT } from '../../paths.js';
import { createOrganization } from '../../platform/organizations/organizations.service.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { freePort } from '../../test/free-port.js';
import { startRedis, type RunningRedis } from '../../test/redis.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { createCacheBus, type CacheBus } from '../cache-bus.js';
import { AppError } from '../errors/app-error.js';
import { ClusterRegistry } from './clusters.js';
import { moveTenant, MoveRefused, type MoveDeps } from './move.js';

// Associations over several PostgreSQL clusters: two Debian PostgreSQL 15 servers (`east`, `west`:
// Debian's pg_dump 15 cannot dump the suite's own server, which is newer) and the suite's server as
// a third cluster closed to new associations (`main`). The API runs with Redis, as several
// processes would; moves run beside it as `npm run tenant:move` does, with a cache bus of their own.
const DEBIAN_PG = '/usr/lib/postgresql/15';
const CLI = join(REPO_ROOT, 'api', 'dist', 'api', 'src', 'cli', 'tenant-move.js');
const db = inject('testDb');

let dir: string;
let east: EmbeddedServer;
let west: EmbeddedServer;
let redis: RunningRedis;
let app: TestApp;
let clusters: TenantClusterConfig[];
let moverBus: CacheBus;

const cluster = (name: string, url: string, more: Partial<TenantClusterConfig> = {}) => ({
  name,
  url,
  maxTenants: 1000,
  accepting: true,
  ...more,
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'covenant-clusters-'));
  // Under root the servers run as `postgres`, which must reach their data here.
  chmodSync(dir, 0o755);
  const server = async (name: string) =>
    startEmbeddedPostgres({
      dir: join(dir, name),
      port: await freePort(),
      quiet: true,
      throwaway: true,
      installDir: DEBIAN_PG,
    });
  [east, west, redis] = await Promise.all([server('east'), server('west'), startRedis()]);
  // The tenant template on each cluster, under the suite's name for it (the fleet migration makes
  // it on a cluster added to TENANT_CLUSTERS).
  await Promise.all([east, west].map((s) => ensureTenantTemplate(s.url, db.tenantTemplate)));
  clusters = [
    cluster('east', east.url, { maxTenants: 3 }),
    cluster('west', west.url, { maxTenants: 5 }),
    cluster('main', db.serverUrl, { accepting: false }),
  ];
  app = await startTestApp({ tenantClusters: clusters, redisUrl: redis.url });
  moverBus = createCacheBus({ redisUrl: redis.url });
  await moverBus.ready();
}, 60_000);

afterAll(async () => {
  await moverBus?.close();
  await app?.close();
  await Promise.all([east?.stop(), west?.stop(), redis?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const platformUrl = () => withDatabase(db.serverUrl, app.platformDb);

function moveDeps(more: Partial<MoveDeps> = {}): MoveDeps {
  return {
    platformUrl: platformUrl(),
    clusters: new ClusterRegistry(clusters),
    bus: moverBus,
    pgBinDir: join(DEBIAN_PG, 'bin'),
    checkBooks: async (url) => {
      const r = await checkLedger(url);
      return { ok: ledgerCheckPasses(r), summary: 'ledger check' };
    },
    ...more,
  };
}

async function placeOf(orgId: string) {
  const r = await withClient(platformUrl(), (c) =>
    c.query<{ db_cluster: string; db_name: string; moving_since: Date | null }>(
      'SELECT db_cluster, db_name, moving_since FROM organizations WHERE id = $1',
      [orgId],
    ),
  );
  return r.rows[0]!;
}

const serverOf = (name: string) => ({ east: east.url, west: west.url, main: db.serverUrl })[name]!;

const readOnlySetting = (url: string) =>
  withClient(url, async (c) => (await c.query('SHOW default_transaction_read_only')).rows[0]);

describe('associations over several clusters', () => {
  let tenants: Tenant[];

  it('places each new association on the accepting cluster with the most room, and serves it there', async () => {
    tenants = [];
    // Rooms: east 3, west 5 → west; east 3, west 4 → west; east 3, west 3 → east (the first named).
    for (let i = 0; i < 3; i++) tenants.push(await createTenant(app));
    expect(tenants.map((t) => t.org.dbCluster)).toEqual(['west', 'west', 'east']);
    for (const t of tenants) {
      expect(await databaseExists(serverOf(t.org.dbCluster), t.org.dbName)).toBe(true);
      const id = await t.account('1000', 'ASSET', { name: 'Operating cash' });
      const d = await t.ok(`{ accounts { id name } }`);
      expect(d.accounts.map((a: { id: string }) => a.id)).toContain(id);
    }
    // Each cluster's connection budget is its own server's room.
    const budgets = new Map(app.services.pool.budgetReadings().map((b) => [b.cluster, b.limit]));
    expect(budgets.get('east')).toBeGreaterThan(0);
    expect(budgets.get('west')).toBeGreaterThan(0);

    // Full everywhere it may go: refused, typed.
    const full = new ClusterRegistry([
      cluster('east', east.url, { maxTenants: 1 }),
      cluster('main', db.serverUrl, { accepting: false }),
    ]);
    const refused = await withClient(platformUrl(), (c) => full.placeNew(c)).catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('refuses to start when associations live on a cluster it does not name', async () => {
    const config = { ...app.services.config, port: 0, tenantClusters: clusters.slice(0, 1) };
    await expect(startCovenant(config, { platformUrl: platformUrl() })).rejects.toThrow(
      /TENANT_CLUSTERS does not name[\s\S]*west: /,
    );
  });

  it('moves an association under a write load: every write answered is on the new cluster', async () => {
    const t = tenants[0]!;
    const from = await placeOf(t.org.id);
    const cash = (await t.ok(`{ accounts { id number } }`)).accounts[0].id;
    const income = await t.account('4000', 'INCOME', { name: 'Assessments' });
    const answered: string[] = [];
    const refused: string[] = [];
    const refusals = new Map<string, number>();
    let writing = true;
    let attempt = 0;
    // Three writers post entries through the API, each trying a refused write again (with a new
    // memo, so that a refused write that had landed would show).
    const writer = async () => {
      while (writing) {
        const memo = `load ${attempt++}`;
        const res = await t.gql(
          `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
          {
            input: {
              date: '2026-03-01',
              memo,
              lines: [
                { accountId: cash, debit: '1.00' },
                { accountId: income, credit: '1.00' },
              ],
            },
          },
        );
        if (res.body.data?.postJournalEntry) answered.push(memo);
        else {
          refused.push(memo);
          const code = String(res.body.errors?.[0]?.extensions?.code);
          refusals.set(code, (refusals.get(code) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    const writers = [writer(), writer(), writer()];
    await new Promise((r) => setTimeout(r, 300));
    const lines: string[] = [];
    const moved = await moveTenant(
      moveDeps({
        log: (l) => lines.push(l),
      }),
      t.org.id,
      'east',
    );
    const afterMove = answered.length;
    // Writes go on, on the new cluster.
    while (answered.length < afterMove + 10) await new Promise((r) => setTimeout(r, 20));
    writing = false;
    await Promise.all(writers);

    expect(moved.from).toEqual({ cluster: 'west', database: from.db_name });
    expect(moved.to.cluster).toBe('east');
    expect(moved.freezeMs).toBeGreaterThan(0);
    expect(lines.join('\n')).toMatch(/Frozen[\s\S]*Copied[\s\S]*Checked the copy/);
    expect(await placeOf(t.org.id)).toEqual({
      db_cluster: 'east',
      db_name: moved.to.database,
      moving_since: null,
    });
    // Writes were refused while frozen, as a short outage and nothing else.
    expect([...refusals.keys()]).toEqual(['SERVICE_UNAVAILABLE']);
    const target = withDatabase(east.url, moved.to.database);
    const landed = await withClient(target, async (c) =>
      (
        await c.query<{ memo: string }>(`SELECT memo FROM journal_entries WHERE memo LIKE 'load %'`)
      ).rows.map((r) => r.memo),
    );
    // Every write answered is there. (A write whose answer was lost with its session, the
    // transaction having committed, may be there too: it was answered as refused.)
    expect(landed).toEqual(expect.arrayContaining(answered));
    expect(refused).toEqual(expect.arrayContaining(landed.filter((m) => !answered.includes(m))));
    expect(ledgerCheckPasses(await checkLedger(target))).toBe(true);
    // The API reads the new place.
    const entries = await t.ok(`{ journalEntries(first: 1) { totalCount } }`);
    expect(entries.journalEntries.totalCount).toBe(landed.length);

    // The old database stays, read-only, until the move is confirmed.
    const old = withDatabase(west.url, from.db_name);
    expect(await readOnlySetting(old)).toEqual({ default_transaction_read_only: 'on' });
    const write = await withClient(old, (c) =>
      c.query(`DELETE FROM journal_entries`).catch((e: { code?: string }) => e.code),
    );
    expect(write).toBe('25006');
    const wrong = await tenantMoveCli(t.org.id);
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('npm run tenant:move -- --confirm <organization>');
    const confirm = await tenantMoveCli('--confirm', t.org.id);
    expect(confirm.code, confirm.output).toBe(0);
    expect(confirm.output).toContain(`Confirmed: dropped ${from.db_name} on cluster west`);
    expect(await databaseExists(west.url, from.db_name)).toBe(false);
    const rows = await withClient(platformUrl(), (c) =>
      c.query(`SELECT status, freeze_ms FROM tenant_moves WHERE organization_id = $1`, [t.org.id]),
    );
    expect(rows.rows).toEqual([{ status: 'confirmed', freeze_ms: moved.freezeMs }]);
  }, 30_000);

  it('undoes a move that fails half way: the association stays where it was, writable', async () => {
    const t = tenants[1]!;
    const before = await placeOf(t.org.id);
    const stop = new AbortController();
    // Stopped (Ctrl-C) once the copy has begun.
    const deps = moveDeps({
      signal: stop.signal,
      log: (l) => (l.startsWith('Copying') ? stop.abort() : undefined),
    });
    await expect(moveTenant(deps, t.org.id, 'east')).rejects.toThrow(/It was undone/);
    expect(await placeOf(t.org.id)).toEqual({ ...before, moving_since: null });
    expect(await readOnlySetting(withDatabase(west.url, before.db_name))).toEqual({
      default_transaction_read_only: 'off',
    });
    const [move] = (
      await withClient(platformUrl(), (c) =>
        c.query(`SELECT status, to_db FROM tenant_moves WHERE organization_id = $1`, [t.org.id]),
      )
    ).rows;
    expect(move.status).toBe('failed');
    expect(await databaseExists(east.url, move.to_db)).toBe(false);
    // Writable again at once, through the API.
    await t.account('4100', 'INCOME');
  });

  it('undoes, with --abort, a move whose process died', async () => {
    const t = tenants[1]!;
    const from = await placeOf(t.org.id);
    // What a move leaves when its process is killed while copying: the association frozen, its
    // database read-only, the move open, the target half made.
    const toDb = `${app.platformDb}_t_interrupted`;
    await withClient(platformUrl(), async (c) => {
      await c.query('UPDATE organizations SET moving_since = now() WHERE id = $1', [t.org.id]);
      await c.query(
        `INSERT INTO tenant_moves (id, organization_id, from_cluster, from_db, to_cluster, to_db)
         VALUES (gen_random_uuid(), $1, 'west', $2, 'east', $3)`,
        [t.org.id, from.db_name, toDb],
      );
    });
    await withServer(west.url, (c) =>
      c.query(`ALTER DATABASE "${from.db_name}" SET default_transaction_read_only = on`),
    );
    await withServer(east.url, (c) => c.query(`CREATE DATABASE "${toDb}"`));
    app.services.directory.invalidate(t.org.id);
    const frozen = await t.gql(`mutation { createPropertyType(name: "Frozen") { id } }`);
    expect(frozen.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
    await expect(moveTenant(moveDeps(), t.org.id, 'east')).rejects.toThrow(
      /interrupted: npm run tenant:move -- --abort/,
    );

    const abort = await tenantMoveCli('--abort', t.org.id);
    expect(abort.code, abort.output).toBe(0);
    expect(abort.output).toContain('It was undone');
    expect(await placeOf(t.org.id)).toEqual({ ...from, moving_since: null });
    expect(await databaseExists(east.url, toDb)).toBe(false);
    expect(await readOnlySetting(withDatabase(west.url, from.db_name))).toEqual({
      default_transaction_read_only: 'off',
    });
    // The CLI told this process (Redis): the next write is served.
    await t.ok(`mutation { createPropertyType(name: "Thawed") { id } }`);
  });

  it('refuses before anything changes when pg_dump is older than the server', async () => {
    // Placed there by name: `main` takes no new associations of its own accord.
    const onMain = await createOrganization(app.services, { name: 'Suite', cluster: 'main' });
    const err = await moveTenant(moveDeps(), onMain.id, 'east').catch((e) => e);
    expect(err).toBeInstanceOf(MoveRefused);
    expect(err.message).toMatch(/pg_dump 15 is older than the server of cluster main/);
    expect((await placeOf(onMain.id)).moving_since).toBeNull();
    const moves = await withClient(platformUrl(), (c) =>
      c.query(`SELECT 1 FROM tenant_moves WHERE organization_id = $1`, [onMain.id]),
    );
    expect(moves.rowCount).toBe(0);
    await withServer(db.serverUrl, async (c) => {
      const r = await c.query(
        `SELECT setconfig FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase
          WHERE d.datname = $1`,
        [onMain.dbName],
      );
      expect(r.rows).toEqual([]);
    });
  });
});

// `npm run tenant:move` as npm runs it, from the API build (`npm test` builds it before the
// suites), on this test's platform database and clusters.
function tenantMoveCli(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: platformUrl(),
        TENANT_CLUSTERS: JSON.stringify(clusters),
        TENANT_TEMPLATE_DB: db.tenantTemplate,
        REDIS_URL: redis.url,
        PG_BIN_DIR: join(DEBIAN_PG, 'bin'),
      },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('close', (code) => resolve({ code, output }));
  });
}
