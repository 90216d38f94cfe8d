import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { checkLedger } from '../journal/ledger-check.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const details = (res: Res) => res.body.errors?.[0]?.extensions?.details;
const message = (res: Res) => res.body.errors?.[0]?.message;

const PAYMENT = `id number vendorId bankAccountId method checkNumber date amount memo status cleared
  runId journalEntryId voidDate voidReason vendor { name } bankAccount { number }
  applications { billId amount bill { number status } }`;
const RUN = `id number bankAccountId method date payThrough total paymentCount bankAccount { number }
  payments { ${PAYMENT} }`;
const CREATE_RUN = `mutation ($input: CreatePaymentRunInput!) { createPaymentRun(input: $input) { ${RUN} } }`;
const VOID = `mutation ($id: ID!, $date: LocalDate!, $reason: String!) {
  voidBillPayment(id: $id, date: $date, reason: $reason) { ${PAYMENT} } }`;
const BILL = `query ($id: ID!) { bill(id: $id) { number total paid balance status payable
  payments { amount billPaymentId payment { checkNumber status } } } }`;
const ENTRY = `query ($id: ID!) { journalEntry(id: $id) { memo source vendorId date owner { type id }
  reversedById lines { accountId debit credit } } }`;
const SETTINGS = `query ($id: ID!) { checkSettings(bankAccountId: $id) { bankAccountId nextCheckNumber
  routingNumber accountNumberLast4 micrReady } }`;
const SET_SETTINGS = `mutation ($input: CheckSettingsInput!) { setCheckSettings(input: $input) {
  nextCheckNumber routingNumber accountNumberLast4 micrReady } }`;
const LIST = `query ($filter: BillPaymentFilter, $first: Int, $after: String) {
  billPayments(filter: $filter, first: $first, after: $after) {
    totalCount edges { node { number checkNumber method amount status } } pageInfo { hasNextPage endCursor } } }`;
const IMPORT = `mutation ($accountId: ID!, $file: Upload!) {
  importBankStatement(accountId: $accountId, file: $file, dryRun: false, saveMapping: false) { imported } }`;
const SUGGEST = `query ($accountId: ID!) { bankLineSuggestions(accountId: $accountId) {
  bankLineId rank reason bookLines { journalLineId entryNumber amount checkNumber } } }`;

// An OFX statement of the bank account (its closing balance and lines as [date, amount, check, name]).
function ofx(balance: string, lines: [string, string, string, string][]) {
  const trns = lines
    .map(
      ([date, amount, check, name], i) =>
        `<STMTTRN><TRNTYPE>CHECK<DTPOSTED>${date.replaceAll('-', '')}<TRNAMT>${amount}<FITID>T${i + 1}<CHECKNUM>${check}<NAME>${name}</STMTTRN>`,
    )
    .join('\n');
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260316120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>011000015<ACCTID>4821<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260301<DTEND>20260315
${trns}
</BANKTRANLIST>
<LEDGERBAL><BALAMT>${balance}<DTASOF>20260315</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;
}

describe('payment runs and vendor payments', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const ids: Record<string, string> = {};
  const bills: Record<string, string> = {};
  let run1: any;

  // The books hold together: Accounts Payable equals the open bills, every entry balances.
  const ledgerTies = async () => {
    const r = await checkLedger(withDatabase(app.services.clusterUrl('default'), t.org.dbName));
    expect(r).toMatchObject({ controlDifferences: [], unbalancedEntries: 0, driftRows: 0 });
    expect(r.controlAccountsChecked).toContain('2010 Accounts Payable (payable)');
  };

  // Rows written in the tenant's database (to show a refused call wrote nothing).
  const counts = async () => {
    const c = new pg.Client({
      connectionString: withDatabase(app.services.clusterUrl('default'), t.org.dbName),
    });
    await c.connect();
    try {
      const r = await c.query(
        `SELECT (SELECT count(*)::int FROM journal_entries) AS entries,
                (SELECT count(*)::int FROM payment_runs) AS runs,
                (SELECT count(*)::int FROM bill_payments) AS payments,
                (SELECT count(*)::int FROM bill_payment_applications) AS applications,
                (SELECT next_check_number::int FROM bank_accounts WHERE account_id = $1) AS next`,
        [ids.bank],
      );
      return r.rows[0];
    } finally {
      await c.end();
    }
  };

  const bill = async (
    vendorId: string,
    amount: string,
    opts: { date?: string; due?: string; invoice?: string; tenant?: Tenant } = {},
  ) => {
    const d = await (opts.tenant ?? t).ok(
      `mutation ($input: CreateBillInput!) { createBill(input: $input) { id } }`,
      {
        input: {
          vendorId,
          vendorInvoiceNumber: opts.invoice,
          billDate: opts.date ?? '2026-03-02',
          dueDate: opts.due ?? '2026-03-25',
          lines: [{ accountId: opts.tenant ? ids.otherExpense : ids.expense, amount }],
        },
      },
    );
    return d.createBill.id as string;
  };
  const billState = async (id: string) => (await t.ok(BILL, { id })).bill;
  const run = (input: Record<string, unknown>, token?: string) =>
    t.gql(
      CREATE_RUN,
      {
        input: {
          bankAccountId: ids.bank,
          method: 'CHECK',
          date: '2026-03-05',
          payThrough: '2026-03-31',
          ...input,
        },
      },
      token,
    );

  beforeAll(async () => {
    setClock(() => new Date('2026-03-20T16:00:00Z'));
    app = await startTestApp();
    [t, o] = await Promise.all([createTenant(app, 'Pay HOA'), createTenant(app, 'Other HOA')]);
    ids.bank = await t.account('1010', 'ASSET', {
      name: 'Operating Checking',
      initialBalance: '50000.00',
      openingDate: '2026-01-01',
    });
    ids.cash = await t.account('1020', 'ASSET', { name: 'Petty Cash' });
    ids.expense = await t.account('5100', 'EXPENSE', { name: 'Landscaping' });
    await t.ok(
      `mutation ($input: SetBankAccountInput!) { setBankAccount(input: $input) { accountId } }`,
      { input: { accountId: ids.bank, institution: 'First Citizens Bank', maskedNumber: '4821' } },
    );
    ids.acme = await t.vendor('Acme Landscaping', { address: '12 Elm St\nSpringfield, IL 62701' });
    ids.blue = await t.vendor('Blue Pool Service');
    ids.zed = await t.vendor('Zed Roofing');
    ids.otherBank = await o.account('1010', 'ASSET', { name: 'Their Checking' });
    ids.otherExpense = await o.account('5100', 'EXPENSE');
    ids.otherVendor = await o.vendor('Elsewhere Inc');
    bills.otherBill = await bill(ids.otherVendor, '10.00', { tenant: o });

    bills.feb = await bill(ids.acme, '75.00', { date: '2026-02-10', due: '2026-03-10' });
    bills.a1 = await bill(ids.acme, '1000.00', { invoice: 'A-101' });
    bills.a2 = await bill(ids.acme, '250.50', { invoice: 'A-102', due: '2026-03-20' });
    bills.b1 = await bill(ids.blue, '400.00', { invoice: 'B-7' });
    bills.later = await bill(ids.blue, '90.00', { due: '2026-04-30' });
    bills.voided = await bill(ids.zed, '300.00');
    await t.ok(
      `mutation ($id: ID!) { voidBill(id: $id, date: "2026-03-03", reason: "Entered twice") { id } }`,
      { id: bills.voided },
    );
    ids.ap = (
      await t.ok(`{ payablesSettings { payableAccountId } }`)
    ).payablesSettings.payableAccountId;
    // The approval policy: above 5,000.00 one approval from a board member.
    const userId = (await t.ok(`{ me { user { id } } }`, {}, t.user)).me.user.id;
    await t.ok(`mutation ($id: ID!) { setBoardSeat(userId: $id, title: TREASURER) { userId } }`, {
      id: userId,
    });
    await t.ok(
      `mutation { updatePayablesSettings(input: { approvalThreshold: "5000.00", approvalsRequired: 1 }) { approvalsRequired } }`,
    );
    bills.big = await bill(ids.zed, '6000.00');
    bills.rejected = await bill(ids.zed, '7000.00');
    await t.ok(
      `mutation ($id: ID!) { rejectBill(id: $id, comment: "Not ours") { approval } }`,
      { id: bills.rejected },
      t.user,
    );
  });
  afterAll(async () => {
    setClock();
    await app?.close();
  });

  it('refuses unapproved, rejected, void, paid, overpaid, listed twice, due later: all or nothing', async () => {
    const before = await counts();
    const res = await run({
      items: [
        { billId: bills.a1, amount: '1000.00' },
        { billId: bills.big, amount: '6000.00' },
        { billId: bills.voided, amount: '300.00' },
        { billId: bills.b1, amount: '400.01' },
        { billId: bills.a1, amount: '1.00' },
        { billId: bills.later, amount: '90.00' },
        { billId: bills.rejected, amount: '10.00' },
      ],
    });
    expect(code(res)).toBe('BAD_USER_INPUT');
    const d = details(res);
    expect(d.map((x: any) => x.field)).toEqual([
      'items.1.billId',
      'items.2.billId',
      'items.3.amount',
      'items.4.billId',
      'items.5.billId',
      'items.6.billId',
    ]);
    expect(d[0].message).toMatch(/BILL-\d+ is awaiting approval \(0 of 1\)/);
    expect(d[1].message).toMatch(/is void/);
    expect(d[2].message).toMatch(/More than BILL-\d+'s balance \(\$400\.00\)/);
    expect(d[3].message).toMatch(/listed twice/);
    expect(d[4].message).toMatch(/due Apr 30, 2026, after the run's pay-through date/);
    expect(d[5].message).toMatch(/was rejected/);
    const zero = await run({ items: [{ billId: bills.a1, amount: '0.00' }] });
    expect(code(zero)).toBe('BAD_USER_INPUT');
    expect(details(zero)[0].field).toMatch(/^items\.0\.amount/);
    const early = await run({ date: '2026-03-01', items: [{ billId: bills.a1, amount: '1.00' }] });
    expect(details(early)[0].message).toMatch(/dated Mar 2, 2026, after the payment date/);
    expect(await counts()).toEqual(before);
  });

  it('refuses other accounts to pay from, foreign ids and viewers', async () => {
    const before = await counts();
    const item = [{ billId: bills.a1, amount: '10.00' }];
    const refuse = async (input: Record<string, unknown>, want: string, field: string) => {
      const res = await run({ items: item, ...input });
      expect(code(res), JSON.stringify(res.body)).toBe(want);
      expect(details(res)[0].field).toBe(field);
      return res;
    };
    await refuse({ bankAccountId: ids.expense }, 'BAD_USER_INPUT', 'bankAccountId');
    await refuse({ bankAccountId: ids.ap }, 'BAD_USER_INPUT', 'bankAccountId');
    // A cash account that is not a bank account: no check sequence, so no checks (ACH is fine).
    const checks = await refuse({ bankAccountId: ids.cash }, 'BAD_USER_INPUT', 'bankAccountId');
    expect(message(checks)).toMatch(/not set up as a bank account/);
    await refuse({ bankAccountId: ids.otherBank }, 'NOT_FOUND', 'bankAccountId');
    await refuse(
      { items: [{ billId: bills.otherBill, amount: '10.00' }] },
      'NOT_FOUND',
      'items.0.billId',
    );
    expect(code(await run({ items: item }, t.viewer))).toBe('FORBIDDEN');
    expect(
      code(
        await o.gql(CREATE_RUN, {
          input: {
            bankAccountId: ids.otherBank,
            method: 'ACH',
            date: '2026-03-05',
            payThrough: '2026-03-31',
            items: [{ billId: bills.a1, amount: '1.00' }],
          },
        }),
      ),
    ).toBe('NOT_FOUND');
    expect(await counts()).toEqual(before);
  });

  it('pays by check: one payment per vendor, consecutive numbers, partial and full, one entry each', async () => {
    const before = await counts();
    expect(before.next).toBe(1001);
    const res = await run({
      memo: 'March services',
      items: [
        { billId: bills.b1, amount: '400.00' },
        { billId: bills.a2, amount: '100.00' },
        { billId: bills.a1, amount: '1000.00' },
      ],
    });
    expect(res.body.errors).toBeUndefined();
    run1 = (res.body as any).data.createPaymentRun;
    expect(run1).toMatchObject({
      method: 'CHECK',
      date: '2026-03-05',
      payThrough: '2026-03-31',
      total: '1500.00',
      paymentCount: 2,
      bankAccount: { number: '1010' },
    });
    // Vendors by name: Acme's check first.
    const [acme, blue] = run1.payments;
    expect(acme).toMatchObject({
      checkNumber: '1001',
      amount: '1100.00',
      method: 'CHECK',
      status: 'POSTED',
      cleared: false,
      memo: 'March services',
      vendor: { name: 'Acme Landscaping' },
      runId: run1.id,
    });
    expect(acme.applications).toEqual([
      { billId: bills.a1, amount: '1000.00', bill: expect.objectContaining({ status: 'PAID' }) },
      { billId: bills.a2, amount: '100.00', bill: expect.objectContaining({ status: 'PARTIAL' }) },
    ]);
    expect(blue).toMatchObject({ checkNumber: '1002', amount: '400.00' });
    expect(await billState(bills.a2)).toMatchObject({
      paid: '100.00',
      balance: '150.50',
      status: 'PARTIAL',
      payable: true,
      payments: [{ amount: '100.00', payment: { checkNumber: '1001', status: 'POSTED' } }],
    });
    expect(await billState(bills.a1)).toMatchObject({ status: 'PAID', payable: false });
    const entry = (await t.ok(ENTRY, { id: acme.journalEntryId })).journalEntry;
    expect(entry).toMatchObject({
      memo: 'Check 1001 · Acme Landscaping · March services',
      source: 'BILL_PAYMENT',
      vendorId: ids.acme,
      date: '2026-03-05',
      owner: { type: 'BILL_PAYMENT', id: acme.id },
    });
    expect(entry.lines).toEqual([
      { accountId: ids.ap, debit: '1100.00', credit: '0.00' },
      { accountId: ids.bank, debit: '0.00', credit: '1100.00' },
    ]);
    const after = await counts();
    expect(after).toMatchObject({
      entries: before.entries + 2,
      runs: before.runs + 1,
      payments: before.payments + 2,
      applications: before.applications + 3,
      next: 1003,
    });
    expect((await t.ok(SETTINGS, { id: ids.bank })).checkSettings.nextCheckNumber).toBe(1003);
    await ledgerTies();
    // Paid in full, or more than the rest: refused now.
    const again = await run({
      items: [
        { billId: bills.a1, amount: '1.00' },
        { billId: bills.a2, amount: '150.51' },
      ],
    });
    expect(details(again).map((x: any) => [x.field, x.message])).toEqual([
      ['items.0.billId', expect.stringMatching(/is paid in full/)],
      ['items.1.amount', expect.stringMatching(/\(\$150\.50\)/)],
    ]);
  });

  it('pays by ACH and card without check numbers, from a cash account too', async () => {
    const ach = (
      await t.ok(CREATE_RUN, {
        input: {
          bankAccountId: ids.bank,
          method: 'ACH',
          date: '2026-03-06',
          payThrough: '2026-03-31',
          items: [{ billId: bills.a2, amount: '150.50' }],
        },
      })
    ).createPaymentRun;
    const [p] = ach.payments;
    expect(p).toMatchObject({ method: 'ACH', checkNumber: null, amount: '150.50' });
    expect((await t.ok(ENTRY, { id: p.journalEntryId })).journalEntry.memo).toBe(
      `ACH VP-${p.number} · Acme Landscaping`,
    );
    const card = (
      await t.ok(CREATE_RUN, {
        input: {
          bankAccountId: ids.cash,
          method: 'CARD',
          date: '2026-03-06',
          payThrough: '2026-03-31',
          items: [{ billId: bills.feb, amount: '75.00' }],
        },
      })
    ).createPaymentRun;
    expect(card.payments[0]).toMatchObject({ method: 'CARD', checkNumber: null });
    expect((await counts()).next).toBe(1003);
    expect(await billState(bills.a2)).toMatchObject({ status: 'PAID', balance: '0.00' });
    // The list, filtered and paged.
    const all = (await t.ok(LIST, { first: 2 })).billPayments;
    expect(all.totalCount).toBe(4);
    expect(all.pageInfo.hasNextPage).toBe(true);
    const next = (await t.ok(LIST, { first: 2, after: all.pageInfo.endCursor })).billPayments;
    expect(next.edges).toHaveLength(2);
    expect(
      (await t.ok(LIST, { filter: { method: 'CHECK', vendorId: ids.acme } })).billPayments.edges,
    ).toEqual([{ node: expect.objectContaining({ checkNumber: '1001' }) }]);
    const runs = (await t.ok(`{ paymentRuns(first: 5) { number method total } }`)).paymentRuns;
    expect(runs.map((r: any) => r.method)).toEqual(['CARD', 'ACH', 'CHECK']);
    await ledgerTies();
  });

  it('numbers checks once per bank account, two runs at once taking turns', async () => {
    const used = await t.gql(SET_SETTINGS, {
      input: { bankAccountId: ids.bank, nextCheckNumber: 1002 },
    });
    expect(code(used)).toBe('BAD_USER_INPUT');
    expect(details(used)[0]).toMatchObject({ field: 'nextCheckNumber' });
    const x = await bill(ids.blue, '11.00');
    const y = await bill(ids.zed, '22.00');
    const [r1, r2] = await Promise.all([
      run({ items: [{ billId: x, amount: '11.00' }] }),
      run({ items: [{ billId: y, amount: '22.00' }] }),
    ]);
    expect(r1.body.errors).toBeUndefined();
    expect(r2.body.errors).toBeUndefined();
    const numbers = [r1, r2]
      .map((r: any) => r.body.data.createPaymentRun.payments[0].checkNumber)
      .sort();
    expect(numbers).toEqual(['1003', '1004']);
    // Set back onto a used number by hand in the database: the run refuses rather than skip.
    const c = new pg.Client({
      connectionString: withDatabase(app.services.clusterUrl('default'), t.org.dbName),
    });
    await c.connect();
    await c.query(`UPDATE bank_accounts SET next_check_number = 1004 WHERE account_id = $1`, [
      ids.bank,
    ]);
    await c.end();
    const z = await bill(ids.blue, '33.00');
    const clash = await run({ items: [{ billId: z, amount: '33.00' }] });
    expect(code(clash)).toBe('CONFLICT');
    expect(message(clash)).toMatch(/Check 1004 was already issued/);
    await t.ok(SET_SETTINGS, { input: { bankAccountId: ids.bank, nextCheckNumber: 1005 } });
    bills.z = z;
  });

  it('voids a check: reversed with its owner, its bills reopen, its number stays spent', async () => {
    const [acme] = run1.payments;
    const bad = [
      [{ id: acme.id, date: '2026-03-04', reason: 'Lost' }, 'BAD_USER_INPUT'],
      [{ id: acme.id, date: '2026-03-10', reason: '  ' }, 'BAD_USER_INPUT'],
    ] as const;
    for (const [v, want] of bad) expect(code(await t.gql(VOID, v))).toBe(want);
    expect(
      code(await t.gql(VOID, { id: acme.id, date: '2026-03-10', reason: 'Lost' }, t.viewer)),
    ).toBe('FORBIDDEN');
    expect(code(await o.gql(VOID, { id: acme.id, date: '2026-03-10', reason: 'Lost' }))).toBe(
      'NOT_FOUND',
    );
    // The journal refuses to reverse the payment's entry by hand.
    const byHand = await t.gql(
      `mutation ($id: ID!) { reverseJournalEntry(id: $id, date: "2026-03-10") { id } }`,
      { id: acme.journalEntryId },
    );
    expect(code(byHand)).toBe('CONFLICT');
    expect(message(byHand)).toMatch(/vendor payment check 1001: void the payment under Payables/);
    const v = (await t.ok(VOID, { id: acme.id, date: '2026-03-10', reason: 'Lost in the mail' }))
      .voidBillPayment;
    expect(v).toMatchObject({
      status: 'VOID',
      voidDate: '2026-03-10',
      voidReason: 'Lost in the mail',
      checkNumber: '1001',
    });
    const entry = (await t.ok(ENTRY, { id: acme.journalEntryId })).journalEntry;
    expect(entry.reversedById).toBeTruthy();
    const reversal = (await t.ok(ENTRY, { id: entry.reversedById })).journalEntry;
    expect(reversal).toMatchObject({
      source: 'REVERSAL',
      date: '2026-03-10',
      owner: { type: 'BILL_PAYMENT', id: acme.id },
      memo: 'Void check 1001: Lost in the mail',
    });
    expect(await billState(bills.a1)).toMatchObject({
      status: 'OPEN',
      paid: '0.00',
      balance: '1000.00',
      payable: true,
      payments: [{ amount: '1000.00', payment: { status: 'VOID' } }],
    });
    // a2 keeps the ACH that paid the rest.
    expect(await billState(bills.a2)).toMatchObject({ status: 'PARTIAL', paid: '150.50' });
    expect(code(await t.gql(VOID, { id: acme.id, date: '2026-03-11', reason: 'Again' }))).toBe(
      'CONFLICT',
    );
    await ledgerTies();
    // The voided check's number is not taken again.
    const reuse = await t.gql(SET_SETTINGS, {
      input: { bankAccountId: ids.bank, nextCheckNumber: 1001 },
    });
    expect(code(reuse)).toBe('BAD_USER_INPUT');
    // The reopened bill is paid again by a new check.
    const again = (
      await t.ok(CREATE_RUN, {
        input: {
          bankAccountId: ids.bank,
          method: 'CHECK',
          date: '2026-03-12',
          payThrough: '2026-03-31',
          items: [{ billId: bills.a1, amount: '1000.00' }],
        },
      })
    ).createPaymentRun;
    expect(again.payments[0].checkNumber).toBe('1005');
  });

  it("clears a check with the bank's line: paired by its number, then it cannot be voided", async () => {
    const [, blue] = run1.payments;
    // Another payment of the same amount, by ACH, a day from the check's: the amount alone cannot
    // tell them apart, the check number does.
    const same = await bill(ids.zed, '400.00');
    const ach = (
      await t.ok(CREATE_RUN, {
        input: {
          bankAccountId: ids.bank,
          method: 'ACH',
          date: '2026-03-08',
          payThrough: '2026-03-31',
          items: [{ billId: same, amount: '400.00' }],
        },
      })
    ).createPaymentRun.payments[0];
    // The statement: check 1002 (400.00) cleared; closing 49,600.00 (opening 50,000.00).
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({ query: IMPORT, variables: { accountId: ids.bank, file: null } }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append(
      '0',
      new Blob([ofx('49600.00', [['2026-03-09', '-400.00', '1002', 'CHECK 1002']])]),
      'mar.ofx',
    );
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    const imported = (await res.json()) as any;
    expect(imported.errors).toBeUndefined();
    // Matched on import, to the check.
    const cleared = async (id: string) =>
      (await t.ok(`query ($id: ID!) { billPayment(id: $id) { cleared } }`, { id })).billPayment
        .cleared;
    expect(await cleared(blue.id)).toBe(true);
    expect(await cleared(ach.id)).toBe(false);
    const [line] = (
      await t.ok(`query ($id: ID!) { bankLines(accountId: $id) { id matchId } }`, {
        id: ids.bank,
      })
    ).bankLines;
    await t.ok(`mutation ($id: ID!) { unmatchBankLines(matchId: $id) }`, { id: line.matchId });
    expect(await cleared(blue.id)).toBe(false);
    // Suggested again: the check by its number first, the transfer by its amount alone.
    const suggestions = (await t.ok(SUGGEST, { accountId: ids.bank })).bankLineSuggestions;
    expect(suggestions).toMatchObject([
      {
        rank: 2,
        reason: 'Check 1002, same amount, 4 days apart',
        bookLines: [{ amount: '-400.00', checkNumber: '1002' }],
      },
      { rank: 3, reason: 'Same amount, 1 day apart', bookLines: [{ checkNumber: null }] },
    ]);
    const [best] = suggestions;
    await t.ok(`mutation ($input: MatchBankLinesInput!) { matchBankLines(input: $input) { id } }`, {
      input: {
        accountId: ids.bank,
        bankLineIds: [best.bankLineId],
        journalLineIds: [best.bookLines[0].journalLineId],
      },
    });
    expect(await cleared(blue.id)).toBe(true);
    const matched = await t.gql(VOID, { id: blue.id, date: '2026-03-16', reason: 'Stop' });
    expect(code(matched)).toBe('CONFLICT');
    expect(message(matched)).toMatch(/matched to a line of the bank's statement/);
    const finished = await t.gql(
      `mutation ($input: StatementPeriodInput!) { finishReconciliation(input: $input) { status } }`,
      { input: { accountId: ids.bank } },
    );
    expect(finished.body.errors, JSON.stringify(finished.body.errors)).toBeUndefined();
    const reconciled = await t.gql(VOID, { id: blue.id, date: '2026-03-16', reason: 'Stop' });
    expect(code(reconciled)).toBe('CONFLICT');
    expect(message(reconciled)).toMatch(
      /Check 1002 cleared in a finished bank reconciliation \(statement of Mar 15, 2026\): an admin must undo/,
    );
    expect(
      (await t.ok(`query ($id: ID!) { billPayment(id: $id) { status } }`, { id: blue.id }))
        .billPayment.status,
    ).toBe('POSTED');
  });

  it('refuses a run dated in a closed month', async () => {
    await t.ok(
      `mutation { closeMonth(input: { month: "2026-02", overrideReason: "Reconciled on paper" }) { closedThrough } }`,
    );
    const march = await bill(ids.acme, '20.00', { date: '2026-03-01', due: '2026-03-01' });
    const before = await counts();
    const res = await run({ date: '2026-02-27', items: [{ billId: march, amount: '20.00' }] });
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(details(res)[0]).toMatchObject({
      field: 'date',
      message: expect.stringMatching(/February 2026 is closed/),
    });
    expect(await counts()).toEqual(before);
  });

  it("keeps each association's runs, payments and settings to itself", async () => {
    const [acme] = run1.payments;
    const q = [
      [`query ($id: ID!) { billPayment(id: $id) { id } }`, { id: acme.id }],
      [`query ($id: ID!) { paymentRun(id: $id) { id } }`, { id: run1.id }],
      [SETTINGS, { id: ids.bank }],
      [`query ($id: ID!) { positivePayFile(runId: $id) { content } }`, { id: run1.id }],
      [`mutation ($id: ID!) { printChecks(runId: $id) { id } }`, { id: run1.id }],
      [SET_SETTINGS, { input: { bankAccountId: ids.bank, nextCheckNumber: 5 } }],
    ] as const;
    for (const [query, vars] of q) {
      expect(code(await o.gql(query, vars)), query).toBe('NOT_FOUND');
    }
    expect((await o.ok(LIST)).billPayments.totalCount).toBe(0);
    expect(code(await t.gql(`query { billPayment(id: "nope") { id } }`))).toBe('NOT_FOUND');
  });
});
