/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_NUMBERS_FROM_1001 } from '../../../../tenant-migrations/015_numeric_opening_equity_payment_numbers.js';
import { withClient, withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

type Body = { data?: Record<string, any> | null; errors?: { message: string; extensions: any }[] };
const code = (b: Body) => b.errors?.[0]?.extensions?.code;

describe('payments', () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;
  const ids: Record<string, string> = {};

  const gql = async (query: string, variables?: Record<string, unknown>, token?: string) =>
    (await t.gql(query, variables, token)).body as Body;
  const ok = (query: string, variables?: Record<string, unknown>) => t.ok(query, variables);
  const PAY = `mutation ($input: RecordPaymentInput!) { recordPayment(input: $input) {
    id number unapplied applications { invoiceId amount date } } }`;
  const invoicesOf = async (unitId: string) =>
    (
      await ok(
        `query ($u: ID!) { invoices(filter: { unitId: $u }, first: 100) { edges { node {
          id number kind period total paid balance status dueDate issueDate } } } }`,
        { u: unitId },
      )
    ).invoices.edges.map((e: any) => e.node);

  // Two monthly units billed January to March (275.00 a month each).
  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Maple Ridge HOA');
    other = await createTenant(app, 'Other HOA');
    ids.cash = await t.account('1010', 'ASSET');
    ids.income = await t.account('4010', 'INCOME');
    ids.special = await t.account('4020', 'INCOME');
    ids.house = await t.propertyType('Single family');
    ids.monthly = await t.group({
      name: 'Monthly dues',
      dueDay: 10,
      regularIncomeAccountId: ids.income,
      specialIncomeAccountId: ids.special,
      rates: [{ propertyTypeId: ids.house, regular: '250.00', special: '25.00' }],
    });
    const unit = { groupId: ids.monthly, propertyTypeId: ids.house };
    ids.m1 = await t.unit('M-1', unit);
    ids.m2 = await t.unit('M-2', unit);
    for (const month of ['2026-01', '2026-02', '2026-03']) await t.assessmentRun(month);
  });
  afterAll(() => app.close());

  it('applies a payment oldest first, keeps an overpayment as credit and spends it on the next invoice', async () => {
    const p = (
      await ok(PAY, {
        input: {
          unitId: ids.m1,
          date: '2026-03-15',
          amount: '600.00',
          method: 'CHECK',
          reference: '1042',
          depositAccountId: ids.cash,
        },
      })
    ).recordPayment;
    // Numbered from 1001, like invoices and journal entries.
    expect(p.number).toBe(1001);
    const [mar, feb, jan] = await invoicesOf(ids.m1);
    expect(p.applications).toEqual([
      { invoiceId: jan.id, amount: '275.00', date: '2026-03-15' },
      { invoiceId: feb.id, amount: '275.00', date: '2026-03-15' },
      { invoiceId: mar.id, amount: '50.00', date: '2026-03-15' },
    ]);
    expect(p.unapplied).toBe('0.00');
    expect([jan.status, feb.status, mar.status]).toEqual(['PAID', 'PAID', 'PARTIAL']);
    expect(mar.balance).toBe('225.00');
    // Chosen invoices, in the order given; the rest is credit.
    const [m2mar, , m2jan] = await invoicesOf(ids.m2);
    const q = (
      await ok(PAY, {
        input: {
          unitId: ids.m2,
          date: '2026-03-20',
          amount: '400.00',
          method: 'ACH',
          invoiceIds: [m2mar.id],
          depositAccountId: ids.cash,
        },
      })
    ).recordPayment;
    expect(q.applications).toEqual([{ invoiceId: m2mar.id, amount: '275.00', date: '2026-03-20' }]);
    expect(q.unapplied).toBe('125.00');
    const u = (
      await ok(`query ($id: ID!) { unit(id: $id) { balanceDue credit invoiceCount } }`, {
        id: ids.m2,
      })
    ).unit;
    expect(u).toEqual({ balanceDue: '550.00', credit: '125.00', invoiceCount: 3 });
    expect((await invoicesOf(ids.m2)).find((i: any) => i.id === m2jan.id).status).toBe('OPEN');
    // The next invoice takes the credit.
    await ok(`mutation ($m: String!) { generateAssessmentInvoices(month: $m) { created } }`, {
      m: '2026-04',
    });
    const apr = (await invoicesOf(ids.m2))[0];
    expect(apr).toMatchObject({
      period: '2026-04',
      total: '275.00',
      paid: '125.00',
      balance: '150.00',
      status: 'PARTIAL',
    });
    expect(
      (await ok(`query ($id: ID!) { unit(id: $id) { credit } }`, { id: ids.m2 })).unit.credit,
    ).toBe('0.00');
    // Another unit's invoice cannot be paid from this unit.
    const wrong = await gql(PAY, {
      input: {
        unitId: ids.m1,
        date: '2026-03-20',
        amount: '10.00',
        method: 'CASH',
        invoiceIds: [m2jan.id],
        depositAccountId: ids.cash,
      },
    });
    expect(code(wrong)).toBe('NOT_FOUND');
    expect(wrong.errors![0].extensions.details).toEqual([
      { field: 'invoiceIds.0', message: 'Invoice not found' },
    ]);
  });

  it('counts every match of the list, and refuses page sizes out of range', async () => {
    const payments = (
      await ok('query ($u: ID!) { payments(filter: { unitId: $u }, first: 1) { totalCount } }', {
        u: ids.m2,
      })
    ).payments;
    expect(payments.totalCount).toBe(1);
    const page = (
      await ok(
        '{ payments(first: 1) { totalCount edges { node { number } } pageInfo { endCursor } } }',
      )
    ).payments;
    expect(page.totalCount).toBe(2);
    const rest = (
      await ok(
        'query ($a: String) { payments(first: 1, after: $a) { edges { node { number } } pageInfo { hasNextPage } } }',
        {
          a: page.pageInfo.endCursor,
        },
      )
    ).payments;
    expect(rest.edges.map((e: any) => e.node.number)).not.toContain(page.edges[0].node.number);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const res = await gql('{ payments(first: 201) { totalCount } }');
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(res.errors![0].extensions.details[0].field).toBe('first');
  });

  it('voids a payment once: the invoices it paid open again', async () => {
    const id = await t.payment(ids.m1, '2026-04-12', '275.00', { depositAccountId: ids.cash });
    const VOID = `mutation ($id: ID!, $date: LocalDate) { voidPayment(id: $id, date: $date) { status unapplied } }`;
    const early = await gql(VOID, { id, date: '2026-04-01' });
    expect(early.errors![0].extensions.details).toEqual([
      { field: 'date', message: 'The void date cannot be before the payment date' },
    ]);
    expect((await ok(VOID, { id, date: '2026-04-15' })).voidPayment).toEqual({
      status: 'VOID',
      unapplied: '0.00',
    });
    expect(code(await gql(VOID, { id, date: '2026-04-15' }))).toBe('CONFLICT');
    const [apr] = await invoicesOf(ids.m1);
    expect(apr).toMatchObject({ period: '2026-04', status: 'OPEN', balance: '275.00' });
  });

  it("answers NOT_FOUND for another association's payments and units", async () => {
    const pmt = (await ok('{ payments(first: 1) { edges { node { id } } } }')).payments.edges[0]
      .node.id;
    const probes: [string, Record<string, unknown>][] = [
      [`query ($id: ID!) { payment(id: $id) { id } }`, { id: pmt }],
      [`mutation ($id: ID!) { voidPayment(id: $id) { id } }`, { id: pmt }],
      [
        `mutation ($id: ID!) { recordPayment(input: { unitId: $id, date: "2026-01-01", amount: "1.00", method: CASH }) { id } }`,
        { id: ids.m1 },
      ],
      [`query ($id: ID!) { payments(filter: { unitId: $id }) { totalCount } }`, { id: ids.m1 }],
    ];
    for (const [q, v] of probes) {
      const res = await gql(q, v, other.admin);
      expect(code(res), q).toBe('NOT_FOUND');
    }
  });

  it('refuses bad input with per-field details and writes nothing', async () => {
    const pay = await gql(PAY, {
      input: {
        unitId: ids.m1,
        date: '2026-03-01',
        amount: '0.00',
        method: 'CASH',
        depositAccountId: ids.cash,
      },
    });
    expect(pay.errors![0].extensions.details).toEqual([
      { field: 'amount', message: 'The amount must be positive' },
    ]);
    const twice = await gql(PAY, {
      input: {
        unitId: ids.m1,
        date: '2026-03-01',
        amount: '1.00',
        method: 'CASH',
        reference: 'x'.repeat(101),
        invoiceIds: [ids.m1, ids.m1],
        depositAccountId: ids.cash,
      },
    });
    expect(twice.errors![0].extensions.details).toEqual([
      { field: 'reference', message: 'At most 100 characters' },
      { field: 'invoiceIds', message: 'An invoice is listed twice' },
    ]);
    const income = await gql(PAY, {
      input: {
        unitId: ids.m1,
        date: '2026-03-01',
        amount: '1.00',
        method: 'CASH',
        depositAccountId: ids.income,
      },
    });
    expect(income.errors![0].extensions.details).toEqual([
      { field: 'depositAccountId', message: 'Choose an asset (cash) account' },
    ]);
    expect((await ok('{ payments { totalCount } }')).payments.totalCount).toBe(3);
  });

  // Books from before numbered payments from 1: the migration starts them at 1001 only where
  // there are none yet, since a payment's number is in the memos of its posted entries.
  // A reference that repeats the method ("Check 3512") is said once, on the unit's ledger and in
  // the journal's memo alike.
  it('puts a payment in words once, whatever its reference repeats', async () => {
    const unit = await t.unit('W-1', { groupId: ids.monthly, propertyTypeId: ids.house });
    const paid: [string, string | null][] = [
      ['CHECK', 'Check 3512'],
      ['CHECK', 'chk #3513'],
      ['ACH', 'Autopay'],
      ['ACH', 'ACH ref 88812'],
      ['CARD', 'Card 4242'],
      ['CASH', null],
      ['OTHER', 'Zelle'],
    ];
    const journal: string[] = [];
    for (const [k, [method, reference]] of paid.entries()) {
      const p = await ok(
        `mutation ($input: RecordPaymentInput!) { recordPayment(input: $input) { number journalEntryId } }`,
        {
          input: {
            unitId: unit,
            date: `2026-05-0${k + 1}`,
            amount: '10.00',
            method,
            reference,
            depositAccountId: ids.cash,
          },
        },
      );
      const { journalEntry } = await ok(`query ($id: ID!) { journalEntry(id: $id) { memo } }`, {
        id: p.recordPayment.journalEntryId,
      });
      journal.push(journalEntry.memo.replace(`PMT-${p.recordPayment.number} `, ''));
    }
    const { unitLedger } = await ok(
      `query ($id: ID!) { unitLedger(unitId: $id) { kind description } }`,
      { id: unit },
    );
    const said = [
      'check 3512',
      'check 3513',
      'ACH (Autopay)',
      'ACH ref 88812',
      'card ref 4242',
      'cash',
      'Zelle',
    ];
    expect(
      unitLedger.filter((r: any) => r.kind === 'PAYMENT').map((r: any) => r.description),
    ).toEqual(said.map((w) => `Payment — ${w}`));
    expect(journal).toEqual(said.map((w) => `Unit W-1 — ${w}`));
  });

  it('starts payment numbers at 1001 in the migration only for books without payments', async () => {
    const url = (x: Tenant) => withDatabase(app.services.clusterUrl('default'), x.org.dbName);
    const numbers = await withClient(url(t), async (c) => {
      await c.query(`SELECT setval('payment_number_seq', 7)`);
      await c.query(PAYMENT_NUMBERS_FROM_1001);
      return (await c.query<{ n: string }>(`SELECT nextval('payment_number_seq') AS n`)).rows;
    });
    expect(numbers).toEqual([{ n: '8' }]);
    const empty = await withClient(url(other), async (c) => {
      await c.query(`ALTER SEQUENCE payment_number_seq START WITH 1 RESTART WITH 1`);
      await c.query(PAYMENT_NUMBERS_FROM_1001);
      return (await c.query<{ n: string }>(`SELECT nextval('payment_number_seq') AS n`)).rows;
    });
    expect(empty).toEqual([{ n: '1001' }]);
  });
});
