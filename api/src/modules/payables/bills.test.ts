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

const BILL = `id number vendorId vendorInvoiceNumber billDate dueDate memo total paid balance status
  approval approvalsRequired payable overdue journalEntryId voidDate voidReason capitalProjectId
  vendor { name } lines { accountId amount memo account { number } } duplicates { number }`;
const CREATE = `mutation ($input: CreateBillInput!) { createBill(input: $input) { ${BILL} } }`;
const GET = `query ($id: ID!) { bill(id: $id) { ${BILL} } }`;
const LIST = `query ($filter: BillFilter, $first: Int, $after: String) {
  bills(filter: $filter, first: $first, after: $after) {
    totalCount edges { node { number status payable } } pageInfo { hasNextPage endCursor } } }`;
const VOID = `mutation ($id: ID!, $date: LocalDate!, $reason: String!) {
  voidBill(id: $id, date: $date, reason: $reason) { ${BILL} } }`;
const ENTRY = `query ($id: ID!) { journalEntry(id: $id) { memo source vendorId owner { type id }
  reversedById lines { accountId debit credit } } }`;
const SETTINGS = `{ payablesSettings { payableAccountId approvalThreshold approvalsRequired
  approverTitles payableAccount { number name type } } }`;
const UPDATE_SETTINGS = `mutation ($input: PayablesSettingsInput!) {
  updatePayablesSettings(input: $input) { payableAccountId approvalThreshold approvalsRequired } }`;

describe('bills', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const ids: Record<string, string> = {};
  let first: any;

  const url = (tenant: Tenant) =>
    withDatabase(app.services.clusterUrl('default'), tenant.org.dbName);
  const ledger = () => checkLedger(url(t));
  // Rows in the tenant's database (a refusal writes nothing).
  const counts = async () => {
    const c = new pg.Client({ connectionString: url(t) });
    await c.connect();
    try {
      const r = await c.query<{ entries: number; bills: number; lines: number }>(
        `SELECT (SELECT count(*)::int FROM journal_entries) AS entries,
                (SELECT count(*)::int FROM bills) AS bills,
                (SELECT count(*)::int FROM bill_lines) AS lines`,
      );
      return r.rows[0];
    } finally {
      await c.end();
    }
  };
  const input = (over: Record<string, unknown> = {}) => ({
    vendorId: ids.vendor,
    billDate: '2026-03-05',
    dueDate: '2026-04-04',
    lines: [{ accountId: ids.repairs, amount: '100.00' }],
    ...over,
  });

  beforeAll(async () => {
    setClock(() => new Date('2026-03-20T16:00:00Z'));
    app = await startTestApp();
    [t, o] = await Promise.all([createTenant(app, 'Bills HOA'), createTenant(app, 'Other HOA')]);
    ids.bank = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    ids.prepaidInsurance = await t.account('1400', 'ASSET', { name: 'Prepaid Insurance' });
    ids.dues = await t.account('4010', 'INCOME', { name: 'Assessments' });
    ids.landscaping = await t.account('5100', 'EXPENSE', { name: 'Landscaping' });
    ids.repairs = await t.account('5200', 'EXPENSE', { name: 'Repairs' });
    ids.roofing = await t.account('5600', 'EXPENSE', {
      name: 'Roof Replacement',
      fundType: 'RESERVE',
    });
    ids.old = await t.account('5900', 'EXPENSE', { name: 'Old Expense' });
    await t.ok(`mutation ($id: ID!) { archiveAccount(id: $id) { id } }`, { id: ids.old });
    ids.vendor = await t.vendor('Green Acres Landscaping');
    ids.roofer = await t.vendor('Top Roofing');
    ids.gone = await t.vendor('Gone Plumbing');
    await t.ok(`mutation ($id: ID!) { deactivateVendor(id: $id) { id } }`, { id: ids.gone });
    ids.receivable = await t.receivableAccount();
    ids.otherVendor = await o.vendor('Elsewhere Inc');
    ids.otherAccount = await o.account('5100', 'EXPENSE');
    ids.otherProject = (
      await o.ok(
        `mutation ($input: CreateCapitalProjectInput!) { createCapitalProject(input: $input) { id } }`,
        {
          input: {
            name: 'Pool',
            category: 'AMENITIES',
            fundingSource: 'RESERVE',
            estimatedCost: '1000.00',
          },
        },
      )
    ).createCapitalProject.id;
  });
  afterAll(async () => {
    setClock();
    await app?.close();
  });

  it('posts a bill: Dr its lines, Cr Accounts Payable, chosen on first use', async () => {
    expect((await t.ok(SETTINGS)).payablesSettings).toMatchObject({
      payableAccountId: null,
      approvalThreshold: '0.00',
      approvalsRequired: 0,
      approverTitles: ['PRESIDENT', 'VICE_PRESIDENT', 'TREASURER', 'SECRETARY', 'DIRECTOR'],
    });
    first = (
      await t.ok(
        CREATE,
        {
          input: input({
            vendorInvoiceNumber: 'INV-881',
            billDate: '2026-03-02',
            dueDate: '2026-04-01',
            memo: 'March mowing',
            lines: [
              { accountId: ids.landscaping, amount: '1200.00', memo: 'Mowing' },
              { accountId: ids.repairs, amount: '50.25' },
            ],
          }),
        },
        t.user,
      )
    ).createBill;
    expect(first).toMatchObject({
      number: 1,
      vendorInvoiceNumber: 'INV-881',
      total: '1250.25',
      paid: '0.00',
      balance: '1250.25',
      status: 'OPEN',
      approval: 'NOT_REQUIRED',
      approvalsRequired: 0,
      payable: true,
      overdue: false,
      vendor: { name: 'Green Acres Landscaping' },
      lines: [
        {
          accountId: ids.landscaping,
          amount: '1200.00',
          memo: 'Mowing',
          account: { number: '5100' },
        },
        { accountId: ids.repairs, amount: '50.25', memo: null, account: { number: '5200' } },
      ],
      duplicates: [],
    });
    const s = (await t.ok(SETTINGS)).payablesSettings;
    expect(s.payableAccount).toEqual({
      number: '2010',
      name: 'Accounts Payable',
      type: 'LIABILITY',
    });
    const e = (await t.ok(ENTRY, { id: first.journalEntryId })).journalEntry;
    expect(e).toMatchObject({
      memo: 'BILL-1 · Green Acres Landscaping · INV-881: March mowing',
      source: 'BILL',
      vendorId: ids.vendor,
      owner: { type: 'BILL', id: first.id },
    });
    expect(e.lines).toEqual([
      { accountId: ids.landscaping, debit: '1200.00', credit: '0.00' },
      { accountId: ids.repairs, debit: '50.25', credit: '0.00' },
      { accountId: s.payableAccountId, debit: '0.00', credit: '1250.25' },
    ]);
    ids.ap = s.payableAccountId;
    const r = await ledger();
    expect(r.controlDifferences).toEqual([]);
    expect(r.controlAccountsChecked).toContain('2010 Accounts Payable (payable)');
    // The ledger's AP equals the open bills: −1,250.25 (a credit balance).
    const c = new pg.Client({ connectionString: url(t) });
    await c.connect();
    const { rows } = await c.query(
      `SELECT sum(debit - credit)::text AS v FROM journal_lines WHERE account_id = $1`,
      [ids.ap],
    );
    await c.end();
    expect(rows[0].v).toBe('-125025');
  });

  it('keeps Accounts Payable to bills: a manual entry to it is refused', async () => {
    const res = await t.gql(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
      {
        input: {
          date: '2026-03-05',
          lines: [
            { accountId: ids.repairs, debit: '5.00' },
            { accountId: ids.ap, credit: '5.00' },
          ],
        },
      },
    );
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(details(res)).toEqual([
      {
        field: 'lines.1.accountId',
        message: expect.stringContaining('kept by bills and bill payments'),
      },
    ]);
    // Nor can the bill's entry be reversed by hand.
    const rev = await t.gql(
      `mutation ($id: ID!) { reverseJournalEntry(id: $id, date: "2026-03-10") { id } }`,
      { id: first.journalEntryId },
    );
    expect(code(rev)).toBe('CONFLICT');
    expect(message(rev)).toContain('BILL-1');
  });

  it('posts a bill crossing funds with the interfund lines, the ledger balanced per fund', async () => {
    const b = (
      await t.ok(CREATE, {
        input: input({
          vendorId: ids.roofer,
          vendorInvoiceNumber: 'R-1',
          lines: [
            { accountId: ids.roofing, amount: '8000.00', memo: 'North slope' },
            { accountId: ids.prepaidInsurance, amount: '400.00' },
          ],
        }),
      })
    ).createBill;
    expect(b).toMatchObject({ total: '8400.00', status: 'OPEN' });
    const e = (await t.ok(ENTRY, { id: b.journalEntryId })).journalEntry;
    // Roofing (reserve) 8,000 Dr, insurance 400 Dr, AP (operating) 8,400 Cr, and the interfund
    // pair that balances each fund.
    expect(e.lines).toHaveLength(5);
    expect(e.lines.slice(0, 3)).toEqual([
      { accountId: ids.roofing, debit: '8000.00', credit: '0.00' },
      { accountId: ids.prepaidInsurance, debit: '400.00', credit: '0.00' },
      { accountId: ids.ap, debit: '0.00', credit: '8400.00' },
    ]);
    expect(
      e.lines
        .slice(3)
        .map((l: any) => [l.debit, l.credit])
        .sort(),
    ).toEqual([
      ['0.00', '8000.00'],
      ['8000.00', '0.00'],
    ]);
    const r = await ledger();
    expect(r).toMatchObject({ fundUnbalancedEntries: 0, unbalancedEntries: 0, driftRows: 0 });
    expect(r.controlDifferences).toEqual([]);
    ids.roofBill = b.id;
  });

  it('refuses bad bills with a detail per field, writing nothing', async () => {
    const before = await counts();
    const refused = async (over: Record<string, unknown>, want: string, fields: any[]) => {
      const res = await t.gql(CREATE, { input: input(over) });
      expect(code(res), JSON.stringify(over)).toBe(want);
      expect(details(res), JSON.stringify(over)).toEqual(fields);
    };
    const any = expect.any(String);
    await refused({ vendorId: ids.otherVendor }, 'NOT_FOUND', [
      { field: 'vendorId', message: any },
    ]);
    await refused({ lines: [{ accountId: ids.otherAccount, amount: '1.00' }] }, 'NOT_FOUND', [
      { field: 'lines.0.accountId', message: 'Account not found' },
    ]);
    await refused({ capitalProjectId: ids.otherProject }, 'NOT_FOUND', [
      { field: 'capitalProjectId', message: 'Capital project not found' },
    ]);
    await refused({ vendorId: ids.gone }, 'BAD_USER_INPUT', [
      { field: 'vendorId', message: expect.stringContaining('inactive') },
    ]);
    await refused({ dueDate: '2026-03-01' }, 'BAD_USER_INPUT', [
      { field: 'dueDate', message: 'The due date cannot be before the bill date' },
    ]);
    await refused(
      {
        lines: [
          { accountId: ids.repairs, amount: '1.00' },
          { accountId: ids.dues, amount: '1.00' },
          { accountId: ids.ap, amount: '1.00' },
          { accountId: ids.receivable, amount: '1.00' },
          { accountId: ids.old, amount: '1.00' },
        ],
      },
      'BAD_USER_INPUT',
      [
        { field: 'lines.1.accountId', message: expect.stringContaining('income account') },
        { field: 'lines.2.accountId', message: expect.stringContaining('kept by bills') },
        { field: 'lines.3.accountId', message: expect.stringContaining('kept by invoices') },
        { field: 'lines.4.accountId', message: '5900 Old Expense is archived' },
      ],
    );
    await refused({ lines: [] }, 'BAD_USER_INPUT', [
      { field: 'lines', message: 'A bill needs at least one line' },
    ]);
    await refused({ lines: [{ accountId: ids.repairs, amount: '0.00' }] }, 'BAD_USER_INPUT', [
      { field: 'lines.0.amount', message: 'Amounts must be positive' },
    ]);
    await refused({ memo: 'x'.repeat(501) }, 'BAD_USER_INPUT', [
      { field: 'memo', message: 'At most 500 characters' },
    ]);
    await refused({ vendorInvoiceNumber: 'x'.repeat(61) }, 'BAD_USER_INPUT', [
      { field: 'vendorInvoiceNumber', message: 'At most 60 characters' },
    ]);
    await refused(
      {
        lines: [
          { accountId: ids.repairs, amount: '9999999999999.99' },
          { accountId: ids.landscaping, amount: '0.01' },
        ],
      },
      'BAD_USER_INPUT',
      [{ field: 'lines', message: expect.stringContaining('at most') }],
    );
    expect(code(await t.gql(CREATE, { input: input() }, t.viewer))).toBe('FORBIDDEN');
    expect(code(await o.gql(CREATE, { input: input() }))).toBe('NOT_FOUND');
    expect(await counts()).toEqual(before);
  });

  it('refuses a bill or a void dated in a closed month, naming the field', async () => {
    await t.ok(
      `mutation { closeMonth(input: { month: "2026-01", overrideReason: "Test books" }) { closedThrough } }`,
    );
    const before = await counts();
    const res = await t.gql(CREATE, {
      input: input({ billDate: '2026-01-15', dueDate: '2026-02-14' }),
    });
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(details(res)).toEqual([
      { field: 'billDate', message: expect.stringContaining('January 2026 is closed') },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('flags a repeated vendor invoice number without refusing it', async () => {
    const again = (
      await t.ok(CREATE, {
        input: input({
          vendorInvoiceNumber: 'inv-881',
          lines: [{ accountId: ids.repairs, amount: '1250.25' }],
        }),
      })
    ).createBill;
    expect(again.duplicates).toEqual([{ number: 1 }]);
    expect((await t.ok(GET, { id: first.id })).bill.duplicates).toEqual([{ number: again.number }]);
    // Another vendor's invoice of that number is no duplicate.
    const other = (
      await t.ok(CREATE, { input: input({ vendorId: ids.roofer, vendorInvoiceNumber: 'INV-881' }) })
    ).createBill;
    expect(other.duplicates).toEqual([]);
    ids.dup = again.id;
    ids.rooferSmall = other.id;
  });

  it('lists bills newest first, filtered by vendor, status, payability, due date and search', async () => {
    const numbers = async (filter: Record<string, unknown>, token?: string) =>
      (await t.ok(LIST, { filter }, token)).bills.edges.map((e: any) => e.node.number);
    const all = (await t.ok(LIST, { first: 2 })).bills;
    expect(all.totalCount).toBe(4);
    expect(all.edges.map((e: any) => e.node.number)).toEqual([4, 3]);
    const next = (await t.ok(LIST, { first: 2, after: all.pageInfo.endCursor })).bills;
    expect(next.edges.map((e: any) => e.node.number)).toEqual([2, 1]);
    expect(await numbers({ vendorId: ids.roofer })).toEqual([4, 2]);
    expect(await numbers({ search: 'BILL-3' })).toEqual([3]);
    expect(await numbers({ search: 'top roof' })).toEqual([4, 2]);
    expect(await numbers({ search: 'inv-881' })).toEqual([4, 3, 1]);
    expect(await numbers({ search: 'mowing' }, t.viewer)).toEqual([1]);
    expect(await numbers({ status: ['OPEN'], payable: true })).toEqual([4, 3, 2, 1]);
    expect(await numbers({ dueBy: '2026-04-01' })).toEqual([1]);
    expect(await numbers({ approval: ['PENDING'] })).toEqual([]);
    const big = await t.gql(LIST, { first: 201 });
    expect(code(big)).toBe('BAD_USER_INPUT');
  });

  it('is overdue once its due date has passed with something owed', async () => {
    setClock(() => new Date('2026-04-02T16:00:00Z'));
    try {
      expect((await t.ok(GET, { id: first.id })).bill.overdue).toBe(true);
      expect((await t.ok(GET, { id: ids.roofBill })).bill.overdue).toBe(false);
    } finally {
      setClock(() => new Date('2026-03-20T16:00:00Z'));
    }
  });

  it('voids a bill: its entry reversed, nothing owed, and only once', async () => {
    expect(
      code(await t.gql(VOID, { id: ids.dup, date: '2026-03-10', reason: 'Duplicate' }, t.viewer)),
    ).toBe('FORBIDDEN');
    const early = await t.gql(VOID, { id: ids.dup, date: '2026-03-01', reason: 'Duplicate' });
    expect(code(early)).toBe('BAD_USER_INPUT');
    expect(details(early)).toEqual([
      { field: 'date', message: expect.stringContaining('before the bill date') },
    ]);
    const blank = await t.gql(VOID, { id: ids.dup, date: '2026-03-10', reason: '  ' });
    expect(details(blank)).toEqual([{ field: 'reason', message: 'Say why the bill is voided' }]);
    const closed = await t.gql(VOID, { id: ids.dup, date: '2026-01-31', reason: 'Duplicate' });
    expect(code(closed)).toBe('BAD_USER_INPUT');

    const v = (
      await t.ok(VOID, { id: ids.dup, date: '2026-03-10', reason: 'Entered twice' }, t.user)
    ).voidBill;
    expect(v).toMatchObject({
      status: 'VOID',
      balance: '0.00',
      payable: false,
      voidDate: '2026-03-10',
      voidReason: 'Entered twice',
      overdue: false,
    });
    const e = (await t.ok(ENTRY, { id: v.journalEntryId })).journalEntry;
    expect(e.reversedById).toBeTruthy();
    // A void bill is no longer anyone's duplicate.
    expect((await t.ok(GET, { id: first.id })).bill.duplicates).toEqual([]);
    const again = await t.gql(VOID, { id: ids.dup, date: '2026-03-11', reason: 'Again' });
    expect(code(again)).toBe('CONFLICT');
    expect((await ledger()).controlDifferences).toEqual([]);
    expect(
      (await t.ok(LIST, { filter: { status: ['VOID'] } })).bills.edges.map(
        (x: any) => x.node.number,
      ),
    ).toEqual([3]);
  });

  it('is voided only while no standing payment pays it; voiding the payment reopens it', async () => {
    const run = (
      await t.ok(
        `mutation ($input: CreatePaymentRunInput!) { createPaymentRun(input: $input) {
          payments { id } } }`,
        {
          input: {
            bankAccountId: ids.bank,
            method: 'ACH',
            date: '2026-03-12',
            payThrough: '2026-04-30',
            items: [{ billId: first.id, amount: '250.25' }],
          },
        },
      )
    ).createPaymentRun;
    expect((await t.ok(GET, { id: first.id })).bill).toMatchObject({
      status: 'PARTIAL',
      paid: '250.25',
      balance: '1000.00',
      payable: true,
    });
    expect((await ledger()).controlDifferences).toEqual([]);
    const refused = await t.gql(VOID, { id: first.id, date: '2026-03-15', reason: 'Wrong' });
    expect(code(refused)).toBe('CONFLICT');
    expect(message(refused)).toMatch(/BILL-1 is paid by VP-\d+: void that payment first/);
    await t.ok(
      `mutation ($id: ID!) { voidBillPayment(id: $id, date: "2026-03-15", reason: "Sent twice") { id } }`,
      { id: run.payments[0].id },
    );
    expect((await t.ok(GET, { id: first.id })).bill).toMatchObject({
      status: 'OPEN',
      paid: '0.00',
      balance: '1250.25',
    });
    expect((await ledger()).controlDifferences).toEqual([]);
  });

  it("answers NOT_FOUND for another association's bill, and for ids that are none", async () => {
    for (const id of [first.id, 'not-an-id']) {
      expect(code(await o.gql(GET, { id }))).toBe('NOT_FOUND');
      expect(code(await o.gql(VOID, { id, date: '2026-03-10', reason: 'x' }))).toBe('NOT_FOUND');
    }
    expect(code(await t.gql(LIST, { filter: { vendorId: ids.otherVendor } }))).toBeUndefined();
  });
});

describe('Accounts Payable: adopted, created beside, or chosen', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const bill = async (t: Tenant, expense: string) => {
    const vendorId = await t.vendor('Acme');
    return t.ok(CREATE, {
      input: {
        vendorId,
        billDate: '2026-03-05',
        dueDate: '2026-03-05',
        lines: [{ accountId: expense, amount: '10.00' }],
      },
    });
  };

  it("adopts the chart's unused 2010 Accounts Payable", async () => {
    const t = await createTenant(app, 'Adopt HOA');
    const ap = await t.account('2010', 'LIABILITY', { name: 'Accounts Payable' });
    const expense = await t.account('5000', 'EXPENSE');
    // A refused first bill chooses nothing.
    await t.ok(
      `mutation { closeMonth(input: { month: "2026-01", overrideReason: "Test books" }) { closedThrough } }`,
    );
    const refused = await t.gql(CREATE, {
      input: {
        vendorId: await t.vendor('Early'),
        billDate: '2026-01-20',
        dueDate: '2026-01-20',
        lines: [{ accountId: expense, amount: '10.00' }],
      },
    });
    expect(code(refused)).toBe('BAD_USER_INPUT');
    expect((await t.ok(SETTINGS)).payablesSettings.payableAccountId).toBeNull();
    await bill(t, expense);
    expect((await t.ok(SETTINGS)).payablesSettings.payableAccountId).toBe(ap);
  });

  it('creates one beside an Accounts Payable that has postings of its own', async () => {
    const t = await createTenant(app, 'Beside HOA');
    const ap = await t.account('2010', 'LIABILITY', { name: 'Accounts Payable' });
    const expense = await t.account('5000', 'EXPENSE');
    await t.post('2026-03-01', [
      [expense, '5.00', null],
      [ap, null, '5.00'],
    ]);
    await bill(t, expense);
    const s = (await t.ok(SETTINGS)).payablesSettings;
    expect(s.payableAccountId).not.toBe(ap);
    expect(s.payableAccount).toEqual({
      number: '2011',
      name: 'Accounts Payable (bills)',
      type: 'LIABILITY',
    });
  });

  it('is chosen by admins, a liability with no postings of its own, and kept once bills post', async () => {
    const t = await createTenant(app, 'Choose HOA');
    const chosen = await t.account('2050', 'LIABILITY', { name: 'Trade Payables' });
    const used = await t.account('2060', 'LIABILITY', { name: 'Loan' });
    const expense = await t.account('5000', 'EXPENSE');
    await t.post('2026-03-01', [
      [expense, '5.00', null],
      [used, null, '5.00'],
    ]);
    expect(code(await t.gql(UPDATE_SETTINGS, { input: { approvalsRequired: 1 } }, t.user))).toBe(
      'FORBIDDEN',
    );
    const refuse = async (payableAccountId: string, want: string, text: RegExp) => {
      const res = await t.gql(UPDATE_SETTINGS, { input: { payableAccountId } });
      expect(code(res)).toBe(want);
      expect(details(res)).toEqual([
        { field: 'payableAccountId', message: expect.stringMatching(text) },
      ]);
    };
    await refuse(expense, 'BAD_USER_INPUT', /liability/);
    await refuse(used, 'BAD_USER_INPUT', /already has postings/);
    await refuse(await t.receivableAccount(), 'BAD_USER_INPUT', /liability/);
    const s = (
      await t.ok(UPDATE_SETTINGS, {
        input: { payableAccountId: chosen, approvalThreshold: '500.00', approvalsRequired: 2 },
      })
    ).updatePayablesSettings;
    expect(s).toEqual({
      payableAccountId: chosen,
      approvalThreshold: '500.00',
      approvalsRequired: 2,
    });
    const b = (await bill(t, expense)).createBill;
    expect(b).toMatchObject({ approval: 'NOT_REQUIRED', payable: true });
    const other = await t.account('2070', 'LIABILITY', { name: 'Other Payables' });
    const res = await t.gql(UPDATE_SETTINGS, { input: { payableAccountId: other } });
    expect(code(res)).toBe('CONFLICT');
    // The policy itself may still change.
    expect(
      (await t.ok(UPDATE_SETTINGS, { input: { approvalsRequired: 0 } })).updatePayablesSettings,
    ).toMatchObject({ payableAccountId: chosen, approvalsRequired: 0 });
    const bad = await t.gql(UPDATE_SETTINGS, {
      input: { approvalsRequired: 6, approverTitles: [] },
    });
    expect(code(bad)).toBe('BAD_USER_INPUT');
  });
});
