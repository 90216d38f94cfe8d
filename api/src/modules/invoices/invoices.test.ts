/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { receivablesKit } from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

type Body = { data?: Record<string, any> | null; errors?: { message: string; extensions: any }[] };
const code = (b: Body) => b.errors?.[0]?.extensions?.code;

describe('invoices and assessment runs', () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;
  const ids: Record<string, string> = {};

  const gql = async (query: string, variables?: Record<string, unknown>, token?: string) =>
    (await t.gql(query, variables, token)).body as Body;
  const ok = (query: string, variables?: Record<string, unknown>) => t.ok(query, variables);
  const { unit, group, balanceOf, invoicesOf } = receivablesKit(() => t, ids);
  const CREATE = `mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id number total status } }`;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Maple Ridge HOA');
    other = await createTenant(app, 'Other HOA');
    ids.cash = await t.account('1010', 'ASSET');
    ids.income = await t.account('4010', 'INCOME');
    ids.special = await t.account('4020', 'INCOME');
    ids.fees = await t.account('4090', 'INCOME');
    ids.expense = await t.account('5010', 'EXPENSE');
    ids.house = await t.propertyType('Single family');
    ids.condo = await t.propertyType('Condo');
    ids.quarterly = await group('Quarterly dues', 'QUARTERLY', [
      [ids.house, '600.00', '100.00'],
      [ids.condo, '300.00', '0.00'],
    ]);
    ids.monthly = await group('Monthly dues', 'MONTHLY', [[ids.house, '250.00', '25.00']]);
    ids.a = await unit('A-1', ids.quarterly, ids.house);
    ids.b = await unit('A-2', ids.quarterly, ids.house);
    ids.c = await unit('C-1', ids.quarterly, ids.condo);
  });
  afterAll(() => app.close());

  it('generates assessment invoices once per unit and period, after a preview that writes nothing', async () => {
    ids.m1 = await unit('M-1');
    ids.m2 = await unit('M-2');
    const preview = (
      await ok(`{ previewAssessmentInvoices(month: "2026-01") { count total alreadyInvoiced
        invoices { unit { number } period dueDate total lines { description amount } } } }`)
    ).previewAssessmentInvoices;
    expect(preview).toMatchObject({ count: 5, total: '2250.00', alreadyInvoiced: 0 });
    expect(preview.invoices.find((i: any) => i.unit.number === 'M-1')).toEqual({
      unit: { number: 'M-1' },
      period: '2026-01',
      dueDate: '2026-01-10',
      total: '275.00',
      lines: [
        { description: 'Regular assessment Jan 2026', amount: '250.00' },
        { description: 'Special assessment Jan 2026', amount: '25.00' },
      ],
    });
    expect(await invoicesOf(ids.m1)).toEqual([]);
    const run = `mutation ($m: String!) { generateAssessmentInvoices(month: $m) { created skipped total } }`;
    expect((await ok(run, { m: '2026-01' })).generateAssessmentInvoices).toEqual({
      created: 5,
      skipped: 0,
      total: '2250.00',
    });
    expect((await ok(run, { m: '2026-01' })).generateAssessmentInvoices).toEqual({
      created: 0,
      skipped: 5,
      total: '0.00',
    });
    // February: only the monthly group bills; quarterly groups wait for April.
    expect((await ok(run, { m: '2026-02' })).generateAssessmentInvoices).toMatchObject({
      created: 2,
    });
    expect((await ok(run, { m: '2026-03' })).generateAssessmentInvoices).toMatchObject({
      created: 2,
    });
    expect((await invoicesOf(ids.a)).map((i: any) => i.period)).toEqual(['2026-Q1']);
    expect((await invoicesOf(ids.m1)).map((i: any) => i.period)).toEqual([
      '2026-03',
      '2026-02',
      '2026-01',
    ]);
    const settings = (await ok('{ receivablesSettings { receivableAccount { id number name } } }'))
      .receivablesSettings;
    ids.ar = settings.receivableAccount.id;
    expect(settings.receivableAccount).toMatchObject({
      number: '1200',
      name: 'Assessments Receivable',
    });
    expect(await balanceOf(ids.ar, '2026-03-31')).toBe('3350.00');
    expect(await balanceOf(ids.income, '2026-03-31')).toBe('3000.00');
    expect(code(await gql(run.replace('$m', '$m'), { m: '2026-13' }))).toBe('BAD_USER_INPUT');
  });

  it('counts every match of a list across pages, and names the payment of each application', async () => {
    await t.payment(ids.m1, '2026-03-15', '600.00', {
      reference: '1042',
      depositAccountId: ids.cash,
    });
    const [, , jan] = await invoicesOf(ids.m1);
    const paidBy = (
      await ok(
        `query ($id: ID!) { invoice(id: $id) { payments { amount payment { number method reference } } } }`,
        { id: jan.id },
      )
    ).invoice.payments;
    expect(paidBy).toEqual([
      {
        amount: '275.00',
        payment: { number: expect.any(Number), method: 'CHECK', reference: '1042' },
      },
    ]);
    // totalCount is every match of the filter, whatever the page size or cursor.
    const count = async (query: string, variables: Record<string, unknown> = {}) => {
      const d = await ok(query, variables);
      return Object.values(d)[0] as { totalCount: number; edges: unknown[]; pageInfo: any };
    };
    const all = await count('{ invoices(first: 200) { totalCount edges { cursor } } }');
    expect(all.totalCount).toBe(all.edges.length);
    const first = await count(
      '{ invoices(first: 2) { totalCount edges { cursor } pageInfo { endCursor hasNextPage } } }',
    );
    expect(first.totalCount).toBe(all.totalCount);
    expect(first.edges).toHaveLength(2);
    const next = await count(
      'query ($a: String) { invoices(first: 2, after: $a) { totalCount edges { cursor } } }',
      { a: first.pageInfo.endCursor },
    );
    expect(next.totalCount).toBe(all.totalCount);
    const m1 = await count(
      'query ($u: ID!) { invoices(filter: { unitId: $u }, first: 1) { totalCount } }',
      { u: ids.m1 },
    );
    expect(m1.totalCount).toBe((await invoicesOf(ids.m1)).length);
    const paid = await count('{ invoices(filter: { status: PAID }, first: 1) { totalCount } }');
    expect(paid.totalCount).toBe(
      (await invoicesOf(ids.m1)).filter((i: any) => i.status === 'PAID').length +
        (await invoicesOf(ids.m2)).filter((i: any) => i.status === 'PAID').length,
    );
    // Page sizes out of range are refused with the field named, not silently cut (the ledger's
    // lists too).
    for (const q of [
      '{ invoices(first: 0) { totalCount } }',
      '{ journalEntries(first: 201) { totalCount } }',
      '{ journalLines(first: 1001) { totalCount } }',
    ]) {
      const res = await gql(q);
      expect(code(res)).toBe('BAD_USER_INPUT');
      expect(res.errors![0].extensions.details[0].field).toBe('first');
    }
    const bad = await gql('{ invoices(first: 2, after: "bm90IGEgY3Vyc29y") { totalCount } }');
    expect(bad.errors![0].extensions.details).toEqual([{ field: 'after', message: 'Bad cursor' }]);
  });

  it('creates a one-off invoice after field checks, and voids it once', async () => {
    const fine = (
      await ok(CREATE, {
        input: {
          unitId: ids.c,
          issueDate: '2026-02-01',
          dueDate: '2026-02-15',
          memo: 'Fine',
          lines: [{ description: 'Parking fine', accountId: ids.fees, amount: '50.00' }],
        },
      })
    ).createInvoice;
    expect(fine).toMatchObject({ total: '50.00', status: 'OPEN' });
    const bad = await gql(CREATE, {
      input: {
        unitId: ids.c,
        issueDate: '2026-02-01',
        dueDate: '2026-02-15',
        lines: [{ description: ' ', accountId: ids.fees, amount: '0.00' }],
      },
    });
    expect(code(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors![0].extensions.details).toEqual([
      { field: 'lines.0.description', message: 'Describe the charge' },
      { field: 'lines.0.amount', message: 'Amounts must be positive' },
    ]);
    const none = await gql(CREATE, {
      input: { unitId: ids.c, issueDate: '2026-02-01', dueDate: '2026-02-15', lines: [] },
    });
    expect(none.errors![0].extensions.details).toEqual([
      { field: 'lines', message: 'An invoice needs at least one line' },
    ]);
    const early = await gql(CREATE, {
      input: {
        unitId: ids.c,
        issueDate: '2026-02-01',
        dueDate: '2026-01-15',
        lines: [{ description: 'Fine', accountId: ids.fees, amount: '5.00' }],
      },
    });
    expect(early.errors![0].extensions.details).toEqual([
      { field: 'dueDate', message: 'The due date cannot be before the issue date' },
    ]);
    const expense = await gql(CREATE, {
      input: {
        unitId: ids.c,
        issueDate: '2026-02-01',
        dueDate: '2026-02-15',
        lines: [{ description: 'Fine', accountId: ids.expense, amount: '5.00' }],
      },
    });
    expect(expense.errors![0].extensions.details).toEqual([
      {
        field: 'lines.0.accountId',
        message: 'Choose an income account (or another non-expense account)',
      },
    ]);
    const VOID = `mutation ($id: ID!) { voidInvoice(id: $id, date: "2026-02-20") { status balance } }`;
    expect((await ok(VOID, { id: fine.id })).voidInvoice).toEqual({
      status: 'VOID',
      balance: '0.00',
    });
    expect(code(await gql(VOID, { id: fine.id }))).toBe('CONFLICT');
  });

  it("answers NOT_FOUND for another association's invoices and units", async () => {
    const [inv] = await invoicesOf(ids.m1);
    const probes: [string, Record<string, unknown>][] = [
      [`query ($id: ID!) { invoice(id: $id) { id } }`, { id: inv.id }],
      [`mutation ($id: ID!) { voidInvoice(id: $id) { id } }`, { id: inv.id }],
      [
        `query ($id: ID!) { invoices(filter: { unitId: $id }) { edges { node { id } } } }`,
        { id: ids.m1 },
      ],
    ];
    for (const [q, v] of probes) {
      const res = await gql(q, v, other.admin);
      expect(code(res), q).toBe('NOT_FOUND');
    }
    // The other association sees none of this one's invoices.
    const list = (await other.ok('{ invoices { edges { node { id } } } }', {})).invoices.edges;
    expect(list).toEqual([]);
  });
});
