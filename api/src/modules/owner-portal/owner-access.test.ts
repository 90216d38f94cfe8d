import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { receivablesChart } from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

// The owner role's door: an owner is a member of the association who reaches none of its books.
describe('the owner role', () => {
  let app: TestApp;
  let t: Tenant;
  let owner: { token: string; userId: string };

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
    const ids = await receivablesChart(t);
    const group = await t.group({
      name: 'Monthly',
      regularIncomeAccountId: ids.income,
      rates: [{ propertyTypeId: ids.house, regular: '250.00' }],
    });
    const unit = await t.unit('101', { groupId: group, propertyTypeId: ids.house });
    owner = await t.owner([unit]);
  });
  afterAll(() => app?.close());

  it('signs in to the association as an owner', async () => {
    const res = await t.gql(
      '{ me { organization { id role } organizations { role } } }',
      {},
      owner.token,
    );
    const me = res.body.data?.me as any;
    expect(me.organization).toEqual({ id: t.org.id, role: 'OWNER' });
    expect(me.organizations.map((m: any) => m.role)).toEqual(['OWNER']);
  });

  it('reaches none of the books a viewer reads', async () => {
    for (const q of [
      '{ accounts { id } }',
      '{ units(first: 5) { totalCount } }',
      '{ payments(first: 5) { totalCount } }',
    ]) {
      const res = await t.gql(q, {}, owner.token);
      expect(res.body.errors?.[0]?.extensions?.code, q).toBe('FORBIDDEN');
      expect(res.body.data ?? null).toBeNull();
    }
  });

  it('writes nothing of the books', async () => {
    const res = await t.gql(
      'mutation { createPropertyType(name: "Villa") { id } }',
      {},
      owner.token,
    );
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
