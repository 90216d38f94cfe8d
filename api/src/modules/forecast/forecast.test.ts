import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { type AccountOpts, createTenant, type Tenant } from '../../test/tenant.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

const FORECAST = `query ($fund: ForecastFund!, $months: Int) {
  cashForecast(fund: $fund, months: $months) {
    asOf openingAsOf fund collectionRate fiscalYearStartMonth assumptions
    lowest { month balance }
    months { month opening assessments otherIncome expenses investmentFlows capitalProjects
      bills transfers closing } } }`;
const PROJECT = `mutation ($input: CreateCapitalProjectInput!) { createCapitalProject(input: $input) { id } }`;
const PURCHASE = `mutation ($input: PurchaseInvestmentInput!) { purchaseInvestment(input: $input) { id } }`;
const BUDGET = `mutation ($input: SaveBudgetInput!) { saveBudget(input: $input) { year } }`;

type Res = { body: { errors?: { message: string; extensions?: Record<string, unknown> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

// The books (today 2026-03-15, fiscal year = calendar year; the forecast starts with March 2026
// and opens with the cash of 2026-02-28):
// - Operating cash 10,000.00 posted in January; 999.00 more on March 2 (after the opening day).
// - Two units at 200.00 a month, billed January and February (4 × 200.00 = 800.00); paid
//   200.00 + 200.00 (unit 1) and 200.00 (unit 2) = 600.00 into operating cash.
//   Collection rate 600 ÷ 800 = 75.0 %; assessments 2 × 200.00 × 0.75 = 300.00 a month.
//   Operating opening: 10,000.00 + 600.00 = 10,600.00.
// - Reserve cash 50,000.00, 10,000.00 of it into a CD on 2026-01-15 (4 % simple, maturing
//   2026-07-15, 181 days: 1,000,000 × 0.04 × 181 / 365 = 19,835.6 → 198.36). Reserve opening
//   40,000.00; July 2026 gets 10,198.36 back.
// - Budget FY 2026 (FY 2027 and 2028 have none and use it): operating expense 1,000.00 a month,
//   "Transfer to Reserves" 250.00 a month (role: the transfer's operating side, not an expense),
//   laundry income 10.00 a month, reserve "Reserve Contributions" 250.00 a month (role: the
//   contribution, 3,000.00 a year → 250.00 a month of transfer), reserve expense 100.00 a month.
// - Capital projects: reserve roof 20,000.00 in FY 2027 → January 2027; an overdue operating
//   project of FY 2025 (500.00) → March 2026; a done one and a special-assessment one: nothing.
// Operating each month: 300.00 + 10.00 − 1,000.00 − 250.00 = −940.00 (March also −500.00):
//   March 10,600.00 − 1,440.00 = 9,160.00; after n months 10,100.00 − 940.00 n, so February 2028
//   (n = 24) closes at 10,100.00 − 22,560.00 = −12,460.00, the lowest.
// Reserve each month: 250.00 − 100.00 = +150.00: March 40,150.00 … June 40,600.00, July
//   40,750.00 + 10,198.36 = 50,948.36 … December 51,698.36, January 2027 51,848.36 − 20,000.00 =
//   31,848.36 (the lowest), February 2028 31,848.36 + 13 × 150.00 = 33,798.36.
// All: 50,600.00 − 500.00 − 24 × 790.00 + 10,198.36 − 20,000.00 = 21,338.36 in February 2028,
//   the lowest (each month loses 790.00; only July gains).
describe('cash-flow forecast', () => {
  let app: TestApp;
  let t: Tenant;
  const a: Record<string, string> = {};

  const forecast = async (fund: string, months?: number, token?: string) =>
    (await t.ok(FORECAST, { fund, months }, token)).cashForecast;
  const month = (f: any, m: string) => f.months.find((x: any) => x.month === m);

  beforeAll(async () => {
    setClock(() => new Date('2026-03-15T15:00:00Z'));
    app = await startTestApp();
    t = await createTenant(app, 'Forecast HOA');
    a.cash = await t.account('1010', 'ASSET');
    a.equity = await t.account('3010', 'EQUITY');
    a.dues = await t.account('4010', 'INCOME', { name: 'Assessments' });
    a.laundry = await t.account('4200', 'INCOME', { name: 'Laundry' });
    a.expense = await t.account('5010', 'EXPENSE', { name: 'Landscaping' });
    a.transfer = await t.account('5950', 'EXPENSE', {
      name: 'Transfer to Reserves',
      forecastRole: 'RESERVE_TRANSFER',
    });
    a.rcash = await t.account('1510', 'ASSET', { fundType: 'RESERVE' });
    a.cd = await t.account('1600', 'ASSET', { fundType: 'RESERVE', name: 'Reserve CDs' });
    a.requity = await t.account('3510', 'EQUITY', { fundType: 'RESERVE' });
    a.contribution = await t.account('4600', 'INCOME', {
      fundType: 'RESERVE',
      name: 'Reserve Contributions',
      forecastRole: 'RESERVE_CONTRIBUTION',
    });
    a.rexpense = await t.account('6510', 'EXPENSE', { fundType: 'RESERVE' });

    await t.post('2026-01-05', [
      [a.cash, '10000.00', null],
      [a.equity, null, '10000.00'],
    ]);
    await t.post('2026-01-05', [
      [a.rcash, '50000.00', null],
      [a.requity, null, '50000.00'],
    ]);
    await t.post('2026-03-02', [
      [a.cash, '999.00', null],
      [a.equity, null, '999.00'],
    ]);

    const house = await t.propertyType('House');
    const group = await t.group({
      name: 'Dues',
      rates: [{ propertyTypeId: house, regular: '200.00' }],
      regularIncomeAccountId: a.dues,
    });
    const u1 = await t.unit('1', { groupId: group, propertyTypeId: house });
    const u2 = await t.unit('2', { groupId: group, propertyTypeId: house });
    await t.assessmentRun('2026-01');
    await t.assessmentRun('2026-02');
    await t.payment(u1, '2026-01-10', '200.00', { depositAccountId: a.cash });
    await t.payment(u1, '2026-02-10', '200.00', { depositAccountId: a.cash });
    await t.payment(u2, '2026-01-20', '200.00', { depositAccountId: a.cash });

    await t.ok(PURCHASE, {
      input: {
        kind: 'CD',
        institution: 'First Bank',
        accountId: a.cd,
        cashAccountId: a.rcash,
        principal: '10000.00',
        apy: '4',
        compounding: 'SIMPLE',
        purchaseDate: '2026-01-15',
        maturityDate: '2026-07-15',
      },
    });

    const twelve = (x: string) => Array(12).fill(x);
    await t.ok(BUDGET, {
      input: {
        year: 2026,
        lines: [
          { accountId: a.expense, amounts: twelve('1000.00') },
          { accountId: a.transfer, amounts: twelve('250.00') },
          { accountId: a.laundry, amounts: twelve('10.00') },
          { accountId: a.contribution, amounts: twelve('250.00') },
          { accountId: a.rexpense, amounts: twelve('100.00') },
        ],
      },
    });

    const project = (input: Record<string, unknown>) =>
      t.ok(PROJECT, { input: { category: 'OTHER', fundingSource: 'RESERVE', ...input } });
    await project({ name: 'Roof', estimatedCost: '20000.00', targetYear: 2027 });
    await project({
      name: 'Gate',
      estimatedCost: '500.00',
      targetYear: 2025,
      fundingSource: 'OPERATING',
    });
    await project({ name: 'Painted', estimatedCost: '7000.00', targetYear: 2026, status: 'DONE' });
    await project({
      name: 'Clubhouse',
      estimatedCost: '90000.00',
      targetYear: 2026,
      fundingSource: 'SPECIAL_ASSESSMENT',
    });
  });
  beforeEach(() => setClock(() => new Date('2026-03-15T15:00:00Z')));
  afterEach(() => setClock());
  afterAll(() => app.close());

  it('forecasts the operating fund: opening cash, collected assessments, budget, transfer out', async () => {
    const f = await forecast('OPERATING');
    expect(f.asOf).toBe('2026-03-15');
    expect(f.openingAsOf).toBe('2026-02-28');
    expect(f.collectionRate).toBe('75.0');
    expect(f.months).toHaveLength(24);
    expect(f.months[0]).toEqual({
      month: '2026-03',
      opening: '10600.00',
      assessments: '300.00',
      otherIncome: '10.00',
      expenses: '1000.00',
      investmentFlows: '0.00',
      capitalProjects: '500.00',
      bills: '0.00',
      transfers: '-250.00',
      closing: '9160.00',
    });
    // FY 2027 has no budget: the FY 2026 months again.
    expect(month(f, '2027-06')).toMatchObject({ expenses: '1000.00', transfers: '-250.00' });
    expect(f.months[23].month).toBe('2028-02');
    expect(f.months[23].closing).toBe('-12460.00');
    expect(f.lowest).toEqual({ month: '2028-02', balance: '-12460.00' });
    expect(f.assumptions).toContain(
      'FY 2027: no budget yet, so the FY 2026 budget month by month.',
    );
  });

  it('returns a maturity in its month and spends a capital project in its target year', async () => {
    const f = await forecast('RESERVE');
    expect(f.months[0]).toMatchObject({
      opening: '40000.00',
      transfers: '250.00',
      closing: '40150.00',
    });
    expect(month(f, '2026-06').investmentFlows).toBe('0.00');
    expect(month(f, '2026-07')).toMatchObject({
      investmentFlows: '10198.36',
      closing: '50948.36',
    });
    expect(month(f, '2026-12').capitalProjects).toBe('0.00');
    expect(month(f, '2027-01')).toMatchObject({
      capitalProjects: '20000.00',
      closing: '31848.36',
    });
    expect(f.months[23].closing).toBe('33798.36');
    expect(f.lowest).toEqual({ month: '2027-01', balance: '31848.36' });
  });

  it('nets the transfer to zero for both funds together', async () => {
    const f = await forecast('ALL');
    expect(f.months.every((m: any) => m.transfers === '0.00')).toBe(true);
    expect(f.months[0].opening).toBe('50600.00');
    expect(f.months[23].closing).toBe('21338.36');
    expect(f.lowest).toEqual({ month: '2028-02', balance: '21338.36' });
    // A shorter window: the lowest within it (March 2026: 50,600.00 − 500.00 − 790.00).
    const short = await forecast('ALL', 1);
    expect(short.months).toHaveLength(1);
    expect(short.lowest).toEqual({ month: '2026-03', balance: '49310.00' });
  });

  it('lets viewers read it and refuses a bad number of months', async () => {
    const f = await forecast('ALL', 24, t.viewer);
    expect(f.months).toHaveLength(24);
    for (const months of [0, 61, -3]) {
      const res = await t.gql(FORECAST, { fund: 'ALL', months });
      expect(code(res)).toBe('BAD_USER_INPUT');
    }
  });

  it("reads the transfer, the contribution and interest from the accounts' roles, not their names", async () => {
    const r = await createTenant(app, 'Roles HOA');
    const role = (forecastRole: NonNullable<AccountOpts['forecastRole']>) => ({ forecastRole });
    const reserve = { fundType: 'RESERVE' } as const;
    // Named like the old rules read them, no role: ordinary expense and income.
    const named = {
      transfer: await r.account('5950', 'EXPENSE', { name: 'Transfer to Reserves' }),
      lateFees: await r.account('4300', 'INCOME', { name: 'Interest on late fees' }),
      refund: await r.account('4610', 'INCOME', {
        ...reserve,
        name: 'Reserve Contribution Refund',
      }),
    };
    // The roles, whatever the names.
    const roles = {
      transfer: await r.account('5960', 'EXPENSE', {
        name: 'Savings',
        ...role('RESERVE_TRANSFER'),
      }),
      interest: await r.account('4400', 'INCOME', { name: 'Bank', ...role('INTEREST_INCOME') }),
      contribution: await r.account('4620', 'INCOME', {
        ...reserve,
        name: 'From operating',
        ...role('RESERVE_CONTRIBUTION'),
      }),
    };
    const twelve = (x: string) => Array(12).fill(x);
    await r.ok(BUDGET, {
      input: {
        year: 2026,
        lines: [
          { accountId: named.transfer, amounts: twelve('100.00') },
          { accountId: named.lateFees, amounts: twelve('7.00') },
          { accountId: named.refund, amounts: twelve('5.00') },
          { accountId: roles.transfer, amounts: twelve('40.00') },
          { accountId: roles.interest, amounts: twelve('3.00') },
          { accountId: roles.contribution, amounts: twelve('40.00') },
        ],
      },
    });
    const first = async (fund: string) =>
      (await r.ok(FORECAST, { fund, months: 1 })).cashForecast.months[0];
    expect(await first('OPERATING')).toMatchObject({
      otherIncome: '7.00',
      expenses: '100.00',
      transfers: '-40.00',
      closing: '-133.00',
    });
    expect(await first('RESERVE')).toMatchObject({
      otherIncome: '5.00',
      expenses: '0.00',
      transfers: '40.00',
      closing: '45.00',
    });

    // Setting the role on the named accounts moves them out of expense and other income.
    const UPDATE = `mutation ($id: ID!, $input: UpdateAccountInput!) {
      updateAccount(id: $id, input: $input) { forecastRole } }`;
    await r.ok(UPDATE, { id: named.transfer, input: role('RESERVE_TRANSFER') });
    await r.ok(UPDATE, { id: named.lateFees, input: role('INTEREST_INCOME') });
    expect(await first('OPERATING')).toMatchObject({
      otherIncome: '0.00',
      expenses: '0.00',
      transfers: '-40.00',
    });
  });
});

// Bills entered before the first month and unpaid on its opening day (2026-02-28) go out in the
// month they fall due, from the funds of their lines (today 2026-03-15, three months):
// - BILL-1 1,000.00 due 02-10, 400.00 paid on 02-20: 600.00 overdue, in March;
// - BILL-2 400.00 due 03-01, paid in full on 03-05 (after the opening day): March;
// - BILL-3 700.00 (500.00 operating, 200.00 reserve lines) due 04-05: April;
// - BILL-4 300.00 due 07-15: after the window; BILL-5 dated 03-02 (March's own, the budget's)
//   and BILL-6 voided on 02-04: not counted.
describe('cash-flow forecast: bills to pay', () => {
  let app: TestApp;
  let t: Tenant;
  const a: Record<string, string> = {};
  const BILL = `mutation ($input: CreateBillInput!) { createBill(input: $input) { id } }`;
  const RUN = `mutation ($input: CreatePaymentRunInput!) { createPaymentRun(input: $input) { id } }`;
  const bill = async (billDate: string, dueDate: string, lines: [string, string][]) =>
    (
      await t.ok(BILL, {
        input: {
          vendorId: a.vendor,
          billDate,
          dueDate,
          lines: lines.map(([accountId, amount]) => ({ accountId, amount })),
        },
      })
    ).createBill.id as string;
  const pay = (date: string, billId: string, amount: string) =>
    t.ok(RUN, {
      input: {
        bankAccountId: a.cash,
        method: 'ACH',
        date,
        payThrough: date,
        items: [{ billId, amount }],
      },
    });

  beforeAll(async () => {
    setClock(() => new Date('2026-03-15T15:00:00Z'));
    app = await startTestApp();
    t = await createTenant(app, 'Forecast Bills HOA');
    a.cash = await t.account('1010', 'ASSET', {
      initialBalance: '5000.00',
      openingDate: '2025-12-31',
    });
    a.rcash = await t.account('1510', 'ASSET', {
      fundType: 'RESERVE',
      initialBalance: '8000.00',
      openingDate: '2025-12-31',
    });
    await t.account('3010', 'EQUITY');
    await t.account('3510', 'EQUITY', { fundType: 'RESERVE' });
    a.expense = await t.account('5010', 'EXPENSE');
    a.rexpense = await t.account('6510', 'EXPENSE', { fundType: 'RESERVE' });
    a.vendor = await t.vendor('Acme Services');
    const b1 = await bill('2026-01-10', '2026-02-10', [[a.expense, '1000.00']]);
    await pay('2026-02-20', b1, '400.00');
    const b2 = await bill('2026-02-01', '2026-03-01', [[a.expense, '400.00']]);
    await pay('2026-03-05', b2, '400.00');
    await bill('2026-02-05', '2026-04-05', [
      [a.expense, '500.00'],
      [a.rexpense, '200.00'],
    ]);
    await bill('2026-02-15', '2026-07-15', [[a.expense, '300.00']]);
    await bill('2026-03-02', '2026-03-20', [[a.expense, '900.00']]);
    const b6 = await bill('2026-02-03', '2026-02-03', [[a.expense, '50.00']]);
    await t.ok(
      `mutation ($id: ID!) { voidBill(id: $id, date: "2026-02-04", reason: "Twice") { id } }`,
      { id: b6 },
    );
  });
  afterAll(async () => {
    setClock();
    await app?.close();
  });

  it('pays them in the month they fall due, from their lines’ funds', async () => {
    const bills = async (fund: string) =>
      (await t.ok(FORECAST, { fund, months: 3 })).cashForecast.months.map((m: any) => [
        m.month,
        m.bills,
        m.opening,
        m.closing,
      ]);
    // Opening: operating 5,000.00 less BILL-1's 400.00; reserve 8,000.00.
    expect(await bills('OPERATING')).toEqual([
      ['2026-03', '1000.00', '4600.00', '3600.00'],
      ['2026-04', '500.00', '3600.00', '3100.00'],
      ['2026-05', '0.00', '3100.00', '3100.00'],
    ]);
    expect(await bills('RESERVE')).toEqual([
      ['2026-03', '0.00', '8000.00', '8000.00'],
      ['2026-04', '200.00', '8000.00', '7800.00'],
      ['2026-05', '0.00', '7800.00', '7800.00'],
    ]);
    // A longer window reaches BILL-4 in July.
    const six = (await t.ok(FORECAST, { fund: 'ALL', months: 6 })).cashForecast;
    expect(six.months.map((m: any) => m.bills)).toEqual([
      '1000.00',
      '700.00',
      '0.00',
      '0.00',
      '300.00',
      '0.00',
    ]);
    expect(six.assumptions).toContain(
      'Bills entered by 2026-02-28 and unpaid then are paid in the month they fall due (overdue ones in the first month), from the funds of their lines.',
    );
  });
});
