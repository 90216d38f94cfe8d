import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../db/connection.js';
import { PLATFORM_TEXT_LIMITS, TENANT_TEXT_LIMITS } from '@covenant/shared/text-limits';

// Every length the database enforces (CHECK (length(column) <= n), or BETWEEN 1 AND n), read from
// the catalog of freshly migrated databases: the table the code checks against must say the same.
async function lengthChecks(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tbl: string; def: string }>(
      `SELECT c.conrelid::regclass::text AS tbl, pg_get_constraintdef(c.oid) AS def
         FROM pg_constraint c
        WHERE c.contype = 'c' AND pg_get_constraintdef(c.oid) ~ 'length\\('`,
    );
    const limits: Record<string, Record<string, number>> = {};
    for (const { tbl, def } of rows) {
      for (const m of def.matchAll(/length\((\w+)\) <= (\d+)/g)) {
        (limits[tbl.replace(/^public\./, '')] ??= {})[m[1]] = Number(m[2]);
      }
    }
    return limits;
  } finally {
    await client.end();
  }
}

describe('text limits', () => {
  const db = inject('testDb');

  it('are the tenant database constraints, every one', async () => {
    const actual = await lengthChecks(withDatabase(db.serverUrl, db.tenantTemplate));
    expect(actual).toEqual(TENANT_TEXT_LIMITS);
  });

  it('are the platform database constraints, every one', async () => {
    const actual = await lengthChecks(withDatabase(db.serverUrl, db.platformTemplate));
    expect(actual).toEqual(PLATFORM_TEXT_LIMITS);
  });
});
