/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { receivablesChart, receivablesKit, type Ids } from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

// The unit ledger a page at a time: read in pages of any size, it is the same ledger, row for
// row and balance for balance, as read in one page.
describe('unit ledger pages', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Ids = {};
  const LEDGER = `query ($id: ID!, $first: Int!, $after: String) {
    unitLedger(unitId: $id, first: $first, after: $after) {
      date kind reference charge payment balance cursor } }`;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
    Object.assign(ids, await receivablesChart(t));
    const kit = receivablesKit(() => t, ids);
    ids.monthly = await kit.group('Monthly dues', 'MONTHLY', [[ids.house, '250.00', '0.00']]);
    ids.unit = await kit.unit('P-1');
    // Four invoices and four payments, two of them on the same day as an invoice: rows that
    // share a date are still in one order.
    for (const month of ['01', '02', '03', '04']) await t.assessmentRun(`2026-${month}`);
    for (const [date, amount] of [
      ['2026-01-10', '250.00'],
      ['2026-02-01', '100.00'],
      ['2026-03-01', '300.00'],
      ['2026-03-20', '99.99'],
    ]) {
      await t.payment(ids.unit, date, amount, { depositAccountId: ids.cash });
    }
  });
  afterAll(() => app?.close());

  const page = async (first: number, after?: string) =>
    (await t.ok(LEDGER, { id: ids.unit, first, after })).unitLedger as any[];

  it('reads the same rows and running balances in pages of 3 as in one page', async () => {
    const whole = await page(1000);
    expect(whole).toHaveLength(8);
    expect(whole.at(-1).balance).toBe('250.01');
    const paged: any[] = [];
    let after: string | undefined;
    for (;;) {
      const rows = await page(3, after);
      paged.push(...rows);
      if (rows.length < 3) break;
      after = rows.at(-1).cursor;
    }
    expect(paged).toEqual(whole);
    // The page after the last row is empty.
    expect(await page(3, whole.at(-1).cursor)).toEqual([]);
  });

  it('answers 500 rows at most when `first` is left out, and refuses a cursor it did not make', async () => {
    const res = await t.ok(`query ($id: ID!) { unitLedger(unitId: $id) { reference } }`, {
      id: ids.unit,
    });
    expect(res.unitLedger).toHaveLength(8);
    const schema = await t.ok(
      `{ __type(name: "Query") { fields { name args { name defaultValue } } } }`,
    );
    const field = schema.__type.fields.find((f: any) => f.name === 'unitLedger');
    expect(field.args).toEqual(expect.arrayContaining([{ name: 'first', defaultValue: '500' }]));
    const bad = await t.gql(LEDGER, { id: ids.unit, first: 3, after: 'not-a-cursor' });
    expect(bad.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'after', message: 'Invalid cursor' }],
    });
  });

  it('describes payments by their method and reference, and voids by what they void', async () => {
    const unit = await receivablesKit(() => t, ids).unit('P-2');
    const pay = (date: string, opts: Record<string, string>) =>
      t.payment(unit, date, '10.00', { depositAccountId: ids.cash, ...opts });
    // An invoice voided before any payment (a payment's credit would pay it).
    const invoice = await t.invoice(unit, '2026-04-20', [[ids.income, '25.00']]);
    const { voidInvoice } = await t.ok(
      `mutation ($id: ID!) { voidInvoice(id: $id, date: "2026-04-21") { number } }`,
      { id: invoice },
    );
    await pay('2026-05-01', { method: 'CHECK', reference: '2210' });
    await pay('2026-05-02', { method: 'ACH', reference: '88812', memo: 'March dues' });
    await pay('2026-05-03', { method: 'CASH' });
    const other = await pay('2026-05-04', { method: 'OTHER' });
    const { voidPayment } = await t.ok(
      `mutation ($id: ID!) { voidPayment(id: $id, date: "2026-05-05") { number } }`,
      { id: other },
    );
    const rows = (
      await t.ok(`query ($id: ID!) { unitLedger(unitId: $id) { kind reference description } }`, {
        id: unit,
      })
    ).unitLedger.map((r: any) => [r.kind, r.description]);
    expect(rows).toEqual([
      ['INVOICE', null],
      ['VOID_INVOICE', `Void of INV-${voidInvoice.number}`],
      ['PAYMENT', 'Payment — check 2210'],
      ['PAYMENT', 'Payment — ACH ref 88812 · March dues'],
      ['PAYMENT', 'Payment — cash'],
      ['PAYMENT', 'Payment'],
      ['VOID_PAYMENT', `Void of PMT-${voidPayment.number}`],
    ]);
  });
});
