import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withServer } from '../../db/connection.js';
import { anyOf, sql } from '../../db/sql.js';
import { setOrganizationStatus } from '../../platform/organizations/organizations.service.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import { keysetPage } from '../graphql/connection.js';
import { OrganizationStatus } from '../roles.js';
import { findTenant, forgetTenant, openTenant } from './tenant-door.js';

describe('the tenant door', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('opens an active tenant, refuses an unknown or inactive one', async () => {
    const org = await createOrg(app.services);
    const { em, org: entry } = await openTenant(app.services, org.id);
    expect(entry.orgId).toBe(org.id);
    const [row] = await sql(em).all<{ organization_id: string }>(
      'SELECT organization_id FROM tenant_identity',
    );
    expect(row.organization_id).toBe(org.id);

    await expect(
      openTenant(app.services, '00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await setOrganizationStatus(app.services, org.id, OrganizationStatus.SUSPENDED);
    await expect(openTenant(app.services, org.id)).rejects.toMatchObject({ code: 'ORG_INACTIVE' });
  });

  it('passes arrays as one ANY parameter and pages by key', async () => {
    const org = await createOrg(app.services);
    const { em } = await openTenant(app.services, org.id);
    const db = sql(em);
    const found = await db.all<{ n: number }>(
      `SELECT n FROM generate_series(1, 10) n WHERE n = ${anyOf('int')} ORDER BY n`,
      [[2, 3, 5]],
    );
    expect(found.map((r) => r.n)).toEqual([2, 3, 5]);
    // An empty list matches nothing (no "IN ()" syntax error).
    expect(await db.all(`SELECT 1 WHERE 1 = ${anyOf('int')}`, [[]])).toEqual([]);
    // Quotes in text values stay values.
    const texts = await db.all<{ t: string }>(
      `SELECT t FROM unnest(ARRAY['a''b', 'c']) t WHERE t = ${anyOf('text')}`,
      [["a'b"]],
    );
    expect(texts).toEqual([{ t: "a'b" }]);

    const query = (after: string | null) =>
      keysetPage<{ n: number }, number>(em, {
        select: 'SELECT n FROM generate_series(1, 7) g(n)',
        from: 'generate_series(1, 7) g(n)',
        where: ['n <> ?'],
        params: [4],
        orderBy: ['n'],
        direction: 'DESC',
        positionTypes: ['?::int'],
        cursor: { encode: (n) => String(n), decode: (c) => (/^\d+$/.test(c) ? [Number(c)] : null) },
        first: 4,
        max: 10,
        noun: 'numbers',
        after,
        toNodes: (rows) => rows.map((r) => r.n),
      });
    const one = await query(null);
    expect(one.edges.map((e) => e.node)).toEqual([7, 6, 5, 3]);
    expect(one.pageInfo).toEqual({ hasNextPage: true, endCursor: '3' });
    const two = await query(one.pageInfo.endCursor);
    expect(two.edges.map((e) => e.node)).toEqual([2, 1]);
    expect(two.pageInfo.hasNextPage).toBe(false);
    expect(await two.count()).toBe(6);
    await expect(query('x')).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('answers a write to a database frozen for a move with 503, and reads the directory again', async () => {
    const org = await createOrg(app.services);
    const admin = await createUser(app.services, { memberships: [{ org }] });
    const token = tokenFor(app.services, admin, org);
    const { location } = (await findTenant(app.services, org.id))!;
    const account = (number: string) =>
      app.gql(
        `mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id } }`,
        { input: { number, name: `Cash ${number}`, type: 'ASSET', fundType: 'OPERATING' } },
        token,
      );
    expect((await account('1001')).body.errors).toBeUndefined();
    // What a move does before it copies: the database refuses writes to every new session, and
    // the sessions already open end.
    const freeze = (on: boolean) =>
      withServer(inject('testDb').serverUrl, async (c) => {
        const db = c.escapeIdentifier(location.database);
        await c.query(
          on
            ? `ALTER DATABASE ${db} SET default_transaction_read_only = on`
            : `ALTER DATABASE ${db} RESET default_transaction_read_only`,
        );
        await c.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [location.database],
        );
      });
    await freeze(true);
    try {
      // Reads go on (a first one may meet a connection the freeze ended: "not now" as well).
      const read = async () => (await app.gql('{ accounts { id } }', {}, token)).status;
      if ((await read()) !== 200) expect(await read()).toBe(200);
      const lookups = app.services.directory.lookups;
      const refused = await account('1002');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.body.errors?.[0]).toMatchObject({
        message: expect.stringMatching(/being moved/),
        extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: 5 },
      });
      // Not a bug: nothing logged as an internal error.
      expect(app.loggedErrors).toEqual([]);
      // The entry was forgotten: the next request reads the directory again.
      expect(await read()).toBe(200);
      expect(app.services.directory.lookups).toBe(lookups + 1);
    } finally {
      await freeze(false);
    }
    const again = async () => (await account('1003')).body.errors?.[0]?.extensions?.code;
    if ((await again()) !== undefined) expect(await again()).toBeUndefined();
  });

  it('forgets a tenant here and tells the bus, whose messages this process follows', async () => {
    const org = await createOrg(app.services);
    await findTenant(app.services, org.id);
    const told: string[] = [];
    app.services.bus.subscribe('tenant', (id) => told.push(id));
    const lookups = app.services.directory.lookups;
    forgetTenant(app.services, org.id);
    expect(told).toEqual([org.id]);
    await findTenant(app.services, org.id);
    expect(app.services.directory.lookups).toBe(lookups + 1);
    // What the bus brings (another process's change, a move) drops the entry too.
    app.services.bus.publish('tenant', org.id);
    await findTenant(app.services, org.id);
    expect(app.services.directory.lookups).toBe(lookups + 2);
  });
});
