import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationStatus } from '../../core/roles.js';
import { setOrganizationStatus } from '../organizations/organizations.service.js';
import { Role } from '../../core/roles.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, TEST_PASSWORD } from '../../test/factories.js';

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { ... on LoginPayload {
    accessToken hasSeenIntro
    user { id email isSuperadmin }
    organizations { id name role status }
    organization { id name role }
  } }
}`;

describe('login', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('signs in with the right password and returns a 1 h token for the first active organization', async () => {
    const a = await createOrg(app.services, 'Alpha Commons');
    const b = await createOrg(app.services, 'Beta Heights');
    const user = await createUser(app.services, {
      email: 'Treasurer@Alpha.test',
      hasSeenIntro: false,
      memberships: [{ org: b, role: Role.VIEWER }, { org: a }],
    });
    const res = await app.gql(LOGIN, { email: 'treasurer@alpha.test', password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const login = res.body.data!.login;
    expect(login.user).toEqual({ id: user.id, email: 'treasurer@alpha.test', isSuperadmin: false });
    expect(login.hasSeenIntro).toBe(false);
    expect(login.organizations.map((o: { name: string }) => o.name)).toEqual([
      'Alpha Commons',
      'Beta Heights',
    ]);
    expect(login.organization).toEqual({ id: a.id, name: 'Alpha Commons', role: 'ADMIN' });

    const claims = jwt.decode(login.accessToken) as Record<string, unknown>;
    expect(claims.sub).toBe(user.id);
    expect(claims.orgId).toBe(a.id);
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    // Never a location: no database or schema name in the token.
    expect(JSON.stringify(claims)).not.toContain(a.dbName);
    // `sv`: the user's session version, compared on every request (session-end.test.ts).
    expect(claims.sv).toBe(0);
    expect(Object.keys(claims).sort()).toEqual(['aud', 'exp', 'iat', 'iss', 'orgId', 'sub', 'sv']);
  });

  it('refuses a wrong password and an unknown email with the same error', async () => {
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    const wrong = await app.gql(LOGIN, { email: user.email, password: 'not the password' });
    const unknown = await app.gql(LOGIN, { email: 'nobody@example.test', password: TEST_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.data).toBeNull();
      expect(res.body.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
      expect(res.body.errors![0].message).toBe('Invalid email or password');
    }
  });

  it('leaves suspended organizations out and refuses users with no active organization', async () => {
    const active = await createOrg(app.services, 'Active Acres');
    const suspended = await createOrg(app.services, 'Suspended Shores');
    await setOrganizationStatus(app.services, suspended.id, OrganizationStatus.SUSPENDED);
    const both = await createUser(app.services, {
      memberships: [{ org: active }, { org: suspended }],
    });
    const onlySuspended = await createUser(app.services, { memberships: [{ org: suspended }] });

    const ok = await app.gql(LOGIN, { email: both.email, password: TEST_PASSWORD });
    expect(ok.body.data!.login.organizations.map((o: { id: string }) => o.id)).toEqual([active.id]);

    const refused = await app.gql(LOGIN, { email: onlySuspended.email, password: TEST_PASSWORD });
    expect(refused.body.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('lets a super admin without memberships sign in with no organization', async () => {
    const admin = await createUser(app.services, { isSuperadmin: true });
    const res = await app.gql(LOGIN, { email: admin.email, password: TEST_PASSWORD });
    expect(res.body.data!.login.organization).toBeNull();
    expect(res.body.data!.login.user.isSuperadmin).toBe(true);
    const claims = jwt.decode(res.body.data!.login.accessToken) as Record<string, unknown>;
    expect(claims.orgId).toBeNull();
  });
});
