/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import type { Tenant } from './tenant.js';

// The receivables books the invoices, late-fee, aging, assessment and unit tests share: the same
// chart, the same two dues groups, and the same small readers, so each test file states only
// what it checks.

export type Ids = Record<string, string>;

// Cash, regular and special assessment income, late-fee income; two property types.
export async function receivablesChart(t: Tenant): Promise<Ids> {
  return {
    cash: await t.account('1010', 'ASSET'),
    income: await t.account('4010', 'INCOME'),
    special: await t.account('4020', 'INCOME'),
    fees: await t.account('4090', 'INCOME'),
    house: await t.propertyType('Single family'),
    condo: await t.propertyType('Condo'),
  };
}

// The monthly group's late-fee policy: 5 grace days, 25.00 + 1.5 %.
export const lateFeePolicy = (ids: Ids) => ({
  graceDays: 5,
  flatFee: '25.00',
  percent: 1.5,
  monthlyInterestPercent: 0,
  incomeAccountId: ids.fees,
});

// `tenant` is read on each call: test files create their tenant in beforeAll.
export function receivablesKit(tenant: () => Tenant, ids: Ids) {
  const ok = (query: string, variables?: Record<string, unknown>) => tenant().ok(query, variables);
  return {
    unit: (number: string, groupId = ids.monthly, propertyTypeId = ids.house) =>
      tenant().unit(number, { groupId, propertyTypeId }),
    group: (name: string, frequency: string, rates: [string, string, string][], extra = {}) =>
      tenant().group({
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
      }),
    balanceOf: async (accountId: string, asOf: string) =>
      (
        await ok(
          `query ($asOf: LocalDate!) { accountBalances(asOf: $asOf) { accountId balance } }`,
          { asOf },
        )
      ).accountBalances.find((b: any) => b.accountId === accountId)?.balance ?? '0.00',
    invoicesOf: async (unitId: string) =>
      (
        await ok(
          `query ($u: ID!) { invoices(filter: { unitId: $u }, first: 100) { edges { node {
          id number kind period total paid balance status dueDate issueDate } } } }`,
          { u: unitId },
        )
      ).invoices.edges.map((e: any) => e.node),
  };
}

// Billed books: quarterly units A-1, A-2 (house) and C-1 (condo), monthly units M-1 and M-2
// under the late-fee policy, billed January to April; M-1 paid 600.00 on March 15 (oldest
// first), M-2 paid 400.00 on March 20 for March, its 125.00 credit spent on April.
export async function billedBooks(t: Tenant, ids: Ids) {
  Object.assign(ids, await receivablesChart(t));
  const { group, unit, invoicesOf } = receivablesKit(() => t, ids);
  ids.quarterly = await group('Quarterly dues', 'QUARTERLY', [
    [ids.house, '600.00', '100.00'],
    [ids.condo, '300.00', '0.00'],
  ]);
  ids.monthly = await group('Monthly dues', 'MONTHLY', [[ids.house, '250.00', '25.00']], {
    lateFee: lateFeePolicy(ids),
  });
  ids.a = await unit('A-1', ids.quarterly, ids.house);
  ids.b = await unit('A-2', ids.quarterly, ids.house);
  ids.c = await unit('C-1', ids.quarterly, ids.condo);
  ids.m1 = await unit('M-1');
  ids.m2 = await unit('M-2');
  for (const month of ['2026-01', '2026-02', '2026-03']) await t.assessmentRun(month);
  ids.ar = (
    await t.ok('{ receivablesSettings { receivableAccount { id } } }')
  ).receivablesSettings.receivableAccount.id;
  await t.payment(ids.m1, '2026-03-15', '600.00', { depositAccountId: ids.cash });
  const [m2mar] = await invoicesOf(ids.m2);
  await t.payment(ids.m2, '2026-03-20', '400.00', {
    method: 'ACH',
    invoiceIds: [m2mar.id],
    depositAccountId: ids.cash,
  });
  await t.assessmentRun('2026-04');
}
