import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
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
    dir = mkdtempSync(join(tmpdir(), 'covenant-test-pg-'));
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
