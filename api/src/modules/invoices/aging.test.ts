/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { billedBooks, receivablesKit } from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

describe('the aging report', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Record<string, string> = {};

  const ok = (query: string, variables?: Record<string, unknown>) => t.ok(query, variables);
  const { unit, balanceOf, invoicesOf } = receivablesKit(() => t, ids);
  const aging = (asOf: string) =>
    ok(
      `query ($asOf: LocalDate!) { agingReport(asOf: $asOf) { receivableBalance prepaidBalance
        totals { current days1to30 days31to60 days61to90 over90 credit total }
        rows { unit { number } buckets { current days1to30 days31to60 days61to90 over90 credit total } } } }`,
      { asOf },
    ).then((d) => d.agingReport);
  const PAY = `mutation ($input: RecordPaymentInput!) { recordPayment(input: $input) {
    id number unapplied applications { invoiceId amount date } } }`;

  // The books: quarterly units A-1, A-2 (house) and C-1 (condo), monthly units M-1 and M-2 under
  // a late-fee policy, billed January to April; M-1 paid 600.00 on March 15 (oldest first), M-2
  // paid 400.00 on March 20 for March, its 125.00 credit spent on April.
  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Maple Ridge HOA');
    await billedBooks(t, ids);
  });
  afterAll(() => app.close());

  it('ties the aging report to the receivable account balance on any date', async () => {
    // An extra overpaying unit, a voided payment and a voided invoice, so every path is on the books.
    ids.x = await unit('X-9');
    const fine = (
      await ok(
        `mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id number total status } }`,
        {
          input: {
            unitId: ids.x,
            issueDate: '2026-02-01',
            dueDate: '2026-02-15',
            memo: 'Fine',
            lines: [{ description: 'Parking fine', accountId: ids.fees, amount: '50.00' }],
          },
        },
      )
    ).createInvoice;
    expect(fine).toMatchObject({ total: '50.00', status: 'OPEN' });
    const over = (
      await ok(PAY, {
        input: {
          unitId: ids.x,
          date: '2026-02-10',
          amount: '80.00',
          method: 'CASH',
          depositAccountId: ids.cash,
        },
      })
    ).recordPayment;
    expect(over.unapplied).toBe('30.00');
    const bounced = (
      await ok(PAY, {
        input: {
          unitId: ids.a,
          date: '2026-02-05',
          amount: '700.00',
          method: 'CHECK',
          depositAccountId: ids.cash,
        },
      })
    ).recordPayment;
    await ok(`mutation ($id: ID!) { voidPayment(id: $id, date: "2026-03-05") { status } }`, {
      id: bounced.id,
    });
    const cInv = (await invoicesOf(ids.c)).find((i: any) => i.period === '2026-Q1');
    await ok(`mutation ($id: ID!) { voidInvoice(id: $id, date: "2026-03-10") { status } }`, {
      id: cInv.id,
    });
    for (const asOf of [
      '2026-01-09',
      '2026-01-31',
      '2026-02-12',
      '2026-03-01',
      '2026-03-07',
      '2026-03-31',
      '2026-06-30',
      '2026-12-31',
    ]) {
      const r = await aging(asOf);
      expect(r.totals.total, asOf).toBe(r.receivableBalance);
      expect(r.receivableBalance, asOf).toBe(await balanceOf(ids.ar, asOf));
      // The owners' credit is not netted in: it equals Prepaid Assessments.
      expect(Number(r.prepaidBalance) + Number(r.totals.credit), asOf).toBe(0);
      expect(Number(r.receivableBalance), asOf).toBeGreaterThanOrEqual(0);
      const sum = (k: string) =>
        r.rows.reduce((s: number, row: any) => s + Math.round(Number(row.buckets[k]) * 100), 0);
      for (const k of [
        'current',
        'days1to30',
        'days31to60',
        'days61to90',
        'over90',
        'credit',
        'total',
      ])
        expect(Math.round(Number(r.totals[k]) * 100), `${asOf} ${k}`).toBe(sum(k));
    }
    const june = await aging('2026-06-30');
    const row = (n: string) => june.rows.find((x: any) => x.unit.number === n)?.buckets;
    // A-1's Q1 invoice (due Jan 10) is 171 days late on June 30 (its bounced check counts for
    // nothing), its Q2 invoice (due Apr 10) 81 days.
    expect(row('A-1')).toMatchObject({ over90: '700.00', days61to90: '700.00', total: '1400.00' });
    expect(row('X-9')).toMatchObject({ credit: '-30.00', total: '0.00' });
    expect(row('C-1')).toMatchObject({ days61to90: '300.00', total: '300.00' });
    // Before it bounced, the check paid A-1's Q1 invoice in full: nothing owed on March 1.
    expect(
      (await aging('2026-03-01')).rows.find((x: any) => x.unit.number === 'A-1'),
    ).toBeUndefined();
  });
});
