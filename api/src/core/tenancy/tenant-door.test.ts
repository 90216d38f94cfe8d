import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyOf, sql } from '../../db/sql.js';
import { setOrganizationStatus } from '../../platform/organizations/organizations.service.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg } from '../../test/factories.js';
import { keysetPage } from '../graphql/connection.js';
import { OrganizationStatus } from '../roles.js';
import { openTenant } from './tenant-door.js';

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
});
