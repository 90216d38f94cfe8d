import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCovenant } from '../boot.js';
import type { Config } from '../config.js';
import { createDatabase, withClient, withDatabase, withServer } from '../db/connection.js';
import type { DemoCredential } from '../platform/onboarding/demo-seed.service.js';
import type { TestDb } from './global-setup.js';

// The demo books, seeded once per run and copied for every test that wants them.
//
// Seeding the two demo associations (eighteen months of books through the modules' services)
// costs tens of seconds; a dozen files start an app with them. The first one to ask builds a
// platform database and the associations' databases as the first start would (the same
// `seedFirstStart`), with a data folder of its own (the data key that seals secrets, the
// attachments); every asker then gets copies: the databases by CREATE DATABASE … TEMPLATE, the
// tenant directory pointed at the copies, the data folder copied. What a test sees is the first
// start's result, credentials included; the tests of seeding itself call the seeder directly.

interface DemoTemplate {
  platformDb: string;
  tenants: { id: string; dbName: string }[];
  dataDir: string;
  credentials: DemoCredential[];
}

// One builder at a time over every worker of the run: an advisory lock on the server.
const LOCK_KEY = 41_0003;

function recordPath(db: TestDb) {
  return join(tmpdir(), `${db.prefix}-demo-template.json`);
}

async function buildTemplate(db: TestDb, base: Config): Promise<DemoTemplate> {
  const platformDb = `${db.prefix}_demo_tpl`;
  const dataDir = join(tmpdir(), `${db.prefix}-demo-data`);
  await createDatabase(db.serverUrl, platformDb, db.platformTemplate);
  const app = await startCovenant(
    { ...base, seedOwner: true, seedDemo: true, serveWeb: false, dataDir },
    { platformUrl: withDatabase(db.serverUrl, platformDb), print: () => undefined },
  );
  const credentials = app.demo ?? [];
  await app.close();
  const tenants = await withClient(withDatabase(db.serverUrl, platformDb), async (c) => {
    const r = await c.query<{ id: string; db_name: string }>(
      'SELECT id, db_name FROM organizations ORDER BY created_at',
    );
    return r.rows.map((x) => ({ id: x.id, dbName: x.db_name }));
  });
  return { platformDb, tenants, dataDir, credentials };
}

async function template(db: TestDb, base: Config): Promise<DemoTemplate> {
  const file = recordPath(db);
  return withServer(db.serverUrl, async (c) => {
    await c.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoTemplate;
      const built = await buildTemplate(db, base);
      writeFileSync(file, JSON.stringify(built));
      return built;
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  });
}

/**
 * A platform database holding the demo associations (copied from the run's demo template, built
 * on first use) at `platformDb`, their tenant databases copied beside it, and the template's data
 * folder copied into `dataDir`. Returns the demo's sign-ins, as the first start printed them.
 */
export async function copyDemo(
  db: TestDb,
  base: Config,
  target: { platformDb: string; dataDir: string },
): Promise<DemoCredential[]> {
  const tpl = await template(db, base);
  await createDatabase(db.serverUrl, target.platformDb, tpl.platformDb);
  await withClient(withDatabase(db.serverUrl, target.platformDb), async (c) => {
    for (const t of tpl.tenants) {
      const copy = `${target.platformDb}_t_${randomBytes(8).toString('hex')}`;
      await createDatabase(db.serverUrl, copy, t.dbName);
      await c.query('UPDATE organizations SET db_name = $1 WHERE id = $2', [copy, t.id]);
    }
  });
  mkdirSync(target.dataDir, { recursive: true });
  cpSync(tpl.dataDir, target.dataDir, { recursive: true });
  return tpl.credentials;
}
