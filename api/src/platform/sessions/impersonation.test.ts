import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import type { Organization } from '../organizations/organizations.entity.js';

const IMPERSONATE = `mutation ($u: ID!, $r: String!) {
  impersonateUser(userId: $u, reason: $r) { accessToken impersonatedBy { id } } }`;
const SET_SUPERADMIN = `mutation ($u: ID!, $v: Boolean!) { setSuperadmin(userId: $u, value: $v) { id } }`;
const HISTORY = `query ($id: ID!) { adminUser(id: $id) {
  loginHistory { method impersonatedByEmail impersonationReason } } }`;
const READ = '{ accounts { id } }';
const WRITE = `mutation ($i: CreateAccountInput!) { createAccount(input: $i) { id } }`;
const REASON = 'Support ticket 4417: the March invoices are missing from her list';

type Res = {
  status: number;
  body: { errors?: { message: string; extensions?: Record<string, unknown> }[] };
};
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

describe('impersonation: a reason, and a session that ends with its super admin', () => {
  let app: TestApp;
  let org: Organization;
  const db = () => app.services.platformOrm.em.fork().getConnection();

  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrg(app.services, 'Birch Lane HOA');
  });
  afterAll(() => app.close());

  // A super admin (another one keeps the panel), a treasurer, and the admin acting as them.
  async function impersonation() {
    const admin = await createUser(app.services, { isSuperadmin: true });
    const adminToken = tokenFor(app.services, admin, null);
    const user = await createUser(app.services, { memberships: [{ org }] });
    const res = await app.gql(IMPERSONATE, { u: user.id, r: REASON }, adminToken);
    expect(res.body.errors).toBeUndefined();
    const token = res.body.data!.impersonateUser.accessToken as string;
    return { admin, adminToken, user, token };
  }

  let accountNumber = 6000;
  const write = (token: string) =>
    app.gql(
      WRITE,
      {
        i: {
          number: String(accountNumber++),
          name: 'Pool',
          type: 'EXPENSE',
          fundType: 'OPERATING',
        },
      },
      token,
    );

  async function expectActing(token: string) {
    const read = await app.gql(READ, {}, token);
    expect(read.body.errors).toBeUndefined();
    const wrote = await write(token);
    expect(wrote.body.errors).toBeUndefined();
  }

  async function expectEnded(token: string) {
    for (const res of [await app.gql(READ, {}, token), await write(token)]) {
      expect(res.status).toBe(401);
      expect(code(res)).toBe('UNAUTHENTICATED');
      expect(res.body.errors![0].message).toBe('This impersonation has ended; sign in again');
    }
  }

  it('ends, reads and writes, the moment its super admin is demoted', async () => {
    const { admin, token } = await impersonation();
    await expectActing(token);
    const other = await createUser(app.services, { isSuperadmin: true });
    const demoted = await app.gql(
      SET_SUPERADMIN,
      { u: admin.id, v: false },
      tokenFor(app.services, other, null),
    );
    expect(demoted.body.errors).toBeUndefined();
    await expectEnded(token);
    // And it does not come back by making them a super admin again.
    await app.gql(SET_SUPERADMIN, { u: admin.id, v: true }, tokenFor(app.services, other, null));
    await expectEnded(token);
  });

  it('ends when the super admin is demoted outside this process, once their standing is read again', async () => {
    const { admin, token } = await impersonation();
    await expectActing(token);
    await db().execute('UPDATE users SET is_superadmin = false WHERE id = ?', [admin.id]);
    // Another API process learns of it within the cache's lifetime; this one is told at once.
    app.services.memberships.invalidateUser(admin.id);
    await expectEnded(token);
  });

  it("ends when the super admin's own sessions end (sign out everywhere)", async () => {
    const { adminToken, token } = await impersonation();
    await expectActing(token);
    const out = await app.request(
      '/auth/graphql',
      'mutation { signOutEverywhere }',
      {},
      {
        token: adminToken,
      },
    );
    expect(out.body.errors).toBeUndefined();
    await expectEnded(token);
  });

  it('a token naming anyone but a current super admin is refused, whatever it says', async () => {
    const user = await createUser(app.services, { memberships: [{ org }] });
    const plain = await createUser(app.services, { memberships: [{ org }] });
    const secret = app.services.config.jwtSecret!;
    const forged = (impersonatedBy: string, isv: number) =>
      jwt.sign({ orgId: org.id, sv: 0, impersonatedBy, isv }, secret, {
        algorithm: 'HS256',
        subject: user.id,
        expiresIn: 600,
        issuer: 'covenant',
        audience: 'covenant-api',
      });
    await expectEnded(forged(plain.id, 0));
    await expectEnded(forged(randomUUID(), 0));
    const admin = await createUser(app.services, { isSuperadmin: true });
    await expectEnded(forged(admin.id, 3));
    await expectActing(forged(admin.id, 0));
  });

  it('asks for a reason and keeps it in the audit trail and the sign-in history', async () => {
    const { admin, adminToken, user } = await impersonation();
    const [audit] = await db().execute(
      `SELECT details FROM audit_log WHERE actor_user_id = ? AND action = 'impersonation.start'`,
      [admin.id],
    );
    expect(audit.details).toEqual({ reason: REASON });
    const history = await app.gql(HISTORY, { id: user.id }, adminToken);
    expect(history.body.data!.adminUser.loginHistory).toEqual([
      { method: 'impersonation', impersonatedByEmail: admin.email, impersonationReason: REASON },
    ]);
  });

  it('refuses a blank or overlong reason, with the field, and writes nothing', async () => {
    const admin = await createUser(app.services, { isSuperadmin: true });
    const adminToken = tokenFor(app.services, admin, null);
    const user = await createUser(app.services, { memberships: [{ org }] });
    for (const [reason, message] of [
      ['', 'Say why you are impersonating this user'],
      ['  \n\t ', 'Say why you are impersonating this user'],
      ['x'.repeat(501), 'At most 500 characters'],
    ]) {
      const res = await app.gql(IMPERSONATE, { u: user.id, r: reason }, adminToken);
      expect(res.body.data).toBeNull();
      expect(res.body.errors![0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        details: [{ field: 'reason', message }],
      });
    }
    // Leaving it out is refused by the schema itself.
    const missing = await app.gql(
      `mutation ($u: ID!) { impersonateUser(userId: $u) { accessToken } }`,
      { u: user.id },
      adminToken,
    );
    expect(code(missing)).toBe('BAD_USER_INPUT');
    const [{ n }] = await db().execute(
      `SELECT (SELECT count(*) FROM audit_log WHERE actor_user_id = ?)::int
            + (SELECT count(*) FROM login_history WHERE user_id = ?)::int AS n`,
      [admin.id, user.id],
    );
    expect(n).toBe(0);
  });
});
