import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationStatus } from '../../core/roles.js';
import { setOrganizationStatus } from './organizations.service.js';
import { Role } from '../../core/roles.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../test/factories.js';

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { ... on LoginPayload { accessToken organization { id settings } } }
}`;

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
