import pg from 'pg';
import { createDatabase, databaseExists, withClient, withDatabase } from './connection.js';
import { codeVersion, migrate, migrationStatus, type MigrationStatus } from './migrations.js';

// Fleet migrations: the tenant template on every cluster, then every association's database not
// at the code's version. Each association records the version its database is at
// (organizations.schema_version), so a run visits only those behind (or never read), and a run
// stopped half way (told to, SIGTERM, a crash) leaves the rest to the next run, which resumes.
// One run at a time, over the whole fleet (an advisory lock on the platform database); every run
// is kept in fleet_migrations. The API serves an association only at the code's version
// (the tenant pool checks at the door), so an association not yet migrated answers "being
// upgraded" for a moment rather than running new code on an old schema.

export interface MigrateReport {
  database: string;
  applied: string[];
  dryRun: boolean;
  // The association's migration failed (it is left as it was, and tried again next run).
  error?: string;
}

export type FleetStatus = 'running' | 'done' | 'stopped' | 'failed';

export type FleetEvent =
  | { kind: 'template'; cluster: string; report: MigrateReport }
  | { kind: 'start'; run: number; target: string; total: number; resumes: number | null }
  | {
      kind: 'tenant';
      orgId: string;
      cluster: string;
      report: MigrateReport;
      done: number;
      failed: number;
      total: number;
    }
  | { kind: 'end'; run: FleetRun };

export interface FleetRun {
  id: number;
  target: string;
  status: Exclude<FleetStatus, 'running'>;
  total: number;
  done: number;
  failed: number;
  lastError: string | null;
  // The earlier run of the same target this one went on from (stopped, failed or interrupted).
  resumes: number | null;
  templates: MigrateReport[];
  tenants: MigrateReport[];
}

export interface FleetOptions {
  // The configured clusters' names (the template is migrated on each).
  clusters: string[];
  // A cluster's direct URL (DDL never goes through a pooler).
  clusterUrl: (cluster: string) => string;
  templateDb: string;
  // Data upgrades that need the application (such as its keys), run on each tenant database
  // after its migrations.
  upgradeTenant?: (tenantUrl: string) => Promise<void>;
  // Tenant databases migrated at once (each holds one connection to its cluster meanwhile).
  concurrency?: number;
  // Stop after this many associations (migrated or failed); the next run goes on from there.
  stopAfter?: number;
  // Aborted (SIGTERM): the associations under way finish, no new one starts.
  signal?: AbortSignal;
  // This association only, whatever its recorded version (`npm run migrate -- --tenant`); the
  // templates are left alone.
  only?: string;
  // Wait for a run under way elsewhere to end instead of refusing.
  wait?: boolean;
  onProgress?: (e: FleetEvent) => void;
}

// The advisory lock one run holds on the platform database (a session lock: a crashed run's
// connection ends and the lock goes with it).
export const FLEET_LOCK = 47_0020;

export class FleetBusyError extends Error {}

interface Visit {
  id: string;
  name: string;
  db_cluster: string;
  db_name: string;
}

// New tenants are copied from a migrated template database: a file copy, not a migration run.
export async function ensureTenantTemplate(clusterUrl: string, templateDb: string) {
  if (!(await databaseExists(clusterUrl, templateDb))) {
    await createDatabase(clusterUrl, templateDb);
  }
  return migrate(withDatabase(clusterUrl, templateDb), 'tenant');
}

// The version a database is at once a migration run has applied what it reported pending.
function versionAfter(s: MigrationStatus): string | null {
  return [...s.applied, ...s.pending].sort().at(-1) ?? null;
}

const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 2000);

export async function migrateFleet(platformUrl: string, opts: FleetOptions): Promise<FleetRun> {
  const target = await codeVersion('tenant');
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const emit = (e: FleetEvent) => opts.onProgress?.(e);
  // One connection to the platform for the whole run: it holds the lock and records progress.
  const platform = new pg.Client({ connectionString: platformUrl });
  await platform.connect();
  try {
    await lock(platform, !!opts.wait);
    // Holding the lock, any run still marked running is one whose process died.
    await platform.query(
      `UPDATE fleet_migrations
          SET status = 'stopped', finished_at = now(),
              last_error = coalesce(last_error, 'interrupted: its process ended before the run did')
        WHERE status = 'running'`,
    );
    const previous = await platform.query<{ id: string; target_version: string; status: string }>(
      'SELECT id, target_version, status FROM fleet_migrations ORDER BY id DESC LIMIT 1',
    );
    const last = previous.rows[0];
    const resumes =
      last && last.target_version === target && last.status !== 'done' ? Number(last.id) : null;
    const todo = (
      await platform.query<Visit>(
        `SELECT id, name, db_cluster, db_name FROM organizations
          WHERE ${opts.only ? 'id::text = $1' : 'schema_version IS DISTINCT FROM $1'}
          ORDER BY created_at, id`,
        [opts.only ?? target],
      )
    ).rows;
    if (opts.only && !todo.length) throw new Error(`No organization with id ${opts.only}`);
    const inserted = await platform.query<{ id: string }>(
      'INSERT INTO fleet_migrations (target_version, total) VALUES ($1, $2) RETURNING id',
      [target, todo.length],
    );
    const run: FleetRun = {
      id: Number(inserted.rows[0].id),
      target,
      status: 'done',
      total: todo.length,
      done: 0,
      failed: 0,
      lastError: null,
      resumes,
      templates: [],
      tenants: [],
    };
    const finish = async (status: FleetRun['status'], error?: string) => {
      run.status = status;
      if (error) run.lastError = error;
      await platform.query(
        `UPDATE fleet_migrations SET status = $2, finished_at = now(),
                last_error = coalesce($3, last_error)
          WHERE id = $1`,
        [run.id, status, error ?? null],
      );
      emit({ kind: 'end', run });
      return run;
    };
    try {
      if (!opts.only) {
        for (const cluster of opts.clusters) {
          const s = await ensureTenantTemplate(opts.clusterUrl(cluster), opts.templateDb);
          const database = templateLabel(opts.templateDb, cluster, opts.clusters);
          const report = { database, applied: s.pending, dryRun: false };
          run.templates.push(report);
          emit({ kind: 'template', cluster, report });
        }
      }
      emit({ kind: 'start', run: run.id, target, total: run.total, resumes });

      const clusters = new Set(opts.clusters);
      // The workers share the run's one platform connection: their writes go one after another
      // (pg's own queueing of a busy client's queries is deprecated).
      let tail: Promise<unknown> = Promise.resolve();
      const record = (text: string, values: unknown[]) => {
        const q = tail.then(() => platform.query(text, values));
        tail = q.catch(() => undefined);
        return q;
      };
      // How many associations were started on; the next one is todo[next].
      let next = 0;
      const stopping = () =>
        !!opts.signal?.aborted || (opts.stopAfter !== undefined && next >= opts.stopAfter);
      const visit = async (t: Visit) => {
        const database = `${t.db_name} (${t.name})`;
        let report: MigrateReport;
        try {
          if (!clusters.has(t.db_cluster)) {
            throw new Error(`its cluster ${t.db_cluster} is not among the configured clusters`);
          }
          const url = withDatabase(opts.clusterUrl(t.db_cluster), t.db_name);
          const s = await migrate(url, 'tenant');
          await opts.upgradeTenant?.(url);
          // The association's version and the run's count move together.
          await record(
            `WITH o AS (UPDATE organizations SET schema_version = $2, schema_checked_at = now()
                         WHERE id = $1)
             UPDATE fleet_migrations SET done = done + 1 WHERE id = $3`,
            [t.id, versionAfter(s), run.id],
          );
          report = { database, applied: s.pending, dryRun: false };
          run.done++;
        } catch (err) {
          const error = errorText(err);
          report = { database, applied: [], dryRun: false, error };
          run.failed++;
          run.lastError = `${t.db_name}: ${error}`;
          await record(
            'UPDATE fleet_migrations SET failed = failed + 1, last_error = $2 WHERE id = $1',
            [run.id, run.lastError],
          );
        }
        run.tenants.push(report);
        emit({
          kind: 'tenant',
          orgId: t.id,
          cluster: t.db_cluster,
          report,
          done: run.done,
          failed: run.failed,
          total: run.total,
        });
      };
      const worker = async () => {
        while (next < todo.length && !stopping()) await visit(todo[next++]);
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
      if (next < todo.length) return await finish('stopped');
      return await finish(run.failed ? 'failed' : 'done');
    } catch (err) {
      // A template that would not migrate, or the platform database gone: the run ends here.
      await finish('failed', errorText(err)).catch(() => undefined);
      throw err;
    }
  } finally {
    await platform.end().catch(() => undefined);
  }
}

async function lock(platform: pg.Client, wait: boolean) {
  if (wait) {
    await platform.query('SELECT pg_advisory_lock($1)', [FLEET_LOCK]);
    return;
  }
  const got = await platform.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
    FLEET_LOCK,
  ]);
  if (got.rows[0].ok) return;
  const running = await platform.query<{ id: string; started_at: Date }>(
    `SELECT id, started_at FROM fleet_migrations WHERE status = 'running' ORDER BY id DESC LIMIT 1`,
  );
  const r = running.rows[0];
  throw new FleetBusyError(
    r
      ? `A fleet migration is already running (run ${r.id}, started ${r.started_at.toISOString()}); try again once it has finished`
      : 'A fleet migration is already running; try again once it has finished',
  );
}

// What a run would do, changing nothing (`npm run migrate -- --dry-run`): the template on every
// cluster, and the associations a run would visit with what each would apply.
export async function previewFleet(
  platformUrl: string,
  opts: Pick<FleetOptions, 'clusters' | 'clusterUrl' | 'templateDb' | 'only'>,
): Promise<MigrateReport[]> {
  const reports: MigrateReport[] = [];
  if (!opts.only) {
    for (const cluster of opts.clusters) {
      const url = opts.clusterUrl(cluster);
      const database = templateLabel(opts.templateDb, cluster, opts.clusters);
      if (!(await databaseExists(url, opts.templateDb))) {
        reports.push({ database, applied: ['(database would be created)'], dryRun: true });
      } else {
        const s = await migrationStatus(withDatabase(url, opts.templateDb), 'tenant');
        reports.push({ database, applied: s.pending, dryRun: true });
      }
    }
  }
  const target = await codeVersion('tenant');
  const todo = await withClient(platformUrl, async (c) => {
    // A platform database not migrated yet has no organizations, or no recorded versions.
    const cols = await c.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'organizations'`,
    );
    if (!cols.rows.length) return [];
    const recorded = cols.rows.some((r) => r.column_name === 'schema_version');
    const [where, params] = opts.only
      ? ['WHERE id::text = $1', [opts.only]]
      : recorded
        ? ['WHERE schema_version IS DISTINCT FROM $1', [target]]
        : ['', []];
    const r = await c.query<Visit>(
      `SELECT id, name, db_cluster, db_name FROM organizations ${where} ORDER BY created_at, id`,
      params,
    );
    if (opts.only && !r.rows.length) throw new Error(`No organization with id ${opts.only}`);
    return r.rows;
  });
  for (const t of todo) {
    const database = `${t.db_name} (${t.name})`;
    try {
      const url = withDatabase(opts.clusterUrl(t.db_cluster), t.db_name);
      const s = await migrationStatus(url, 'tenant');
      if (s.unknown.length) throw new Error(`ahead of this code: ${s.unknown.join(', ')}`);
      reports.push({ database, applied: s.pending, dryRun: true });
    } catch (err) {
      reports.push({ database, applied: [], dryRun: true, error: errorText(err) });
    }
  }
  return reports;
}

// The template's name in reports, with its cluster's when there are several.
export function templateLabel(templateDb: string, cluster: string, clusters: string[]) {
  return clusters.length > 1 ? `${templateDb} on ${cluster}` : templateDb;
}
