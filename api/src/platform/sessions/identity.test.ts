import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Organization } from '../organizations/organization.entity.js';
import { OrganizationStatus } from '../../core/roles.js';
import { setOrganizationStatus } from '../organizations/organizations.service.js';
import { Role } from '../../core/roles.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../test/factories.js';

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { accessToken organization { id settings } }
}`;
const REFRESH = `mutation ($org: ID) { refreshSession(organizationId: $org) { accessToken organization { id } } }`;
const STRONG = 'quiet-harbor-ledger-4417';

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

  it('only works where the cookie is sent and answers 401 without one', async () => {
    const res = await app.request('/auth/graphql', REFRESH, {});
    expect(res.status).toBe(401);
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
        `a${i}: login(email: "${user.email}", password: "${TEST_PASSWORD}") { accessToken }`,
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

describe('registration and passwords', () => {
  let app: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    open = await startTestApp({ allowOpenRegistration: true });
  });
  afterAll(async () => {
    await app.close();
    await open.close();
  });
  const REGISTER = `mutation ($i: RegisterInput!) {
    register(input: $i) { accessToken organization { name role } }
  }`;

  it('refuses register unless open registration is on', async () => {
    const res = await app.gql(REGISTER, {
      i: { email: 'new@example.test', password: STRONG, organizationName: 'New HOA' },
    });
    expect(code(res)).toBe('FORBIDDEN');
    const ok = await open.gql(REGISTER, {
      i: { email: 'new@example.test', password: STRONG, organizationName: 'New HOA' },
    });
    expect(ok.body.data!.register.organization).toEqual({ name: 'New HOA', role: 'ADMIN' });
  });

  it('says why a password is refused: too short, or trivially guessable', async () => {
    const short = await open.gql(REGISTER, {
      i: { email: 'a1@example.test', password: 'Tr0ub4dor&3', organizationName: 'A' },
    });
    expect(short.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'password', message: 'Use at least 12 characters' }],
    });
    const common = await open.gql(REGISTER, {
      i: { email: 'a2@example.test', password: 'password1234', organizationName: 'A' },
    });
    expect(code(common)).toBe('BAD_USER_INPUT');
    expect(common.body.errors![0].message).toMatch(/common|guess/i);
    const own = await open.gql(REGISTER, {
      i: {
        email: 'maplewood.treasurer@example.test',
        password: 'maplewoodtreasurer',
        organizationName: 'A',
      },
    });
    expect(code(own)).toBe('BAD_USER_INPUT');
  });

  it('resets a password with a single-use 15-minute token, and signs out every session', async () => {
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    const session = cookieFrom((await signIn(app, user.email)).cookie);

    const unknown = await app.gql(
      'mutation { requestPasswordReset(email: "nobody@example.test") }',
    );
    expect(unknown.body.data).toEqual({ requestPasswordReset: true });
    expect(await app.lastEmail('nobody@example.test')).toBeNull();

    const req = await app.gql(
      `mutation { requestPasswordReset(email: "${user.email.toUpperCase()}") }`,
    );
    expect(req.body.data).toEqual({ requestPasswordReset: true });
    const mail = (await app.lastEmail(user.email))!;
    expect(mail.template).toBe('password-reset');
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.body)![1]);
    const hashed = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(`SELECT count(*)::int AS n FROM password_reset_tokens WHERE token_hash = ?`, [
        token,
      ]);
    expect(hashed[0].n).toBe(0);

    const RESET = `mutation ($t: String!, $p: String!) { resetPassword(token: $t, newPassword: $p) }`;
    const weak = await app.gql(RESET, { t: token, p: 'short' });
    expect(weak.body.errors![0].extensions!.details).toEqual([
      { field: 'newPassword', message: 'Use at least 12 characters' },
    ]);
    // A refused password does not burn the token.
    const ok = await app.gql(RESET, { t: token, p: STRONG });
    expect(ok.body.data).toEqual({ resetPassword: true });
    expect(code((await signIn(app, user.email)).res)).toBe('UNAUTHENTICATED');
    expect((await signIn(app, user.email, STRONG)).token).toBeTruthy();
    const old = await app.request('/auth/graphql', REFRESH, {}, { cookie: session });
    expect(code(old)).toBe('UNAUTHENTICATED');

    const reused = await app.gql(RESET, { t: token, p: STRONG + 'x' });
    expect(reused.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'TOKEN_USED',
    });

    await app.gql(`mutation { requestPasswordReset(email: "${user.email}") }`);
    const second = decodeURIComponent(
      /token=([^\s]+)/.exec((await app.lastEmail(user.email))!.body)![1],
    );
    await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'`);
    const expired = await app.gql(RESET, { t: second, p: STRONG + 'y' });
    expect(expired.body.errors![0].extensions!.reason).toBe('TOKEN_EXPIRED');
    const invalid = await app.gql(RESET, { t: 'not-a-token', p: STRONG });
    expect(invalid.body.errors![0].extensions!.reason).toBe('TOKEN_INVALID');
  });

  it('changes the password of the signed-in user and signs out the other sessions', async () => {
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    const other = cookieFrom((await signIn(app, user.email)).cookie);
    const mine = await signIn(app, user.email);
    const CHANGE = `mutation ($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }`;
    const wrong = await app.request(
      '/graphql',
      CHANGE,
      { c: 'not it at all', n: STRONG },
      { token: mine.token },
    );
    expect(wrong.body.errors![0].extensions!.details).toEqual([
      { field: 'currentPassword', message: 'Current password is incorrect' },
    ]);
    const ok = await app.request(
      '/graphql',
      CHANGE,
      { c: TEST_PASSWORD, n: STRONG },
      { token: mine.token },
    );
    expect(ok.body.data).toEqual({ changePassword: true });
    expect(code(await app.request('/auth/graphql', REFRESH, {}, { cookie: other }))).toBe(
      'UNAUTHENTICATED',
    );
    // This browser got a fresh session with the answer.
    const fresh = await app.request(
      '/auth/graphql',
      REFRESH,
      {},
      { cookie: cookieFrom(ok.setCookie) },
    );
    expect(fresh.body.data!.refreshSession.accessToken).toBeTruthy();
  });
});

describe('organizations: switching, settings, intro, suspended', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  const SWITCH = `mutation ($id: ID!) { switchOrganization(organizationId: $id) {
    accessToken organization { id name role settings } } }`;

  it('switches with a new token after checking membership and status, and records each try', async () => {
    const a = await createOrg(app.services, 'Switch A');
    const b = await createOrg(app.services, 'Switch B');
    const c = await createOrg(app.services, 'Switch C (not mine)');
    const user = await createUser(app.services, {
      memberships: [{ org: a }, { org: b, role: Role.VIEWER }],
    });
    const token = tokenFor(app.services, user, a);
    const res = await app.gql(SWITCH, { id: b.id }, token);
    const sw = res.body.data!.switchOrganization;
    expect(sw.organization).toMatchObject({ id: b.id, role: 'VIEWER', settings: {} });
    expect((jwt.decode(sw.accessToken) as { orgId: string }).orgId).toBe(b.id);

    expect(code(await app.gql(SWITCH, { id: c.id }, token))).toBe('NOT_FOUND');
    expect(code(await app.gql(SWITCH, { id: 'not-an-id' }, token))).toBe('NOT_FOUND');
    await setOrganizationStatus(app.services, b.id, OrganizationStatus.SUSPENDED);
    const suspended = await app.gql(SWITCH, { id: b.id }, token);
    expect(suspended.status).toBe(403);
    expect(code(suspended)).toBe('ORG_INACTIVE');

    const history = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute<{ method: string; success: boolean; organization_id: string | null }[]>(
        `SELECT method, success, organization_id FROM login_history WHERE user_id = ? ORDER BY created_at`,
        [user.id],
      );
    expect(history.map((h) => [h.method, h.success])).toEqual([
      ['switch', true],
      ['switch', false],
      ['switch', false],
    ]);
  });

  it('records every login attempt with IP and user agent', async () => {
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    await signIn(app, user.email, 'wrong wrong wrong');
    await signIn(app, user.email);
    const rows = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute<
        { success: boolean; ip: string; failure_reason: string | null; organization_id: string }[]
      >(
        `SELECT success, ip, failure_reason, organization_id FROM login_history
          WHERE email = ? ORDER BY created_at`,
        [user.email],
      );
    expect(rows.map((r) => [r.success, r.failure_reason])).toEqual([
      [false, 'wrong password'],
      [true, null],
    ]);
    expect(rows[1].organization_id).toBe(org.id);
    expect(rows[0].ip).toBeTruthy();
  });

  it('merges settings, returns them from me and switchOrganization; viewers may mark the intro seen', async () => {
    const org = await createOrg(app.services);
    const admin = await createUser(app.services, { memberships: [{ org }] });
    const viewer = await createUser(app.services, { memberships: [{ org, role: Role.VIEWER }] });
    const t = tokenFor(app.services, admin, org);
    const PATCH = `mutation ($p: JSONObject!) { updateOrganizationSettings(patch: $p) }`;
    await app.gql(PATCH, { p: { onboardingComplete: false, ideation: true } }, t);
    const merged = await app.gql(PATCH, { p: { onboardingComplete: true } }, t);
    expect(merged.body.data!.updateOrganizationSettings).toEqual({
      onboardingComplete: true,
      ideation: true,
    });
    const me = await app.gql('{ me { organization { settings } } }', {}, t);
    expect(me.body.data!.me.organization.settings).toEqual({
      onboardingComplete: true,
      ideation: true,
    });

    const vt = tokenFor(app.services, viewer, org);
    expect(code(await app.gql(PATCH, { p: { x: 1 } }, vt))).toBe('FORBIDDEN');
    const seen = await app.gql('mutation { markIntroSeen { hasSeenIntro } }', {}, vt);
    expect(seen.body.data).toEqual({ markIntroSeen: { hasSeenIntro: true } });
    const again = await app.gql(LOGIN.replace('organization { id settings }', 'hasSeenIntro'), {
      email: viewer.email,
      password: TEST_PASSWORD,
    });
    expect(again.body.data!.login.hasSeenIntro).toBe(true);
  });
});

describe('members', () => {
  let app: TestApp;
  let org: Organization;
  let other: Organization;
  let adminToken: string;
  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrg(app.services, 'Members HOA');
    other = await createOrg(app.services, 'Elsewhere HOA');
    const admin = await createUser(app.services, { memberships: [{ org }] });
    adminToken = tokenFor(app.services, admin, org);
  });
  afterAll(() => app.close());
  const INVITE = `mutation ($e: String!, $r: Role!) { inviteMember(email: $e, role: $r) { userId email role status } }`;

  it('invites a new user by email; the activation link sets a password and signs in', async () => {
    const res = await app.gql(INVITE, { e: 'New.Member@Example.test', r: 'USER' }, adminToken);
    expect(res.body.data!.inviteMember).toMatchObject({
      email: 'new.member@example.test',
      role: 'USER',
      status: 'INVITED',
    });
    const mail = (await app.lastEmail('new.member@example.test'))!;
    expect(mail.template).toBe('invitation');
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.body)![1]);
    // No access before accepting.
    expect(code(await signIn(app, 'new.member@example.test', STRONG).then((s) => s.res))).toBe(
      'UNAUTHENTICATED',
    );

    const info = await app.gql(
      `query ($t: String!) { invitation(token: $t) { email organizationName role userExists } }`,
      { t: token },
    );
    expect(info.body.data!.invitation).toEqual({
      email: 'new.member@example.test',
      organizationName: 'Members HOA',
      role: 'USER',
      userExists: false,
    });
    const ACCEPT = `mutation ($t: String!, $p: String!) { acceptInvitation(token: $t, password: $p, name: "Nia Member") {
      accessToken organization { id role } user { name } } }`;
    const accepted = await app.request('/graphql', ACCEPT, { t: token, p: STRONG });
    expect(accepted.body.data!.acceptInvitation).toMatchObject({
      organization: { id: org.id, role: 'USER' },
      user: { name: 'Nia Member' },
    });
    expect(cookieFrom(accepted.setCookie)).toBeTruthy();
    expect(code(await app.gql(ACCEPT, { t: token, p: STRONG }))).toBe('BAD_USER_INPUT');
    const list = await app.gql('{ members { email status } }', {}, adminToken);
    expect(list.body.data!.members).toContainEqual({
      email: 'new.member@example.test',
      status: 'ACTIVE',
    });
  });

  it('adds an existing user at once, and refuses a duplicate', async () => {
    const existing = await createUser(app.services, { memberships: [{ org: other }] });
    const res = await app.gql(INVITE, { e: existing.email, r: 'VIEWER' }, adminToken);
    expect(res.body.data!.inviteMember.status).toBe('ACTIVE');
    expect((await app.lastEmail(existing.email))!.template).toBe('membership-added');
    const dup = await app.gql(INVITE, { e: existing.email, r: 'VIEWER' }, adminToken);
    expect(code(dup)).toBe('CONFLICT');
  });

  it('changes roles and removes members, but never the last admin', async () => {
    const m = await createUser(app.services, { memberships: [{ org, role: Role.USER }] });
    const ROLE = `mutation ($u: ID!, $r: Role!) { updateMemberRole(userId: $u, role: $r) { role } }`;
    expect(
      (await app.gql(ROLE, { u: m.id, r: 'ADMIN' }, adminToken)).body.data!.updateMemberRole.role,
    ).toBe('ADMIN');
    expect(
      (await app.gql(ROLE, { u: m.id, r: 'VIEWER' }, adminToken)).body.data!.updateMemberRole.role,
    ).toBe('VIEWER');
    const memberToken = tokenFor(app.services, m, org);
    // The demotion took effect at once: the former admin is now a viewer.
    expect(code(await app.gql('{ members { email } }', {}, memberToken))).toBe('FORBIDDEN');

    const solo = await createOrg(app.services);
    const only = await createUser(app.services, { memberships: [{ org: solo }] });
    const soloToken = tokenFor(app.services, only, solo);
    expect(code(await app.gql(ROLE, { u: only.id, r: 'USER' }, soloToken))).toBe('CONFLICT');
    expect(
      code(await app.gql(`mutation { removeMember(userId: "${only.id}") }`, {}, soloToken)),
    ).toBe('CONFLICT');

    expect(
      (await app.gql(`mutation { removeMember(userId: "${m.id}") }`, {}, adminToken)).body.data,
    ).toEqual({ removeMember: true });
    expect(code(await app.gql('{ accounts { id } }', {}, memberToken))).toBe('FORBIDDEN');
  });

  it("answers NOT_FOUND for another organization's member and FORBIDDEN to non-admins", async () => {
    const stranger = await createUser(app.services, { memberships: [{ org: other }] });
    const res = await app.gql(
      `mutation { removeMember(userId: "${stranger.id}") }`,
      {},
      adminToken,
    );
    expect(code(res)).toBe('NOT_FOUND');
    const bad = await app.gql('mutation { removeMember(userId: "1; drop") }', {}, adminToken);
    expect(code(bad)).toBe('NOT_FOUND');
    const user = await createUser(app.services, { memberships: [{ org, role: Role.USER }] });
    const ut = tokenFor(app.services, user, org);
    expect(code(await app.gql('{ members { email } }', {}, ut))).toBe('FORBIDDEN');
    expect(code(await app.gql(INVITE, { e: 'x@example.test', r: 'ADMIN' }, ut))).toBe('FORBIDDEN');
  });
});

describe('impersonation', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  const IMPERSONATE = `mutation ($u: ID!) { impersonateUser(userId: $u) { accessToken user { id } organization { id } impersonatedBy { id } } }`;

  it('lets a super admin act as a user, audited, and come back', async () => {
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    const admin = await createUser(app.services, { isSuperadmin: true });
    const adminToken = tokenFor(app.services, admin, null);
    const res = await app.gql(IMPERSONATE, { u: user.id }, adminToken);
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
      'orgId',
      'sub',
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
      { u: otherAdmin.id },
      tokenFor(app.services, admin, null),
    );
    expect(code(res)).toBe('FORBIDDEN');
    const org = await createOrg(app.services);
    const tenantAdmin = await createUser(app.services, { memberships: [{ org }] });
    const victim = await createUser(app.services, { memberships: [{ org }] });
    const denied = await app.gql(
      IMPERSONATE,
      { u: victim.id },
      tokenFor(app.services, tenantAdmin, org),
    );
    expect(code(denied)).toBe('FORBIDDEN');
  });
});
