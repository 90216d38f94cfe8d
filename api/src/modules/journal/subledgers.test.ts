/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClient, withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { Migration010EntryOwnersControlAccounts } from '../../../../tenant-migrations/010_entry_owners_control_accounts.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

// Subledgers own their entries (invoices, payments, late fees, monthly actuals) and only they post
// to their control accounts (the receivable account).
describe('subledger entries and control accounts', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Record<string, string> = {};

  const ENTRY = `query ($id: ID!) { journalEntry(id: $id) { id source owner { type id }
    invoice { id number } payment { id number } } }`;
  const REVERSE = `mutation ($id: ID!, $date: LocalDate!) {
    reverseJournalEntry(id: $id, date: $date) { id date } }`;
  const error = (res: { body: { errors?: any[] } }) => {
    expect(res.body.errors, 'expected an error').toBeDefined();
    const e = res.body.errors![0];
    return { code: e.extensions?.code, message: e.message, details: e.extensions?.details };
  };
  const balanceOf = async (accountId: string) =>
    (
      await t.ok(`{ accountBalances(asOf: "2030-12-31") { accountId balance } }`)
    ).accountBalances.find((b: any) => b.accountId === accountId)?.balance ?? '0.00';
  const invoice = async (id: string) =>
    (
      await t.ok(
        `query ($id: ID!) { invoice(id: $id) { id number status journalEntryId voidEntryId } }`,
        { id },
      )
    ).invoice;
  const payment = async (id: string) =>
    (
      await t.ok(`query ($id: ID!) { payment(id: $id) { id number journalEntryId voidEntryId } }`, {
        id,
      })
    ).payment;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Control HOA');
    ids.cash = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    ids.income = await t.account('4010', 'INCOME');
    ids.fees = await t.account('4090', 'INCOME');
    ids.expense = await t.account('5010', 'EXPENSE');
    ids.house = await t.propertyType('House');
    ids.group = await t.group({
      name: 'Monthly',
      dueDay: 10,
      regularIncomeAccountId: ids.income,
      rates: [{ propertyTypeId: ids.house, regular: '100.00' }],
      lateFee: {
        graceDays: 5,
        flatFee: '25.00',
        percent: 0,
        monthlyInterestPercent: 0,
        incomeAccountId: ids.fees,
      },
    });
    ids.unit = await t.unit('U-1', { groupId: ids.group, propertyTypeId: ids.house });
    ids.ar = await t.receivableAccount();
  });
  afterAll(() => app.close());

  it('invoices and payments still post to the receivable account, and their entries name them', async () => {
    const inv = await t.invoice(ids.unit, '2026-02-01', [[ids.income, '80.00']]);
    const pmt = await t.payment(ids.unit, '2026-02-05', '30.00', { depositAccountId: ids.cash });
    expect(await balanceOf(ids.ar)).toBe('50.00');
    const i = await invoice(inv);
    const p = await payment(pmt);
    const ie = (await t.ok(ENTRY, { id: i.journalEntryId })).journalEntry;
    expect(ie).toMatchObject({
      source: 'INVOICE',
      owner: { type: 'INVOICE', id: inv },
      invoice: { id: inv, number: i.number },
      payment: null,
    });
    const pe = (await t.ok(ENTRY, { id: p.journalEntryId })).journalEntry;
    expect(pe).toMatchObject({
      source: 'PAYMENT',
      owner: { type: 'PAYMENT', id: pmt },
      invoice: null,
      payment: { id: pmt, number: p.number },
    });
    // A manual entry has no owner.
    const manual = await t.post('2026-02-06', [
      [ids.expense, '5.00', null],
      [ids.cash, null, '5.00'],
    ]);
    expect((await t.ok(ENTRY, { id: manual })).journalEntry).toMatchObject({
      owner: null,
      invoice: null,
      payment: null,
    });
    ids.inv = inv;
    ids.pmt = pmt;
  });

  it("refuses to reverse a subledger's entry and names the owner and the action", async () => {
    const i = await invoice(ids.inv);
    let e = error(await t.gql(REVERSE, { id: i.journalEntryId, date: '2026-02-10' }));
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe(
      `This entry belongs to invoice INV-${i.number}: void the invoice instead`,
    );
    const p = await payment(ids.pmt);
    e = error(await t.gql(REVERSE, { id: p.journalEntryId, date: '2026-02-10' }));
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe(
      `This entry belongs to payment PMT-${p.number}: void the payment instead`,
    );
    // Voiding through the owner still works, and its void entry is owned as well.
    const voided = (
      await t.ok(
        `mutation ($id: ID!) { voidPayment(id: $id, date: "2026-02-11") { voidEntryId } }`,
        {
          id: ids.pmt,
        },
      )
    ).voidPayment;
    expect((await t.ok(ENTRY, { id: voided.voidEntryId })).journalEntry.owner).toEqual({
      type: 'PAYMENT',
      id: ids.pmt,
    });
    expect(error(await t.gql(REVERSE, { id: voided.voidEntryId, date: '2026-02-12' })).code).toBe(
      'CONFLICT',
    );
    expect(await balanceOf(ids.ar)).toBe('80.00');
  });

  it('refuses a manual entry touching the receivable account', async () => {
    const res = await t.gql(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
      {
        input: {
          date: '2026-02-15',
          memo: 'Write-off',
          lines: [
            { accountId: ids.expense, debit: '80.00' },
            { accountId: ids.ar, credit: '80.00' },
          ],
        },
      },
    );
    const e = error(res);
    expect(e.code).toBe('BAD_USER_INPUT');
    expect(e.message).toBe(
      "Assessments Receivable is kept by invoices and payments: record a payment, void or write off the invoice, or enter the unit's opening balance under Units",
    );
    expect(e.details).toEqual([{ field: 'lines.1.accountId', message: e.message }]);
    expect(await balanceOf(ids.ar)).toBe('80.00');
  });

  it('refuses a journal import with a line on the receivable account', async () => {
    const number = (await t.ok(`{ receivablesSettings { receivableAccount { number } } }`))
      .receivablesSettings.receivableAccount.number;
    const csv = [
      'date,reference,account,debit,credit',
      `2026-02-20,OB-1,${number},100.00,`,
      '2026-02-20,OB-1,4010,,100.00',
    ].join('\n');
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: `mutation ($file: Upload!) { importJournalEntries(file: $file) {
          committed errors { row field message } } }`,
        variables: { file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([csv]), 'journal.csv');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    expect(body.data.importJournalEntries).toEqual({
      committed: false,
      errors: [
        {
          row: 2,
          field: 'account',
          message:
            "Assessments Receivable is kept by invoices and payments: record a payment, void or write off the invoice, or enter the unit's opening balance under Units",
        },
      ],
    });
    expect(await balanceOf(ids.ar)).toBe('80.00');
  });

  it('refuses a payment deposited into the receivable account', async () => {
    const res = await t.gql(
      `mutation ($input: RecordPaymentInput!) { recordPayment(input: $input) { id } }`,
      {
        input: {
          unitId: ids.unit,
          date: '2026-02-20',
          amount: '10.00',
          method: 'CHECK',
          depositAccountId: ids.ar,
        },
      },
    );
    const e = error(res);
    expect(e.code).toBe('BAD_USER_INPUT');
    expect(e.details).toEqual([
      {
        field: 'depositAccountId',
        message:
          'Assessments Receivable is kept by invoices and payments; choose another account for this line',
      },
    ]);
    // Nor as the default deposit account of the settings.
    const s = error(
      await t.gql(
        `mutation ($input: ReceivablesSettingsInput!) { updateReceivablesSettings(input: $input) { depositAccountId } }`,
        { input: { receivableAccountId: ids.ar, depositAccountId: ids.ar } },
      ),
    );
    expect(s.code).toBe('BAD_USER_INPUT');
    expect(s.details[0].field).toBe('depositAccountId');
    expect(await balanceOf(ids.ar)).toBe('80.00');
    const payments = (await t.ok(`{ payments(first: 50) { totalCount } }`)).payments.totalCount;
    expect(payments).toBe(1);
  });

  it('refuses an invoice line on the receivable account', async () => {
    const res = await t.gql(
      `mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { id } }`,
      {
        input: {
          unitId: ids.unit,
          issueDate: '2026-02-21',
          dueDate: '2026-02-28',
          lines: [
            { accountId: ids.income, amount: '20.00', description: 'Fine' },
            { accountId: ids.ar, amount: '5.00', description: 'Credit' },
          ],
        },
      },
    );
    const e = error(res);
    expect(e.code).toBe('BAD_USER_INPUT');
    expect(e.details).toEqual([
      {
        field: 'lines.1.accountId',
        message:
          'Assessments Receivable is kept by invoices and payments; choose another account for this line',
      },
    ]);
    expect(await balanceOf(ids.ar)).toBe('80.00');
  });

  it('refuses a reversal dated before the entry it reverses', async () => {
    const id = await t.post('2026-03-10', [
      [ids.expense, '12.00', null],
      [ids.cash, null, '12.00'],
    ]);
    const e = error(await t.gql(REVERSE, { id, date: '2026-03-09' }));
    expect(e.code).toBe('BAD_USER_INPUT');
    expect(e.details).toEqual([
      {
        field: 'date',
        message: 'A reversal cannot be dated before the entry it reverses (2026-03-10)',
      },
    ]);
    expect((await t.ok(REVERSE, { id, date: '2026-03-10' })).reverseJournalEntry.date).toBe(
      '2026-03-10',
    );
  });

  it('refuses to reverse the live monthly-actuals entry, and the month saves again', async () => {
    const SAVE = `mutation ($input: SaveMonthlyActualsInput!) { saveMonthlyActuals(input: $input) {
      posted { id owner { type id } } } }`;
    const save = (amount: string) =>
      t.gql(SAVE, {
        input: { year: 2026, months: [{ month: 3, lines: [{ accountId: ids.expense, amount }] }] },
      });
    // Its cash account cannot be the receivable account either.
    const cash = error(
      await t.gql(
        `mutation ($id: ID!) { setActualsCashAccount(fundType: OPERATING, accountId: $id) { accountId } }`,
        { id: ids.ar },
      ),
    );
    expect(cash.code).toBe('BAD_USER_INPUT');
    expect(cash.message).toContain('Assessments Receivable is kept by invoices and payments');
    const first = await save('40.00');
    expect(first.body.errors).toBeUndefined();
    const [entry] = (first.body.data as any).saveMonthlyActuals.posted;
    expect(entry.owner.type).toBe('MONTHLY_ACTUALS');
    const e = error(await t.gql(REVERSE, { id: entry.id, date: '2026-03-31' }));
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe(
      'This entry belongs to the monthly actuals of March 2026: change the amounts in Monthly Actuals instead',
    );
    const again = await save('55.00');
    expect(again.body.errors).toBeUndefined();
    const actuals = (
      await t.ok(`{ monthlyActuals(year: 2026) { lines { accountId amounts } } }`)
    ).monthlyActuals.lines.find((l: any) => l.accountId === ids.expense);
    expect(actuals.amounts[2]).toBe('55.00');
  });

  // Late fees go with their invoice: voiding an invoice voids the standing fees charged on it (a
  // fee with payments applied stops the void until those payments are voided).
  it('voids the late fees charged on an invoice with it', async () => {
    // The February invoice goes first (it has no fees), so May's is the only one overdue.
    await t.ok(`mutation ($id: ID!) { voidInvoice(id: $id, date: "2026-05-01") { id } }`, {
      id: ids.inv,
    });
    expect(await t.assessmentRun('2026-05')).toBe(1);
    const created = (await t.ok(`mutation { assessLateFees(asOf: "2026-05-20") { created } }`))
      .assessLateFees.created;
    expect(created).toBe(1);
    const list = async () =>
      (
        await t.ok(
          `query ($u: ID!) { invoices(filter: { unitId: $u }, first: 100) { edges { node {
            id number kind period status } } } }`,
          { u: ids.unit },
        )
      ).invoices.edges.map((e: any) => e.node);
    const may = (await list()).find((i: any) => i.kind === 'ASSESSMENT' && i.period === '2026-05');
    const fee = (await list()).find((i: any) => i.kind === 'LATE_FEE' && i.status === 'OPEN');
    expect(fee).toBeDefined();
    const arBefore = await balanceOf(ids.ar);

    // A payment applied to the fee stops the void.
    const pmt = await t.payment(ids.unit, '2026-05-21', '25.00', {
      depositAccountId: ids.cash,
      invoiceIds: [fee.id],
    });
    const VOID = `mutation ($id: ID!) { voidInvoice(id: $id, date: "2026-05-25") { id status } }`;
    const refused = error(await t.gql(VOID, { id: may.id }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toContain(`Late fee INV-${fee.number}`);
    expect((await invoice(may.id)).status).toBe('OPEN');

    await t.ok(`mutation ($id: ID!) { voidPayment(id: $id, date: "2026-05-22") { id } }`, {
      id: pmt,
    });
    expect((await t.ok(VOID, { id: may.id })).voidInvoice.status).toBe('VOID');
    const feeNow = await invoice(fee.id);
    expect(feeNow.status).toBe('VOID');
    expect((await t.ok(ENTRY, { id: feeNow.voidEntryId })).journalEntry.owner).toEqual({
      type: 'INVOICE',
      id: fee.id,
    });
    // The receivable account lost the invoice and its fee (the payment came and went).
    expect(Number(arBefore) - Number(await balanceOf(ids.ar))).toBeCloseTo(125, 2);
  });

  // Books posted before owners existed: the migration fills every owner from the invoices,
  // payments and actuals tables, and the control account from the receivables settings.
  it('fills owners and control accounts of existing books in the migration', async () => {
    const url = withDatabase(app.services.clusterUrl('default'), t.org.dbName);
    const read = (c: any) =>
      Promise.all([
        c
          .query('SELECT id, source, owner_type, owner_id FROM journal_entries ORDER BY number')
          .then((r: any) => r.rows),
        c
          .query(`SELECT role, account_id FROM control_accounts WHERE role = 'receivable'`)
          .then((r: any) => r.rows),
      ]);
    const migration = new Migration010EntryOwnersControlAccounts({} as any, {} as any);
    await migration.up();
    const fill = migration
      .getQueries()
      .map(String)
      .filter((q) => /^\s*(UPDATE|INSERT|ALTER TABLE journal_entries (DISABLE|ENABLE))/.test(q));
    expect(fill.length).toBe(7);
    await withClient(url, async (c) => {
      const [entries, control] = await read(c);
      expect(entries.filter((e: any) => e.owner_type).length).toBeGreaterThan(8);
      expect(control).toEqual([{ role: 'receivable', account_id: ids.ar }]);
      await c.query('BEGIN');
      await c.query('ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_immutable');
      await c.query('UPDATE journal_entries SET owner_type = NULL, owner_id = NULL');
      await c.query('ALTER TABLE journal_entries ENABLE TRIGGER journal_entries_immutable');
      await c.query(`DELETE FROM control_accounts WHERE role = 'receivable'`);
      for (const q of fill) await c.query(q);
      await c.query('COMMIT');
      expect(await read(c)).toEqual([entries, control]);
    });
  });
});
