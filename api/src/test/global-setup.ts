import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, dropDatabase, withDatabase, withServer } from '../db/connection.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { migrate } from '../db/migrations.js';
import { freePort } from './free-port.js';

export interface TestDb {
  serverUrl: string;
  prefix: string;
  platformTemplate: string;
  tenantTemplate: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDb;
  }
}

// Where the run's throwaway server keeps its data: memory (/dev/shm) where the machine has it to
// spare — a run creates a few gigabytes of databases, each a copy of a template, and deletes them
// at its end — otherwise the system's temporary folder.
function scratch(): string {
  const shm = '/dev/shm';
  if (!existsSync(shm)) return tmpdir();
  const { bavail, bsize } = statfsSync(shm);
  return bavail * bsize > 8 * 1024 ** 3 ? shm : tmpdir();
}

// One real PostgreSQL for the whole run (embedded, or DATABASE_URL's server); migrated templates
// from which every test file copies its own platform and tenant databases, so files run in
// parallel without sharing state.
export default async function setup(project: TestProject) {
  let dir: string | undefined;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let serverUrl: string;
  if (process.env.DATABASE_URL) {
    serverUrl = withDatabase(process.env.DATABASE_URL, 'postgres');
  } else {
    dir = mkdtempSync(join(scratch(), 'covenant-test-pg-'));
    const pg = await startEmbeddedPostgres({
      dir,
      port: await freePort(),
      quiet: true,
      throwaway: true,
    });
    serverUrl = pg.url;
    stopEmbedded = pg.stop;
  }
  const prefix = `cvt_${randomBytes(4).toString('hex')}`;
  const platformTemplate = `${prefix}_platform_tpl`;
  const tenantTemplate = `${prefix}_tenant_tpl`;
  await createDatabase(serverUrl, platformTemplate);
  await migrate(withDatabase(serverUrl, platformTemplate), 'platform');
  await createDatabase(serverUrl, tenantTemplate);
  await migrate(withDatabase(serverUrl, tenantTemplate), 'tenant');
  project.provide('testDb', { serverUrl, prefix, platformTemplate, tenantTemplate });

  return async () => {
    if (stopEmbedded) {
      await stopEmbedded();
      rmSync(dir!, { recursive: true, force: true });
      return;
    }
    const names = await withServer(serverUrl, async (c) => {
      const r = await c.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE $1 || '\\_%'",
        [prefix],
      );
      return r.rows.map((x) => x.datname);
    });
    for (const n of names) await dropDatabase(serverUrl, n);
  };
}
