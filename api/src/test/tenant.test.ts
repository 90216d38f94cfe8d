import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.js';
import { createTenant } from './tenant.js';

describe('tenant test factories', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('build a small book through the API, in the tenant of their organization', async () => {
    const t = await createTenant(app);
    const cash = await t.account('1010', 'ASSET');
    const income = await t.account('4010', 'INCOME');
    const house = await t.propertyType('House');
    const group = await t.group({
      name: 'Monthly',
      regularIncomeAccountId: income,
      rates: [{ propertyTypeId: house, regular: '100.00' }],
    });
    await t.unit('101', { groupId: group, propertyTypeId: house });
    const vendor = await t.vendor('Green Lawns');
    await t.post(
      '2026-01-05',
      [
        [cash, '50.00', null],
        [income, null, '50.00'],
      ],
      { vendorId: vendor },
    );
    const d = await t.ok(
      `{ units(first: 5) { totalCount } trialBalance(asOf: "2026-12-31") { totalDebit } }`,
    );
    expect(d.units.totalCount).toBe(1);
    expect(d.trialBalance.totalDebit).toBe('50.00');
    // Another tenant sees none of it.
    const other = await createTenant(app);
    const o = await other.ok(`{ units(first: 5) { totalCount } }`);
    expect(o.units.totalCount).toBe(0);
  });
});
