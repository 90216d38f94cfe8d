import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import { withClient } from './connection.js';

// The job queue's tables (pg-boss) live in their own schema of the platform database. They are
// installed and upgraded with the platform's migrations (`npm run migrate`, or at start in
// development), never by a production API process, which refuses to start when they differ.
export const JOB_QUEUE_SCHEMA = 'pgboss';
export const JOB_QUEUE_VERSION: number = createRequire(import.meta.url)(
  'pg-boss/version.json',
).schema;

// The installed version, or null before the first install.
export async function jobQueueVersion(url: string): Promise<number | null> {
  return withClient(url, async (c) => {
    const t = await c.query(`SELECT to_regclass($1) AS t`, [`${JOB_QUEUE_SCHEMA}.version`]);
    if (!t.rows[0].t) return null;
    const v = await c.query(`SELECT version FROM ${JOB_QUEUE_SCHEMA}.version`);
    return v.rows.length ? Number(v.rows[0].version) : null;
  });
}

// Installs or upgrades the queue's schema with pg-boss's own plans (under its advisory lock).
export async function migrateJobQueue(url: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: url,
    schema: JOB_QUEUE_SCHEMA,
    max: 1,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: true, wait: true, timeout: 1000 });
}
