import { createRequire } from 'node:module';
import { MetadataDiscovery } from '@mikro-orm/core';
import { PostgreSqlKnexDialect, type EntityManager } from '@mikro-orm/postgresql';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Organization } from '../../platform/organizations/organizations.entity.js';
import { OrganizationStatus } from '../roles.js';
import { setOrganizationStatus } from '../../platform/organizations/organizations.service.js';
import { Membership } from '../../platform/users/memberships.entity.js';
import { Role } from '../roles.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import { TenantDirectory } from './tenant-directory.js';
import { assertInternals, TenantIdentityError, TenantPool } from './tenant-pool.js';
import { tenantEntities } from '../../modules/entities.js';

const ACCOUNTS = '{ accounts { id number name } }';
const CREATE = `mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id number } }`;
const input = (number: string, name = `Account ${number}`) => ({
  input: { number, name, type: 'ASSET', fundType: 'OPERATING' },
});

describe('tenant isolation', () => {
  let app: TestApp;
  let orgA: Organization;
  let orgB: Organization;
  let tokenA: string;
  let tokenB: string;
  let userA: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    app = await startTestApp();
    orgA = await createOrg(app.services, 'Association A');
    orgB = await createOrg(app.services, 'Association B');
    userA = await createUser(app.services, { memberships: [{ org: orgA }] });
    const userB = await createUser(app.services, { memberships: [{ org: orgB }] });
    tokenA = tokenFor(app.services, userA, orgA);
    tokenB = tokenFor(app.services, userB, orgB);
    expect(
      (await app.gql(CREATE, input('1010', 'A checking'), tokenA)).body.errors,
    ).toBeUndefined();
    expect(
      (await app.gql(CREATE, input('1010', 'B checking'), tokenB)).body.errors,
    ).toBeUndefined();
    expect((await app.gql(CREATE, input('2020', 'B only'), tokenB)).body.errors).toBeUndefined();
  });
  afterAll(() => app.close());

  it('gives each organization its own database', () => {
    expect(orgA.dbName).not.toBe(orgB.dbName);
  });

  it("shows a user only their own organization's accounts", async () => {
    const a = await app.gql(ACCOUNTS, {}, tokenA);
    expect(a.body.data!.accounts.map((x: { name: string }) => x.name)).toEqual(['A checking']);
    const b = await app.gql(ACCOUNTS, {}, tokenB);
    expect(b.body.data!.accounts.map((x: { name: string }) => x.name)).toEqual([
      'B checking',
      'B only',
    ]);
  });

  it('refuses a validly signed token for an organization the user does not belong to', async () => {
    const crossed = tokenFor(app.services, userA, orgB);
    for (const op of [ACCOUNTS, CREATE]) {
      const res = await app.gql(op, op === CREATE ? input('9999') : {}, crossed);
      expect(res.body.errors![0].extensions!.code).toBe('FORBIDDEN');
      expect(JSON.stringify(res.body.data ?? null)).not.toContain('B checking');
    }
    const b = await app.gql(ACCOUNTS, {}, tokenB);
    expect(b.body.data!.accounts.map((x: { number: string }) => x.number)).not.toContain('9999');
  });

  it("refuses a token forged for another organization's id", async () => {
    const forged = jwt.sign({ orgId: orgB.id }, 'not-the-secret-not-the-secret-not-the', {
      subject: userA.id,
      issuer: 'covenant',
      audience: 'covenant-api',
      expiresIn: 3600,
    });
    const res = await app.gql(ACCOUNTS, {}, forged);
    expect(res.status).toBe(401);
    expect(res.body.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
  });

  it('lets a viewer read but not write', async () => {
    const viewer = await createUser(app.services, {
      memberships: [{ org: orgA, role: Role.VIEWER }],
    });
    const token = tokenFor(app.services, viewer, orgA);
    expect((await app.gql(ACCOUNTS, {}, token)).body.data!.accounts).toHaveLength(1);
    const viewerWrite = await app.gql(CREATE, input('3030'), token);
    expect(viewerWrite.status).toBe(403);
    expect(viewerWrite.body.errors![0].extensions!.code).toBe('FORBIDDEN');
    expect((await app.gql(ACCOUNTS, {}, tokenA)).body.data!.accounts).toHaveLength(1);
  });

  it('takes the role from the membership row, not the token: removal shuts the door', async () => {
    const member = await createUser(app.services, { memberships: [{ org: orgA }] });
    const token = tokenFor(app.services, member, orgA);
    expect((await app.gql(ACCOUNTS, {}, token)).status).toBe(200);
    const em = app.services.platformOrm.em.fork();
    await em.nativeDelete(Membership, { user: member.id, organization: orgA.id });
    app.services.memberships.invalidate(member.id, orgA.id);
    const res = await app.gql(ACCOUNTS, {}, token);
    expect(res.status).toBe(403);
    expect(res.body.errors![0].extensions!.code).toBe('FORBIDDEN');
  });

  it("reads a cold association's platform facts together, before its database opens", async () => {
    // A new association: nothing of it is cached in this process, nor open in the pool.
    const org = await createOrg(app.services, 'Association Cold');
    const member = await createUser(app.services, { memberships: [{ org }] });
    const session = tokenFor(app.services, member, org);
    const made = await app.gql(
      `mutation ($input: CreateApiTokenInput!) { createApiToken(input: $input) { token } }`,
      { input: { name: 'Reports', organizationId: org.id } },
      session,
    );
    expect(made.body.errors).toBeUndefined();
    const LOOKUPS = ['sessionVersion', 'role', 'requiresMfa', 'resolve'];
    // Records each call of `method` and, once it settles, its answer.
    const order: string[] = [];
    type Lookup = (...a: unknown[]) => Promise<unknown>;
    const watch = (target: object, method: string) => {
      const methods = target as Record<string, Lookup>;
      const real = methods[method].bind(target);
      return vi.spyOn(methods, method).mockImplementation((...args: unknown[]) => {
        order.push(method);
        return real(...args).then((v) => (order.push(`${method} answered`), v));
      });
    };
    // What a request does in what order, each lookup's call and its answer.
    const cold = async (bearer: string) => {
      app.services.directory.invalidate(org.id);
      app.services.memberships.invalidateOrganization(org.id);
      app.services.memberships.invalidateUser(member.id);
      await app.services.pool.closeAll();
      order.length = 0;
      const { memberships, directory, pool } = app.services;
      const spies = [
        watch(memberships, 'sessionVersion'),
        watch(memberships, 'role'),
        watch(memberships, 'requiresMfa'),
        watch(directory, 'resolve'),
        watch(pool, 'get'),
      ];
      try {
        const res = await app.gql(ACCOUNTS, {}, bearer);
        expect(res.body.errors).toBeUndefined();
        expect(res.body.data!.accounts).toEqual([]);
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
      return [...order];
    };
    for (const bearer of [session, made.body.data!.createApiToken.token as string]) {
      const order = await cold(bearer);
      // All four are asked before any answers, and the tenant rules' own question (does the
      // organization require two-step sign-in?) is not left until after the database has opened.
      const firstAnswer = order.findIndex((step) => step.endsWith('answered'));
      expect(order.slice(0, firstAnswer).sort()).toEqual([...LOOKUPS].sort());
      expect(order.indexOf('requiresMfa answered')).toBeLessThan(order.indexOf('get'));
    }
  });

  it('refuses to open a tenant database that belongs to another organization', async () => {
    const pool = new TenantPool({
      entities: tenantEntities,
      clusterUrl: app.services.clusterUrl,
      max: 2,
      poolSize: 1,
      closeDelayMs: 0,
    });
    await expect(
      pool.get({ cluster: orgB.dbCluster, database: orgB.dbName }, orgA.id),
    ).rejects.toBeInstanceOf(TenantIdentityError);
    expect(pool.size).toBe(0);
    await pool.closeAll();
  });
});

describe('organization status', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('answers ORG_INACTIVE with HTTP 403 while suspended or archived, and recovers on reactivation', async () => {
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    const token = tokenFor(app.services, user, org);
    expect((await app.gql(ACCOUNTS, {}, token)).status).toBe(200);

    for (const status of [OrganizationStatus.SUSPENDED, OrganizationStatus.ARCHIVED]) {
      await setOrganizationStatus(app.services, org.id, status);
      for (const [op, vars] of [
        [ACCOUNTS, {}],
        [CREATE, input('4040')],
      ] as const) {
        const res = await app.gql(op, vars, token);
        expect(res.status).toBe(403);
        expect(res.body.errors![0].extensions!.code).toBe('ORG_INACTIVE');
      }
    }
    await setOrganizationStatus(app.services, org.id, OrganizationStatus.ACTIVE);
    expect((await app.gql(ACCOUNTS, {}, token)).status).toBe(200);
    // Nothing was written while inactive.
    const list = await app.gql(ACCOUNTS, {}, token);
    expect(list.body.data!.accounts).toEqual([]);
  });
});

describe('tenant directory', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('caches orgId → status and location for its TTL and drops an entry on invalidate', async () => {
    const org = await createOrg(app.services);
    const em = () => app.services.platformOrm.em.fork() as EntityManager;
    const dir = new TenantDirectory(em, { ttlMs: 60_000 });
    const first = await dir.resolve(org.id);
    expect(first).toEqual({
      orgId: org.id,
      name: org.name,
      status: OrganizationStatus.ACTIVE,
      location: { cluster: 'default', database: org.dbName },
      timeZone: 'America/New_York',
      fiscalYearStartMonth: 1,
      planLevel: 'standard',
      billingStatus: 'active',
      readOnlyFrom: null,
      movingSince: null,
    });
    await em().nativeUpdate(Organization, { id: org.id }, { status: OrganizationStatus.SUSPENDED });
    // Cached: a change made elsewhere is seen within the TTL, not at once.
    expect((await dir.resolve(org.id))!.status).toBe(OrganizationStatus.ACTIVE);
    expect(dir.lookups).toBe(1);
    dir.invalidate(org.id);
    expect((await dir.resolve(org.id))!.status).toBe(OrganizationStatus.SUSPENDED);
    expect(dir.lookups).toBe(2);
    expect(await dir.resolve('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('expires entries after the TTL', async () => {
    const org = await createOrg(app.services);
    const dir = new TenantDirectory(() => app.services.platformOrm.em.fork() as EntityManager, {
      ttlMs: 30,
    });
    await dir.resolve(org.id);
    await new Promise((r) => setTimeout(r, 60));
    await dir.resolve(org.id);
    expect(dir.lookups).toBe(2);
  });
});

describe('tenant pool', () => {
  let app: TestApp;
  let orgs: Organization[];
  beforeAll(async () => {
    app = await startTestApp();
    orgs = [];
    for (let i = 0; i < 3; i++) orgs.push(await createOrg(app.services));
  });
  afterAll(() => app.close());
  // A pool with room for every test's tenants, one connection each.
  const openPool = () =>
    new TenantPool({
      entities: tenantEntities,
      clusterUrl: app.services.clusterUrl,
      max: 5,
      poolSize: 1,
    });

  it('is LRU-bounded and closes evicted tenants', async () => {
    const pool = new TenantPool({
      entities: tenantEntities,
      clusterUrl: app.services.clusterUrl,
      max: 2,
      poolSize: 1,
      closeDelayMs: 0,
    });
    const loc = (o: Organization) => ({ cluster: o.dbCluster, database: o.dbName });
    const first = await pool.get(loc(orgs[0]), orgs[0].id);
    expect(await pool.get(loc(orgs[0]), orgs[0].id)).toBe(first);
    await pool.get(loc(orgs[1]), orgs[1].id);
    await pool.get(loc(orgs[2]), orgs[2].id);
    expect(pool.size).toBe(2);
    await vi.waitFor(() => expect(pool.closed).toBe(1));
    expect(await first.isConnected()).toBe(false);
    // Coming back reopens it.
    const again = await pool.get(loc(orgs[0]), orgs[0].id);
    expect(again).not.toBe(first);
    expect(await again.isConnected()).toBe(true);
    await pool.closeAll();
  });

  it('still matches the MikroORM internals the shared-metadata open relies on', async () => {
    // TenantPool.open copies discovered metadata into a new MikroORM through private members.
    // Written for MikroORM 6.6: an upgrade must re-check open() and then this pin.
    const { version } = createRequire(import.meta.url)('@mikro-orm/core/package.json') as {
      version: string;
    };
    expect(version).toMatch(/^6\.6\./);
    const pool = openPool();
    const [a, b] = orgs;
    const first = await pool.get({ cluster: a.dbCluster, database: a.dbName }, a.id);
    const second = await pool.get({ cluster: b.dbCluster, database: b.dbName }, b.id);
    expect(() => assertInternals(second)).not.toThrow();
    expect(second.getMetadata()).toBe(first.getMetadata());
    expect(second.em.getMetadata()).toBe(first.getMetadata());
    expect(await second.em.fork().count('Account', {})).toBe(0);
    await pool.closeAll();
    expect(() => assertInternals({} as never)).toThrow(/MikroORM internals changed/);
  });

  it('discovers entity metadata once: a cold tenant only connects', async () => {
    const discover = vi.spyOn(MetadataDiscovery.prototype, 'discover');
    const pool = openPool();
    for (const o of orgs) {
      const orm = await pool.get({ cluster: o.dbCluster, database: o.dbName }, o.id);
      // Each instance really works against its own database.
      const em = orm.em.fork();
      const rows = await em.getConnection().execute('SELECT current_database() AS db');
      expect(rows[0].db).toBe(o.dbName);
      expect(await em.count('Account', {})).toBe(0);
    }
    expect(discover).toHaveBeenCalledTimes(1);
    expect(pool.opened).toBe(3);
    await pool.closeAll();
  });

  it("asks the server's version once per cluster, not on every tenant's first connection", async () => {
    const checkVersion = vi.spyOn(PostgreSqlKnexDialect.prototype, 'checkVersion');
    const pool = openPool();
    try {
      for (const o of orgs) {
        const orm = await pool.get({ cluster: o.dbCluster, database: o.dbName }, o.id);
        expect(await orm.em.fork().count('Account', {})).toBe(0);
        // knex knows it all the same (its schema builder reads it).
        expect(orm.em.getConnection().getKnex().client.version).toMatch(/^\d+\.\d+/);
      }
      expect(checkVersion).toHaveBeenCalledTimes(1);
    } finally {
      checkVersion.mockRestore();
      await pool.closeAll();
    }
  });
});
