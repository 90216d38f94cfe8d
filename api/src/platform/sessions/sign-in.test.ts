import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Organization } from '../organizations/organizations.entity.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../test/factories.js';

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { ... on LoginPayload { accessToken organization { id settings } } }
}`;
const REFRESH = `mutation ($org: ID) { refreshSession(organizationId: $org) { accessToken organization { id } } }`;

function cookieFrom(setCookie: string[]): string {
  const c = setCookie.find((x) => x.startsWith('covenant_rt='));
  if (!c) throw new Error(`no refresh cookie in ${JSON.stringify(setCookie)}`);
  return c.split(';')[0];
}

function code(res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) {
  return res.body.errors?.[0]?.extensions?.code;
}

async function signIn(app: TestApp, email: string, password = TEST_PASSWORD, ip?: string) {
  const res = await app.request(
    '/graphql',
    LOGIN,
    { email, password },
    {
      headers: ip ? { 'x-forwarded-for': ip } : {},
    },
  );
  return { res, token: res.body.data?.login?.accessToken as string, cookie: res.setCookie };
}

describe('sessions: refresh cookie, rotation, logout', () => {
  let app: TestApp;
  let email: string;
  beforeAll(async () => {
    app = await startTestApp();
    const org = await createOrg(app.services);
    email = (await createUser(app.services, { memberships: [{ org }] })).email;
  });
  afterAll(() => app.close());

  it('sets an httpOnly, Secure, SameSite=Strict refresh cookie scoped to /auth, for 30 days', async () => {
    const { cookie } = await signIn(app, email);
    const c = cookie.find((x) => x.startsWith('covenant_rt='))!;
    expect(c).toMatch(/HttpOnly/i);
    expect(c).toMatch(/Secure/i);
    expect(c).toMatch(/SameSite=Strict/i);
    expect(c).toMatch(/Path=\/auth(;|$)/);
    const expires = new Date(/Expires=([^;]+)/.exec(c)![1]).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    // Stored hashed: the cookie value is nowhere in the table.
    const value = cookieFrom(cookie).split('=')[1];
    const rows = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(`SELECT count(*)::int AS n FROM refresh_tokens WHERE token_hash = ?`, [value]);
    expect(rows[0].n).toBe(0);
  });

  it('rotates on refresh; re-using a rotated token revokes the whole family', async () => {
    const first = cookieFrom((await signIn(app, email)).cookie);
    const r1 = await app.request('/auth/graphql', REFRESH, {}, { cookie: first });
    expect(JSON.stringify(r1.body.errors)).toBeUndefined();
    expect(r1.body.data!.refreshSession.accessToken).toBeTruthy();
    const second = cookieFrom(r1.setCookie);
    expect(second).not.toBe(first);

    const reuse = await app.request('/auth/graphql', REFRESH, {}, { cookie: first });
    expect(reuse.status).toBe(401);
    expect(code(reuse)).toBe('UNAUTHENTICATED');
    // The thief's reuse also killed the legitimate newest token.
    const after = await app.request('/auth/graphql', REFRESH, {}, { cookie: second });
    expect(code(after)).toBe('UNAUTHENTICATED');
  });

  it('answers a signed-out probe (no cookie) with a null session and 200, a bad cookie with 401', async () => {
    // A guest's page load asks whether it has a session: "no" is an answer, not a failed request.
    const res = await app.request('/auth/graphql', REFRESH, {});
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toEqual({ refreshSession: null });
    expect(res.setCookie.join()).not.toMatch(/covenant_rt=[^;]/);

    const forged = await app.request(
      '/auth/graphql',
      REFRESH,
      {},
      { cookie: 'covenant_rt=forged' },
    );
    expect(forged.status).toBe(401);
    expect(code(forged)).toBe('UNAUTHENTICATED');
    expect(forged.body.data?.refreshSession ?? null).toBeNull();
  });

  it('logout answers 200, revokes the token and clears the cookie', async () => {
    const cookie = cookieFrom((await signIn(app, email)).cookie);
    const out = await app.request('/auth/graphql', 'mutation { logout }', {}, { cookie });
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ logout: true });
    expect(out.setCookie.join()).toMatch(/covenant_rt=;.*Expires=Thu, 01 Jan 1970/);
    const again = await app.request('/auth/graphql', REFRESH, {}, { cookie });
    expect(code(again)).toBe('UNAUTHENTICATED');
  });

  it('refreshes into the organization asked for, if the user may use it', async () => {
    const a = await createOrg(app.services, 'Refresh A');
    const b = await createOrg(app.services, 'Refresh B');
    const other = await createOrg(app.services, 'Refresh Other');
    const user = await createUser(app.services, { memberships: [{ org: a }, { org: b }] });
    const cookie = cookieFrom((await signIn(app, user.email)).cookie);
    const r = await app.request('/auth/graphql', REFRESH, { org: b.id }, { cookie });
    expect(r.body.data!.refreshSession.organization.id).toBe(b.id);
    const r2 = await app.request(
      '/auth/graphql',
      REFRESH,
      { org: other.id },
      {
        cookie: cookieFrom(r.setCookie),
      },
    );
    expect(r2.body.data!.refreshSession.organization.id).toBe(a.id);
  });
});

describe('rate limits', () => {
  let app: TestApp;
  let org: Organization;
  beforeAll(async () => {
    app = await startTestApp({ authRateLimit: 5 });
    org = await createOrg(app.services);
  });
  afterAll(() => app.close());

  it('refuses the 6th login within a minute from one IP, even with the right password', async () => {
    const user = await createUser(app.services, { memberships: [{ org }] });
    for (let i = 0; i < 5; i++) {
      const { res } = await signIn(app, user.email, 'wrong password!', '203.0.113.1');
      expect(code(res)).toBe('UNAUTHENTICATED');
    }
    const { res } = await signIn(app, user.email, TEST_PASSWORD, '203.0.113.1');
    expect(res.status).toBe(429);
    expect(code(res)).toBe('RATE_LIMITED');
    expect(res.body.errors![0].extensions!.retryAfter).toBeGreaterThan(0);
  });

  it('counts per email across IPs', async () => {
    const user = await createUser(app.services, { memberships: [{ org }] });
    for (let i = 0; i < 5; i++) await signIn(app, user.email, 'nope nope nope', `198.51.100.${i}`);
    const { res } = await signIn(app, user.email, TEST_PASSWORD, '198.51.100.99');
    expect(code(res)).toBe('RATE_LIMITED');
  });

  it('counts every aliased login in one request as an attempt', async () => {
    const user = await createUser(app.services, { memberships: [{ org }] });
    const fields = Array.from(
      { length: 6 },
      // The right password: a failed root field stops a mutation document, a success does not.
      (_, i) =>
        `a${i}: login(email: "${user.email}", password: "${TEST_PASSWORD}") { ... on LoginPayload { accessToken } }`,
    ).join('\n');
    const res = await app.request(
      '/graphql',
      `mutation { ${fields} }`,
      {},
      {
        headers: { 'x-forwarded-for': '192.0.2.10' },
      },
    );
    expect(res.body.errors!.map((e) => [e.path, e.extensions!.code])).toEqual([
      [['a5'], 'RATE_LIMITED'],
    ]);
    expect(res.status).toBe(429);
  });

  it('limits register the same way', async () => {
    const open = await startTestApp({ authRateLimit: 5, allowOpenRegistration: true });
    try {
      const REGISTER = `mutation ($i: RegisterInput!) { register(input: $i) { accessToken } }`;
      const results = [];
      for (let i = 0; i < 6; i++) {
        results.push(
          await open.request(
            '/graphql',
            REGISTER,
            {
              i: { email: `bad-${i}@example.test`, password: 'short', organizationName: 'X' },
            },
            { headers: { 'x-forwarded-for': '192.0.2.77' } },
          ),
        );
      }
      expect(results.slice(0, 5).map(code)).toEqual(Array(5).fill('BAD_USER_INPUT'));
      expect(code(results[5])).toBe('RATE_LIMITED');
    } finally {
      await open.close();
    }
  });
});

describe('impersonation', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  const IMPERSONATE = `mutation ($u: ID!, $r: String!) { impersonateUser(userId: $u, reason: $r) { accessToken user { id } organization { id } impersonatedBy { id } } }`;
  const REASON = 'Support ticket 4417: cannot see the March invoices';

  it('lets a super admin act as a user, audited, and come back', async () => {
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    const admin = await createUser(app.services, { isSuperadmin: true });
    const adminToken = tokenFor(app.services, admin, null);
    const res = await app.gql(IMPERSONATE, { u: user.id, r: REASON }, adminToken);
    const session = res.body.data!.impersonateUser;
    expect(session.impersonatedBy).toEqual({ id: admin.id });
    const claims = jwt.decode(session.accessToken) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: user.id, orgId: org.id, impersonatedBy: admin.id });
    expect(Object.keys(claims).sort()).toEqual([
      'aud',
      'exp',
      'iat',
      'impersonatedBy',
      'iss',
      'isv',
      'orgId',
      'sub',
      'sv',
    ]);
    const me = await app.gql(
      '{ me { user { id } impersonatedBy { id } } }',
      {},
      session.accessToken,
    );
    expect(me.body.data!.me).toEqual({ user: { id: user.id }, impersonatedBy: { id: admin.id } });
    expect((await app.gql('{ accounts { id } }', {}, session.accessToken)).status).toBe(200);

    const audit = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(`SELECT action, entity_id FROM audit_log WHERE actor_user_id = ?`, [admin.id]);
    expect(audit).toEqual([{ action: 'impersonation.start', entity_id: user.id }]);

    const back = await app.gql(
      'mutation { stopImpersonating { accessToken user { id } } }',
      {},
      session.accessToken,
    );
    const backClaims = jwt.decode(back.body.data!.stopImpersonating.accessToken) as Record<
      string,
      unknown
    >;
    expect(backClaims.sub).toBe(admin.id);
    expect(backClaims.impersonatedBy).toBeUndefined();
  });

  it('refuses to impersonate a super admin, and refuses non-super-admins', async () => {
    const admin = await createUser(app.services, { isSuperadmin: true });
    const otherAdmin = await createUser(app.services, { isSuperadmin: true });
    const res = await app.gql(
      IMPERSONATE,
      { u: otherAdmin.id, r: REASON },
      tokenFor(app.services, admin, null),
    );
    expect(code(res)).toBe('FORBIDDEN');
    const org = await createOrg(app.services);
    const tenantAdmin = await createUser(app.services, { memberships: [{ org }] });
    const victim = await createUser(app.services, { memberships: [{ org }] });
    const denied = await app.gql(
      IMPERSONATE,
      { u: victim.id, r: REASON },
      tokenFor(app.services, tenantAdmin, org),
    );
    expect(code(denied)).toBe('FORBIDDEN');
  });
});
