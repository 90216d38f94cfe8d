import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, type TestContext } from 'vitest';
import { withServer } from './connection.js';
import { quickScram, scramStats } from './scram.js';

const { serverUrl } = inject('testDb');
const role = `cvt_scram_${randomBytes(4).toString('hex')}`;

function urlAs(password: string) {
  const u = new URL(serverUrl);
  u.username = role;
  u.password = password;
  u.pathname = '/postgres';
  return u.href;
}

async function signIn(password: string): Promise<string> {
  const client = new pg.Client({ connectionString: urlAs(password) });
  try {
    await client.connect();
    const r = await client.query<{ who: string }>('SELECT current_user AS who');
    return r.rows[0].who;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const refusal = (password: string) =>
  signIn(password).then(
    () => null,
    (err: { code?: string }) => err.code,
  );

describe('SCRAM sign-in, the salted password derived once', () => {
  // A server that does not ask for a password (trust, under DATABASE_URL) has nothing to test.
  let checksPasswords = false;

  beforeAll(async () => {
    quickScram();
    await withServer(serverUrl, async (c) => {
      await c.query(`SET password_encryption = 'scram-sha-256'`);
      await c.query(`CREATE ROLE ${role} LOGIN PASSWORD 'first-secret-of-this-role'`);
    });
    checksPasswords = (await refusal('not-the-password')) === '28P01';
  });

  afterAll(async () => {
    await withServer(serverUrl, (c) => c.query(`DROP ROLE IF EXISTS ${role}`));
  });

  const needsScram = (ctx: TestContext) => {
    if (!checksPasswords) ctx.skip();
  };

  it('signs in again and again with one derivation, the server signature checked by pg', async (ctx) => {
    needsScram(ctx);
    const before = scramStats.derivations;
    for (let i = 0; i < 8; i++) expect(await signIn('first-secret-of-this-role')).toBe(role);
    expect(scramStats.derivations - before).toBe(1);
  });

  it('refuses a wrong password: its proof is derived from it, not from a kept one', async (ctx) => {
    needsScram(ctx);
    await signIn('first-secret-of-this-role');
    const before = scramStats.derivations;
    expect(await refusal('first-secret-of-this-rolX')).toBe('28P01');
    expect(scramStats.derivations - before).toBe(1);
  });

  it('follows a changed password: the new salt is derived anew, the old password refused', async (ctx) => {
    needsScram(ctx);
    await withServer(serverUrl, (c) =>
      c.query(`ALTER ROLE ${role} PASSWORD 'second-secret-of-this-role'`),
    );
    expect(await refusal('first-secret-of-this-role')).toBe('28P01');
    const before = scramStats.derivations;
    expect(await signIn('second-secret-of-this-role')).toBe(role);
    expect(await signIn('second-secret-of-this-role')).toBe(role);
    expect(scramStats.derivations - before).toBe(1);
  });
});
