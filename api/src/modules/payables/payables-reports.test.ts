import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { checkLedger } from '../journal/ledger-check.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

const CREATE_BILL = `mutation ($input: CreateBillInput!) { createBill(input: $input) { id number } }`;
const RUN = `mutation ($input: CreatePaymentRunInput!) { createPaymentRun(input: $input) {
  payments { id number checkNumber journalEntryId vendor { name } } } }`;
const VOID_PAYMENT = `mutation ($id: ID!, $date: LocalDate!, $reason: String!) {
  voidBillPayment(id: $id, date: $date, reason: $reason) { id status } }`;
const VOID_BILL = `mutation ($id: ID!, $date: LocalDate!, $reason: String!) {
  voidBill(id: $id, date: $date, reason: $reason) { id status } }`;
const AGING = `query ($asOf: LocalDate) { payablesAging(asOf: $asOf) {
  asOf payableAccountId controlBalance ties
  totals { current days30 days60 days90 total billCount }
  rows { vendor { name } current days30 days60 days90 total billCount } } }`;
const BALANCE = `query ($asOf: LocalDate) { accountBalances(asOf: $asOf) { accountId balance } }`;
const REGISTER = `query ($from: LocalDate!, $to: LocalDate!, $bank: ID) {
  checkRegister(from: $from, to: $to, bankAccountId: $bank) {
    paymentId number date method checkNumber payee amount status voidDate cleared memo
    bankAccountId vendor { name } } }`;
const LEDGER = `query ($vendorId: ID!, $from: LocalDate!, $to: LocalDate!) {
  vendorLedger(vendorId: $vendorId, from: $from, to: $to) { vendor { name } from to opening closing
    rows { date kind reference memo charges payments balance billId paymentId } } }`;
const CASH = `query ($asOf: LocalDate) { cashRequirements(asOf: $asOf) { asOf overdue total
  buckets { label from through amount approved pending rejected billCount } } }`;
const FORECAST = `{ cashForecast(fund: ALL, months: 3) { months { month bills expenses closing opening } assumptions } }`;

// The books (2026; today 2026-03-20). Bills B1–B8 as below, payments P1–P3:
//   B1 Green Lawn   2026-01-10 due 02-09  1,000.00  Landscaping
//   B2 Green Lawn   2026-02-01 due 03-03    500.00  Landscaping
//   B3 Roof Pros    2026-01-20 due 01-30  2,000.00  Roofing (reserve fund)
//   B4 City Water   2026-03-01 due 03-31    300.00  Water
//   B5 City Water   2026-02-10 due 02-20    150.00  voided 02-25
//   P1 ACH    2026-02-15: 600.00 of B1
//   P2 check  2026-03-05: 400.00 of B1 + 500.00 of B2 (check 1001), voided 03-20
//   P3 card   2026-03-10: 2,000.00 of B3 (from reserve cash)
// With the approval policy set (above 1,000.00: one approval) after them:
//   B6 City Water   2026-03-15 due 04-30    250.00
//   B7 Roof Pros    2026-03-15 due 06-10  5,000.00  pending
//   B8 Green Lawn   2026-03-16 due 08-01  1,500.00  rejected
describe('payables reports', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const a: Record<string, string> = {};
  const v: Record<string, string> = {};
  const b: Record<string, string> = {};
  const p: Record<string, any> = {};

  const bill = async (
    vendorId: string,
    billDate: string,
    dueDate: string,
    accountId: string,
    amount: string,
  ) =>
    (
      await t.ok(CREATE_BILL, {
        input: { vendorId, billDate, dueDate, lines: [{ accountId, amount }] },
      })
    ).createBill.id as string;
  const run = async (
    method: string,
    date: string,
    bankAccountId: string,
    items: [string, string][],
  ) =>
    (
      await t.ok(RUN, {
        input: {
          bankAccountId,
          method,
          date,
          payThrough: '2026-12-31',
          items: items.map(([billId, amount]) => ({ billId, amount })),
        },
      })
    ).createPaymentRun.payments;
  const aging = async (asOf: string) => (await t.ok(AGING, { asOf })).payablesAging;

  beforeAll(async () => {
    setClock(() => new Date('2026-03-20T16:00:00Z'));
    app = await startTestApp();
    [t, o] = await Promise.all([createTenant(app, 'Payables HOA'), createTenant(app, 'Other')]);
    a.bank = await t.account('1010', 'ASSET', {
      name: 'Operating Checking',
      initialBalance: '50000.00',
      openingDate: '2025-12-31',
    });
    a.rbank = await t.account('1510', 'ASSET', {
      name: 'Reserve Savings',
      fundType: 'RESERVE',
      initialBalance: '80000.00',
      openingDate: '2025-12-31',
    });
    await t.account('3010', 'EQUITY');
    a.lawn = await t.account('5100', 'EXPENSE', { name: 'Landscaping' });
    a.water = await t.account('5300', 'EXPENSE', { name: 'Water' });
    a.roof = await t.account('6500', 'EXPENSE', { name: 'Roofing', fundType: 'RESERVE' });
    await t.ok(
      `mutation ($input: SetBankAccountInput!) { setBankAccount(input: $input) { accountId } }`,
      { input: { accountId: a.bank, institution: 'First Bank', maskedNumber: '4821' } },
    );
    v.green = await t.vendor('Green Lawn Co', { is1099: true, taxId: '12-3456789' });
    v.roof = await t.vendor('Roof Pros LLC', { is1099: true });
    v.water = await t.vendor('City Water');

    b.b1 = await bill(v.green, '2026-01-10', '2026-02-09', a.lawn, '1000.00');
    b.b2 = await bill(v.green, '2026-02-01', '2026-03-03', a.lawn, '500.00');
    b.b3 = await bill(v.roof, '2026-01-20', '2026-01-30', a.roof, '2000.00');
    b.b4 = await bill(v.water, '2026-03-01', '2026-03-31', a.water, '300.00');
    b.b5 = await bill(v.water, '2026-02-10', '2026-02-20', a.water, '150.00');
    await t.ok(VOID_BILL, { id: b.b5, date: '2026-02-25', reason: 'Billed twice' });
    [p.p1] = await run('ACH', '2026-02-15', a.bank, [[b.b1, '600.00']]);
    [p.p2] = await run('CHECK', '2026-03-05', a.bank, [
      [b.b1, '400.00'],
      [b.b2, '500.00'],
    ]);
    [p.p3] = await run('CARD', '2026-03-10', a.rbank, [[b.b3, '2000.00']]);
    await t.ok(VOID_PAYMENT, { id: p.p2.id, date: '2026-03-20', reason: 'Check lost in the mail' });

    await t.ok(
      `mutation ($input: PayablesSettingsInput!) { updatePayablesSettings(input: $input) { approvalsRequired } }`,
      { input: { approvalThreshold: '1000.00', approvalsRequired: 1 } },
    );
    const me = (await t.ok('{ me { user { id } } }', {}, t.user)).me.user.id;
    await t.ok(
      `mutation ($userId: ID!) { setBoardSeat(userId: $userId, title: TREASURER) { userId } }`,
      { userId: me },
    );
    b.b6 = await bill(v.water, '2026-03-15', '2026-04-30', a.water, '250.00');
    b.b7 = await bill(v.roof, '2026-03-15', '2026-06-10', a.roof, '5000.00');
    b.b8 = await bill(v.green, '2026-03-16', '2026-08-01', a.lawn, '1500.00');
    await t.ok(
      `mutation ($id: ID!) { rejectBill(id: $id, comment: "Not what we ordered") { approval } }`,
      { id: b.b8 },
      t.user,
    );
  }, 120_000);
  afterAll(async () => {
    setClock();
    await app?.close();
  });

  it('ages the bills as the books stood on each date, tying to Accounts Payable', async () => {
    const row = (r: any) => [r.vendor.name, r.current, r.days30, r.days60, r.days90, r.billCount];
    const expected: Record<string, [string, string[][]]> = {
      // Before any payment: B1 not yet due, B3 one day past due.
      '2026-01-31': [
        '3000.00',
        [
          ['Green Lawn Co', '1000.00', '0.00', '0.00', '0.00', 1],
          ['Roof Pros LLC', '0.00', '2000.00', '0.00', '0.00', 1],
        ] as any,
      ],
      // The day before P1, and its day (B1 400.00 left); B5 is standing until its void.
      '2026-02-14': [
        '3650.00',
        [
          ['City Water', '150.00', '0.00', '0.00', '0.00', 1],
          ['Green Lawn Co', '500.00', '1000.00', '0.00', '0.00', 2],
          ['Roof Pros LLC', '0.00', '2000.00', '0.00', '0.00', 1],
        ] as any,
      ],
      '2026-02-15': [
        '3050.00',
        [
          ['City Water', '150.00', '0.00', '0.00', '0.00', 1],
          ['Green Lawn Co', '500.00', '400.00', '0.00', '0.00', 2],
          ['Roof Pros LLC', '0.00', '2000.00', '0.00', '0.00', 1],
        ] as any,
      ],
      // After B5's void.
      '2026-02-28': [
        '2900.00',
        [
          ['Green Lawn Co', '500.00', '400.00', '0.00', '0.00', 2],
          ['Roof Pros LLC', '0.00', '2000.00', '0.00', '0.00', 1],
        ] as any,
      ],
      // P2 paid B1 and B2 in full; B3 is 34 days past due.
      '2026-03-05': [
        '2300.00',
        [
          ['City Water', '300.00', '0.00', '0.00', '0.00', 1],
          ['Roof Pros LLC', '0.00', '0.00', '2000.00', '0.00', 1],
        ] as any,
      ],
      '2026-03-10': ['300.00', [['City Water', '300.00', '0.00', '0.00', '0.00', 1]] as any],
      // The day before P2's void, and its day: B1 and B2 open again.
      '2026-03-19': [
        '7050.00',
        [
          ['City Water', '550.00', '0.00', '0.00', '0.00', 2],
          ['Green Lawn Co', '1500.00', '0.00', '0.00', '0.00', 1],
          ['Roof Pros LLC', '5000.00', '0.00', '0.00', '0.00', 1],
        ] as any,
      ],
      '2026-03-20': [
        '7950.00',
        [
          ['City Water', '550.00', '0.00', '0.00', '0.00', 2],
          ['Green Lawn Co', '1500.00', '500.00', '400.00', '0.00', 3],
          ['Roof Pros LLC', '5000.00', '0.00', '0.00', '0.00', 1],
        ] as any,
      ],
      // B1 is 65 days past due: the last column (over 60).
      '2026-04-15': [
        '7950.00',
        [
          ['City Water', '250.00', '300.00', '0.00', '0.00', 2],
          ['Green Lawn Co', '1500.00', '0.00', '500.00', '400.00', 3],
          ['Roof Pros LLC', '5000.00', '0.00', '0.00', '0.00', 1],
        ] as any,
      ],
    };
    let payable: string | null = null;
    for (const [asOf, [total, rows]] of Object.entries(expected)) {
      const r = await aging(asOf);
      expect(r.rows.map(row), asOf).toEqual(rows);
      expect(r.totals.total, asOf).toBe(total);
      // The totals add the rows up, and the buckets add up to the total.
      const cents = (m: string) => BigInt(m.replace('.', ''));
      for (const k of ['current', 'days30', 'days60', 'days90', 'total'] as const) {
        const sum = r.rows.reduce((s: bigint, x: any) => s + cents(x[k]), 0n);
        expect(cents(r.totals[k]), `${asOf} ${k}`).toBe(sum);
      }
      // The control account's balance, read from the ledger apart from the report.
      payable = r.payableAccountId;
      const ledger = (await t.ok(BALANCE, { asOf })).accountBalances.find(
        (x: any) => x.accountId === payable,
      );
      expect(r.controlBalance, asOf).toBe(ledger?.balance ?? '0.00');
      expect(r.controlBalance, asOf).toBe(total);
      expect(r.ties, asOf).toBe(true);
    }
    // Before the first bill: nothing owed, and it ties.
    expect(await aging('2025-12-31')).toMatchObject({
      rows: [],
      totals: { total: '0.00', billCount: 0 },
      controlBalance: '0.00',
      ties: true,
    });
    // Without a date: the association's today.
    expect((await t.ok(`{ payablesAging { asOf totals { total } } }`)).payablesAging).toEqual({
      asOf: '2026-03-20',
      totals: { total: '7950.00' },
    });
    // The ledger check finds Accounts Payable equal to the bills' open balances.
    const check = await checkLedger(withDatabase(app.services.clusterUrl('default'), t.org.dbName));
    expect(check.controlDifferences).toEqual([]);
    expect(check.controlAccountsChecked.some((c: string) => /\(payable\)/.test(c))).toBe(true);
  });

  it('lists the vendor payments of a period, void and card ones too, by bank account', async () => {
    const all = (await t.ok(REGISTER, { from: '2026-02-01', to: '2026-03-31' })).checkRegister;
    expect(
      all.map((r: any) => [
        r.date,
        r.method,
        r.checkNumber,
        r.payee,
        r.amount,
        r.status,
        r.voidDate,
        r.cleared,
      ]),
    ).toEqual([
      ['2026-02-15', 'ACH', null, 'Green Lawn Co', '600.00', 'POSTED', null, false],
      ['2026-03-05', 'CHECK', '1001', 'Green Lawn Co', '900.00', 'VOID', '2026-03-20', false],
      ['2026-03-10', 'CARD', null, 'Roof Pros LLC', '2000.00', 'POSTED', null, false],
    ]);
    expect(all[0]).toMatchObject({ paymentId: p.p1.id, bankAccountId: a.bank });
    expect(all[2]).toMatchObject({ vendor: { name: 'Roof Pros LLC' }, bankAccountId: a.rbank });
    const reserve = await t.ok(REGISTER, { from: '2026-01-01', to: '2026-12-31', bank: a.rbank });
    expect(reserve.checkRegister.map((r: any) => r.paymentId)).toEqual([p.p3.id]);
    const march = await t.ok(REGISTER, { from: '2026-03-06', to: '2026-03-31' });
    expect(march.checkRegister.map((r: any) => r.paymentId)).toEqual([p.p3.id]);
    // Bad periods and ids: typed errors.
    const backwards = await t.gql(REGISTER, { from: '2026-03-31', to: '2026-03-01' });
    expect(code(backwards)).toBe('BAD_USER_INPUT');
    const notCash = await t.gql(REGISTER, { from: '2026-01-01', to: '2026-12-31', bank: a.lawn });
    expect(code(notCash)).toBe('BAD_USER_INPUT');
    const elsewhere = await o.gql(REGISTER, { from: '2026-01-01', to: '2026-12-31', bank: a.bank });
    expect(code(elsewhere)).toBe('NOT_FOUND');
    expect((await o.ok(REGISTER, { from: '2026-01-01', to: '2026-12-31' })).checkRegister).toEqual(
      [],
    );
  });

  it('shows a payment cleared once its bank line is matched', async () => {
    const entry = (
      await t.ok(`query ($id: ID!) { journalEntry(id: $id) { lines { id accountId credit } } }`, {
        id: p.p1.journalEntryId,
      })
    ).journalEntry;
    const bankLine = entry.lines.find((l: any) => l.accountId === a.bank);
    // The bank's February statement (OFX) shows the transfer the day after.
    const ofx = [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'VERSION:102',
      'SECURITY:NONE',
      'ENCODING:USASCII',
      'CHARSET:1252',
      'COMPRESSION:NONE',
      'OLDFILEUID:NONE',
      'NEWFILEUID:NONE',
      '',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
      '<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>053000196<ACCTID>99994821<ACCTTYPE>CHECKING</BANKACCTFROM>',
      '<BANKTRANLIST><DTSTART>20260201<DTEND>20260228',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260216120000<TRNAMT>-600.00<FITID>ach-1<NAME>GREEN LAWN CO</STMTTRN>',
      '</BANKTRANLIST><LEDGERBAL><BALAMT>49400.00<DTASOF>20260228</LEDGERBAL>',
      '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
      '',
    ].join('\n');
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: `mutation ($accountId: ID!, $file: Upload!) {
          importBankStatement(accountId: $accountId, file: $file, dryRun: false) { imported } }`,
        variables: { accountId: a.bank, file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([ofx]), 'february.ofx');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    const lines = (
      await t.ok(`query ($id: ID!) { bankLines(accountId: $id) { id matchId } }`, { id: a.bank })
    ).bankLines;
    expect(lines).toHaveLength(1);
    if (!lines[0].matchId) {
      await t.ok(
        `mutation ($input: MatchBankLinesInput!) { matchBankLines(input: $input) { id } }`,
        { input: { accountId: a.bank, bankLineIds: [lines[0].id], journalLineIds: [bankLine.id] } },
      );
    }
    const r = (await t.ok(REGISTER, { from: '2026-02-01', to: '2026-02-28' })).checkRegister;
    expect(r.map((x: any) => [x.paymentId, x.cleared])).toEqual([[p.p1.id, true]]);
  });

  it("keeps a vendor's ledger with a running balance that ends at its aging", async () => {
    const l = (await t.ok(LEDGER, { vendorId: v.green, from: '2026-02-01', to: '2026-03-31' }))
      .vendorLedger;
    expect(l).toMatchObject({
      vendor: { name: 'Green Lawn Co' },
      from: '2026-02-01',
      to: '2026-03-31',
      opening: '1000.00',
      closing: '2400.00',
    });
    expect(
      l.rows.map((r: any) => [r.date, r.kind, r.reference, r.charges, r.payments, r.balance]),
    ).toEqual([
      ['2026-02-01', 'BILL', 'BILL-2', '500.00', '0.00', '1500.00'],
      ['2026-02-15', 'PAYMENT', `ACH VP-${p.p1.number}`, '0.00', '600.00', '900.00'],
      ['2026-03-05', 'PAYMENT', 'Check 1001', '0.00', '900.00', '0.00'],
      ['2026-03-16', 'BILL', 'BILL-8', '1500.00', '0.00', '1500.00'],
      ['2026-03-20', 'PAYMENT_VOID', 'Void of Check 1001', '0.00', '-900.00', '2400.00'],
    ]);
    expect(l.rows[4].memo).toBe('Check lost in the mail');
    expect(l.rows[0].billId).toBe(b.b2);
    expect(l.rows[2].paymentId).toBe(p.p2.id);
    const greenAging = (await aging('2026-03-31')).rows.find(
      (r: any) => r.vendor.name === 'Green Lawn Co',
    );
    expect(greenAging.total).toBe(l.closing);
    // A voided bill: in and out on its own dates.
    const water = (await t.ok(LEDGER, { vendorId: v.water, from: '2026-01-01', to: '2026-02-28' }))
      .vendorLedger;
    expect(water.opening).toBe('0.00');
    expect(water.rows.map((r: any) => [r.kind, r.reference, r.charges, r.balance])).toEqual([
      ['BILL', 'BILL-5', '150.00', '150.00'],
      ['BILL_VOID', 'Void of BILL-5', '-150.00', '0.00'],
    ]);
    // Every vendor's closing is its aging total, on any date.
    for (const asOf of ['2026-02-14', '2026-03-19', '2026-04-15']) {
      const ag = await aging(asOf);
      for (const [name, id] of [
        ['Green Lawn Co', v.green],
        ['Roof Pros LLC', v.roof],
        ['City Water', v.water],
      ]) {
        const led = (await t.ok(LEDGER, { vendorId: id, from: '2026-01-01', to: asOf }))
          .vendorLedger;
        const row = ag.rows.find((r: any) => r.vendor.name === name);
        expect(led.closing, `${name} ${asOf}`).toBe(row?.total ?? '0.00');
      }
    }
    expect(
      code(await t.gql(LEDGER, { vendorId: v.green, from: '2026-03-01', to: '2026-02-01' })),
    ).toBe('BAD_USER_INPUT');
    expect(
      code(await o.gql(LEDGER, { vendorId: v.green, from: '2026-01-01', to: '2026-02-01' })),
    ).toBe('NOT_FOUND');
    expect(
      code(await t.gql(LEDGER, { vendorId: 'nope', from: '2026-01-01', to: '2026-02-01' })),
    ).toBe('NOT_FOUND');
  });

  it('buckets the unpaid bills by due date, approved apart from pending and rejected', async () => {
    const c = (await t.ok(CASH, { asOf: '2026-03-20' })).cashRequirements;
    expect(c).toMatchObject({ asOf: '2026-03-20', overdue: '900.00', total: '7950.00' });
    expect(c.buckets).toEqual([
      {
        label: 'Overdue',
        from: '2026-02-09',
        through: '2026-03-19',
        amount: '900.00',
        approved: '900.00',
        pending: '0.00',
        rejected: '0.00',
        billCount: 2,
      },
      {
        label: 'Due in 0–30 days',
        from: '2026-03-20',
        through: '2026-04-19',
        amount: '300.00',
        approved: '300.00',
        pending: '0.00',
        rejected: '0.00',
        billCount: 1,
      },
      {
        label: 'Due in 31–60 days',
        from: '2026-04-20',
        through: '2026-05-19',
        amount: '250.00',
        approved: '250.00',
        pending: '0.00',
        rejected: '0.00',
        billCount: 1,
      },
      {
        label: 'Due in 61–90 days',
        from: '2026-05-20',
        through: '2026-06-18',
        amount: '5000.00',
        approved: '0.00',
        pending: '5000.00',
        rejected: '0.00',
        billCount: 1,
      },
      {
        label: 'Due later',
        from: '2026-06-19',
        through: '2026-08-01',
        amount: '1500.00',
        approved: '0.00',
        pending: '0.00',
        rejected: '1500.00',
        billCount: 1,
      },
    ]);
    expect(c.total).toBe((await aging('2026-03-20')).totals.total);
    // Earlier, with P2 standing: nothing overdue but B3, which P3 had not paid yet.
    const before = (await t.ok(CASH, { asOf: '2026-03-06' })).cashRequirements;
    expect(before.overdue).toBe('2000.00');
    expect(before.buckets.map((x: any) => x.amount)).toEqual([
      '2000.00',
      '300.00',
      '0.00',
      '0.00',
      '0.00',
    ]);
    expect(code(await t.gql(CASH, { asOf: '2026-02-30' }))).toBe('BAD_USER_INPUT');
  });

  it('feeds the cash forecast: bills open on its opening day go out in the month they fall due', async () => {
    // The forecast opens on 2026-02-28: B1 (400.00 left) and B2 (500.00) fall due by March, B3
    // (2,000.00, reserve) is overdue: all in March. B4 and later bills are March's own (the
    // budget's), so not counted.
    const f = (await t.ok(FORECAST)).cashForecast;
    expect(f.months.map((m: any) => [m.month, m.bills])).toEqual([
      ['2026-03', '2900.00'],
      ['2026-04', '0.00'],
      ['2026-05', '0.00'],
    ]);
    const march = f.months[0];
    const cents = (m: string) => BigInt(m.replace('.', ''));
    expect(cents(march.closing)).toBe(
      cents(march.opening) - cents(march.expenses) - cents(march.bills),
    );
    expect(f.assumptions.some((s: string) => s.startsWith('Bills entered by 2026-02-28'))).toBe(
      true,
    );
    const reserve = (await t.ok(`{ cashForecast(fund: RESERVE, months: 1) { months { bills } } }`))
      .cashForecast;
    expect(reserve.months[0].bills).toBe('2000.00');
  });

  it('lets every reader read the reports', async () => {
    for (const token of [t.user, t.viewer]) {
      await t.ok(AGING, { asOf: '2026-03-20' }, token);
      await t.ok(REGISTER, { from: '2026-01-01', to: '2026-12-31' }, token);
      await t.ok(LEDGER, { vendorId: v.green, from: '2026-01-01', to: '2026-12-31' }, token);
      await t.ok(CASH, {}, token);
    }
    // Another association's books are its own.
    expect((await o.ok(AGING, { asOf: '2026-03-20' })).payablesAging.rows).toEqual([]);
  });
});
