/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

describe('late fees', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Record<string, string> = {};

  const ok = (query: string, variables?: Record<string, unknown>) => t.ok(query, variables);
  const unit = (number: string, groupId = ids.monthly, propertyTypeId = ids.house) =>
    t.unit(number, { groupId, propertyTypeId });
  const group = (name: string, frequency: string, rates: [string, string, string][], extra = {}) =>
    t.group({
      name,
      frequency,
      dueDay: 10,
      regularIncomeAccountId: ids.income,
      specialIncomeAccountId: ids.special,
      rates: rates.map(([propertyTypeId, regular, special]) => ({
        propertyTypeId,
        regular,
        special,
      })),
      ...extra,
    });
  const balanceOf = async (accountId: string, asOf: string) =>
    (
      await ok(`query ($asOf: LocalDate!) { accountBalances(asOf: $asOf) { accountId balance } }`, {
        asOf,
      })
    ).accountBalances.find((b: any) => b.accountId === accountId)?.balance ?? '0.00';
  const invoicesOf = async (unitId: string) =>
    (
      await ok(
        `query ($u: ID!) { invoices(filter: { unitId: $u }, first: 100) { edges { node {
          id number kind period total paid balance status dueDate issueDate } } } }`,
        { u: unitId },
      )
    ).invoices.edges.map((e: any) => e.node);

  // The books: quarterly units A-1, A-2 (house) and C-1 (condo), monthly units M-1 and M-2 under
  // a late-fee policy, billed January to April; M-1 paid 600.00 on March 15 (oldest first), M-2
  // paid 400.00 on March 20 for March, its 125.00 credit spent on April.
  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Maple Ridge HOA');
    ids.cash = await t.account('1010', 'ASSET');
    ids.income = await t.account('4010', 'INCOME');
    ids.special = await t.account('4020', 'INCOME');
    ids.fees = await t.account('4090', 'INCOME');
    ids.house = await t.propertyType('Single family');
    ids.condo = await t.propertyType('Condo');
    ids.quarterly = await group('Quarterly dues', 'QUARTERLY', [
      [ids.house, '600.00', '100.00'],
      [ids.condo, '300.00', '0.00'],
    ]);
    ids.monthly = await group('Monthly dues', 'MONTHLY', [[ids.house, '250.00', '25.00']], {
      lateFee: {
        graceDays: 5,
        flatFee: '25.00',
        percent: 1.5,
        monthlyInterestPercent: 0,
        incomeAccountId: ids.fees,
      },
    });
    ids.a = await unit('A-1', ids.quarterly, ids.house);
    ids.b = await unit('A-2', ids.quarterly, ids.house);
    ids.c = await unit('C-1', ids.quarterly, ids.condo);
    ids.m1 = await unit('M-1');
    ids.m2 = await unit('M-2');
    for (const month of ['2026-01', '2026-02', '2026-03']) await t.assessmentRun(month);
    ids.ar = (
      await ok('{ receivablesSettings { receivableAccount { id } } }')
    ).receivablesSettings.receivableAccount.id;
    await t.payment(ids.m1, '2026-03-15', '600.00', { depositAccountId: ids.cash });
    const [m2mar] = await invoicesOf(ids.m2);
    await t.payment(ids.m2, '2026-03-20', '400.00', {
      method: 'ACH',
      invoiceIds: [m2mar.id],
      depositAccountId: ids.cash,
    });
    await t.assessmentRun('2026-04');
  });
  afterAll(() => app.close());

  it('assesses late fees once per invoice and month, posting to the fee income account', async () => {
    const preview = (
      await ok(
        `{ previewLateFees(asOf: "2026-04-20") { count total alreadyAssessed candidates { unit { number } invoice { number } overdueBalance fee interest total } } }`,
      )
    ).previewLateFees;
    // Monthly dues group: 5 grace days, 25.00 + 1.5 % (half up). Open and past Apr 15: M-1 Mar
    // (225.00 left) and Apr; M-2 Jan, Feb and Apr (150.00 left after its credit).
    expect(preview.candidates.map((c: any) => [c.unit.number, c.overdueBalance, c.fee])).toEqual([
      ['M-1', '225.00', '28.38'],
      ['M-1', '275.00', '29.13'],
      ['M-2', '275.00', '29.13'],
      ['M-2', '275.00', '29.13'],
      ['M-2', '150.00', '27.25'],
    ]);
    const before = await balanceOf(ids.fees, '2026-04-30');
    const run = `mutation { assessLateFees(asOf: "2026-04-20") { created skipped total } }`;
    expect((await ok(run)).assessLateFees).toEqual({ created: 5, skipped: 0, total: '143.02' });
    expect((await ok(run)).assessLateFees).toEqual({ created: 0, skipped: 5, total: '0.00' });
    expect(Number(await balanceOf(ids.fees, '2026-04-30')) - Number(before)).toBeCloseTo(143.02, 2);
    const fees = (await invoicesOf(ids.m2)).filter((i: any) => i.kind === 'LATE_FEE');
    expect(fees).toHaveLength(3);
    expect(fees[0]).toMatchObject({ period: '2026-04', issueDate: '2026-04-20' });
    // A new month may assess again.
    expect(
      (await ok(`mutation { assessLateFees(asOf: "2026-05-20") { created } }`)).assessLateFees
        .created,
    ).toBe(5);
  });
});
