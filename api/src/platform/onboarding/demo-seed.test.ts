import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { seedFirstStart } from './demo-seed.service.js';

describe('demo data', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ seedOwner: true, seedDemo: true });
  });
  afterAll(() => app.close());

  it('creates a platform owner and two associations with admins and a chart of accounts, once', async () => {
    const demo = app.demo!;
    expect(demo.map((d) => d.role)).toEqual([
      'Platform owner (super admin)',
      'Tenant admin',
      'Tenant admin',
    ]);
    // Generated, not fixed: every password differs and is long.
    expect(new Set(demo.map((d) => d.password)).size).toBe(3);
    for (const d of demo) expect(d.password.length).toBeGreaterThanOrEqual(16);

    const owner = await app.gql(
      'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { user { isSuperadmin isPlatformOwner } organization { id } } }',
      { e: demo[0].email, p: demo[0].password },
    );
    expect(owner.body.data!.login).toEqual({
      user: { isSuperadmin: true, isPlatformOwner: true },
      organization: null,
    });

    const names: string[] = [];
    for (const admin of demo.slice(1)) {
      const login = await app.gql(
        'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken organization { name role } } }',
        { e: admin.email, p: admin.password },
      );
      const { accessToken, organization } = login.body.data!.login;
      expect(organization).toEqual({ name: admin.organization, role: 'ADMIN' });
      names.push(organization.name);
      const accounts = await app.gql('{ accounts { number fundType } }', {}, accessToken);
      expect(accounts.body.data!.accounts.length).toBeGreaterThanOrEqual(10);
      const funds = new Set(
        accounts.body.data!.accounts.map((a: { fundType: string }) => a.fundType),
      );
      expect(funds).toEqual(new Set(['OPERATING', 'RESERVE']));
    }
    expect(new Set(names).size).toBe(2);

    expect(await seedFirstStart(app.services, { demo: true })).toBeNull();
  });

  it('in production creates only the platform owner, with the configured email', async () => {
    const prod = await startTestApp({
      seedOwner: true,
      seedDemo: false,
      ownerEmail: 'root@hoa.test',
    });
    try {
      expect(prod.demo!.map((d) => [d.role, d.email])).toEqual([
        ['Platform owner (super admin)', 'root@hoa.test'],
      ]);
      const orgs = await prod.services.platformOrm.em.fork().count('Organization', {});
      expect(orgs).toBe(0);
    } finally {
      await prod.close();
    }
  });
});
