import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { checkLedger } from '../journal/ledger-check.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

const SET = `mutation ($id: ID!) { setUndepositedFundsAccount(accountId: $id) { id number } }`;
const CREATE = `mutation ($input: CreateDepositInput!) { createDeposit(input: $input) {
  id number date total fee net status paymentIds journalEntryId account { number } payments { number amount } } }`;
const VOID_DEPOSIT = `mutation ($id: ID!, $date: LocalDate) { voidDeposit(id: $id, date: $date) { id status voidDate } }`;
const VOID_PAYMENT = `mutation ($id: ID!, $date: LocalDate) { voidPayment(id: $id, date: $date) { id status } }`;
const UNDEPOSITED = `{ undepositedPayments { id number amount } }`;
const ENTRY = `query ($id: ID!) { journalEntry(id: $id) { source owner { type } lines { accountId debit credit } } }`;

describe('Undeposited Funds and deposits', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const ids: Record<string, string> = {};
  const pay: string[] = [];

  beforeAll(async () => {
    setClock(() => new Date('2026-03-20T16:00:00Z'));
    app = await startTestApp();
    t = await createTenant(app, 'Deposit HOA');
    o = await createTenant(app, 'Other HOA');
    ids.bank = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    ids.undeposited = await t.account('1050', 'ASSET', { name: 'Undeposited Funds' });
    ids.reserve = await t.account('1500', 'ASSET', {
      name: 'Reserve Savings',
      fundType: 'RESERVE',
    });
    ids.income = await t.account('4010', 'INCOME');
    ids.special = await t.account('4020', 'INCOME');
    ids.cardFees = await t.account('5110', 'EXPENSE', { name: 'Card Processing Fees' });
    ids.house = await t.propertyType('Single family');
    ids.group = await t.group({
      name: 'Monthly',
      regularIncomeAccountId: ids.income,
      specialIncomeAccountId: ids.special,
      rates: [{ propertyTypeId: ids.house, regular: '250.00' }],
    });
    for (const n of ['1', '2', '3']) {
      ids[`u${n}`] = await t.unit(`U-${n}`, { groupId: ids.group, propertyTypeId: ids.house });
    }
    await t.assessmentRun('2026-03');
    ids.otherBank = await o.account('1010', 'ASSET');
    await o.ok(SET, { id: await o.account('1050', 'ASSET', { name: 'Undeposited Funds' }) });
  });
  afterAll(async () => {
    setClock();
    await app?.close();
  });

  it('keeps Undeposited Funds once chosen; other accounts, foreign ids and viewers are refused', async () => {
    expect(code(await t.gql(SET, { id: ids.income }))).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(SET, { id: ids.reserve }))).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(SET, { id: ids.otherBank }))).toBe('NOT_FOUND');
    expect(code(await t.gql(SET, { id: ids.undeposited }, t.viewer))).toBe('FORBIDDEN');
    expect((await t.ok(SET, { id: ids.undeposited })).setUndepositedFundsAccount.number).toBe(
      '1050',
    );
    // A payment recorded without a deposit account waits there.
    pay.push(
      await t.payment(ids.u1, '2026-03-02', '250.00', { method: 'CHECK', reference: 'Check 101' }),
    );
    pay.push(
      await t.payment(ids.u2, '2026-03-03', '250.00', { method: 'CHECK', reference: 'Check 7' }),
    );
    pay.push(await t.payment(ids.u3, '2026-03-03', '100.00', { method: 'CARD' }));
    const p = (
      await t.ok(`query ($id: ID!) { payment(id: $id) { depositAccountId } }`, { id: pay[0] })
    ).payment;
    expect(p.depositAccountId).toBe(ids.undeposited);
    expect((await t.ok(UNDEPOSITED)).undepositedPayments.map((x: any) => x.amount)).toEqual([
      '250.00',
      '250.00',
      '100.00',
    ]);
  });

  it('refuses bad deposits with per-field details, writing nothing', async () => {
    const base = { accountId: ids.bank, date: '2026-03-04', paymentIds: pay.slice(0, 2) };
    const empty = await t.gql(CREATE, { input: { ...base, paymentIds: [] } });
    expect(code(empty)).toBe('BAD_USER_INPUT');
    const early = await t.gql(CREATE, { input: { ...base, date: '2026-03-02' } });
    expect(code(early)).toBe('BAD_USER_INPUT');
    expect(early.body.errors?.[0].extensions?.details).toMatchObject([
      { field: 'paymentIds.1', message: 'Received 2026-03-03, after the deposit date' },
    ]);
    const fee = await t.gql(CREATE, {
      input: { ...base, fee: '500.00', feeAccountId: ids.cardFees },
    });
    expect(code(fee)).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(CREATE, { input: { ...base, fee: '1.00' } }))).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(CREATE, { input: { ...base, accountId: ids.undeposited } }))).toBe(
      'BAD_USER_INPUT',
    );
    expect(code(await o.gql(CREATE, { input: { ...base, accountId: ids.otherBank } }))).toBe(
      'NOT_FOUND',
    );
    expect(code(await t.gql(CREATE, { input: base }, t.viewer))).toBe('FORBIDDEN');
    expect((await t.ok(`{ deposits { id } }`)).deposits).toEqual([]);
  });

  it('a deposit of two checks posts one entry owned by it: Dr bank, Cr Undeposited Funds', async () => {
    const d = (
      await t.ok(CREATE, {
        input: { accountId: ids.bank, date: '2026-03-04', paymentIds: pay.slice(0, 2) },
      })
    ).createDeposit;
    expect(d).toMatchObject({
      number: 1,
      total: '500.00',
      fee: '0.00',
      net: '500.00',
      status: 'POSTED',
      account: { number: '1010' },
    });
    expect(d.payments.map((p: any) => p.amount)).toEqual(['250.00', '250.00']);
    const e = (await t.ok(ENTRY, { id: d.journalEntryId })).journalEntry;
    expect(e).toMatchObject({ source: 'DEPOSIT', owner: { type: 'DEPOSIT' } });
    expect(e.lines).toEqual([
      { accountId: ids.bank, debit: '500.00', credit: '0.00' },
      { accountId: ids.undeposited, debit: '0.00', credit: '500.00' },
    ]);
    ids.deposit = d.id;
    // The same payment in a second deposit: refused.
    const again = await t.gql(CREATE, {
      input: { accountId: ids.bank, date: '2026-03-05', paymentIds: [pay[0]] },
    });
    expect(code(again)).toBe('CONFLICT');
    // Undeposited Funds takes only payments and deposits.
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

  it('a card payout net of its fees: the bank gets the net, the fees an expense', async () => {
    const d = (
      await t.ok(CREATE, {
        input: {
          accountId: ids.bank,
          date: '2026-03-05',
          paymentIds: [pay[2]],
          fee: '3.20',
          feeAccountId: ids.cardFees,
          memo: 'Card payout',
        },
      })
    ).createDeposit;
    expect(d).toMatchObject({ total: '100.00', fee: '3.20', net: '96.80' });
    const e = (await t.ok(ENTRY, { id: d.journalEntryId })).journalEntry;
    expect(e.lines).toEqual([
      { accountId: ids.bank, debit: '96.80', credit: '0.00' },
      { accountId: ids.cardFees, debit: '3.20', credit: '0.00' },
      { accountId: ids.undeposited, debit: '0.00', credit: '100.00' },
    ]);
    expect((await t.ok(UNDEPOSITED)).undepositedPayments).toEqual([]);
  });

  it('a deposited payment is voided only after its deposit; voiding the deposit returns its payments', async () => {
    const refused = await t.gql(VOID_PAYMENT, { id: pay[0], date: '2026-03-10' });
    expect(code(refused)).toBe('CONFLICT');
    expect(refused.body.errors?.[0].message).toMatch(/in deposit DEP-1: void the deposit first/);
    expect(code(await o.gql(VOID_DEPOSIT, { id: ids.deposit }))).toBe('NOT_FOUND');
    expect(
      (await t.ok(VOID_DEPOSIT, { id: ids.deposit, date: '2026-03-10' })).voidDeposit,
    ).toMatchObject({
      status: 'VOID',
      voidDate: '2026-03-10',
    });
    expect(code(await t.gql(VOID_DEPOSIT, { id: ids.deposit }))).toBe('CONFLICT');
    expect((await t.ok(UNDEPOSITED)).undepositedPayments).toHaveLength(2);
    expect((await t.ok(VOID_PAYMENT, { id: pay[0], date: '2026-03-10' })).voidPayment.status).toBe(
      'VOID',
    );
  });

  it('keeps Undeposited Funds equal to the payments waiting in it (ledger check)', async () => {
    const report = await checkLedger(
      withDatabase(app.services.clusterUrl('default'), t.org.dbName),
    );
    expect(report.controlAccountsChecked.join(' ')).toMatch(/1050/);
    expect(report).toMatchObject({ driftRows: 0, unbalancedEntries: 0, controlDifferences: [] });
  });
});
