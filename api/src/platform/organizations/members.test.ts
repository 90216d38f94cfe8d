import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Organization } from './organizations.entity.js';
import { Role } from '../../core/roles.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../test/factories.js';

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { ... on LoginPayload { accessToken organization { id settings } } }
}`;
const STRONG = 'quiet-harbor-ledger-4417';

function cookieFrom(setCookie: string[]): string {
  const c = setCookie.find((x) => x.startsWith('covenant_rt='));
  if (!c) throw new Error(`no refresh cookie in ${JSON.stringify(setCookie)}`);
  return c.split(';')[0];
}

function tokenOf(text: string) {
  return decodeURIComponent(/token=([^\s&]+)/.exec(text)![1]);
}

function sql(app: TestApp, statement: string, params: unknown[]) {
  return app.services.platformOrm.em.fork().getConnection().execute(statement, params);
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

  it('treats an existing account exactly like a new email: nothing attached, nothing revealed', async () => {
    const existing = await createUser(app.services, { memberships: [{ org: other }] });
    await sql(app, 'UPDATE users SET name = ? WHERE id = ?', ['Priya Private', existing.id]);
    const fresh = 'nobody.yet@example.test';
    const FULL = `mutation ($e: String!, $r: Role!) { inviteMember(email: $e, role: $r) { __typename userId email name role status } }`;
    const a = await app.gql(FULL, { e: existing.email, r: 'VIEWER' }, adminToken);
    const b = await app.gql(FULL, { e: fresh, r: 'VIEWER' }, adminToken);
    const ra = a.body.data!.inviteMember;
    const rb = b.body.data!.inviteMember;
    expect(Object.keys(ra).sort()).toEqual(Object.keys(rb).sort());
    for (const [k, v] of Object.entries({ email: existing.email, userId: existing.id })) {
      expect(ra[k]).toBe(v);
    }
    expect(rb.email).toBe(fresh);
    for (const k of ['__typename', 'name', 'role', 'status']) expect(ra[k]).toEqual(rb[k]);
    expect(ra).toMatchObject({ name: null, role: 'VIEWER', status: 'INVITED' });
    // The members list does not show the account's name either.
    const list = await app.gql('{ members { email name status } }', {}, adminToken);
    expect(list.body.data!.members).toContainEqual({
      email: existing.email,
      name: null,
      status: 'INVITED',
    });
    // Same email for both, apart from the address and the link.
    const mailA = (await app.lastEmail(existing.email))!;
    const mailB = (await app.lastEmail(fresh))!;
    const strip = (m: typeof mailA) => ({ ...m, body: m.body.replace(/token=\S+/, 'token=…') });
    expect(strip(mailA)).toEqual(strip(mailB));
    // No access: the organization is not among theirs, and a token for it is refused.
    const meRes = await app.gql(
      '{ me { organizations { id } } }',
      {},
      tokenFor(app.services, existing, other),
    );
    expect(meRes.body.data!.me.organizations).toEqual([{ id: other.id }]);
    const forged = tokenFor(app.services, existing, org);
    expect(code(await app.gql('{ accounts { id } }', {}, forged))).toBe('FORBIDDEN');
    const dup = await app.gql(INVITE, { e: existing.email, r: 'VIEWER' }, adminToken);
    expect(code(dup)).toBe('CONFLICT');
  });

  it('lets only the signed-in invitee accept, once, before it expires', async () => {
    const invitee = await createUser(app.services, { memberships: [{ org: other }] });
    const intruder = await createUser(app.services, { memberships: [{ org: other }] });
    await app.gql(INVITE, { e: invitee.email, r: 'USER' }, adminToken);
    const token = tokenOf((await app.lastEmail(invitee.email))!.body);
    const info = await app.gql(
      `query ($t: String!) { invitation(token: $t) { email userExists } }`,
      {
        t: token,
      },
    );
    expect(info.body.data!.invitation).toEqual({ email: invitee.email, userExists: true });
    const JOIN = `mutation ($t: String!) { joinOrganization(token: $t) { id name role } }`;
    expect(code(await app.gql(JOIN, { t: token }))).toBe('UNAUTHENTICATED');
    const wrong = await app.gql(JOIN, { t: token }, tokenFor(app.services, intruder, other));
    expect(code(wrong)).toBe('FORBIDDEN');
    // Setting a password through the link is refused for an existing account.
    const ACCEPT = `mutation ($t: String!, $p: String!) { acceptInvitation(token: $t, password: $p) { accessToken } }`;
    expect(code(await app.gql(ACCEPT, { t: token, p: STRONG }))).toBe('BAD_USER_INPUT');

    const mine = tokenFor(app.services, invitee, other);
    const joined = await app.gql(JOIN, { t: token }, mine);
    expect(joined.body.data!.joinOrganization).toEqual({
      id: org.id,
      name: 'Members HOA',
      role: 'USER',
    });
    const me = await app.gql('{ me { organizations { id role } } }', {}, mine);
    expect(me.body.data!.me.organizations).toContainEqual({ id: org.id, role: 'USER' });
    const again = await app.gql(JOIN, { t: token }, mine);
    expect(again.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'TOKEN_USED',
    });
    const pending = await app.gql('{ pendingInvitations { email } }', {}, adminToken);
    expect(pending.body.data!.pendingInvitations).not.toContainEqual({ email: invitee.email });

    const late = await createUser(app.services);
    await app.gql(INVITE, { e: late.email, r: 'USER' }, adminToken);
    const lateToken = tokenOf((await app.lastEmail(late.email))!.body);
    await sql(
      app,
      `UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE user_id = ?`,
      [late.id],
    );
    const expired = await app.gql(JOIN, { t: lateToken }, tokenFor(app.services, late, null));
    expect(expired.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'TOKEN_EXPIRED',
    });
  });

  it('lists pending invitations; resend and copy-link each void the previous link', async () => {
    const email = 'pending.person@example.test';
    const before = Date.now();
    await app.gql(INVITE, { e: email, r: 'ADMIN' }, adminToken);
    const first = tokenOf((await app.lastEmail(email))!.body);
    const LIST = '{ pendingInvitations { id email role sentAt expiresAt expired } }';
    const row = (await app.gql(LIST, {}, adminToken)).body.data!.pendingInvitations.find(
      (p: { email: string }) => p.email === email,
    );
    expect(row).toMatchObject({ email, role: 'ADMIN', expired: false });
    const sent = Date.parse(row.sentAt);
    expect(sent).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(row.expiresAt) - sent).toBeGreaterThan(7 * 24 * 3600 * 1000 - 5000);

    const INFO = `query ($t: String!) { invitation(token: $t) { email } }`;
    const RESEND = `mutation ($id: ID!) { resendInvitation(id: $id) { id email } }`;
    expect((await app.gql(RESEND, { id: row.id }, adminToken)).body.data!.resendInvitation).toEqual(
      {
        id: row.id,
        email,
      },
    );
    const second = tokenOf((await app.lastEmail(email))!.body);
    expect(second).not.toBe(first);
    const old = await app.gql(INFO, { t: first });
    expect(old.body.errors![0].extensions).toMatchObject({ reason: 'TOKEN_INVALID' });
    expect((await app.gql(INFO, { t: second })).body.data!.invitation.email).toBe(email);

    const LINK = `mutation ($id: ID!) { issueInvitationLink(id: $id) { url invitation { id email } } }`;
    const link = (await app.gql(LINK, { id: row.id }, adminToken)).body.data!.issueInvitationLink;
    expect(link.invitation).toEqual({ id: row.id, email });
    expect(link.url.startsWith(`${app.services.publicUrl}/activate?token=`)).toBe(true);
    const third = tokenOf(link.url);
    expect((await app.gql(INFO, { t: second })).body.errors![0].extensions).toMatchObject({
      reason: 'TOKEN_INVALID',
    });
    expect((await app.gql(INFO, { t: third })).body.data!.invitation.email).toBe(email);

    // Another organization's admin cannot see, resend or copy it; a non-admin neither.
    const otherAdmin = await createUser(app.services, { memberships: [{ org: other }] });
    const ot = tokenFor(app.services, otherAdmin, other);
    expect(code(await app.gql(RESEND, { id: row.id }, ot))).toBe('NOT_FOUND');
    expect(code(await app.gql(LINK, { id: row.id }, ot))).toBe('NOT_FOUND');
    expect(code(await app.gql(LINK, { id: 'nope' }, ot))).toBe('NOT_FOUND');
    const otherList = (await app.gql(LIST, {}, ot)).body.data!.pendingInvitations;
    expect(otherList.map((p: { email: string }) => p.email)).not.toContain(email);
    const user = await createUser(app.services, { memberships: [{ org, role: Role.USER }] });
    expect(code(await app.gql(LINK, { id: row.id }, tokenFor(app.services, user, org)))).toBe(
      'FORBIDDEN',
    );
    // Removing the pending member withdraws the invitation and its link.
    const pendingMember = (
      await app.gql('{ members { userId email } }', {}, adminToken)
    ).body.data!.members.find((m: { email: string }) => m.email === email);
    await app.gql(`mutation { removeMember(userId: "${pendingMember.userId}") }`, {}, adminToken);
    expect((await app.gql(INFO, { t: third })).body.errors![0].extensions).toMatchObject({
      reason: 'TOKEN_INVALID',
    });
    expect(
      (await app.gql('{ emailDeliveryConfigured }', {}, adminToken)).body.data!
        .emailDeliveryConfigured,
    ).toBe(false);
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
