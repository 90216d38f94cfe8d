import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Organization } from './organizations.entity.js';
import { Role } from '../../core/roles.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../test/factories.js';

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { accessToken organization { id settings } }
}`;
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
    // The removed member's token ends with the membership: their browser renews into what is left.
    expect(code(await app.gql('{ accounts { id } }', {}, memberToken))).toBe('UNAUTHENTICATED');
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
