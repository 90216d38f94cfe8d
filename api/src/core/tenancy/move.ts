import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import {
  assertDbName,
  createDatabase,
  databaseOf,
  dropDatabase,
  withClient,
  withDatabase,
  withServer,
} from '../../db/connection.js';
import type { CacheBus } from '../cache-bus.js';
import { isId } from '../ids.js';
import { describeServer, type ClusterRegistry } from './clusters.js';

// Moving an association to another PostgreSQL cluster (npm run tenant:move), with PostgreSQL's own
// tools: pg_dump -Fc piped into pg_restore. The association's writes are frozen for the copy:
// organizations.moving_since makes the API refuse its mutations up front, and the database itself
// is made read-only (default_transaction_read_only, its sessions ended), so no write can land
// after the dump's snapshot whatever a process has cached. The copy is checked (the ledger check
// and every table's row count against the source) before the directory names the new place; the
// old database stays, read-only, until the move is confirmed.

export interface MoveDeps {
  platformUrl: string;
  clusters: ClusterRegistry;
  // Tells every API process to read the association's directory entry again.
  bus: Pick<CacheBus, 'publish'>;
  // The ledger check of a tenant database (modules/journal, wired by the CLI).
  checkBooks: (tenantUrl: string) => Promise<{ ok: boolean; summary: string }>;
  // pg_dump and pg_restore's directory (PG_BIN_DIR); unset: PATH.
  pgBinDir?: string;
  log?: (line: string) => void;
  // Aborting (Ctrl-C) stops the copy; the move is then undone like any failed one.
  signal?: AbortSignal;
}

// Refused before anything changed: the CLI says why and exits non-zero.
export class MoveRefused extends Error {
  override name = 'MoveRefused';
}

export interface Place {
  cluster: string;
  database: string;
}

export interface MoveResult {
  moveId: string;
  organization: { id: string; name: string };
  from: Place;
  to: Place;
  // From the moment its writes were refused to the flip of the directory.
  freezeMs: number;
  tables: number;
  rows: number;
  books: string;
}

interface OrgRow {
  id: string;
  name: string;
  db_cluster: string;
  db_name: string;
  moving_since: Date | null;
}

interface MoveRow {
  id: string;
  organization_id: string;
  from_cluster: string;
  from_db: string;
  to_cluster: string;
  to_db: string;
  status: 'copying' | 'awaiting_confirmation' | 'confirmed' | 'failed';
}

const say = (deps: MoveDeps, line: string) => deps.log?.(line);
const where = (p: Place) => `${p.cluster}/${p.database}`;

// One move (or confirmation, or abort) of an association at a time, across processes: a session
// lock on the platform database, held by the process doing it (and gone if it dies).
async function lockAssociation(platform: pg.Client, orgId: string) {
  const r = await platform.query<{ ok: boolean }>(
    `SELECT pg_try_advisory_lock(hashtext('covenant:tenant-move'), hashtext($1)) AS ok`,
    [orgId],
  );
  if (!r.rows[0].ok) {
    throw new MoveRefused(`A move of organization ${orgId} is running in another process`);
  }
}

async function findOrg(platform: pg.Client, orgId: string): Promise<OrgRow> {
  if (!isId(orgId)) throw new MoveRefused(`${orgId} is not an organization id`);
  const r = await platform.query<OrgRow>(
    'SELECT id, name, db_cluster, db_name, moving_since FROM organizations WHERE id = $1',
    [orgId],
  );
  if (!r.rows[0]) throw new MoveRefused(`No organization with id ${orgId}`);
  return r.rows[0];
}

async function openMove(platform: pg.Client, orgId: string): Promise<MoveRow | undefined> {
  const r = await platform.query<MoveRow>(
    `SELECT * FROM tenant_moves
      WHERE organization_id = $1 AND status IN ('copying', 'awaiting_confirmation')`,
    [orgId],
  );
  return r.rows[0];
}

async function withPlatform<T>(deps: MoveDeps, orgId: string, fn: (c: pg.Client) => Promise<T>) {
  return withClient(deps.platformUrl, async (platform) => {
    await lockAssociation(platform, orgId);
    return fn(platform);
  });
}

// --- PostgreSQL's programs -----------------------------------------------------------------------

function program(deps: MoveDeps, name: 'pg_dump' | 'pg_restore') {
  return deps.pgBinDir ? join(deps.pgBinDir, name) : name;
}

// The major version a program says it is (`pg_dump (PostgreSQL) 15.20 (Debian …)`).
async function programMajor(deps: MoveDeps, name: 'pg_dump' | 'pg_restore'): Promise<number> {
  const path = program(deps, name);
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(path, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new MoveRefused(
              `${name} was not found (${deps.pgBinDir ? `in PG_BIN_DIR ${deps.pgBinDir}` : 'on PATH'}): install PostgreSQL's client programs, or set PG_BIN_DIR`,
            )
          : err,
      ),
    );
    child.once('close', () => resolve(text));
  });
  const m = /\(PostgreSQL\)\s+(\d+)/.exec(out);
  if (!m) throw new MoveRefused(`${path} --version said "${out.trim()}", not a PostgreSQL version`);
  return Number(m[1]);
}

async function serverMajor(url: string): Promise<number> {
  return withServer(url, async (c) => {
    const r = await c.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`);
    return Math.floor(Number(r.rows[0].v) / 10_000);
  });
}

// pg_dump reads only servers of its own version or older, and its output loads into the same
// version or newer: checked before anything changes.
async function checkPrograms(
  deps: MoveDeps,
  fromUrl: string,
  toUrl: string,
  from: string,
  to: string,
) {
  const [dump, restore, source, target] = await Promise.all([
    programMajor(deps, 'pg_dump'),
    programMajor(deps, 'pg_restore'),
    serverMajor(fromUrl),
    serverMajor(toUrl),
  ]);
  if (dump < source) {
    throw new MoveRefused(
      `pg_dump ${dump} is older than the server of cluster ${from} (PostgreSQL ${source}) and cannot dump it: put pg_dump ${source} or newer on PATH, or set PG_BIN_DIR`,
    );
  }
  if (restore < dump) {
    throw new MoveRefused(
      `pg_restore ${restore} is older than pg_dump ${dump}: use one installation`,
    );
  }
  if (target < source) {
    throw new MoveRefused(
      `Cluster ${to} runs PostgreSQL ${target}, older than cluster ${from} (${source}): a dump loads into the same version or newer only`,
    );
  }
}

// A URL for a PostgreSQL program without its password, which goes in the environment (not the
// command line, which other users of the machine can read).
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

// pg_dump -Fc of the source piped into pg_restore on the target, in one transaction there.
async function copyDatabase(deps: MoveDeps, fromUrl: string, toUrl: string) {
  const src = connection(fromUrl);
  const dst = connection(toUrl);
  const run = (name: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) =>
    spawn(program(deps, name), args, {
      env: { ...process.env, ...env },
      stdio: name === 'pg_dump' ? ['ignore', 'pipe', 'pipe'] : ['pipe', 'ignore', 'pipe'],
      signal: deps.signal,
    });
  const dump = run('pg_dump', ['--format=custom', '--dbname', src.dbname], src.env);
  const restore = run(
    'pg_restore',
    // Objects belong to the target's own user: the source's roles need not exist there.
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      dst.dbname,
    ],
    dst.env,
  );
  const outcome = (child: ReturnType<typeof run>, name: string) => {
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    return new Promise<void>((resolve, reject) => {
      child.once('error', (err) => reject(err));
      child.once('close', (code, signal) =>
        code === 0
          ? resolve()
          : reject(
              new Error(`${name} failed (${code ?? signal}): ${stderr.trim() || 'no message'}`),
            ),
      );
    });
  };
  // pg_restore ending early (an error) closes the pipe under pg_dump: its own failure says why.
  restore.stdin!.on('error', () => undefined);
  dump.stdout!.pipe(restore.stdin!);
  const results = await Promise.allSettled([
    outcome(dump, 'pg_dump'),
    outcome(restore, 'pg_restore'),
  ]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

// --- The freeze ----------------------------------------------------------------------------------

// New sessions of the database start read-only; sessions that began before (pools, PgBouncer's
// server connections) are ended, and so is any that was half made when we looked, until none that
// began before the setting is left. A session that ends mid-transaction rolls it back, and its
// caller is answered "not now" (the API retries nothing itself).
async function freeze(serverUrl: string, db: string) {
  await withServer(serverUrl, async (c) => {
    await c.query(`ALTER DATABASE "${assertDbName(db)}" SET default_transaction_read_only = on`);
    const since = (await c.query<{ t: Date }>('SELECT clock_timestamp() AS t')).rows[0].t;
    await endSessions(c, db, since);
  });
}

// Ends the database's sessions that began before `before`, until a look finds none twice.
async function endSessions(c: pg.Client, db: string, before: Date) {
  let quiet = 0;
  for (let sweep = 0; quiet < 2; sweep++) {
    if (sweep > 100) throw new Error(`Sessions of ${db} would not end`);
    // Materialized first: the terminations must reach only the sessions the filter picked.
    const r = await c.query<{ pid: number }>(
      `WITH doomed AS MATERIALIZED (
         SELECT pid FROM pg_stat_activity
          WHERE datname = $1 AND pid <> pg_backend_pid()
            AND backend_start < $2)
       SELECT pid, pg_terminate_backend(pid, 5000) AS ended FROM doomed`,
      [db, before],
    );
    quiet = r.rowCount ? 0 : quiet + 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Writable again: the setting goes, and the sessions opened meanwhile (read-only) are ended so
// that the pools reconnect writable.
async function unfreeze(serverUrl: string, db: string) {
  await withServer(serverUrl, async (c) => {
    await c.query(`ALTER DATABASE "${assertDbName(db)}" RESET default_transaction_read_only`);
    const since = (await c.query<{ t: Date }>('SELECT clock_timestamp() AS t')).rows[0].t;
    await endSessions(c, db, since);
  });
}

// --- The checks ----------------------------------------------------------------------------------

// Every table's exact row count, in one statement.
async function rowCounts(url: string): Promise<Map<string, number>> {
  return withClient(url, async (c) => {
    const tables = await c.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, t.relname) AS name
         FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE t.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg\\_%'
        ORDER BY 1`,
    );
    const names = tables.rows.map((r) => r.name);
    if (!names.length) return new Map();
    // The names come from the catalog, quoted by format('%I').
    const r = await c.query<Record<string, string>>(
      `SELECT ${names.map((name, i) => `(SELECT count(*) FROM ${name}) AS c${i}`).join(', ')}`,
    );
    return new Map(names.map((name, i) => [name, Number(r.rows[0][`c${i}`])]));
  });
}

async function compareRows(fromUrl: string, toUrl: string) {
  const [source, target] = await Promise.all([rowCounts(fromUrl), rowCounts(toUrl)]);
  const problems: string[] = [];
  for (const [table, n] of source) {
    const m = target.get(table);
    if (m === undefined) problems.push(`${table} is missing`);
    else if (m !== n) problems.push(`${table} has ${m} rows, the source ${n}`);
  }
  for (const table of target.keys()) {
    if (!source.has(table)) problems.push(`${table} is not in the source`);
  }
  if (problems.length) {
    throw new Error(`The copy differs from the source: ${problems.slice(0, 5).join('; ')}`);
  }
  return { tables: source.size, rows: [...source.values()].reduce((a, b) => a + b, 0) };
}

async function checkIdentity(url: string, orgId: string) {
  const r = await withClient(url, (c) =>
    c.query<{ organization_id: string }>('SELECT organization_id FROM tenant_identity'),
  );
  if (r.rows.length !== 1 || r.rows[0].organization_id !== orgId) {
    throw new Error(`The copy's tenant_identity does not name ${orgId}`);
  }
}

// --- Moving, undoing, confirming -----------------------------------------------------------------

// `npm run tenant:move -- <org id> <cluster>`.
export async function moveTenant(
  deps: MoveDeps,
  orgId: string,
  toCluster: string,
): Promise<MoveResult> {
  return withPlatform(deps, orgId, async (platform) => {
    const org = await findOrg(platform, orgId);
    const { clusters } = deps;
    if (!clusters.has(toCluster)) {
      throw new MoveRefused(
        `No cluster named ${toCluster}: TENANT_CLUSTERS names ${clusters.names().join(', ')}`,
      );
    }
    if (!clusters.has(org.db_cluster)) {
      throw new MoveRefused(
        `${org.name} is on cluster ${org.db_cluster}, which TENANT_CLUSTERS does not name`,
      );
    }
    if (org.db_cluster === toCluster) {
      throw new MoveRefused(`${org.name} is already on cluster ${toCluster}`);
    }
    const open = await openMove(platform, orgId);
    if (open?.status === 'awaiting_confirmation') {
      throw new MoveRefused(
        `${org.name}'s last move (from ${open.from_cluster}) awaits confirmation: npm run tenant:move -- --confirm ${orgId}`,
      );
    }
    if (open || org.moving_since) {
      throw new MoveRefused(
        `An earlier move of ${org.name} was interrupted: npm run tenant:move -- --abort ${orgId} undoes it`,
      );
    }
    const from: Place = { cluster: org.db_cluster, database: org.db_name };
    const to: Place = {
      cluster: toCluster,
      database: `${databaseOf(deps.platformUrl)}_t_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    };
    const fromServer = clusters.url(from.cluster);
    const toServer = clusters.url(to.cluster);
    await checkPrograms(deps, fromServer, toServer, from.cluster, to.cluster);
    // The empty target first: making it (a copy of template0) need not happen while frozen.
    await createDatabase(toServer, to.database, 'template0');

    // From here on every failure is undone: the association back where it was, writable.
    const moveId = randomUUID();
    await platform.query('BEGIN');
    try {
      const claimed = await platform.query(
        `UPDATE organizations SET moving_since = now() WHERE id = $1 AND moving_since IS NULL`,
        [orgId],
      );
      if (claimed.rowCount !== 1) throw new MoveRefused(`${org.name} is being moved already`);
      await platform.query(
        `INSERT INTO tenant_moves (id, organization_id, from_cluster, from_db, to_cluster, to_db)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [moveId, orgId, from.cluster, from.database, to.cluster, to.database],
      );
      await platform.query('COMMIT');
    } catch (err) {
      await platform.query('ROLLBACK').catch(() => undefined);
      await dropDatabase(toServer, to.database).catch(() => undefined);
      throw err;
    }
    const frozeAt = performance.now();
    deps.bus.publish('tenant', orgId);
    const move: MoveRow = {
      id: moveId,
      organization_id: orgId,
      from_cluster: from.cluster,
      from_db: from.database,
      to_cluster: to.cluster,
      to_db: to.database,
      status: 'copying',
    };
    try {
      const aborted = () => deps.signal?.throwIfAborted();
      let stepAt = performance.now();
      const took = () => {
        const s = ((performance.now() - stepAt) / 1000).toFixed(1);
        stepAt = performance.now();
        return `${s} s`;
      };
      say(deps, `Writes to ${org.name} are refused from now on; freezing ${where(from)}`);
      await freeze(fromServer, from.database);
      say(deps, `Frozen: ${where(from)} is read-only and its sessions ended (${took()})`);
      aborted();
      say(deps, `Copying ${where(from)} to ${where(to)} (${describeServer(toServer)})`);
      const fromUrl = withDatabase(fromServer, from.database);
      const toUrl = withDatabase(toServer, to.database);
      await copyDatabase(deps, fromUrl, toUrl);
      say(deps, `Copied with pg_dump | pg_restore (${took()})`);
      aborted();
      const [counted, , books] = await Promise.all([
        compareRows(fromUrl, toUrl),
        checkIdentity(toUrl, orgId),
        deps.checkBooks(toUrl),
      ]);
      if (!books.ok) throw new Error(`The ledger check of the copy fails: ${books.summary}`);
      aborted();
      say(
        deps,
        `Checked the copy: ${counted.tables} tables with ${counted.rows} rows as the source, its identity, ${books.summary} (${took()})`,
      );
      // The flip: one statement names the new place and lifts the freeze.
      await platform.query('BEGIN');
      let freezeMs = 0;
      try {
        const flipped = await platform.query(
          `UPDATE organizations SET db_cluster = $2, db_name = $3, moving_since = NULL
            WHERE id = $1 AND db_cluster = $4 AND db_name = $5 AND moving_since IS NOT NULL`,
          [orgId, to.cluster, to.database, from.cluster, from.database],
        );
        if (flipped.rowCount !== 1) throw new Error(`${org.name} changed during the move`);
        freezeMs = Math.round(performance.now() - frozeAt);
        await platform.query(
          `UPDATE tenant_moves SET status = 'awaiting_confirmation', finished_at = now(), freeze_ms = $2
            WHERE id = $1`,
          [moveId, freezeMs],
        );
        await platform.query('COMMIT');
      } catch (err) {
        await platform.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
      deps.bus.publish('tenant', orgId);
      return {
        moveId,
        organization: { id: org.id, name: org.name },
        from,
        to,
        freezeMs,
        tables: counted.tables,
        rows: counted.rows,
        books: books.summary,
      };
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      const undo = await undoMove(deps, platform, move, why);
      throw new Error(`The move of ${org.name} failed: ${why}. ${undo}`, { cause: err });
    }
  });
}

// Puts an association whose move failed (or was interrupted) back where it was: the copy dropped,
// the source writable, the freeze lifted, the move recorded as failed. Never when the directory
// already names the copy (the flip committed): then nothing is undone. Answers what it did.
async function undoMove(
  deps: MoveDeps,
  platform: pg.Client,
  move: MoveRow,
  reason: string,
): Promise<string> {
  const errors: string[] = [];
  const org = await platform
    .query<OrgRow>('SELECT db_cluster, db_name FROM organizations WHERE id = $1', [
      move.organization_id,
    ])
    .then((r) => r.rows[0])
    .catch((err: unknown) => {
      errors.push(`reading the directory: ${String(err)}`);
      return undefined;
    });
  if (!org) {
    return `Nothing was undone (${errors.join('; ') || 'the organization is gone'}); ${where({ cluster: move.to_cluster, database: move.to_db })} may be left`;
  }
  if (org.db_cluster === move.to_cluster && org.db_name === move.to_db) {
    await platform
      .query(`UPDATE tenant_moves SET status = 'awaiting_confirmation' WHERE id = $1`, [move.id])
      .catch(() => undefined);
    return 'The directory already names the copy: the move stands';
  }
  const step = async (what: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (err) {
      errors.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
  await step('dropping the copy', () =>
    dropDatabase(deps.clusters.url(move.to_cluster), move.to_db),
  );
  await step('making the source writable', () =>
    unfreeze(deps.clusters.url(move.from_cluster), move.from_db),
  );
  await step('lifting the freeze', () =>
    platform.query('UPDATE organizations SET moving_since = NULL WHERE id = $1', [
      move.organization_id,
    ]),
  );
  await step('recording the failure', () =>
    platform.query(
      `UPDATE tenant_moves SET status = 'failed', finished_at = now(), error = $2 WHERE id = $1`,
      [move.id, reason],
    ),
  );
  deps.bus.publish('tenant', move.organization_id);
  return errors.length
    ? `Undoing it did not finish (${errors.join('; ')}): npm run tenant:move -- --abort ${move.organization_id} tries again`
    : `It was undone: the association stays on ${where({ cluster: move.from_cluster, database: move.from_db })}, writable`;
}

// `npm run tenant:move -- --abort <org id>`: undoes a move that was interrupted (its process died).
export async function abortMove(deps: MoveDeps, orgId: string): Promise<string> {
  return withPlatform(deps, orgId, async (platform) => {
    const org = await findOrg(platform, orgId);
    const open = await openMove(platform, orgId);
    if (open?.status === 'copying') return undoMove(deps, platform, open, 'interrupted');
    if (org.moving_since) {
      // Frozen with no move recorded: lift the freeze of the database it is on.
      await unfreeze(deps.clusters.url(org.db_cluster), org.db_name);
      await platform.query('UPDATE organizations SET moving_since = NULL WHERE id = $1', [orgId]);
      deps.bus.publish('tenant', orgId);
      return `${org.name} is writable again on ${org.db_cluster}/${org.db_name}`;
    }
    throw new MoveRefused(`No move of ${org.name} is under way`);
  });
}

// `npm run tenant:move -- --confirm <org id>`: drops the database the association left.
export async function confirmMove(deps: MoveDeps, orgId: string): Promise<Place> {
  return withPlatform(deps, orgId, async (platform) => {
    const org = await findOrg(platform, orgId);
    const open = await openMove(platform, orgId);
    if (open?.status !== 'awaiting_confirmation') {
      throw new MoveRefused(`No move of ${org.name} awaits confirmation`);
    }
    if (org.db_cluster !== open.to_cluster || org.db_name !== open.to_db) {
      throw new MoveRefused(`${org.name} is not where its last move put it: nothing is dropped`);
    }
    if (!deps.clusters.has(open.from_cluster)) {
      throw new MoveRefused(
        `The old database is on cluster ${open.from_cluster}, which TENANT_CLUSTERS no longer names: add it to drop ${open.from_db}`,
      );
    }
    await dropDatabase(deps.clusters.url(open.from_cluster), open.from_db);
    await platform.query(
      `UPDATE tenant_moves SET status = 'confirmed', confirmed_at = now() WHERE id = $1`,
      [open.id],
    );
    return { cluster: open.from_cluster, database: open.from_db };
  });
}
