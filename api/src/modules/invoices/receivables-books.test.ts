/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPAID_BACKFILL } from '../../../../tenant-migrations/014_receivables_credit_write_offs.js';
import { withClient, withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  receivablesChart,
  receivablesKit,
  receivablesPostingDates,
  receivablesProblems,
} from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import {
  checkLedger,
  describeLedgerCheck,
  ledgerCheckPasses,
} from '../journal/ledger-check.service.js';

// The receivable account never goes below zero: a unit's credit sits in Prepaid Assessments (a
// control account kept by payments) and moves back when it pays an invoice. Bad debt is written
// off through the invoice. Opening balances come in through the subledger, never by hand.
describe('receivables books: credit, write-offs, opening balances', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Record<string, string> = {};
  const ok = (query: string, variables?: Record<string, unknown>) => t.ok(query, variables);
  const { unit, balanceOf, invoicesOf } = receivablesKit(() => t, ids);
  const aging = (asOf: string) =>
    ok(
      `query ($asOf: LocalDate!) { agingReport(asOf: $asOf) { receivableBalance prepaidBalance
        totals { current days1to30 credit total } rows { unit { number } buckets { credit total } } } }`,
      { asOf },
    ).then((d) => d.agingReport);
  const INVOICE = `query ($id: ID!) { invoice(id: $id) { number status total paid writtenOff balance
    daysOverdue writeOff { amount date account { number } journalEntryId } } }`;
  const unitLedger = (id: string) =>
    ok(`query ($id: ID!) { unitLedger(unitId: $id) { kind reference charge payment balance } }`, {
      id,
    }).then((d) => d.unitLedger);
  const check = async () =>
    checkLedger(withDatabase(app.services.clusterUrl('default'), t.org.dbName));

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Maple Ridge HOA');
    Object.assign(ids, await receivablesChart(t));
    ids.monthly = await receivablesKit(() => t, ids).group('Monthly dues', 'MONTHLY', [
      [ids.house, '250.00', '0.00'],
    ]);
    ids.badDebt = await t.account('6900', 'EXPENSE');
    ids.ar = await t.receivableAccount();
    const s = await ok('{ receivablesSettings { prepaidAccountId } }');
    ids.prepaid = s.receivablesSettings.prepaidAccountId;
  });
  afterAll(() => app.close());

  it('creates Prepaid Assessments with the settings and keeps it for payments', async () => {
    const acc = await ok(`query ($id: ID!) { account(id: $id) { number name type fundType } }`, {
      id: ids.prepaid,
    });
    expect(acc.account).toEqual({
      number: '2100',
      name: 'Prepaid Assessments',
      type: 'LIABILITY',
      fundType: 'OPERATING',
    });
    const res = await t.gql(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
      {
        input: {
          date: '2026-01-05',
          lines: [
            { accountId: ids.cash, debit: '10.00' },
            { accountId: ids.prepaid, credit: '10.00' },
          ],
        },
      },
    );
    expect(res.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors?.[0].message).toMatch(/^Prepaid Assessments is kept by payments: /);
  });

  it('holds an overpayment in Prepaid Assessments, never as a negative receivable', async () => {
    ids.u1 = await unit('P-1');
    await t.assessmentRun('2026-01');
    await t.payment(ids.u1, '2026-01-15', '400.00', { depositAccountId: ids.cash });
    // 250.00 pays January; 150.00 is the unit's credit.
    expect(await balanceOf(ids.ar, '2026-01-31')).toBe('0.00');
    expect(await balanceOf(ids.prepaid, '2026-01-31')).toBe('150.00');
    const a = await aging('2026-01-31');
    expect(a.totals).toMatchObject({ total: '0.00', credit: '-150.00' });
    expect(a.receivableBalance).toBe('0.00');
    expect(a.prepaidBalance).toBe('150.00');
    // February's invoice takes the credit: an entry of the payment moves it back on Feb 1.
    await t.assessmentRun('2026-02');
    expect(await balanceOf(ids.ar, '2026-02-28')).toBe('100.00');
    expect(await balanceOf(ids.prepaid, '2026-02-28')).toBe('0.00');
    expect(await balanceOf(ids.prepaid, '2026-01-31')).toBe('150.00');
    const lines = await ok(
      `query ($a: ID!) { journalLines(filter: { accountId: $a }, first: 20) { edges { node {
        date debit credit source entryMemo owner { type } } } } }`,
      { a: ids.prepaid },
    );
    const moves = lines.journalLines.edges.map((e: any) => e.node);
    expect(moves).toHaveLength(2);
    expect(moves.find((m: any) => m.debit === '150.00')).toMatchObject({
      date: '2026-02-01',
      source: 'PAYMENT',
      owner: { type: 'PAYMENT' },
    });
    expect((await aging('2026-02-28')).totals).toMatchObject({ total: '100.00', credit: '0.00' });
    expect(await check()).toMatchObject({ controlDifferences: [] });
  });

  // A chart brought from another system may already hold "Prepaid Assessments" and "Assessments
  // Receivable" with balances. Adopted, their history would sit in the receivables where no journal
  // entry could correct it; so the receivables get accounts of their own beside them.
  it('gives the receivables accounts of their own beside imported ones with balances', async () => {
    const n = await createTenant(app, 'Imported Chart HOA');
    const cash = await n.account('1010', 'ASSET');
    const opening = { initialBalance: '500.00', openingDate: '2025-12-31' };
    const oldPrepaid = await n.account('2100', 'LIABILITY', {
      name: 'Prepaid Assessments',
      ...opening,
    });
    const oldAr = await n.account('1200', 'ASSET', { name: 'Assessments Receivable', ...opening });
    const SETTINGS = `{ receivablesSettings { receivableAccount { id number name }
      prepaidAccountId } }`;
    const { receivablesSettings: s } = await n.ok(SETTINGS);
    expect(s.receivableAccount).toMatchObject({
      number: '1201',
      name: 'Assessments Receivable (by unit)',
    });
    const prepaid = await n.ok(`query ($id: ID!) { account(id: $id) { number name } }`, {
      id: s.prepaidAccountId,
    });
    expect(prepaid.account).toEqual({
      number: '2101',
      name: "Prepaid Assessments (owners' credit)",
    });
    const a = await n
      .ok(
        `{ agingReport(asOf: "2026-01-31") { receivableBalance prepaidBalance totals { credit total } } }`,
      )
      .then((d) => d.agingReport);
    expect(a).toEqual({
      receivableBalance: '0.00',
      prepaidBalance: '0.00',
      totals: { credit: '0.00', total: '0.00' },
    });
    // The imported account stays the association's to correct.
    await n.post('2026-01-05', [
      [oldPrepaid, '500.00', null],
      [cash, null, '500.00'],
    ]);
    // Chosen in the settings, an account with postings of its own is refused, and nothing changes.
    const UPDATE = `mutation ($input: ReceivablesSettingsInput!) { updateReceivablesSettings(input: $input) {
      prepaidAccountId } }`;
    const refused = await n.gql(UPDATE, {
      input: { receivableAccountId: s.receivableAccount.id, prepaidAccountId: oldPrepaid },
    });
    expect(refused.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        {
          field: 'prepaidAccountId',
          message:
            '2100 Prepaid Assessments already has postings of its own: Prepaid Assessments takes only payments, so choose an account without postings',
        },
      ],
    });
    const ar = await n.gql(UPDATE, { input: { receivableAccountId: oldAr } });
    expect(ar.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'receivableAccountId' }],
    });
    expect((await n.ok(SETTINGS)).receivablesSettings).toEqual(s);
    // An account nothing was posted to is taken.
    const fresh = await n.account('2150', 'LIABILITY', { name: 'Owner Credits' });
    const taken = await n.ok(UPDATE, {
      input: { receivableAccountId: s.receivableAccount.id, prepaidAccountId: fresh },
    });
    expect(taken.updateReceivablesSettings.prepaidAccountId).toBe(fresh);
    const url = withDatabase(app.services.clusterUrl('default'), n.org.dbName);
    expect(ledgerCheckPasses(await checkLedger(url))).toBe(true);
  });

  it('voids a payment together with the credit it applied later', async () => {
    const u = await unit('P-2');
    await t.invoice(u, '2026-03-01', [[ids.income, '100.00']]);
    const pay = await t.payment(u, '2026-03-02', '160.00', { depositAccountId: ids.cash });
    await t.invoice(u, '2026-03-10', [[ids.income, '60.00']]);
    const [late, first] = await invoicesOf(u);
    expect([first.status, late.status]).toEqual(['PAID', 'PAID']);
    // Not before the credit was applied.
    const early = await t.gql(
      `mutation ($id: ID!, $d: LocalDate) { voidPayment(id: $id, date: $d) { id } }`,
      { id: pay, d: '2026-03-05' },
    );
    expect(early.body.errors?.[0].extensions?.details).toEqual([
      expect.objectContaining({ field: 'date', message: expect.stringMatching(/2026-03-10/) }),
    ]);
    await ok(`mutation ($id: ID!, $d: LocalDate) { voidPayment(id: $id, date: $d) { id } }`, {
      id: pay,
      d: '2026-03-15',
    });
    const after = await invoicesOf(u);
    expect(after.map((i: any) => i.status)).toEqual(['OPEN', 'OPEN']);
    const a = await aging('2026-03-31');
    expect(a.receivableBalance).toBe(a.totals.total);
    expect(a.prepaidBalance).toBe('0.00');
    expect(await check()).toMatchObject({ controlDifferences: [] });
  });

  it('writes off an invoice balance to a bad-debt expense through the invoice', async () => {
    const u = await unit('W-1');
    const inv = await t.invoice(u, '2026-04-01', [[ids.income, '300.00']], {
      dueDate: '2026-04-10',
    });
    await t.payment(u, '2026-04-05', '100.00', { depositAccountId: ids.cash });
    const arBefore = await balanceOf(ids.ar, '2026-04-30');
    // Only an expense account.
    const wrong = await t.gql(
      `mutation ($input: WriteOffInvoiceInput!) { writeOffInvoice(input: $input) { id } }`,
      { input: { invoiceId: inv, accountId: ids.income, date: '2026-04-20' } },
    );
    expect(wrong.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((wrong.body.errors?.[0].extensions?.details as any)[0].field).toBe('accountId');
    const done = await ok(
      `mutation ($input: WriteOffInvoiceInput!) { writeOffInvoice(input: $input) { id status } }`,
      {
        input: { invoiceId: inv, accountId: ids.badDebt, date: '2026-04-20', memo: 'Moved away' },
      },
    );
    expect(done.writeOffInvoice.status).toBe('WRITTEN_OFF');
    const { invoice } = await ok(INVOICE, { id: inv });
    expect(invoice).toMatchObject({
      paid: '100.00',
      writtenOff: '200.00',
      balance: '0.00',
      daysOverdue: 0,
      writeOff: { amount: '200.00', date: '2026-04-20', account: { number: '6900' } },
    });
    expect(await balanceOf(ids.badDebt, '2026-04-30')).toBe('200.00');
    expect(await balanceOf(ids.ar, '2026-04-30')).toBe((Number(arBefore) - 200).toFixed(2));
    expect(await balanceOf(ids.ar, '2026-04-19')).toBe(arBefore);
    const a = await aging('2026-04-30');
    expect(a.receivableBalance).toBe(a.totals.total);
    expect(a.rows.find((r: any) => r.unit.number === 'W-1')).toBeUndefined();
    // The entry belongs to the invoice: only the invoice undoes it.
    const rev = await t.gql(
      `mutation ($id: ID!, $d: LocalDate!) { reverseJournalEntry(id: $id, date: $d) { id } }`,
      { id: invoice.writeOff.journalEntryId, d: '2026-04-30' },
    );
    expect(rev.body.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(rev.body.errors?.[0].message).toMatch(
      /belongs to invoice INV-\d+: void the invoice instead/,
    );
    const again = await t.gql(
      `mutation ($input: WriteOffInvoiceInput!) { writeOffInvoice(input: $input) { id } }`,
      { input: { invoiceId: inv, accountId: ids.badDebt } },
    );
    expect(again.body.errors?.[0].extensions?.code).toBe('CONFLICT');
    const rows = await unitLedger(u);
    expect(rows.map((r: any) => [r.kind, r.charge, r.payment, r.balance])).toEqual([
      ['INVOICE', '300.00', '0.00', '300.00'],
      ['PAYMENT', '0.00', '100.00', '200.00'],
      ['WRITE_OFF', '0.00', '200.00', '0.00'],
    ]);
    const { unit: figures } = await ok(`query ($id: ID!) { unit(id: $id) { balanceDue credit } }`, {
      id: u,
    });
    expect(figures).toEqual({ balanceDue: '0.00', credit: '0.00' });
    expect(await check()).toMatchObject({ controlDifferences: [] });
  });

  it('voiding a written-off invoice undoes the write-off with it', async () => {
    const u = await unit('W-2');
    const inv = await t.invoice(u, '2026-05-01', [[ids.income, '80.00']]);
    const before = await balanceOf(ids.badDebt, '2026-05-31');
    await ok(`mutation ($input: WriteOffInvoiceInput!) { writeOffInvoice(input: $input) { id } }`, {
      input: { invoiceId: inv, accountId: ids.badDebt, date: '2026-05-10' },
    });
    const early = await t.gql(
      `mutation ($id: ID!, $d: LocalDate) { voidInvoice(id: $id, date: $d) { id } }`,
      { id: inv, d: '2026-05-05' },
    );
    expect(early.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const v = await ok(
      `mutation ($id: ID!, $d: LocalDate) { voidInvoice(id: $id, date: $d) { status writtenOff writeOff { id } } }`,
      { id: inv, d: '2026-05-20' },
    );
    expect(v.voidInvoice).toEqual({ status: 'VOID', writtenOff: '0.00', writeOff: null });
    expect(await balanceOf(ids.badDebt, '2026-05-31')).toBe(before);
    expect(await check()).toMatchObject({ controlDifferences: [] });
  });

  it('takes opening balances and credits per unit through the subledger', async () => {
    const owes = await unit('O-1');
    const ahead = await unit('O-2');
    const SET = `mutation ($input: UnitOpeningBalanceInput!) { setUnitOpeningBalance(input: $input) {
      invoiceId paymentId } }`;
    const a = await ok(SET, { input: { unitId: owes, date: '2025-12-31', amount: '450.00' } });
    expect(a.setUnitOpeningBalance.paymentId).toBeNull();
    const inv = await ok(`query ($id: ID!) { invoice(id: $id) { kind total status } }`, {
      id: a.setUnitOpeningBalance.invoiceId,
    });
    expect(inv.invoice).toEqual({ kind: 'OPENING_BALANCE', total: '450.00', status: 'OPEN' });
    const twice = await t.gql(SET, {
      input: { unitId: owes, date: '2025-12-31', amount: '10.00' },
    });
    expect(twice.body.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(twice.body.errors?.[0].message).toMatch(/already has an opening balance \(INV-\d+\)/);
    const zero = await t.gql(SET, { input: { unitId: ahead, date: '2025-12-31', amount: '0' } });
    expect((zero.body.errors?.[0].extensions?.details as any)[0].field).toBe('amount');
    const b = await ok(SET, { input: { unitId: ahead, date: '2025-12-31', amount: '-120.00' } });
    expect(b.setUnitOpeningBalance.invoiceId).toBeNull();
    const { unit: figures } = await ok(`query ($id: ID!) { unit(id: $id) { credit } }`, {
      id: ahead,
    });
    expect(figures.credit).toBe('120.00');
    const obe = (await ok('{ accounts { id number } }')).accounts.find(
      (x: any) => x.number === '3900',
    ).id;
    expect(await balanceOf(obe, '2025-12-31')).toBe('330.00');
    expect(await balanceOf(ids.ar, '2025-12-31')).toBe('450.00');
    expect(await balanceOf(ids.prepaid, '2025-12-31')).toBe('120.00');
    expect((await unitLedger(ahead)).map((r: any) => [r.kind, r.payment])).toEqual([
      ['OPENING_CREDIT', '120.00'],
    ]);
    // A manual entry on the receivable account is refused and names the way in.
    const manual = await t.gql(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
      {
        input: {
          date: '2025-12-31',
          lines: [
            { accountId: ids.ar, debit: '5.00' },
            { accountId: obe, credit: '5.00' },
          ],
        },
      },
    );
    expect(manual.body.errors?.[0].message).toMatch(/opening balance under Units/);
    expect(await check()).toMatchObject({ controlDifferences: [] });
  });

  it('imports opening balances from CSV, all or nothing', async () => {
    await unit('C-1');
    await unit('C-2');
    const upload = async (csv: string, date?: string) => {
      const form = new FormData();
      form.append(
        'operations',
        JSON.stringify({
          query: `mutation ($file: Upload!, $date: LocalDate) { importOpeningBalances(file: $file, date: $date) {
            created errors { row field message } } }`,
          variables: { file: null, date },
        }),
      );
      form.append('map', JSON.stringify({ 0: ['variables.file'] }));
      form.append('0', new Blob([csv], { type: 'text/csv' }), 'opening.csv');
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
        body: form,
      });
      return ((await res.json()) as any).data.importOpeningBalances;
    };
    const bad = await upload(
      'unit_number,amount,memo\nC-1,"1,250.00",Carried over\nZ-9,10,\nC-1,5,\nC-2,0,\nO-1,10,\n',
      '2025-12-31',
    );
    expect(bad.created).toBe(0);
    expect(bad.errors).toEqual([
      { row: 3, field: 'unit_number', message: 'Unknown unit "Z-9"' },
      { row: 4, field: 'unit_number', message: 'Unit C-1 is also on line 2' },
      {
        row: 5,
        field: 'amount',
        message: 'Enter the amount owed (or a negative amount for a credit)',
      },
    ]);
    const taken = await upload('unit_number,amount,date\nC-1,10,2025-12-31\nO-1,10,2025-12-31\n');
    expect(taken.created).toBe(0);
    expect(taken.errors[0]).toMatchObject({ row: 3, field: 'unit_number' });
    expect(taken.errors[0].message).toMatch(/^Unit O-1 already has an opening balance/);
    const good = await upload(
      'unit_number,amount,date,memo\nC-1,"1,250.00",,Carried over\nC-2,(75.50),2025-12-30,\n',
      '2025-12-31',
    );
    expect(good).toEqual({ created: 2, errors: [] });
    const [c1] = await invoicesOf(
      (await ok('{ units(first: 100) { edges { node { id number } } } }')).units.edges.find(
        (e: any) => e.node.number === 'C-1',
      ).node.id,
    );
    expect(c1).toMatchObject({
      kind: 'OPENING_BALANCE',
      total: '1250.00',
      issueDate: '2025-12-31',
    });
    expect(await check()).toMatchObject({ controlDifferences: [] });
  });

  it("refuses another association's invoices, units and accounts as NOT_FOUND", async () => {
    const u = await unit('T-1');
    const inv = await t.invoice(u, '2026-08-01', [[ids.income, '40.00']]);
    const other = await createTenant(app, 'Other HOA');
    const theirBadDebt = await other.account('6900', 'EXPENSE');
    const code = (res: { body: { errors?: any[] } }) => res.body.errors?.[0].extensions?.code;
    const WRITE_OFF = `mutation ($input: WriteOffInvoiceInput!) { writeOffInvoice(input: $input) { id } }`;
    // Their caller, our invoice; our caller, their expense account.
    expect(
      code(await other.gql(WRITE_OFF, { input: { invoiceId: inv, accountId: theirBadDebt } })),
    ).toBe('NOT_FOUND');
    expect(
      code(await t.gql(WRITE_OFF, { input: { invoiceId: inv, accountId: theirBadDebt } })),
    ).toBe('NOT_FOUND');
    const SET = `mutation ($input: UnitOpeningBalanceInput!) { setUnitOpeningBalance(input: $input) { invoiceId } }`;
    expect(
      code(await other.gql(SET, { input: { unitId: u, date: '2026-01-01', amount: '10.00' } })),
    ).toBe('NOT_FOUND');
    const settings = await t.gql(
      `mutation ($input: ReceivablesSettingsInput!) { updateReceivablesSettings(input: $input) { prepaidAccountId } }`,
      {
        input: {
          receivableAccountId: ids.ar,
          prepaidAccountId: await other.account('2150', 'LIABILITY'),
        },
      },
    );
    expect(code(settings)).toBe('NOT_FOUND');
    // Nothing was written on either side.
    const { invoice } = await ok(`query ($id: ID!) { invoice(id: $id) { status writtenOff } }`, {
      id: inv,
    });
    expect(invoice).toEqual({ status: 'OPEN', writtenOff: '0.00' });
  });

  // Books from before Prepaid Assessments: a payment's entry credited the receivable with all of
  // it (the overpayment made the receivable negative) and a later invoice took the credit with no
  // entry. The migration moves the credit into Prepaid Assessments as of the payment's date and
  // back as of the day it was applied, so every date reads as the rules would have posted it.
  it('brings the credit of existing books into Prepaid Assessments in the migration', async () => {
    // Books of their own: the migration moves the credit of every standing payment.
    const old = await createTenant(app, 'Old Books HOA');
    const o: Record<string, string> = { ...(await receivablesChart(old)) };
    const kit = receivablesKit(() => old, o);
    o.monthly = await kit.group('Monthly dues', 'MONTHLY', [[o.house, '250.00', '0.00']]);
    o.ar = await old.receivableAccount();
    o.prepaid = (
      await old.ok('{ receivablesSettings { prepaidAccountId } }')
    ).receivablesSettings.prepaidAccountId;
    const u = await kit.unit('M-1');
    const jan = await old.invoice(u, '2026-06-01', [[o.income, '250.00']]);
    const jul = await old.invoice(u, '2026-07-01', [[o.income, '250.00']]);
    const url = withDatabase(app.services.clusterUrl('default'), old.org.dbName);
    await withClient(url, async (c) => {
      await c.query('BEGIN');
      const e = await c.query<{ id: string }>(
        `INSERT INTO journal_entries (id, entry_date, memo, source, owner_type, owner_id)
         VALUES (gen_random_uuid(), '2026-06-15', 'PMT old', 'payment', 'payment', gen_random_uuid())
         RETURNING id`,
      );
      const entry = e.rows[0].id;
      await c.query(
        `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit)
         VALUES (gen_random_uuid(), $1, 1, $2, '2026-06-15', 40000, 0),
                (gen_random_uuid(), $1, 2, $3, '2026-06-15', 0, 40000)`,
        [entry, o.cash, o.ar],
      );
      const p = await c.query<{ id: string }>(
        `INSERT INTO payments (id, unit_id, date, amount, method, deposit_account_id, journal_entry_id)
         SELECT owner_id, $1, '2026-06-15', 40000, 'check', $2, id FROM journal_entries WHERE id = $3
         RETURNING id`,
        [u, o.cash, entry],
      );
      o.payment = p.rows[0].id;
      await c.query(
        `INSERT INTO payment_applications (id, payment_id, invoice_id, amount, applied_on)
         VALUES (gen_random_uuid(), $1, $2, 25000, '2026-06-15')`,
        [o.payment, jan],
      );
      await c.query('COMMIT');
    });
    // July's invoice took 150.00 of the credit, with no entry (as the old code did).
    await withClient(url, async (c) => {
      await c.query(
        `INSERT INTO payment_applications (id, payment_id, invoice_id, amount, applied_on)
         VALUES (gen_random_uuid(), $1, $2, 15000, '2026-07-01')`,
        [o.payment, jul],
      );
      await c.query(`UPDATE receivables_settings SET prepaid_account_id = NULL`);
      await c.query(`DELETE FROM control_accounts WHERE role = 'prepaid'`);
    });
    const ar = async (d: string) => kit.balanceOf(o.ar, d);
    const prepaid = async (d: string) => kit.balanceOf(o.prepaid, d);
    const before = { jun: await ar('2026-06-30'), jul: await ar('2026-07-31') };
    await withClient(url, async (c) => {
      await c.query('BEGIN');
      for (const q of PREPAID_BACKFILL) await c.query(q);
      await c.query('COMMIT');
    });
    // The same Prepaid Assessments account is found again by its name, and kept by payments.
    const s = await old.ok('{ receivablesSettings { prepaidAccountId } }');
    expect(s.receivablesSettings.prepaidAccountId).toBe(o.prepaid);
    // Before: the receivable at -150.00 after June's overpayment, 100.00 after July's invoice.
    expect([before.jun, before.jul]).toEqual(['-150.00', '100.00']);
    expect([await ar('2026-06-30'), await prepaid('2026-06-30')]).toEqual(['0.00', '150.00']);
    expect([await ar('2026-07-31'), await prepaid('2026-07-31')]).toEqual(['100.00', '0.00']);
    const applied = await withClient(url, (c) =>
      c.query(`SELECT entry_id FROM payment_applications WHERE applied_on = '2026-07-01'`),
    );
    expect(applied.rows[0].entry_id).toBeTruthy();
    const a = await old
      .ok(
        `query ($d: LocalDate!) { agingReport(asOf: $d) { receivableBalance prepaidBalance totals { credit total } } }`,
        { d: '2026-06-30' },
      )
      .then((d) => d.agingReport);
    expect(a.receivableBalance).toBe(a.totals.total);
    expect(Number(a.prepaidBalance) + Number(a.totals.credit)).toBe(0);
    expect(await checkLedger(url)).toMatchObject({ unbalancedEntries: 0, controlDifferences: [] });
  });
  // A payment that bounced paid the invoice until its void date. Writing off or voiding the
  // invoice before that date would take the amount off twice in between: the receivable would read
  // below zero, and the aging report would no longer total it.
  it('refuses a write-off or void dated before a later change to what was paid', async () => {
    const u = await unit('B-1');
    const WRITE_OFF = `mutation ($input: WriteOffInvoiceInput!) { writeOffInvoice(input: $input) { status } }`;
    const VOID = `mutation ($id: ID!, $d: LocalDate) { voidInvoice(id: $id, date: $d) { status } }`;
    const inv = await t.invoice(u, '2024-01-15', [[ids.income, '100.00']]);
    const fine = await t.invoice(u, '2024-01-20', [[ids.income, '40.00']]);
    const pay = await t.payment(u, '2024-02-01', '100.00', {
      depositAccountId: ids.cash,
      invoiceIds: [inv],
    });
    const bounced = await ok(
      `mutation ($id: ID!) { voidPayment(id: $id, date: "2024-12-01") { number } }`,
      { id: pay },
    );
    const pmt = `PMT-${bounced.voidPayment.number}`;
    const { invoice } = await ok(`query ($id: ID!) { invoice(id: $id) { number } }`, { id: inv });
    const early = await t.gql(WRITE_OFF, {
      input: { invoiceId: inv, accountId: ids.badDebt, date: '2024-06-30' },
    });
    expect(early.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        {
          field: 'date',
          message: `${pmt} paid INV-${invoice.number} until it was voided on 2024-12-01; write it off on or after that date`,
        },
      ],
    });
    const voidEarly = await t.gql(VOID, { id: inv, d: '2024-06-30' });
    expect(voidEarly.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        {
          field: 'date',
          message: `${pmt} paid INV-${invoice.number} until it was voided on 2024-12-01; void on or after that date`,
        },
      ],
    });
    // Nothing was written.
    expect(await balanceOf(ids.ar, '2024-09-30')).toBe('40.00');
    expect(await balanceOf(ids.badDebt, '2024-12-31')).toBe('0.00');
    // On or after the void, both are accepted; the 40.00 invoice, never paid, any day.
    expect((await ok(VOID, { id: inv, d: '2024-12-01' })).voidInvoice.status).toBe('VOID');
    await ok(WRITE_OFF, { input: { invoiceId: fine, accountId: ids.badDebt, date: '2024-06-30' } });
    for (const [d, ar] of [
      ['2024-06-29', '40.00'],
      ['2024-09-30', '0.00'],
      ['2024-12-01', '0.00'],
    ]) {
      const a = await aging(d);
      expect([a.receivableBalance, a.totals.total], d).toEqual([ar, ar]);
    }
    expect(await receivablesProblems(t)).toEqual([]);
    expect(ledgerCheckPasses(await check())).toBe(true);
  });

  // The other way round: a payment dated while a bounced one still paid the invoice waits as the
  // unit's credit and pays the invoice the day the bounced one was voided.
  it('applies a payment dated before a bounced one was voided from the void date', async () => {
    const u = await unit('B-2');
    const inv = await t.invoice(u, '2024-03-01', [[ids.income, '200.00']]);
    const first = await t.payment(u, '2024-03-05', '200.00', { depositAccountId: ids.cash });
    await ok(`mutation ($id: ID!) { voidPayment(id: $id, date: "2024-10-01") { id } }`, {
      id: first,
    });
    const second = await ok(
      `mutation ($input: RecordPaymentInput!) { recordPayment(input: $input) {
        unapplied applications { invoiceId amount date } } }`,
      {
        input: {
          unitId: u,
          date: '2024-04-01',
          amount: '200.00',
          method: 'CHECK',
          depositAccountId: ids.cash,
        },
      },
    );
    expect(second.recordPayment).toEqual({
      unapplied: '0.00',
      applications: [{ invoiceId: inv, amount: '200.00', date: '2024-10-01' }],
    });
    const row = async (d: string) =>
      (await aging(d)).rows.find((r: any) => r.unit.number === 'B-2')?.buckets;
    // June: paid by the first check, the second one is credit; after the bounce, it pays.
    expect(await row('2024-06-30')).toEqual({ credit: '-200.00', total: '0.00' });
    expect(await row('2024-10-31')).toBeUndefined();
    expect(await receivablesProblems(t)).toEqual([]);
    expect(ledgerCheckPasses(await check())).toBe(true);
  });

  // What the rules above prevent, written straight into other books as the code before them
  // posted it: ledger:check finds it on the dates it is wrong, though today's totals agree.
  it('ledger:check holds the receivables to the aging report on every date', async () => {
    const old = await createTenant(app, 'Backdated Books HOA');
    const o: Record<string, string> = { ...(await receivablesChart(old)) };
    o.badDebt = await old.account('6900', 'EXPENSE');
    const kit = receivablesKit(() => old, o);
    o.monthly = await kit.group('Monthly dues', 'MONTHLY', [[o.house, '250.00', '0.00']]);
    o.ar = await old.receivableAccount();
    const u = await kit.unit('M-1');
    const inv = await old.invoice(u, '2024-01-15', [[o.income, '100.00']]);
    const pay = await old.payment(u, '2024-02-01', '100.00', { depositAccountId: o.cash });
    await old.ok(`mutation ($id: ID!) { voidPayment(id: $id, date: "2024-12-01") { id } }`, {
      id: pay,
    });
    const url = withDatabase(app.services.clusterUrl('default'), old.org.dbName);
    const clean = await checkLedger(url);
    expect(clean.receivablesDatesChecked).toBe((await receivablesPostingDates(old)).length);
    expect(ledgerCheckPasses(clean)).toBe(true);
    expect(describeLedgerCheck(clean)).toMatch(/receivables right on all 3 dates/);
    // The write-off of June 30 the old code accepted: 100.00 off an invoice the check still paid.
    await withClient(url, async (c) => {
      await c.query('BEGIN');
      const e = await c.query<{ id: string }>(
        `INSERT INTO journal_entries (id, entry_date, memo, source, owner_type, owner_id)
         VALUES (gen_random_uuid(), '2024-06-30', 'Write-off', 'write_off', 'invoice', $1)
         RETURNING id`,
        [inv],
      );
      await c.query(
        `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit)
         VALUES (gen_random_uuid(), $1, 1, $2, '2024-06-30', 10000, 0),
                (gen_random_uuid(), $1, 2, $3, '2024-06-30', 0, 10000)`,
        [e.rows[0].id, o.badDebt, o.ar],
      );
      await c.query(
        `INSERT INTO invoice_write_offs (id, invoice_id, date, amount, account_id, journal_entry_id)
         VALUES (gen_random_uuid(), $1, '2024-06-30', 10000, $2, $3)`,
        [inv, o.badDebt, e.rows[0].id],
      );
      await c.query('COMMIT');
    });
    const bad = await checkLedger(url);
    // Today the receivable and its subledger agree; from June 30 to the bounce they do not hold.
    expect(bad.controlDifferences).toEqual([]);
    expect(bad.receivablesDateProblems.map((d) => [d.date, d.receivable, d.aging])).toEqual([
      ['2024-06-30', -10000n, -10000n],
    ]);
    expect(bad.invoicesBelowZero).toBe(1);
    expect(ledgerCheckPasses(bad)).toBe(false);
    expect(describeLedgerCheck(bad)).toMatch(
      /receivables wrong on 1 of 4 dates \(first 2024-06-30: receivable -100\.00, aging -100\.00/,
    );
    expect(await receivablesProblems(old)).toContain(
      '2024-06-30: the receivable account is -100.00',
    );
  });
});
