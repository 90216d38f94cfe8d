import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../test/factories.js';
import type { User } from '../users/users.entity.js';
import { CREATE_TENANT_STEPS, createTenant } from './admin-organizations.service.js';

// Creating a tenant is atomic from the caller's view: fail it after each of its steps and nothing
// stays behind (no organization, no database, no user, membership or invitation); then the same
// call succeeds.

async function rows<T>(app: TestApp, query: string, params: unknown[] = []): Promise<T[]> {
  const em = app.services.platformOrm.em.fork();
  return em.getConnection().execute<T[]>(query, params);
}

async function tenantDatabases(app: TestApp): Promise<string[]> {
  return withServer(app.services.clusterUrl('default'), async (c) => {
    const r = await c.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname',
      [`${app.services.platformDbName}\\_t\\_%`],
    );
    return r.rows.map((x) => x.datname);
  });
}

async function footprint(app: TestApp, name: string, email: string) {
  const [counts] = await rows<{
    organizations: number;
    users: number;
    memberships: number;
    invitations: number;
    history: number;
    audits: number;
  }>(
    app,
    `SELECT (SELECT count(*)::int FROM organizations WHERE name = ?) AS organizations,
            (SELECT count(*)::int FROM users WHERE email = ?) AS users,
            (SELECT count(*)::int FROM memberships) AS memberships,
            (SELECT count(*)::int FROM invitations) AS invitations,
            (SELECT count(*)::int FROM organization_status_history) AS history,
            (SELECT count(*)::int FROM audit_log WHERE action = 'organization.create') AS audits`,
    [name, email],
  );
  return { ...counts, databases: await tenantDatabases(app) };
}

describe('createTenant', () => {
  let app: TestApp;
  let admin: User;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createUser(app.services, { isSuperadmin: true });
  });
  afterAll(() => app.close());

  it('leaves nothing behind when any step fails, and a retry then succeeds', async () => {
    // An existing account elsewhere, to prove its own rows are never touched either.
    const elsewhere = await createOrg(app.services, 'Elsewhere HOA');
    await createUser(app.services, {
      email: 'existing.admin@example.test',
      memberships: [{ org: elsewhere }],
    });
    for (const [i, step] of CREATE_TENANT_STEPS.entries()) {
      const name = `Atomic Acres ${i}`;
      const email = i % 2 ? 'existing.admin@example.test' : `new.admin.${i}@example.test`;
      const before = await footprint(app, name, email);
      await expect(
        createTenant(
          app.services,
          { userId: admin.id },
          { name, adminEmail: email },
          {
            failAfter: step,
          },
        ),
      ).rejects.toThrow(`Tenant creation failed after ${step}`);
      expect(await footprint(app, name, email), `after a failure at ${step}`).toEqual(before);

      const id = await createTenant(
        app.services,
        { userId: admin.id },
        { name, adminEmail: email },
      );
      const after = await footprint(app, name, email);
      expect(after.organizations).toBe(1);
      expect(after.users).toBe(1);
      expect(after.memberships).toBe(before.memberships + 1);
      expect(after.invitations).toBe(before.invitations + 1);
      expect(after.history).toBe(before.history + 1);
      expect(after.audits).toBe(before.audits + 1);
      expect(after.databases.length).toBe(before.databases.length + 1);
      const [org] = await rows<{ db_name: string; status: string }>(
        app,
        'SELECT db_name, status FROM organizations WHERE id = ?',
        [id],
      );
      expect(org.status).toBe('active');
      expect(after.databases).toContain(org.db_name);
    }
  });

  it('invites the first admin, who accepts and signs in to a working tenant', async () => {
    const superToken = tokenFor(app.services, admin, null);
    const res = await app.gql(
      `mutation ($i: CreateTenantInput!) { createTenant(input: $i) {
         id name status planLevel timeZone memberCount databaseSizeBytes
         members { email role status } statusHistory { fromStatus toStatus changedBy } } }`,
      {
        i: {
          name: '  Harbor Point HOA ',
          adminEmail: 'Harbor.Admin@Example.test',
          planLevel: 'PROFESSIONAL',
          timeZone: 'America/Chicago',
        },
      },
      superToken,
    );
    expect(res.body.errors).toBeUndefined();
    const org = res.body.data!.createTenant;
    expect(org).toMatchObject({
      name: 'Harbor Point HOA',
      status: 'ACTIVE',
      planLevel: 'PROFESSIONAL',
      timeZone: 'America/Chicago',
      memberCount: 1,
      members: [{ email: 'harbor.admin@example.test', role: 'ADMIN', status: 'INVITED' }],
      statusHistory: [{ fromStatus: null, toStatus: 'ACTIVE', changedBy: admin.email }],
    });
    expect(org.databaseSizeBytes).toBeGreaterThan(0);

    const mail = (await app.lastEmail('harbor.admin@example.test'))!;
    expect(mail.template).toBe('invitation');
    expect(mail.subject).toContain('Harbor Point HOA');
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.body)![1]);
    const accepted = await app.gql(
      `mutation ($t: String!, $p: String!) { acceptInvitation(token: $t, password: $p) {
         accessToken organization { id role } } }`,
      { t: token, p: TEST_PASSWORD },
    );
    expect(accepted.body.data!.acceptInvitation.organization).toEqual({
      id: org.id,
      role: 'ADMIN',
    });
    // The tenant database answers: migrated and reachable through the tenant door.
    const accounts = await app.gql(
      '{ accounts { id } }',
      {},
      accepted.body.data!.acceptInvitation.accessToken,
    );
    expect(accounts.body.errors).toBeUndefined();
    expect(Array.isArray(accounts.body.data!.accounts)).toBe(true);
  });

  it('refuses bad input field by field, writing nothing', async () => {
    const token = tokenFor(app.services, admin, null);
    const before = await footprint(app, '', 'not-an-email');
    const res = await app.gql(
      `mutation ($i: CreateTenantInput!) { createTenant(input: $i) { id } }`,
      {
        i: {
          name: ' ',
          adminEmail: 'not-an-email',
          timeZone: 'Mars/Base',
          fiscalYearStartMonth: 13,
        },
      },
      token,
    );
    expect(res.body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    const fields = (res.body.errors![0].extensions!.details as { field: string }[]).map(
      (d) => d.field,
    );
    expect(fields).toEqual(['name', 'adminEmail', 'timeZone', 'fiscalYearStartMonth']);
    expect(await footprint(app, '', 'not-an-email')).toEqual(before);
  });
});
