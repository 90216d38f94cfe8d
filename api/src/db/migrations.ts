import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Constructor } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migration, Migrator } from '@mikro-orm/migrations';
import { JOB_QUEUE_VERSION, jobQueueVersion, migrateJobQueue } from './job-queue-schema.js';

export type MigrationKind = 'platform' | 'tenant';

// Same relative path from api/src/db (sources) and api/dist/api/src/db (build output).
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const DIRS: Record<MigrationKind, string> = {
  platform: join(ROOT, 'platform-migrations'),
  tenant: join(ROOT, 'tenant-migrations'),
};
const FILE = /^(\d{3}_[a-z0-9_]+)\.(ts|js)$/;

type MigrationClass = Constructor<Migration>;
interface ListedMigration {
  name: string;
  class: MigrationClass;
}

const cache = new Map<MigrationKind, Promise<ListedMigration[]>>();

async function discover(kind: MigrationKind): Promise<ListedMigration[]> {
  const files = readdirSync(DIRS[kind])
    .filter((f) => FILE.test(f) && !f.endsWith('.d.ts'))
    .sort();
  const list: ListedMigration[] = [];
  for (const file of files) {
    const name = FILE.exec(file)![1];
    if (list.some((m) => m.name === name)) continue; // .ts and .js side by side
    const mod = (await import(pathToFileURL(join(DIRS[kind], file)).href)) as Record<
      string,
      unknown
    >;
    const cls = Object.values(mod).find(
      (v): v is MigrationClass => typeof v === 'function' && v.prototype instanceof Migration,
    );
    if (!cls) throw new Error(`${kind} migration ${file} exports no Migration class`);
    list.push({ name, class: cls });
  }
  return list;
}

export function listMigrations(kind: MigrationKind): Promise<ListedMigration[]> {
  if (!cache.has(kind)) cache.set(kind, discover(kind));
  return cache.get(kind)!;
}

export interface MigrationStatus {
  applied: string[];
  pending: string[];
  // Applied in the database but unknown to this code: the database is ahead of the code.
  unknown: string[];
}

async function withMigrator<T>(
  url: string,
  kind: MigrationKind,
  fn: (m: Migrator) => Promise<T>,
): Promise<T> {
  const migrationsList = await listMigrations(kind);
  const orm = await MikroORM.init({
    clientUrl: url,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    allowGlobalContext: true,
    pool: { min: 0, max: 1 },
    migrations: {
      tableName: 'schema_migrations',
      migrationsList,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
  });
  try {
    return await fn(orm.getMigrator() as Migrator);
  } finally {
    await orm.close(true);
  }
}

async function statusOf(m: Migrator, kind: MigrationKind): Promise<MigrationStatus> {
  const known = new Set((await listMigrations(kind)).map((x) => x.name));
  const executed = (await m.getExecutedMigrations()).map((x) => x.name.replace(/\.(ts|js)$/, ''));
  const pending = (await m.getPendingMigrations()).map((x) => x.name);
  return {
    applied: executed.filter((n) => known.has(n)),
    pending,
    unknown: executed.filter((n) => !known.has(n)),
  };
}

// The platform's migrations include the job queue's own schema (pg-boss), named by its version.
const JOB_QUEUE_STEP = `job-queue-v${JOB_QUEUE_VERSION}`;

async function jobQueuePending(url: string, kind: MigrationKind): Promise<string[]> {
  if (kind !== 'platform') return [];
  const v = await jobQueueVersion(url);
  return v === JOB_QUEUE_VERSION ? [] : [JOB_QUEUE_STEP];
}

export async function migrationStatus(url: string, kind: MigrationKind): Promise<MigrationStatus> {
  const s = await withMigrator(url, kind, (m) => statusOf(m, kind));
  return { ...s, pending: [...s.pending, ...(await jobQueuePending(url, kind))] };
}

export class DriftError extends Error {}

// The version the code expects of a database: the name of its last migration.
export async function codeVersion(kind: MigrationKind): Promise<string> {
  const list = await listMigrations(kind);
  return list[list.length - 1].name;
}

// A database's version as its schema_migrations table has it: the last migration applied (NULL
// when none), named as the code names it.
export const APPLIED_VERSION_SQL = `SELECT max(regexp_replace(name, '\\.(ts|js)$', '')) FROM schema_migrations`;

// Applies pending migrations (all in one transaction) and returns the status before the run.
// `to` stops after that migration (a database as an older release left it).
export function migrate(
  url: string,
  kind: MigrationKind,
  opts: { dryRun?: boolean; to?: string } = {},
): Promise<MigrationStatus> {
  return withMigrator(url, kind, async (m) => {
    const status = await statusOf(m, kind);
    if (status.unknown.length) {
      throw new DriftError(
        `database is ahead of this code (unknown migrations: ${status.unknown.join(', ')})`,
      );
    }
    if (!opts.dryRun && status.pending.length) await m.up(opts.to ? { to: opts.to } : undefined);
    return status;
  }).then(async (status) => {
    const queue = await jobQueuePending(url, kind);
    if (!opts.dryRun && queue.length) await migrateJobQueue(url);
    return { ...status, pending: [...status.pending, ...queue] };
  });
}

export function describeDrift(what: string, s: MigrationStatus): string | null {
  if (s.unknown.length) return `${what} is ahead of this code: ${s.unknown.join(', ')}`;
  if (s.pending.length) return `${what} is behind: pending ${s.pending.join(', ')}`;
  return null;
}
