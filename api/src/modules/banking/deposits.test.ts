import { randomUUID } from 'node:crypto';
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

const SETTINGS = `{ receivablesSettings { receivableAccountId depositAccountId undepositedAccountId
  undepositedAccount { number } } }`;
const UPDATE = `mutation ($input: ReceivablesSettingsInput!) { updateReceivablesSettings(input: $input) {
  depositAccountId undepositedAccountId undepositedAccount { number } } }`;
const SET = `mutation ($id: ID!) { setUndepositedFundsAccount(accountId: $id) { id number } }`;
const DEPOSIT = `id number date memo total fee net status paymentIds journalEntryId voidEntryId voidDate
  account { number } feeAccount { number } payments { number amount depositId deposit { number } }`;
const CREATE = `mutation ($input: CreateDepositInput!) { createDeposit(input: $input) { ${DEPOSIT} } }`;
const VOID_DEPOSIT = `mutation ($id: ID!, $date: LocalDate) { voidDeposit(id: $id, date: $date) { ${DEPOSIT} } }`;
const VOID_PAYMENT = `mutation ($id: ID!, $date: LocalDate) { voidPayment(id: $id, date: $date) { id status } }`;
const UNDEPOSITED = `{ undepositedPayments { id number date amount method reference unit { number } } }`;
const ENTRY = `query ($id: ID!) { journalEntry(id: $id) { memo source owner { type id }
  lines { accountId debit credit } } }`;
const PAYMENT = `query ($id: ID!) { payment(id: $id) { depositAccountId depositId deposit { number } } }`;

describe('Undeposited Funds and deposits', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const ids: Record<string, string> = {};
  // Payments: [0..2] checks and a card payment into Undeposited Funds, [3] an ACH straight to the
  // bank, [4] a payment received after the deposit date.
  const pay: string[] = [];
  let dep = { id: '', number: 0 };
  // The receivables settings as they stay (an update that leaves Undeposited Funds out keeps it).
  const keep = { receivableAccountId: '', depositAccountId: '' };

  // Rows written in the tenant's database (to show a refused call wrote nothing).
  const counts = async () => {
    const c = new pg.Client({
      connectionString: withDatabase(app.services.clusterUrl('default'), t.org.dbName),
    });
    await c.connect();
    try {
      const r = await c.query<{ entries: number; deposits: number; links: number; audit: number }>(
        `SELECT (SELECT count(*)::int FROM journal_entries) AS entries,
                (SELECT count(*)::int FROM deposits) AS deposits,
                (SELECT count(*)::int FROM deposit_payments) AS links,
                (SELECT count(*)::int FROM audit_log) AS audit`,
      );
      return r.rows[0];
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    setClock(() => new Date('2026-03-20T16:00:00Z'));
    app = await startTestApp();
    [t, o] = await Promise.all([createTenant(app, 'Deposit HOA'), createTenant(app, 'Other HOA')]);
    ids.bank = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    ids.undeposited = await t.account('1050', 'ASSET', { name: 'Undeposited Funds' });
    ids.clearing = await t.account('1060', 'ASSET', { name: 'Old Clearing' });
    ids.reserve = await t.account('1500', 'ASSET', {
      name: 'Reserve Savings',
      fundType: 'RESERVE',
    });
    ids.income = await t.account('4010', 'INCOME');
    ids.cardFees = await t.account('5110', 'EXPENSE', { name: 'Card Processing Fees' });
    ids.house = await t.propertyType('Single family');
    ids.group = await t.group({
      name: 'Monthly',
      regularIncomeAccountId: ids.income,
      rates: [{ propertyTypeId: ids.house, regular: '250.00' }],
    });
    for (const n of ['1', '2', '3', '4']) {
      ids[`u${n}`] = await t.unit(`U-${n}`, { groupId: ids.group, propertyTypeId: ids.house });
    }
    await t.assessmentRun('2026-03');
    // Money moved by hand through 1060: it cannot become Undeposited Funds.
    await t.post('2026-03-01', [
      [ids.clearing, '10.00', null],
      [ids.income, null, '10.00'],
    ]);
    ids.receivable = await t.receivableAccount();
    Object.assign(keep, { receivableAccountId: ids.receivable, depositAccountId: ids.bank });
    ids.otherBank = await o.account('1010', 'ASSET');
    ids.otherUndeposited = await o.account('1050', 'ASSET', { name: 'Undeposited Funds' });
    await o.ok(SET, { id: ids.otherUndeposited });
    const otherHouse = await o.propertyType('House');
    const otherGroup = await o.group({
      name: 'Monthly',
      regularIncomeAccountId: await o.account('4010', 'INCOME'),
      rates: [{ propertyTypeId: otherHouse, regular: '100.00' }],
    });
    ids.otherUnit = await o.unit('O-1', { groupId: otherGroup, propertyTypeId: otherHouse });
    ids.otherPayment = await o.payment(ids.otherUnit, '2026-03-02', '100.00');
  });
  afterAll(async () => {
    setClock();
    await app?.close();
  });

  it('keeps paying into the default deposit account until Undeposited Funds is chosen', async () => {
    const before = (await t.ok(SETTINGS)).receivablesSettings;
    expect(before).toMatchObject({ undepositedAccountId: null, undepositedAccount: null });
    const s = (
      await t.ok(UPDATE, {
        input: { receivableAccountId: before.receivableAccountId, depositAccountId: ids.bank },
      })
    ).updateReceivablesSettings;
    expect(s).toMatchObject({ depositAccountId: ids.bank, undepositedAccountId: null });
    const early = await t.payment(ids.u4, '2026-03-01', '250.00');
    expect((await t.ok(PAYMENT, { id: early })).payment).toEqual({
      depositAccountId: ids.bank,
      depositId: null,
      deposit: null,
    });
  });

  it('chooses Undeposited Funds: an operating asset account with no postings but payments', async () => {
    const input = (undepositedAccountId: string | null) => ({
      receivableAccountId: ids.receivable,
      depositAccountId: ids.bank,
      undepositedAccountId,
    });
    const refused = async (id: string, message: RegExp) => {
      const res = await t.gql(UPDATE, { input: input(id) });
      expect(code(res), id).toBe('BAD_USER_INPUT');
      expect(details(res)).toEqual([
        { field: 'undepositedAccountId', message: expect.stringMatching(message) },
      ]);
    };
    await refused(ids.income, /asset account/);
    await refused(ids.reserve, /operating fund/);
    await refused(ids.clearing, /1060 Old Clearing already has postings other than payments/);
    await refused(ids.receivable, /kept by invoices and payments/);
    await refused(ids.bank, /is the default deposit account/);
    expect(code(await t.gql(UPDATE, { input: input(ids.otherBank) }))).toBe('NOT_FOUND');
    expect(code(await t.gql(UPDATE, { input: input(ids.undeposited) }, t.viewer))).toBe(
      'FORBIDDEN',
    );
    expect(code(await t.gql(SET, { id: ids.undeposited }, t.viewer))).toBe('FORBIDDEN');
    expect((await t.ok(SETTINGS)).receivablesSettings.undepositedAccountId).toBeNull();

    const s = (await t.ok(UPDATE, { input: input(ids.undeposited) })).updateReceivablesSettings;
    expect(s).toMatchObject({
      depositAccountId: ids.bank,
      undepositedAccountId: ids.undeposited,
      undepositedAccount: { number: '1050' },
    });
    expect((await t.ok(`{ undepositedFundsAccount { id } }`)).undepositedFundsAccount.id).toBe(
      ids.undeposited,
    );
    // An update that leaves it out keeps it; the default deposit account cannot be it.
    const kept = await t.ok(UPDATE, {
      input: { receivableAccountId: ids.receivable, depositAccountId: ids.bank },
    });
    expect(kept.updateReceivablesSettings.undepositedAccountId).toBe(ids.undeposited);
    const clash = await t.gql(UPDATE, {
      input: { receivableAccountId: ids.receivable, depositAccountId: ids.undeposited },
    });
    expect(details(clash)).toMatchObject([{ field: 'depositAccountId' }]);
    // Kept by payments and deposits: a manual entry is refused.
    const manual = await t.gql(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
      {
        input: {
          date: '2026-03-05',
          lines: [
            { accountId: ids.undeposited, debit: '5.00' },
            { accountId: ids.income, credit: '5.00' },
          ],
        },
      },
    );
    expect(code(manual)).toBe('BAD_USER_INPUT');
  });

  it('a payment without a deposit account waits in Undeposited Funds; one naming the bank goes there', async () => {
    pay.push(
      await t.payment(ids.u1, '2026-03-02', '250.00', { method: 'CHECK', reference: 'Check 101' }),
      await t.payment(ids.u2, '2026-03-03', '250.00', { method: 'CHECK', reference: 'Check 7' }),
      await t.payment(ids.u3, '2026-03-03', '100.00', { method: 'CARD', reference: 'Visa 4242' }),
      await t.payment(ids.u4, '2026-03-04', '80.00', {
        method: 'ACH',
        depositAccountId: ids.bank,
      }),
      await t.payment(ids.u1, '2026-03-09', '20.00', { method: 'CASH' }),
    );
    expect((await t.ok(PAYMENT, { id: pay[0] })).payment.depositAccountId).toBe(ids.undeposited);
    expect((await t.ok(PAYMENT, { id: pay[3] })).payment.depositAccountId).toBe(ids.bank);
    const waiting = (await t.ok(UNDEPOSITED)).undepositedPayments;
    expect(waiting.map((p: any) => [p.amount, p.method, p.reference, p.unit.number])).toEqual([
      ['250.00', 'CHECK', 'Check 101', 'U-1'],
      ['250.00', 'CHECK', 'Check 7', 'U-2'],
      ['100.00', 'CARD', 'Visa 4242', 'U-3'],
      ['20.00', 'CASH', null, 'U-1'],
    ]);
    // Payments wait there: it can be neither changed nor cleared.
    const clear = await t.gql(UPDATE, { input: { ...keep, undepositedAccountId: null } });
    expect(code(clear)).toBe('CONFLICT');
    expect(details(clear)).toEqual([
      {
        field: 'undepositedAccountId',
        message:
          'Payments wait in Undeposited Funds: deposit them (Banking) before you stop keeping it',
      },
    ]);
    const other = await t.account('1051', 'ASSET', { name: 'Checks in Hand' });
    expect(code(await t.gql(SET, { id: other }))).toBe('CONFLICT');
  });

  it('refuses bad deposits with every detail, writing nothing', async () => {
    const before = await counts();
    const base = { accountId: ids.bank, date: '2026-03-05', paymentIds: pay.slice(0, 3) };
    const refused = async (input: Record<string, unknown>, want: string, d?: unknown) => {
      const res = await t.gql(CREATE, { input: { ...base, ...input } });
      expect(code(res), JSON.stringify(res.body.errors)).toBe(want);
      if (d) expect(details(res)).toEqual(d);
    };
    await refused({ paymentIds: [] }, 'BAD_USER_INPUT', [
      { field: 'paymentIds', message: 'Choose the payments in this deposit' },
    ]);
    await refused({ paymentIds: [pay[0], pay[0]] }, 'BAD_USER_INPUT');
    await refused({ paymentIds: [pay[0], pay[4]] }, 'BAD_USER_INPUT', [
      {
        field: 'paymentIds.1',
        message: expect.stringMatching(/^PMT-\d+ was received 2026-03-09, after the deposit date$/),
      },
    ]);
    await refused({ paymentIds: [pay[3]] }, 'BAD_USER_INPUT', [
      { field: 'paymentIds.0', message: expect.stringMatching(/went straight to a bank account/) },
    ]);
    await refused({ fee: '600.00', feeAccountId: ids.cardFees }, 'BAD_USER_INPUT', [
      { field: 'fee', message: 'The fee must be less than the payments deposited (600.00)' },
    ]);
    await refused({ fee: '-1.00', feeAccountId: ids.cardFees }, 'BAD_USER_INPUT');
    await refused({ fee: '3.20' }, 'BAD_USER_INPUT', [
      { field: 'feeAccountId', message: 'Choose the expense account of the fee' },
    ]);
    await refused({ fee: '3.20', feeAccountId: ids.income }, 'BAD_USER_INPUT', [
      { field: 'feeAccountId', message: 'The fee goes to an expense account' },
    ]);
    // Every detail at once.
    await refused(
      { accountId: ids.undeposited, paymentIds: [pay[4]], fee: '1.00', feeAccountId: ids.income },
      'BAD_USER_INPUT',
      [
        { field: 'accountId', message: 'Choose the bank account the money went into' },
        { field: 'feeAccountId', message: 'The fee goes to an expense account' },
        { field: 'paymentIds.0', message: expect.stringMatching(/after the deposit date/) },
      ],
    );
    await refused({ accountId: ids.receivable }, 'BAD_USER_INPUT');
    await refused({ accountId: ids.income }, 'BAD_USER_INPUT');
    // Unknown and foreign ids.
    await refused({ accountId: ids.otherBank }, 'NOT_FOUND', [
      { field: 'accountId', message: 'Account not found' },
    ]);
    await refused({ paymentIds: ['nope'] }, 'NOT_FOUND');
    await refused({ paymentIds: [pay[0], ids.otherPayment, randomUUID()] }, 'NOT_FOUND', [
      { field: 'paymentIds.1', message: 'Payment not found' },
      { field: 'paymentIds.2', message: 'Payment not found' },
    ]);
    await refused({ fee: '1.00', feeAccountId: randomUUID() }, 'NOT_FOUND');
    expect(code(await t.gql(CREATE, { input: base }, t.viewer))).toBe('FORBIDDEN');
    expect(code(await o.gql(CREATE, { input: base }))).toBe('NOT_FOUND');
    expect(await counts()).toEqual(before);
    expect((await t.ok(`{ deposits { id } }`)).deposits).toEqual([]);
  });

  it('deposits two checks and a card payment net of its fee: one entry owned by the deposit', async () => {
    const before = await counts();
    const d = (
      await t.ok(CREATE, {
        input: {
          accountId: ids.bank,
          date: '2026-03-05',
          paymentIds: pay.slice(0, 3),
          fee: '3.20',
          feeAccountId: ids.cardFees,
          memo: 'Slip 88 and the card payout',
        },
      })
    ).createDeposit;
    expect(d).toMatchObject({
      date: '2026-03-05',
      memo: 'Slip 88 and the card payout',
      total: '600.00',
      fee: '3.20',
      net: '596.80',
      status: 'POSTED',
      account: { number: '1010' },
      feeAccount: { number: '5110' },
      voidEntryId: null,
    });
    expect(d.payments.map((p: any) => [p.amount, p.depositId, p.deposit.number])).toEqual([
      ['250.00', d.id, d.number],
      ['250.00', d.id, d.number],
      ['100.00', d.id, d.number],
    ]);
    const e = (await t.ok(ENTRY, { id: d.journalEntryId })).journalEntry;
    expect(e).toMatchObject({
      memo: `DEP-${d.number} — 3 payments: Slip 88 and the card payout`,
      source: 'DEPOSIT',
      owner: { type: 'DEPOSIT', id: d.id },
    });
    // One line on the bank: the one its statement shows.
    expect(e.lines).toEqual([
      { accountId: ids.bank, debit: '596.80', credit: '0.00' },
      { accountId: ids.cardFees, debit: '3.20', credit: '0.00' },
      { accountId: ids.undeposited, debit: '0.00', credit: '600.00' },
    ]);
    expect(await counts()).toMatchObject({
      entries: before.entries + 1,
      deposits: before.deposits + 1,
      links: before.links + 3,
    });
    expect((await t.ok(UNDEPOSITED)).undepositedPayments.map((p: any) => p.id)).toEqual([pay[4]]);
    expect(
      (await t.ok(`query ($id: ID!) { deposit(id: $id) { id net } }`, { id: d.id })).deposit,
    ).toEqual({ id: d.id, net: '596.80' });
    dep = { id: d.id, number: d.number };
  });

  it('refuses a payment already in a deposit, even to two deposits racing for it', async () => {
    const again = await t.gql(CREATE, {
      input: { accountId: ids.bank, date: '2026-03-10', paymentIds: [pay[4], pay[1]] },
    });
    expect(code(again)).toBe('CONFLICT');
    expect(details(again)).toEqual([
      { field: 'paymentIds.1', message: expect.stringMatching(`already in DEP-${dep.number}$`) },
    ]);
    const input = { accountId: ids.bank, date: '2026-03-10', paymentIds: [pay[4]] };
    const race = await Promise.all([t.gql(CREATE, { input }), t.gql(CREATE, { input })]);
    expect(race.map(code).sort()).toEqual(['CONFLICT', undefined]);
    const second = (race.find((r) => !code(r)) as any).body.data.createDeposit;
    expect(second).toMatchObject({ total: '20.00', fee: '0.00', feeAccount: null });
    // Newest first; filtered by date and bank account.
    const list = async (filter: unknown) =>
      (
        await t.ok(`query ($filter: DepositFilter) { deposits(filter: $filter) { id } }`, {
          filter,
        })
      ).deposits.map((x: any) => x.id);
    expect(await list(null)).toEqual([second.id, dep.id]);
    expect(await list({ to: '2026-03-09' })).toEqual([dep.id]);
    expect(await list({ from: '2026-03-06', accountId: ids.bank })).toEqual([second.id]);
    expect(await list({ accountId: ids.reserve })).toEqual([]);
    expect(
      code(await t.gql(`{ deposits(filter: { from: "2026-03-09", to: "2026-03-01" }) { id } }`)),
    ).toBe('BAD_USER_INPUT');
    ids.second = second.id;
  });

  it('voids a deposited payment only after its deposit; voiding the deposit returns its payments', async () => {
    const refused = await t.gql(VOID_PAYMENT, { id: pay[0], date: '2026-03-10' });
    expect(code(refused)).toBe('CONFLICT');
    const number = (await t.ok(`query ($id: ID!) { payment(id: $id) { number } }`, { id: pay[0] }))
      .payment.number;
    expect(refused.body.errors?.[0].message).toBe(
      `PMT-${number} is in deposit DEP-${dep.number}: void the deposit first (its payments return to Undeposited Funds)`,
    );
    expect(code(await o.gql(VOID_DEPOSIT, { id: dep.id }))).toBe('NOT_FOUND');
    expect(code(await t.gql(VOID_DEPOSIT, { id: randomUUID() }))).toBe('NOT_FOUND');
    expect(code(await t.gql(`query ($id: ID!) { deposit(id: $id) { id } }`, { id: 'x' }))).toBe(
      'NOT_FOUND',
    );
    expect(code(await t.gql(VOID_DEPOSIT, { id: dep.id }, t.viewer))).toBe('FORBIDDEN');
    const early = await t.gql(VOID_DEPOSIT, { id: dep.id, date: '2026-03-04' });
    expect(details(early)).toEqual([
      { field: 'date', message: 'The void date cannot be before the deposit date' },
    ]);

    const v = (await t.ok(VOID_DEPOSIT, { id: dep.id, date: '2026-03-10' })).voidDeposit;
    expect(v).toMatchObject({ status: 'VOID', voidDate: '2026-03-10' });
    expect(v.payments.map((p: any) => p.depositId)).toEqual([null, null, null]);
    const reversal = (await t.ok(ENTRY, { id: v.voidEntryId })).journalEntry;
    expect(reversal).toMatchObject({ owner: { type: 'DEPOSIT', id: dep.id } });
    expect(reversal.lines).toEqual([
      { accountId: ids.bank, debit: '0.00', credit: '596.80' },
      { accountId: ids.cardFees, debit: '0.00', credit: '3.20' },
      { accountId: ids.undeposited, debit: '600.00', credit: '0.00' },
    ]);
    expect(code(await t.gql(VOID_DEPOSIT, { id: dep.id }))).toBe('CONFLICT');
    expect((await t.ok(UNDEPOSITED)).undepositedPayments.map((p: any) => p.id)).toEqual(
      pay.slice(0, 3),
    );
    expect((await t.ok(VOID_PAYMENT, { id: pay[0], date: '2026-03-10' })).voidPayment.status).toBe(
      'VOID',
    );
    // A void payment is not deposited; the others go to the bank again, in a new deposit.
    const voided = await t.gql(CREATE, {
      input: { accountId: ids.bank, date: '2026-03-11', paymentIds: [pay[0]] },
    });
    expect(details(voided)).toEqual([
      { field: 'paymentIds.0', message: expect.stringMatching(/is void$/) },
    ]);
    ids.third = (
      await t.ok(CREATE, {
        input: { accountId: ids.bank, date: '2026-03-11', paymentIds: [pay[1], pay[2]] },
      })
    ).createDeposit.id;
  });

  it('keeps Undeposited Funds equal to the payments waiting in it (ledger check)', async () => {
    // One more waits, so the control account is not simply empty.
    await t.payment(ids.u2, '2026-03-12', '45.00');
    const report = await checkLedger(
      withDatabase(app.services.clusterUrl('default'), t.org.dbName),
    );
    expect(report.controlAccountsChecked.join(' ')).toMatch(/1050/);
    expect(report).toMatchObject({ driftRows: 0, unbalancedEntries: 0, controlDifferences: [] });
  });

  it('stops keeping Undeposited Funds once nothing waits; its deposits are voided only while it is kept', async () => {
    const waiting = (await t.ok(UNDEPOSITED)).undepositedPayments.map((p: any) => p.id);
    expect(waiting).toHaveLength(1);
    await t.ok(CREATE, { input: { accountId: ids.bank, date: '2026-03-12', paymentIds: waiting } });
    const cleared = await t.ok(UPDATE, { input: { ...keep, undepositedAccountId: null } });
    expect(cleared.updateReceivablesSettings).toMatchObject({
      depositAccountId: ids.bank,
      undepositedAccountId: null,
    });
    expect((await t.ok(SETTINGS)).receivablesSettings.undepositedAccount).toBeNull();
    expect((await t.ok(UNDEPOSITED)).undepositedPayments).toEqual([]);
    // Payments go to the default deposit account again.
    const p = await t.payment(ids.u3, '2026-03-13', '30.00');
    expect((await t.ok(PAYMENT, { id: p })).payment.depositAccountId).toBe(ids.bank);
    const stranded = await t.gql(VOID_DEPOSIT, { id: ids.third, date: '2026-03-13' });
    expect(code(stranded)).toBe('CONFLICT');
    expect(stranded.body.errors?.[0].message).toMatch(/no longer Undeposited Funds/);
    const noFunds = await t.gql(CREATE, {
      input: { accountId: ids.bank, date: '2026-03-13', paymentIds: [p] },
    });
    expect(details(noFunds)).toMatchObject([{ field: 'accountId' }]);
    // Chosen again (it holds only payments' and deposits' postings): its deposits can be voided.
    expect((await t.ok(SET, { id: ids.undeposited })).setUndepositedFundsAccount.number).toBe(
      '1050',
    );
    expect(
      (await t.ok(VOID_DEPOSIT, { id: ids.third, date: '2026-03-13' })).voidDeposit.status,
    ).toBe('VOID');
    const report = await checkLedger(
      withDatabase(app.services.clusterUrl('default'), t.org.dbName),
    );
    expect(report).toMatchObject({ driftRows: 0, unbalancedEntries: 0, controlDifferences: [] });
  });

  it('a deposit whose bank line a finished reconciliation cleared cannot be voided', async () => {
    const savings = await t.account('1020', 'ASSET', { name: 'Operating Savings' });
    await t.ok(
      `mutation ($input: SetBankAccountInput!) { setBankAccount(input: $input) { accountId } }`,
      { input: { accountId: savings, institution: 'First Citizens', maskedNumber: '7731' } },
    );
    const waiting = (await t.ok(UNDEPOSITED)).undepositedPayments.map((p: any) => p.id);
    const d = (
      await t.ok(CREATE, { input: { accountId: savings, date: '2026-03-14', paymentIds: waiting } })
    ).createDeposit;
    expect(d.net).toBe('350.00');
    // The bank's statement shows the deposit as one line; the import matches it to the deposit's.
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: `mutation ($accountId: ID!, $file: Upload!) {
          importBankStatement(accountId: $accountId, file: $file, dryRun: false, saveMapping: false) {
            imported matched } }`,
        variables: { accountId: savings, file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([statement('000000007731', '350.00', '2026-03-14')]), 'mar.ofx');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    const body = (await res.json()) as any;
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    expect(body.data.importBankStatement).toEqual({ imported: 1, matched: 1 });
    await t.ok(
      `mutation ($input: StatementPeriodInput!) { finishReconciliation(input: $input) { id } }`,
      { input: { accountId: savings } },
    );
    const locked = await t.gql(VOID_DEPOSIT, { id: d.id, date: '2026-03-16' });
    expect(code(locked), JSON.stringify(locked.body.errors)).toBe('CONFLICT');
    expect(locked.body.errors?.[0].message).toMatch(/cleared by a finished bank reconciliation/);
    expect(
      (await t.ok(`query ($id: ID!) { deposit(id: $id) { status } }`, { id: d.id })).deposit,
    ).toEqual({ status: 'POSTED' });
  });
});

// A bank's OFX 1.02 statement of one deposit line, the month so far.
function statement(acct: string, amount: string, date: string) {
  const day = date.replaceAll('-', '');
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
<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>053000196<ACCTID>${acct}<ACCTTYPE>SAVINGS</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20260301<DTEND>20260315
<STMTTRN>
<TRNTYPE>DEP
<DTPOSTED>${day}120000.000[-5:EST]
<TRNAMT>${amount}
<FITID>${day}DEP1
<NAME>DEPOSIT
</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>${amount}<DTASOF>20260315</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;
}
