import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { interestFor } from './investments.figures.js';
import { Compounding } from './investments.types.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

const INV = `id kind institution accountId fundType principal apy purchaseDate maturityDate
  compounding status closedOn rolledIntoId rolledFromId notes balance accruedInterest
  interestRecorded valueAtMaturity daysToMaturity
  entries { entryId entryNumber date kind holding interest cash }`;
const PURCHASE = `mutation ($input: PurchaseInvestmentInput!) { purchaseInvestment(input: $input) { ${INV} } }`;
const INTEREST = `mutation ($id: ID!, $input: RecordInvestmentInterestInput!) {
  recordInvestmentInterest(id: $id, input: $input) { ${INV} } }`;
const MATURE = `mutation ($id: ID!, $input: MatureInvestmentInput!) {
  matureInvestment(id: $id, input: $input) { ${INV} } }`;
const REDEEM = `mutation ($id: ID!, $input: RedeemInvestmentInput!) {
  redeemInvestment(id: $id, input: $input) { ${INV} } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdateInvestmentInput!) {
  updateInvestment(id: $id, input: $input) { id institution notes } }`;
const ONE = `query ($id: ID!) { investment(id: $id) { ${INV} } }`;
const ENTRY = `query ($id: ID!) { journalEntry(id: $id) { id source owner { type id }
  investment { id } lines { accountId debit credit } } }`;
const SUMMARY = `{ investmentSummary { asOf count principal accruedInterest value
  byFund { fundType count principal accruedInterest value }
  byInstitution { institution count value depositValue fdicWarning uninsured }
  ladder { month count principal amount } } }`;
const RESERVE_ASSETS = `query ($asOf: LocalDate) { balanceSheet(asOf: $asOf) { assets { total { reserve operating } } } }`;
const DASHBOARD = `{ dashboard { cash { funds { fundType balance accounts { number } } }
  investmentsMaturing { days count total next { id institution maturityDate } } } }`;

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const details = (res: Res) => res.body.errors?.[0]?.extensions?.details;

// Interest arithmetic checked by hand (P = principal in cents):
// - $50,000 at 4.50 % APY for 365 days: 5,000,000 × (1.045 − 1) = 225,000 → $2,250.00.
// - the same for 730 days: 5,000,000 × (1.045² − 1) = 5,000,000 × 0.092025 = 460,125 → $4,601.25.
// - the same for 180 days: 1.045^(180/365) = e^(0.0440169 × 0.4931507) = e^0.0217070
//   = 1 + 0.0217070 + 0.0002356 + 0.0000017 = 1.0219443 → 5,000,000 × 0.0219443 = 109,721.3
//   → 109,721 → $1,097.21.
// - simple, $30,000 at 4.00 % for 182 days: 3,000,000 × 0.04 × 182 / 365 = 120,000 × 0.4986301
//   = 59,835.6 → 59,836 → $598.36; $20,000 the same: 39,890.4 → $398.90.
// - $210,000 at 3.00 % APY for 180 days: 1.03^(180/365) = e^(0.0295588 × 0.4931507) = e^0.0145770
//   = 1.0146838 → 21,000,000 × 0.0146838 = 308,358 → $3,083.58.
// - simple, $260,000 at 4.00 % for 180 days: 26,000,000 × 0.04 × 180 / 365 = 512,876.7 → $5,128.77.
describe('investment interest', () => {
  it('compounds at the APY, or simply, rounded half-up to cents once', () => {
    const m = Compounding.MONTHLY;
    expect(interestFor(5_000_000n, '4.5', 365, m)).toBe(225_000n);
    expect(interestFor(5_000_000n, '4.5', 730, Compounding.DAILY)).toBe(460_125n);
    expect(interestFor(5_000_000n, '4.5', 180, m)).toBe(109_721n);
    expect(interestFor(3_000_000n, '4', 182, Compounding.SIMPLE)).toBe(59_836n);
    expect(interestFor(2_000_000n, '4.000', 182, Compounding.SIMPLE)).toBe(39_890n);
    expect(interestFor(21_000_000n, '3', 180, Compounding.DAILY)).toBe(308_358n);
    expect(interestFor(26_000_000n, '4', 180, Compounding.SIMPLE)).toBe(512_877n);
    // The compounding frequency does not change an APY's yield.
    expect(interestFor(5_000_000n, '4.5', 180, Compounding.ANNUALLY)).toBe(109_721n);
    expect(interestFor(5_000_000n, '4.5', 0, m)).toBe(0n);
  });
});

describe('investments', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const a: Record<string, string> = {};
  const inv: Record<string, any> = {};

  const purchase = async (input: Record<string, unknown>) =>
    (await t.ok(PURCHASE, { input })).purchaseInvestment;
  const lines = async (entryId: string) => {
    const e = (await t.ok(ENTRY, { id: entryId })).journalEntry;
    return e.lines.map((l: any) => [
      Object.entries(a).find(([, id]) => id === l.accountId)?.[0],
      l.debit,
      l.credit,
    ]);
  };
  const reserveAssets = async (asOf = '2026-06-30') =>
    (await t.ok(RESERVE_ASSETS, { asOf })).balanceSheet.assets.total.reserve;

  beforeAll(async () => {
    // The association's today: 2026-06-30 (New York).
    setClock(() => new Date('2026-06-30T16:00:00Z'));
    app = await startTestApp();
    t = await createTenant(app, 'Lakeside HOA');
    o = await createTenant(app, 'Other HOA');
    const reserve = { fundType: 'RESERVE' as const };
    a.savings = await t.account('1050', 'ASSET', {
      ...reserve,
      name: 'Reserve Savings',
      initialBalance: '700000.00',
      openingDate: '2025-11-01',
    });
    // A second bank account of the fund, with postings of its own.
    a.checking = await t.account('1060', 'ASSET', { ...reserve, name: 'Reserve Checking' });
    await t.post('2025-11-02', [
      [a.checking, '100.00', null],
      [a.savings, null, '100.00'],
    ]);
    a.cds = await t.account('1620', 'ASSET', { ...reserve, name: 'Reserve CDs' });
    a.rolled = await t.account('1630', 'ASSET', { ...reserve, name: 'Reserve CDs (Harbor)' });
    // The fund's interest income by its role: actions that omit the account use it.
    a.interest = await t.account('4910', 'INCOME', {
      ...reserve,
      name: 'Reserve Interest Income',
      forecastRole: 'INTEREST_INCOME',
    });
    a.operating = await t.account('1000', 'ASSET', {
      name: 'Operating Checking',
      initialBalance: '10000.00',
      openingDate: '2025-11-01',
    });
    a.expense = await t.account('5000', 'EXPENSE', { name: 'Repairs' });
    a.otherCash = await o.account('1000', 'ASSET', { fundType: 'RESERVE' });
  });
  afterAll(async () => {
    setClock();
    await app.close();
  });

  it('buys with one owned entry: Dr the holding account, Cr cash; the fund total stays', async () => {
    const before = await reserveAssets('2026-01-01');
    inv.cd1 = await purchase({
      kind: 'CD',
      institution: ' First Federal ',
      accountId: a.cds,
      cashAccountId: a.savings,
      principal: '50000.00',
      apy: '4.50',
      purchaseDate: '2026-01-01',
      maturityDate: '2027-01-01',
    });
    expect(inv.cd1).toMatchObject({
      kind: 'CD',
      institution: 'First Federal',
      fundType: 'RESERVE',
      principal: '50000.00',
      apy: '4.50',
      compounding: 'MONTHLY',
      status: 'ACTIVE',
      balance: '50000.00',
      // Hand-checked above: 180 days at 4.50 %, and the whole year.
      accruedInterest: '1097.21',
      valueAtMaturity: '52250.00',
      // 2026-06-30 → 2027-01-01: 184 days of July to December, and one.
      daysToMaturity: 185,
      interestRecorded: '0.00',
    });
    expect(inv.cd1.entries).toHaveLength(1);
    expect(inv.cd1.entries[0]).toMatchObject({
      kind: 'PURCHASE',
      holding: '50000.00',
      cash: '-50000.00',
    });
    expect(await lines(inv.cd1.entries[0].entryId)).toEqual([
      ['cds', '50000.00', '0.00'],
      ['savings', '0.00', '50000.00'],
    ]);
    const e = (await t.ok(ENTRY, { id: inv.cd1.entries[0].entryId })).journalEntry;
    expect(e).toMatchObject({
      source: 'INVESTMENT',
      owner: { type: 'INVESTMENT', id: inv.cd1.id },
      investment: { id: inv.cd1.id },
    });
    // Money moved within the reserve fund: its assets are what they were.
    expect(await reserveAssets('2026-01-01')).toBe(before);
    expect(before).toBe('700000.00');

    const common = { cashAccountId: a.savings, accountId: a.cds, compounding: 'SIMPLE' };
    inv.cd2 = await purchase({
      ...common,
      kind: 'CD',
      institution: 'Harbor Bank',
      principal: '30000.00',
      apy: '4',
      purchaseDate: '2025-12-01',
      maturityDate: '2026-06-01',
    });
    inv.cd3 = await purchase({
      ...common,
      kind: 'CD',
      institution: 'Harbor Bank',
      principal: '20000.00',
      apy: '4.000',
      purchaseDate: '2025-12-01',
      maturityDate: '2026-06-01',
    });
    inv.mm = await purchase({
      ...common,
      kind: 'MONEY_MARKET',
      institution: 'first federal',
      principal: '210000.00',
      apy: '3',
      compounding: 'DAILY',
      purchaseDate: '2026-01-01',
    });
    inv.bill = await purchase({
      ...common,
      kind: 'TREASURY',
      institution: 'US Treasury',
      principal: '260000.00',
      apy: '4.00',
      purchaseDate: '2026-01-01',
      maturityDate: '2026-12-31',
    });
    expect(inv.cd2).toMatchObject({
      valueAtMaturity: '30598.36',
      accruedInterest: '598.36',
      daysToMaturity: -29,
    });
    expect(inv.mm).toMatchObject({ maturityDate: null, valueAtMaturity: null, apy: '3.00' });
  });

  it("keeps the holding account to itself: manual entries and reversals are refused, and the dashboard's cash leaves it out", async () => {
    const manual = await t.gql(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
      {
        input: {
          date: '2026-06-15',
          lines: [
            { accountId: a.cds, debit: '10.00' },
            { accountId: a.savings, credit: '10.00' },
          ],
        },
      },
    );
    expect(code(manual)).toBe('BAD_USER_INPUT');
    expect(details(manual)).toEqual([
      expect.objectContaining({
        field: 'lines.0.accountId',
        message: expect.stringContaining('Reserve CDs is kept by investments'),
      }),
    ]);
    const reversal = await t.gql(
      `mutation ($id: ID!) { reverseJournalEntry(id: $id, date: "2026-06-15") { id } }`,
      { id: inv.cd1.entries[0].entryId },
    );
    expect(code(reversal)).toBe('CONFLICT');
    expect(reversal.body.errors![0].message).toContain('belongs to the investment');

    const d = (await t.ok(DASHBOARD)).dashboard;
    const reserve = d.cash.funds.find((f: any) => f.fundType === 'RESERVE');
    // 700,000 − 50,000 − 30,000 − 20,000 − 210,000 − 260,000.
    expect(reserve.balance).toBe('130000.00');
    // 1630 holds nothing yet (it becomes a holding account with the rollover below).
    expect(reserve.accounts.map((x: any) => x.number)).toEqual(['1050', '1060', '1630']);
    // Within 90 days of 2026-06-30: the two Harbor Bank CDs, past their maturity and not acted on.
    expect(d.investmentsMaturing).toMatchObject({
      days: 90,
      count: 2,
      total: '50997.26', // 30,598.36 + 20,398.90
      next: { id: inv.cd2.id, maturityDate: '2026-06-01' },
    });
  });

  it('records interest reinvested or paid out, and sums by fund, institution and month', async () => {
    const cd1 = (
      await t.ok(INTEREST, {
        id: inv.cd1.id,
        input: { date: '2026-03-31', amount: '500.00', reinvested: true },
      })
    ).recordInvestmentInterest;
    expect(cd1).toMatchObject({ balance: '50500.00', interestRecorded: '500.00' });
    expect(await lines(cd1.entries[1].entryId)).toEqual([
      ['cds', '500.00', '0.00'],
      ['interest', '0.00', '500.00'],
    ]);
    const mm = (
      await t.ok(INTEREST, {
        id: inv.mm.id,
        input: {
          date: '2026-05-31',
          amount: '1000.00',
          reinvested: false,
          cashAccountId: a.savings,
        },
      })
    ).recordInvestmentInterest;
    expect(mm).toMatchObject({ balance: '210000.00', interestRecorded: '1000.00' });
    expect(await lines(mm.entries[1].entryId)).toEqual([
      ['savings', '1000.00', '0.00'],
      ['interest', '0.00', '1000.00'],
    ]);

    const s = (await t.ok(SUMMARY)).investmentSummary;
    expect(s.asOf).toBe('2026-06-30');
    // Values: carrying amount + interest earned not yet recorded.
    //   CD1 50,500 + (1,097.21 − 500) = 51,097.21   MM 210,000 + (3,083.58 − 1,000) = 212,083.58
    //   CD2 30,598.36   CD3 20,398.90   bill 260,000 + 5,128.77 = 265,128.77
    expect(s.byFund).toEqual([
      {
        fundType: 'OPERATING',
        count: 0,
        principal: '0.00',
        accruedInterest: '0.00',
        value: '0.00',
      },
      {
        fundType: 'RESERVE',
        count: 5,
        principal: '570000.00',
        accruedInterest: '10306.82', // 1,097.21 + 3,083.58 + 598.36 + 398.90 + 5,128.77
        value: '579306.82',
      },
    ]);
    // Largest value first.
    expect(s.byInstitution).toEqual([
      // Treasuries are not deposits: no warning above $250,000.
      {
        institution: 'US Treasury',
        count: 1,
        value: '265128.77',
        depositValue: '0.00',
        fdicWarning: false,
        uninsured: '0.00',
      },
      // Deposits of 263,180.79 at one bank: 13,180.79 above the FDIC limit.
      {
        institution: 'First Federal',
        count: 2,
        value: '263180.79',
        depositValue: '263180.79',
        fdicWarning: true,
        uninsured: '13180.79',
      },
      {
        institution: 'Harbor Bank',
        count: 2,
        value: '50997.26',
        depositValue: '50997.26',
        fdicWarning: false,
        uninsured: '0.00',
      },
    ]);
    expect(s.ladder).toHaveLength(24);
    expect(s.ladder[0]).toEqual({
      month: '2026-06-01',
      count: 2,
      principal: '50000.00',
      amount: '50997.26',
    });
    // December: the bill, 260,000 + 364 days of simple interest (26,000,000 × 0.04 × 364 / 365
    // = 1,037,150.7 → 10,371.51); January 2027: CD1, 50,500 carried (500 reinvested) + the
    // 1,750 of the term's 2,250 not recorded = 52,250.
    expect(s.ladder[6]).toEqual({
      month: '2026-12-01',
      count: 1,
      principal: '260000.00',
      amount: '270371.51',
    });
    expect(s.ladder[7]).toMatchObject({ month: '2027-01-01', count: 1, amount: '52250.00' });
    expect(s.ladder[23].month).toBe('2028-05-01');
  });

  it('matures into cash, or rolls over into a new investment', async () => {
    const cd2 = (await t.ok(MATURE, { id: inv.cd2.id, input: { cashAccountId: a.savings } }))
      .matureInvestment;
    expect(cd2).toMatchObject({
      status: 'MATURED',
      closedOn: '2026-06-01',
      balance: '0.00',
      interestRecorded: '598.36',
      daysToMaturity: null,
    });
    expect(cd2.entries[1]).toMatchObject({
      kind: 'MATURITY',
      holding: '-30000.00',
      interest: '598.36',
      cash: '30598.36',
    });
    expect(await lines(cd2.entries[1].entryId)).toEqual([
      ['savings', '30598.36', '0.00'],
      ['cds', '0.00', '30000.00'],
      ['interest', '0.00', '598.36'],
    ]);

    const cd3 = (
      await t.ok(MATURE, {
        id: inv.cd3.id,
        input: {
          date: '2026-06-01',
          rollover: { accountId: a.rolled, apy: '4.25', maturityDate: '2027-06-01' },
        },
      })
    ).matureInvestment;
    expect(cd3).toMatchObject({ status: 'ROLLED_OVER', balance: '0.00' });
    expect(await lines(cd3.entries[1].entryId)).toEqual([
      ['rolled', '20398.90', '0.00'],
      ['cds', '0.00', '20000.00'],
      ['interest', '0.00', '398.90'],
    ]);
    const next = (await t.ok(ONE, { id: cd3.rolledIntoId })).investment;
    expect(next).toMatchObject({
      kind: 'CD',
      institution: 'Harbor Bank',
      accountId: a.rolled,
      principal: '20398.90',
      balance: '20398.90',
      apy: '4.25',
      compounding: 'SIMPLE',
      purchaseDate: '2026-06-01',
      status: 'ACTIVE',
      rolledFromId: inv.cd3.id,
    });
    expect(next.entries).toEqual([
      expect.objectContaining({ entryId: cd3.entries[1].entryId, kind: 'PURCHASE' }),
    ]);
    inv.cd5 = next;

    const again = await t.gql(MATURE, { id: inv.cd2.id, input: { cashAccountId: a.savings } });
    expect(code(again)).toBe('CONFLICT');
  });

  it('redeems early: the penalty reduces interest income', async () => {
    const cd1 = (
      await t.ok(REDEEM, {
        id: inv.cd1.id,
        input: {
          date: '2026-06-30',
          cashAccountId: a.savings,
          interest: '1000.00',
          penalty: '300.00',
        },
      })
    ).redeemInvestment;
    expect(cd1).toMatchObject({ status: 'REDEEMED', closedOn: '2026-06-30', balance: '0.00' });
    expect(cd1.entries[2]).toMatchObject({
      kind: 'REDEMPTION',
      holding: '-50500.00',
      interest: '700.00',
      cash: '51200.00',
    });
    expect(await lines(cd1.entries[2].entryId)).toEqual([
      ['savings', '51200.00', '0.00'],
      ['cds', '0.00', '50500.00'],
      ['interest', '0.00', '700.00'],
    ]);
  });

  it('keeps each holding account equal to its investments, and the reserve fund whole', async () => {
    const balances = (await t.ok(`{ accountBalances(asOf: "2026-06-30") { accountId balance } }`))
      .accountBalances;
    const of = (id: string) => balances.find((b: any) => b.accountId === id)?.balance ?? '0.00';
    // 1620: the money market and the bill; 1630: the rolled-over CD.
    expect(of(a.cds)).toBe('470000.00');
    expect(of(a.rolled)).toBe('20398.90');
    const active = (await t.ok(`{ investments(filter: { status: ACTIVE }) { accountId balance } }`))
      .investments;
    const sum = (acct: string) =>
      active
        .filter((i: any) => i.accountId === acct)
        .reduce((s: number, i: any) => s + Math.round(Number(i.balance) * 100), 0);
    expect(sum(a.cds)).toBe(47_000_000);
    expect(sum(a.rolled)).toBe(2_039_890);
    // Only the interest recorded changed the fund: 500 + 1,000 + 598.36 + 398.90 + 700.
    expect(await reserveAssets()).toBe('703197.26');
  });

  it('refuses bad input field by field, writing nothing', async () => {
    const count = async () => (await t.ok(`{ investments { id } }`)).investments.length;
    const n = await count();
    const base = {
      kind: 'CD',
      institution: 'Harbor Bank',
      accountId: a.cds,
      cashAccountId: a.savings,
      principal: '1000.00',
      apy: '4.00',
      purchaseDate: '2026-06-01',
      maturityDate: '2027-06-01',
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ maturityDate: '2026-05-01' }, 'maturityDate', 'after the purchase date'],
      [{ maturityDate: null }, 'maturityDate', 'needs a maturity date'],
      [{ kind: 'SAVINGS' }, 'maturityDate', 'has no maturity date'],
      [{ apy: '4.5%' }, 'apy', 'in percent'],
      [{ principal: '0.00' }, 'principal', 'positive'],
      [{ purchaseDate: '2026-07-01' }, 'purchaseDate', 'after today'],
      [{ institution: '  ' }, 'institution', 'bank or broker'],
      [{ accountId: a.checking }, 'accountId', 'postings of its own'],
      [{ accountId: a.interest }, 'accountId', 'not an asset account'],
      [{ cashAccountId: a.operating }, 'cashAccountId', 'operating fund, not the reserve fund'],
      [{ cashAccountId: a.rolled }, 'cashAccountId', 'not a cash account'],
    ];
    for (const [change, field, message] of cases) {
      const res = await t.gql(PURCHASE, { input: { ...base, ...change } });
      expect(code(res), JSON.stringify(change)).toBe('BAD_USER_INPUT');
      expect(details(res), JSON.stringify(change)).toEqual([
        expect.objectContaining({ field, message: expect.stringContaining(message) }),
      ]);
    }
    const early = await t.gql(INTEREST, {
      id: inv.cd5.id,
      input: { date: '2026-05-31', amount: '1.00', reinvested: true },
    });
    expect(details(early)).toEqual([
      expect.objectContaining({ field: 'date', message: expect.stringContaining('purchase') }),
    ]);
    const paidOut = await t.gql(INTEREST, {
      id: inv.cd5.id,
      input: { date: '2026-06-30', amount: '1.00', reinvested: false },
    });
    expect(details(paidOut)).toEqual([expect.objectContaining({ field: 'cashAccountId' })]);
    const wrongIncome = await t.gql(INTEREST, {
      id: inv.cd5.id,
      input: {
        date: '2026-06-30',
        amount: '1.00',
        reinvested: true,
        interestIncomeAccountId: a.expense,
      },
    });
    expect(details(wrongIncome)).toEqual([
      expect.objectContaining({ field: 'interestIncomeAccountId' }),
    ]);
    const tooSoon = await t.gql(MATURE, { id: inv.cd5.id, input: { cashAccountId: a.savings } });
    expect(details(tooSoon)).toEqual([
      expect.objectContaining({ field: 'date', message: expect.stringContaining('after today') }),
    ]);
    const afterMaturity = await t.gql(REDEEM, {
      id: inv.bill.id,
      input: { date: '2026-06-30', cashAccountId: a.savings, penalty: '270000.00' },
    });
    expect(details(afterMaturity)).toEqual([expect.objectContaining({ field: 'penalty' })]);
    expect(await count()).toBe(n);
    // The refused purchases registered no account: the checking account still takes entries.
    await t.post('2026-06-30', [
      [a.checking, '1.00', null],
      [a.savings, null, '1.00'],
    ]);
  });

  it('edits the institution and notes only, audited', async () => {
    const res = await t.ok(UPDATE, {
      id: inv.cd5.id,
      input: { institution: 'Harbor Bank & Trust', notes: 'Renewed at 4.25 %' },
    });
    expect(res.updateInvestment).toMatchObject({
      institution: 'Harbor Bank & Trust',
      notes: 'Renewed at 4.25 %',
    });
    const bad = await t.gql(UPDATE, { id: inv.cd5.id, input: { institution: '' } });
    expect(code(bad)).toBe('BAD_USER_INPUT');
  });

  it("lets viewers read but not write, and answers NOT_FOUND for another tenant's ids", async () => {
    const viewerRead = await t.ok(ONE, { id: inv.cd5.id }, t.viewer);
    expect(viewerRead.investment.id).toBe(inv.cd5.id);
    await t.ok(SUMMARY, {}, t.viewer);
    const writes: [string, Record<string, unknown>][] = [
      [UPDATE, { id: inv.cd5.id, input: { notes: 'x' } }],
      [
        INTEREST,
        { id: inv.cd5.id, input: { date: '2026-06-30', amount: '1.00', reinvested: true } },
      ],
      [MATURE, { id: inv.cd5.id, input: { cashAccountId: a.savings } }],
      [REDEEM, { id: inv.cd5.id, input: { date: '2026-06-30', cashAccountId: a.savings } }],
    ];
    for (const [q, v] of writes) expect(code(await t.gql(q, v, t.viewer))).toBe('FORBIDDEN');
    const buy = {
      kind: 'SAVINGS',
      institution: 'Mine',
      accountId: a.rolled,
      cashAccountId: a.savings,
      principal: '1.00',
      apy: '1',
      purchaseDate: '2026-06-30',
    };
    expect(code(await t.gql(PURCHASE, { input: buy }, t.viewer))).toBe('FORBIDDEN');

    // The other association: none of these ids are its.
    expect(code(await o.gql(ONE, { id: inv.cd5.id }))).toBe('NOT_FOUND');
    expect(code(await o.gql(ONE, { id: 'not-an-id' }))).toBe('NOT_FOUND');
    for (const [q, v] of writes) expect(code(await o.gql(q, v)), q).toBe('NOT_FOUND');
    const foreign = await o.gql(PURCHASE, {
      input: { ...buy, cashAccountId: a.otherCash },
    });
    expect(code(foreign)).toBe('NOT_FOUND');
    expect(details(foreign)).toEqual([expect.objectContaining({ field: 'accountId' })]);
    expect((await o.ok(`{ investments { id } }`)).investments).toEqual([]);
  });
});
