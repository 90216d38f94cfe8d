/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

const SET = `mutation ($id: ID!, $amount: Money!, $date: LocalDate!, $name: String) {
  setAccountOpeningBalance(accountId: $id, amount: $amount, date: $date, name: $name) {
    id number name } }`;
const BALANCES = `{ accountBalances { accountId number balance } }`;
const ENTRIES = `{ journalEntries(first: 50) { edges { node { date memo source } } } }`;

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

describe("an existing account's opening balance", () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Opening HOA');
    other = await createTenant(app, 'Elsewhere HOA');
  });
  afterAll(() => app.close());

  const balanceOf = async (tenant: Tenant, id: string) =>
    (await tenant.ok(BALANCES)).accountBalances.find((b: any) => b.accountId === id)?.balance;

  it('posts it once against the fund’s opening balance equity, for accounts with no postings', async () => {
    const checking = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    const payable = await t.account('2010', 'LIABILITY', { name: 'Accounts Payable' });
    const reserve = await t.account('1510', 'ASSET', {
      fundType: 'RESERVE',
      name: 'Reserve Savings',
    });
    const vars = { id: checking, amount: '25000.10', date: '2026-01-31' };

    expect(code(await t.gql(SET, vars, t.viewer))).toBe('FORBIDDEN');
    expect(code(await other.gql(SET, vars))).toBe('NOT_FOUND');
    expect(code(await t.gql(SET, { ...vars, amount: '0.00' }))).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(SET, { ...vars, name: '   ' }))).toBe('BAD_USER_INPUT');
    expect(await balanceOf(t, checking)).toBe('0.00');

    // With the bank's name, saved in the same transaction.
    const saved = (await t.ok(SET, { ...vars, name: 'Operating Checking — First Federal' }))
      .setAccountOpeningBalance;
    expect(saved.name).toBe('Operating Checking — First Federal');
    await t.ok(SET, { id: payable, amount: '1200.00', date: '2026-01-31' });
    await t.ok(SET, { id: reserve, amount: '80000.00', date: '2026-01-31' });
    expect(await balanceOf(t, checking)).toBe('25000.10');
    expect(await balanceOf(t, payable)).toBe('1200.00');
    const balances = (await t.ok(BALANCES)).accountBalances;
    const equity = Object.fromEntries(
      balances.filter((b: any) => /^39/.test(b.number)).map((b: any) => [b.number, b.balance]),
    );
    // Each fund balances on its own: operating 25,000.10 − 1,200.00, reserve 80,000.00.
    expect(equity).toEqual({ '3900': '23800.10', '3910': '80000.00' });
    const entries = (await t.ok(ENTRIES)).journalEntries.edges.map((e: any) => e.node);
    expect(entries).toContainEqual({
      date: '2026-01-31',
      memo: 'Opening balance of 1010 Operating Checking — First Federal',
      source: 'OPENING_BALANCE',
    });

    // Once: afterwards the account has postings.
    const again = await t.gql(SET, vars);
    expect(code(again)).toBe('CONFLICT');
    expect(again.body.errors![0].message).toContain('has postings already');
    expect(await balanceOf(t, checking)).toBe('25000.10');
  });

  it('refuses control accounts, whose subledger brings their balance', async () => {
    const settings = (await t.ok(`{ receivablesSettings { receivableAccountId } }`))
      .receivablesSettings;
    const res = await t.gql(SET, {
      id: settings.receivableAccountId,
      amount: '500.00',
      date: '2026-01-31',
    });
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(res.body.errors![0].message).toContain('is kept by invoices and payments');
    expect(await balanceOf(t, settings.receivableAccountId)).toBe('0.00');
  });
});
