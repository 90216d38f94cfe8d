import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Role } from '../../core/roles.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../test/factories.js';
import { MembershipDirectory } from '../users/memberships.directory.js';
import type { Organization } from '../organizations/organizations.entity.js';
import type { User } from '../users/users.entity.js';

// Point 14 of the hardening issue: a password reset, a password change, "sign out everywhere" and
// a suspended (or removed) membership end the access tokens already issued at once, not when
// they expire an hour later.

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { ... on LoginPayload { accessToken organization { id } organizations { id } } }
}`;
const REFRESH = `mutation ($org: ID) { refreshSession(organizationId: $org) { accessToken organization { id } } }`;
const ME = '{ me { user { id } organization { id } } }';
const ACCOUNTS = '{ accounts { id } }';
const STRONG = 'quiet-harbor-ledger-4417';

type Res = { status: number; body: { errors?: { extensions?: Record<string, unknown> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

function cookieFrom(setCookie: string[]): string {
  const c = setCookie.find((x) => x.startsWith('covenant_rt=') && !x.startsWith('covenant_rt=;'));
  if (!c) throw new Error(`no refresh cookie in ${JSON.stringify(setCookie)}`);
  return c.split(';')[0];
}

describe('sessions that end when they should', () => {
  let app: TestApp;
  let org: Organization;
  let adminToken: string;
  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrg(app.services, 'Aspen Court HOA');
    const admin = await createUser(app.services, { memberships: [{ org }] });
    adminToken = tokenFor(app.services, admin, org);
  });
  afterAll(() => app.close());

  async function signIn(email: string, password = TEST_PASSWORD) {
    const res = await app.request('/graphql', LOGIN, { email, password });
    expect(res.body.errors).toBeUndefined();
    const login = res.body.data!.login as {
      accessToken: string;
      organization: { id: string } | null;
      organizations: { id: string }[];
    };
    return { token: login.accessToken, cookie: cookieFrom(res.setCookie), login };
  }

  // The token works (which also caches the user's session version, so what follows proves the
  // cache is dropped rather than merely cold).
  async function expectWorks(token: string) {
    const res = await app.gql(ACCOUNTS, {}, token);
    expect(res.body.errors).toBeUndefined();
    expect(res.status).toBe(200);
  }

  async function expectEnded(token: string) {
    for (const query of [ACCOUNTS, ME]) {
      const res = await app.gql(query, {}, token);
      expect(res.status).toBe(401);
      expect(code(res)).toBe('UNAUTHENTICATED');
      expect(res.body.errors![0]).toMatchObject({
        message: 'This session has ended; sign in again',
      });
    }
  }

  async function member(role = Role.USER, orgs: Organization[] = [org]) {
    return createUser(app.services, { memberships: orgs.map((o) => ({ org: o, role })) });
  }

  async function resetLink(email: string): Promise<string> {
    return decodeURIComponent(/token=([^\s]+)/.exec((await app.nextEmail(email)).body)![1]);
  }

  it('a password reset ends the access tokens issued before it', async () => {
    const user = await member();
    const before = await signIn(user.email);
    await expectWorks(before.token);

    await app.gql('mutation ($e: String!) { requestPasswordReset(email: $e) }', { e: user.email });
    const link = await resetLink(user.email);
    // The token still works until the reset is done: asking for a link ends nothing.
    await expectWorks(before.token);
    const reset = await app.gql(
      'mutation ($t: String!, $p: String!) { resetPassword(token: $t, newPassword: $p) }',
      { t: link, p: STRONG },
    );
    expect(reset.body.data).toEqual({ resetPassword: true });

    await expectEnded(before.token);
    const again = await signIn(user.email, STRONG);
    await expectWorks(again.token);
  });

  it('a password change ends every access token, the one that made it included', async () => {
    const user = await member();
    const here = await signIn(user.email);
    const elsewhere = await signIn(user.email);
    await expectWorks(here.token);
    await expectWorks(elsewhere.token);

    const changed = await app.request(
      '/graphql',
      'mutation ($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }',
      { c: TEST_PASSWORD, n: STRONG },
      { token: here.token },
    );
    expect(changed.body.data).toEqual({ changePassword: true });

    await expectEnded(here.token);
    await expectEnded(elsewhere.token);
    // This browser renews with the cookie it was just given; the other one cannot.
    const renewed = await app.request(
      '/auth/graphql',
      REFRESH,
      {},
      {
        cookie: cookieFrom(changed.setCookie),
      },
    );
    await expectWorks(renewed.body.data!.refreshSession.accessToken as string);
    expect(
      code(await app.request('/auth/graphql', REFRESH, {}, { cookie: elsewhere.cookie })),
    ).toBe('UNAUTHENTICATED');
    await expectWorks((await signIn(user.email, STRONG)).token);
  });

  it('"sign out everywhere" ends every access token and refresh session (viewers too)', async () => {
    const user = await member(Role.VIEWER);
    const one = await signIn(user.email);
    const two = await signIn(user.email);
    await expectWorks(one.token);
    await expectWorks(two.token);

    const res = await app.request(
      '/graphql',
      'mutation { signOutEverywhere }',
      {},
      {
        token: one.token,
      },
    );
    expect(res.body).toEqual({ data: { signOutEverywhere: true } });
    // This browser's refresh cookie is cleared as well.
    expect(res.setCookie.some((c) => c.startsWith('covenant_rt=;'))).toBe(true);

    await expectEnded(one.token);
    await expectEnded(two.token);
    for (const cookie of [one.cookie, two.cookie]) {
      expect(code(await app.request('/auth/graphql', REFRESH, {}, { cookie }))).toBe(
        'UNAUTHENTICATED',
      );
    }
    await expectWorks((await signIn(user.email)).token);
  });

  it('a suspended membership ends the token for that organization; the session renews into another', async () => {
    const other = await createOrg(app.services, 'Birch Landing HOA');
    const user = await member(Role.USER, [org, other]);
    const session = await signIn(user.email);
    // "Aspen" comes first by name.
    expect(session.login.organization).toEqual({ id: org.id });
    await expectWorks(session.token);

    const SUSPEND = 'mutation ($u: ID!) { suspendMember(userId: $u) { userId status role } }';
    const suspended = await app.gql(SUSPEND, { u: user.id }, adminToken);
    expect(suspended.body.data!.suspendMember).toEqual({
      userId: user.id,
      status: 'SUSPENDED',
      role: 'USER',
    });
    await expectEnded(session.token);

    // The refresh session was kept: it renews into the organization the user still belongs to.
    const renewed = await app.request(
      '/auth/graphql',
      REFRESH,
      { org: org.id },
      {
        cookie: session.cookie,
      },
    );
    expect(renewed.body.data!.refreshSession.organization).toEqual({ id: other.id });
    await expectWorks(renewed.body.data!.refreshSession.accessToken as string);
    // A fresh sign-in works too, without the suspended organization, and cannot switch back.
    const fresh = await signIn(user.email);
    expect(fresh.login.organizations).toEqual([{ id: other.id }]);
    const back = await app.gql(
      'mutation ($o: ID!) { switchOrganization(organizationId: $o) { accessToken } }',
      { o: org.id },
      fresh.token,
    );
    expect(code(back)).toBe('NOT_FOUND');

    const REINSTATE = 'mutation ($u: ID!) { reinstateMember(userId: $u) { status } }';
    const reinstated = await app.gql(REINSTATE, { u: user.id }, adminToken);
    expect(reinstated.body.data!.reinstateMember).toEqual({ status: 'ACTIVE' });
    const returned = await signIn(user.email);
    expect(returned.login.organization).toEqual({ id: org.id });
    await expectWorks(returned.token);
  });

  it('suspension keeps an admin, is for admins only, and does not apply to invitations', async () => {
    const solo = await createOrg(app.services, 'Cedar Row HOA');
    const only = await createUser(app.services, { memberships: [{ org: solo }] });
    const SUSPEND = 'mutation ($u: ID!) { suspendMember(userId: $u) { status } }';
    const self = await app.gql(SUSPEND, { u: only.id }, tokenFor(app.services, only, solo));
    expect(code(self)).toBe('CONFLICT');

    const user = await member();
    const asUser = await app.gql(SUSPEND, { u: user.id }, tokenFor(app.services, user, org));
    expect(code(asUser)).toBe('FORBIDDEN');

    const invited = await app.gql(
      'mutation ($e: String!) { inviteMember(email: $e, role: USER) { userId } }',
      { e: 'invitee@cedar.example' },
      adminToken,
    );
    const invitedId = invited.body.data!.inviteMember.userId as string;
    expect(code(await app.gql(SUSPEND, { u: invitedId }, adminToken))).toBe('CONFLICT');

    const elsewhere = await member(Role.USER, [solo]);
    expect(code(await app.gql(SUSPEND, { u: elsewhere.id }, adminToken))).toBe('NOT_FOUND');

    await app.gql(SUSPEND, { u: user.id }, adminToken);
    const members = await app.gql('{ members { userId status } }', {}, adminToken);
    expect(members.body.data!.members).toContainEqual({ userId: user.id, status: 'SUSPENDED' });
    // With no other organization, a suspended member cannot sign in at all.
    const login = await app.request('/graphql', LOGIN, {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(code(login)).toBe('UNAUTHENTICATED');
  });

  it('a removed membership ends the token at once as well', async () => {
    const user = await member();
    const session = await signIn(user.email);
    await expectWorks(session.token);
    const removed = await app.gql(
      'mutation ($u: ID!) { removeMember(userId: $u) }',
      { u: user.id },
      adminToken,
    );
    expect(removed.body.data).toEqual({ removeMember: true });
    await expectEnded(session.token);
  });

  it('another API process sees a change within the cache TTL', async () => {
    // A directory of its own stands for another process: it is not told about the change.
    const platformEm = () => app.services.platformOrm.em.fork() as EntityManager;
    const elsewhere = new MembershipDirectory(platformEm, { ttlMs: 100 });
    const user: User = await member();
    expect(await elsewhere.sessionVersion(user.id)).toBe(0);
    const session = await signIn(user.email);
    await app.request('/graphql', 'mutation { signOutEverywhere }', {}, { token: session.token });
    // Here (the process that made the change) at once.
    expect(await app.services.memberships.sessionVersion(user.id)).toBe(1);
    await new Promise((r) => setTimeout(r, 150));
    expect(await elsewhere.sessionVersion(user.id)).toBe(1);
  });
});
