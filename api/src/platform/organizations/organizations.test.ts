import type { EntityManager } from '@mikro-orm/postgresql';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationStatus } from '../../core/roles.js';
import { sql } from '../../db/sql.js';
import { ORGANIZATION_SETTING_KEYS, type OrganizationSettingKey } from './organizations.inputs.js';
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

  const PATCH = `mutation ($p: JSONObject!) { updateOrganizationSettings(patch: $p) }`;
  const settingsOf = async (orgId: string) =>
    (
      await sql(app.services.platformOrm.em.fork() as EntityManager).all<{ settings: object }>(
        'SELECT settings FROM organizations WHERE id = ?',
        [orgId],
      )
    )[0].settings;

  it('merges settings, returns them from me and switchOrganization; viewers may mark the intro seen', async () => {
    const org = await createOrg(app.services);
    const admin = await createUser(app.services, { memberships: [{ org }] });
    const viewer = await createUser(app.services, { memberships: [{ org, role: Role.VIEWER }] });
    const t = tokenFor(app.services, admin, org);
    await app.gql(PATCH, { p: { onboardingComplete: false, locale: 'en-GB' } }, t);
    const merged = await app.gql(PATCH, { p: { onboardingComplete: true } }, t);
    expect(merged.body.data!.updateOrganizationSettings).toEqual({
      onboardingComplete: true,
      locale: 'en-GB',
    });
    const me = await app.gql('{ me { organization { settings } } }', {}, t);
    expect(me.body.data!.me.organization.settings).toEqual({
      onboardingComplete: true,
      locale: 'en-GB',
    });

    const vt = tokenFor(app.services, viewer, org);
    expect(code(await app.gql(PATCH, { p: { onboardingComplete: false } }, vt))).toBe('FORBIDDEN');
    const seen = await app.gql('mutation { markIntroSeen { hasSeenIntro } }', {}, vt);
    expect(seen.body.data).toEqual({ markIntroSeen: { hasSeenIntro: true } });
    const again = await app.gql(LOGIN.replace('organization { id settings }', 'hasSeenIntro'), {
      email: viewer.email,
      password: TEST_PASSWORD,
    });
    expect(again.body.data!.login.hasSeenIntro).toBe(true);
  });

  it('takes the declared keys only, typed: anything else is BAD_USER_INPUT per key, nothing written', async () => {
    const org = await createOrg(app.services);
    const admin = await createUser(app.services, { memberships: [{ org }] });
    const t = tokenFor(app.services, admin, org);
    const refused = async (p: Record<string, unknown>) => {
      const res = await app.gql(PATCH, { p }, t);
      expect(res.status, JSON.stringify(p)).toBe(200);
      expect(code(res), JSON.stringify(p)).toBe('BAD_USER_INPUT');
      return (res.body.errors![0].extensions!.details as { field: string }[]).map((d) => d.field);
    };
    // `demo` made demo:reset drop the association's database: no setting now, nor any other key.
    expect(await refused({ onboardingComplete: true, demo: 'maple-ridge' })).toEqual(['demo']);
    expect(await refused({ ideation: true, theme: 'dark' })).toEqual(['ideation', 'theme']);
    expect(await refused({ onboardingComplete: 'yes' })).toEqual(['onboardingComplete']);
    expect(await refused({ requireMfa: null })).toEqual(['requireMfa']);
    expect(await refused({ locale: 'not a locale', currency: 'XYZ1' })).toEqual([
      'locale',
      'currency',
    ]);
    expect(await refused({ locale: 7 })).toEqual(['locale']);
    expect(await settingsOf(org.id)).toEqual({});

    const set = await app.gql(PATCH, { p: { locale: ' en-gb ', currency: 'eur' } }, t);
    expect(set.body.data!.updateOrganizationSettings).toEqual({ locale: 'en-GB', currency: 'EUR' });
    // Blank or null removes one.
    const removed = await app.gql(PATCH, { p: { locale: '', currency: null } }, t);
    expect(removed.body.data!.updateOrganizationSettings).toEqual({});
    // Audited, key by key, in the transaction that wrote them.
    const audit = await sql(app.services.platformOrm.em.fork() as EntityManager).all<{
      details: Record<string, unknown>;
    }>(
      `SELECT details FROM audit_log WHERE action = 'organization.settings' AND organization_id = ?
        ORDER BY created_at`,
      [org.id],
    );
    expect(audit.map((a) => a.details)).toEqual([
      { locale: { before: null, after: 'en-GB' }, currency: { before: null, after: 'EUR' } },
      { locale: { before: 'en-GB', after: null }, currency: { before: 'EUR', after: null } },
    ]);
    // No path writes another key: the database refuses it too.
    await expect(
      sql(app.services.platformOrm.em.fork() as EntityManager).run(
        `UPDATE organizations SET settings = settings || '{"demo": "maple-ridge"}' WHERE id = ?`,
        [org.id],
      ),
    ).rejects.toThrow(/organizations_settings_keys/);
  });

  it('lets each key be set only by whom the permission table names', async () => {
    const org = await createOrg(app.services);
    const admin = await createUser(app.services, { memberships: [{ org }] });
    const user = await createUser(app.services, { memberships: [{ org, role: Role.USER }] });
    const viewer = await createUser(app.services, { memberships: [{ org, role: Role.VIEWER }] });
    // A super admin, and a plain member of this association.
    const sup = await createUser(app.services, {
      isSuperadmin: true,
      memberships: [{ org, role: Role.USER }],
    });
    const tokens = {
      admin: tokenFor(app.services, admin, org),
      user: tokenFor(app.services, user, org),
      viewer: tokenFor(app.services, viewer, org),
      superadmin: tokenFor(app.services, sup, org),
    };
    const values: Record<OrganizationSettingKey, unknown> = {
      onboardingComplete: true,
      requireMfa: false,
      locale: 'en-US',
      currency: 'USD',
      ideationEnabled: true,
    };
    const who: Record<OrganizationSettingKey, (keyof typeof tokens)[]> = {
      onboardingComplete: ['admin', 'user', 'superadmin'],
      requireMfa: ['admin'],
      locale: ['admin'],
      currency: ['admin'],
      ideationEnabled: ['superadmin'],
    };
    expect(Object.keys(who).sort()).toEqual([...ORGANIZATION_SETTING_KEYS].sort());
    for (const key of ORGANIZATION_SETTING_KEYS) {
      for (const [role, token] of Object.entries(tokens)) {
        const before = await settingsOf(org.id);
        const res = await app.gql(PATCH, { p: { [key]: values[key] } }, token);
        const label = `${role} sets ${key}`;
        if (who[key].includes(role as keyof typeof tokens)) {
          expect(res.body.errors, label).toBeUndefined();
          expect(res.body.data!.updateOrganizationSettings[key], label).toEqual(values[key]);
          continue;
        }
        expect(code(res), label).toBe('FORBIDDEN');
        expect(res.status, label).toBe(403);
        if (role !== 'viewer') {
          expect(res.body.errors![0].extensions!.details, label).toEqual([
            { field: key, message: expect.any(String) },
          ]);
        }
        expect(await settingsOf(org.id), label).toEqual(before);
      }
    }
    // One key refused refuses the whole patch.
    const mixed = await app.gql(
      PATCH,
      { p: { onboardingComplete: false, currency: 'CAD' } },
      tokens.user,
    );
    expect(code(mixed)).toBe('FORBIDDEN');
    expect(mixed.body.errors![0].message).toContain('(currency)');
    expect(await settingsOf(org.id)).toMatchObject({ onboardingComplete: true, currency: 'USD' });
  });
});
