import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { startCovenant } from '../boot.js';
import { loadConfig } from '../config.js';
import { REPO_ROOT } from '../paths.js';
import { createDatabase, withClient, withDatabase } from './connection.js';
import { assertNoDrift, migrateAll } from './databases.js';
import { codeVersion, DriftError, listMigrations, migrate, migrationStatus } from './migrations.js';

const run = promisify(execFile);

function freshName() {
  return `${inject('testDb').prefix}_m${randomBytes(4).toString('hex')}`;
}

async function freshPlatform() {
  const { serverUrl } = inject('testDb');
  const name = freshName();
  await createDatabase(serverUrl, name);
  const url = withDatabase(serverUrl, name);
  return { url, name, templateDb: `${name}_tpl`, clusterUrl: () => url };
}

describe('migrations', () => {
  it('are numbered NNN_snake_name and discovered in order', async () => {
    for (const kind of ['platform', 'tenant'] as const) {
      const names = (await listMigrations(kind)).map((m) => m.name);
      expect(names.length).toBeGreaterThan(0);
      expect(names).toEqual([...names].sort());
      for (const n of names) expect(n).toMatch(/^\d{3}_[a-z0-9_]+$/);
    }
  });

  it('dry-run reports without applying; a real run applies the platform database and the tenant template', async () => {
    const p = await freshPlatform();
    const dry = await migrateAll(p.url, { ...p, dryRun: true });
    expect(dry[0]).toMatchObject({ database: p.name, dryRun: true });
    expect(dry[0].applied).toContain('001_platform_init');
    expect((await migrationStatus(p.url, 'platform')).applied).toEqual([]);

    const real = await migrateAll(p.url, p);
    expect(real.map((r) => r.database)).toEqual([p.name, p.templateDb]);
    expect(real[1].applied).toContain('001_tenant_init');
    await assertNoDrift(p.url, p);
    // Idempotent.
    const again = await migrateAll(p.url, p);
    expect(again.every((r) => r.applied.length === 0)).toBe(true);
  });

  it('refuses when a database is ahead of the code or behind it', async () => {
    const p = await freshPlatform();
    await migrateAll(p.url, p);
    await withClient(p.url, (c) =>
      c.query(
        `INSERT INTO schema_migrations (name, executed_at) VALUES ('999_from_the_future', now())`,
      ),
    );
    await expect(assertNoDrift(p.url, p)).rejects.toThrow(/ahead.*999_from_the_future/);
    await expect(migrate(p.url, 'platform')).rejects.toBeInstanceOf(DriftError);

    const behind = await freshPlatform();
    await createDatabase(inject('testDb').serverUrl, behind.templateDb);
    await migrate(behind.url, 'platform');
    await expect(assertNoDrift(behind.url, behind)).rejects.toThrow(/tenant template.*behind/);
  });

  it('does not read the tenant databases at start (the door checks each one)', async () => {
    const p = await freshPlatform();
    await migrateAll(p.url, p);
    // Never migrated at all: start-up still goes on; the tenant pool refuses it when opened.
    const tenantDb = `${p.name}_t0`;
    await createDatabase(inject('testDb').serverUrl, tenantDb);
    await withClient(p.url, (c) =>
      c.query(`INSERT INTO organizations (id, name, db_name) VALUES ($1, 'Oak Row', $2)`, [
        randomUUID(),
        tenantDb,
      ]),
    );
    await assertNoDrift(p.url, p);
  });

  it('keeps the API from starting on drift when it may not migrate', async () => {
    const p = await freshPlatform();
    const config = {
      ...loadConfig({ NODE_ENV: 'test', JWT_SECRET: randomBytes(32).toString('hex') }),
      port: 0,
      migrateOnStart: false,
      seedOwner: false,
      seedDemo: false,
      tenantTemplateDb: p.templateDb,
    };
    await expect(startCovenant(config, { platformUrl: p.url })).rejects.toBeInstanceOf(DriftError);
  });

  it('npm run migrate takes --dry-run and --tenant', async () => {
    const p = await freshPlatform();
    const env = {
      ...process.env,
      DATABASE_URL: p.url,
      TENANT_TEMPLATE_DB: p.templateDb,
      SWC_NODE_PROJECT: 'api/tsconfig.json',
    };
    const cli = (...args: string[]) =>
      run(
        process.execPath,
        [
          // @covenant/shared from its sources, like the API's.
          '--conditions=development',
          '--import',
          '@swc-node/register/esm-register',
          'api/src/cli/migrate.ts',
          ...args,
        ],
        { cwd: REPO_ROOT, env },
      );
    const dry = await cli('--dry-run');
    expect(dry.stdout).toContain(`${p.name}: would apply 001_platform_init`);
    expect((await migrationStatus(p.url, 'platform')).applied).toEqual([]);

    const applied = await cli();
    expect(applied.stdout).toContain(`${p.name}: applied 001_platform_init`);
    expect(applied.stdout).toContain(`${p.templateDb}: applied 001_tenant_init`);
    expect((await migrationStatus(p.url, 'platform')).pending).toEqual([]);

    // An association whose version was never recorded: the fleet run reads it, says each step.
    const target = await codeVersion('tenant');
    const tenantDb = `${p.name}_t1`;
    await createDatabase(inject('testDb').serverUrl, tenantDb, p.templateDb);
    await withClient(p.url, (c) =>
      c.query(`INSERT INTO organizations (id, name, db_name) VALUES ($1, 'Elm Court', $2)`, [
        randomUUID(),
        tenantDb,
      ]),
    );
    const fleet = await cli('--concurrency', '2');
    expect(fleet.stdout).toContain(`Fleet run 2: 1 association to bring to ${target}`);
    expect(fleet.stdout).toContain(`[1/1] ${tenantDb} (Elm Court): up to date`);
    expect(fleet.stdout).toContain('Fleet run 2 done: 1 migrated, 0 failed');

    await expect(cli('--tenant', '00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      /No organization/,
    );
    // Four starts of the CLI from TypeScript sources, beside other test files.
  }, 240_000);
});
