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

// Money as bigint cents (the API's decimal strings), never floats.
const centsOf = (s: string): bigint => {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(s);
  if (!m) throw new Error(`not an amount: "${s}"`);
  const v = BigInt(m[2]) * 100n + BigInt(m[3]);
  return m[1] ? -v : v;
};

const AGED = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;

// Every date a line was posted to the receivable or the Prepaid Assessments account.
export async function receivablesPostingDates(t: Tenant): Promise<string[]> {
  const s = await t.ok('{ receivablesSettings { receivableAccountId prepaidAccountId } }');
  const dates = new Set<string>();
  for (const accountId of [
    s.receivablesSettings.receivableAccountId,
    s.receivablesSettings.prepaidAccountId,
  ]) {
    let after: string | null = null;
    do {
      const page: any = (
        await t.ok(
          `query ($f: JournalLineFilter, $after: String) { journalLines(filter: $f, first: 1000, after: $after) {
            edges { node { date } } pageInfo { hasNextPage endCursor } } }`,
          { f: { accountId }, after },
        )
      ).journalLines;
      for (const e of page.edges) dates.add(e.node.date);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
  }
  return [...dates].sort();
}

// The receivables rules on each date (default: every posting date), in words; empty when they
// hold: the receivable account is never below zero, the aging report totals it, the owners'
// credit it shows is what Prepaid Assessments holds, and no unit owes a negative amount.
export async function receivablesProblems(t: Tenant, dates?: string[]): Promise<string[]> {
  const problems: string[] = [];
  const on = dates ?? (await receivablesPostingDates(t));
  // A few dates per request (aliases), within the API's alias limit.
  for (let k = 0; k < on.length; k += 10) {
    const batch = on.slice(k, k + 10);
    const fields = batch
      .map(
        (_, i) => `d${i}: agingReport(asOf: $d${i}) { receivableBalance prepaidBalance
          totals { total credit } rows { unit { number } buckets { ${AGED.join(' ')} credit total } } }`,
      )
      .join('\n');
    const vars = batch.map((_, i) => `$d${i}: LocalDate!`).join(', ');
    const data = await t.ok(
      `query (${vars}) { ${fields} }`,
      Object.fromEntries(batch.map((d, i) => [`d${i}`, d])),
    );
    batch.forEach((date, i) => {
      const a = data[`d${i}`];
      const ar = centsOf(a.receivableBalance);
      if (ar < 0n) problems.push(`${date}: the receivable account is ${a.receivableBalance}`);
      if (centsOf(a.totals.total) !== ar) {
        problems.push(`${date}: aging totals ${a.totals.total}, the receivable account ${ar}`);
      }
      if (centsOf(a.totals.credit) !== -centsOf(a.prepaidBalance)) {
        problems.push(
          `${date}: aging credit ${a.totals.credit}, Prepaid Assessments ${a.prepaidBalance}`,
        );
      }
      for (const r of a.rows) {
        for (const k of [...AGED, 'total'] as const) {
          if (centsOf(r.buckets[k]) < 0n) {
            problems.push(`${date}: unit ${r.unit.number} owes ${r.buckets[k]} (${k})`);
          }
        }
        if (centsOf(r.buckets.credit) > 0n) {
          problems.push(`${date}: unit ${r.unit.number} has credit ${r.buckets.credit}`);
        }
      }
    });
  }
  return problems;
}
