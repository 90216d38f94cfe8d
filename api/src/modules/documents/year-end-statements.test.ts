/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are read loosely, as a client would */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../core/dates.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import { withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { cents, money, readHledgerBalances, requireHledger } from '../../test/hledger.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { BooksExportFormat, exportBooks } from '../journal/index.js';

// The year-end statements on real books: two fiscal years (fiscal year from July) of dues billed
// and paid (some ahead, some late, some waiting in Undeposited Funds), bills accrued and paid,
// transfers to the reserves (one still owed across the funds at the year end), a CD bought, its
// interest added, matured and a second one bought, a reserve repair, and an account opened with
// a balance in the middle of a year. Every statement must tie to the others and to the balance
// sheet and income statement; and hledger, an engine we did not write, must agree with the
// year-end rule (net income carried into each fund's balance by the reports' computation).

const FY = {
  2025: { from: '2024-07-01', to: '2025-06-30', next: '2025-07-01' },
  2026: { from: '2025-07-01', to: '2026-06-30', next: '2026-07-01' },
} as const;
const OPENING = '2024-06-30';
const FUNDS = ['OPERATING', 'RESERVE'] as const;
const HLEDGER_FUND = { OPERATING: 'Operating', RESERVE: 'Reserve' } as const;

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

const COLS = 'operating reserve total';
const LINE = `accountId number name ${COLS}`;
const BS = `balanceSheet { asOf assets { lines { accountId ${COLS} } total { ${COLS} } }
  liabilities { total { ${COLS} } } fundBalance { total { ${COLS} priorYearEndOperating priorYearEndReserve } }
  liabilitiesAndFundBalance { ${COLS} } }`;
const ACTIVITIES = `activities { revenues { ${LINE} } totalRevenues { ${COLS} } expenses { ${LINE} }
  totalExpenses { ${COLS} } excessOfRevenuesOverExpenses { ${COLS} } fundBalanceBeginning { ${COLS} }
  transfers { ${LINE} } netTransfers { ${COLS} } fundBalanceEntries { ${LINE} }
  fundBalanceEnding { ${COLS} } }`;
const CASH_FLOWS = `cashFlows { excessOfRevenuesOverExpenses { ${COLS} }
  operatingAdjustments { kind ${LINE} } netOperating { ${COLS} } investing { kind ${LINE} }
  netInvesting { ${COLS} } financing { kind ${LINE} } netFinancing { ${COLS} }
  netChangeInCash { ${COLS} } cashBeginning { ${COLS} } cashEnding { ${COLS} }
  cashAccounts { accountId number name fundType beginning ending } }`;
const REPAIRS = `futureRepairs { asOf components { name category usefulLifeYears remainingLifeYears
  nextReplacementYear currentReplacementCost fullyFundedBalance fundingAccountNumber fundsAccumulated }
  fundingAccounts { number balance componentCount replacementCost } totalReplacementCost
  totalFullyFunded reserveFundBalance percentFunded }`;
const TB = `trialBalance { asOf totalDebit totalCredit rows { accountId number type fundType debitBalance creditBalance } }`;
const STATEMENTS = `query ($y: Int!) { yearEndStatements(fiscalYear: $y) { fiscalYear from to closed current
  closedThrough ${BS} ${ACTIVITIES} ${CASH_FLOWS} ${REPAIRS} ${TB} } }`;
const INCOME_STATEMENT = `query ($from: LocalDate!, $to: LocalDate!) { incomeStatement(from: $from, to: $to) {
  funds { fundType income { actual } expenses { actual } net { actual } netTransfers { actual } } } }`;

const c = (s: string) => cents(s);
const sum = (xs: string[]) => xs.reduce((a, x) => a + c(x), 0n);
// A statement's columns as cents, the total checked to be operating + reserve.
function cols(f: { operating: string; reserve: string; total: string }) {
  expect(c(f.total), JSON.stringify(f)).toBe(c(f.operating) + c(f.reserve));
  return { operating: c(f.operating), reserve: c(f.reserve) };
}
// The balance sheet's fund columns (its total column leaves out what one fund owes the other).
const funds = (f: { operating: string; reserve: string }) => ({
  operating: c(f.operating),
  reserve: c(f.reserve),
});
const colSum = (lines: { operating: string; reserve: string; total: string }[]) => ({
  operating: sum(lines.map((l) => l.operating)),
  reserve: sum(lines.map((l) => l.reserve)),
});
const colSumFunds = (lines: { operating: string; reserve: string }[]) => ({
  operating: sum(lines.map((l) => l.operating)),
  reserve: sum(lines.map((l) => l.reserve)),
});
const add = (...xs: { operating: bigint; reserve: bigint }[]) => ({
  operating: xs.reduce((a, x) => a + x.operating, 0n),
  reserve: xs.reduce((a, x) => a + x.reserve, 0n),
});

describe('year-end statements', () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;
  let dir: string;
  const ids: Record<string, string> = {};
  const years: Record<number, any> = {};

  const inv = async (query: string, variables: Record<string, unknown>) => t.ok(query, variables);
  const PURCHASE = `mutation ($input: PurchaseInvestmentInput!) { purchaseInvestment(input: $input) { id } }`;

  beforeAll(async () => {
    requireHledger('the year-end cross-check');
    dir = mkdtempSync(join(tmpdir(), 'covenant-year-end-'));
    app = await startTestApp();
    [t, other] = await Promise.all([
      createTenant(app, 'Year End HOA'),
      createTenant(app, 'Other HOA'),
    ]);
    await t.ok(
      `mutation ($i: OrganizationCalendarInput!) { updateOrganizationCalendar(input: $i) { fiscalYearStartMonth } }`,
      { i: { timeZone: 'America/Chicago', fiscalYearStartMonth: 7 } },
    );
    const opening = (initialBalance: string) => ({ initialBalance, openingDate: OPENING });
    ids.checking = await t.account('1010', 'ASSET', {
      name: 'Operating Checking',
      ...opening('20000.00'),
    });
    ids.savings = await t.account('1020', 'ASSET', { name: 'Operating Savings' });
    ids.undeposited = await t.account('1050', 'ASSET', { name: 'Undeposited Funds' });
    ids.payable = await t.account('2010', 'LIABILITY', { name: 'Accounts Payable' });
    ids.accrued = await t.account('2020', 'LIABILITY', { name: 'Accrued Liabilities' });
    ids.dues = await t.account('4010', 'INCOME', { name: 'Assessment Income' });
    ids.landscaping = await t.account('5010', 'EXPENSE', { name: 'Landscaping' });
    ids.insurance = await t.account('5030', 'EXPENSE', { name: 'Insurance' });
    ids.transferOut = await t.account('5900', 'EXPENSE', {
      name: 'Transfer to Reserves',
      interfundTransfer: true,
    });
    const reserve = { fundType: 'RESERVE' as const };
    ids.reserveSavings = await t.account('1510', 'ASSET', {
      name: 'Reserve Savings',
      ...reserve,
      ...opening('50000.00'),
    });
    ids.roofSavings = await t.account('1520', 'ASSET', {
      name: 'Reserve Roof Savings',
      ...reserve,
      ...opening('30000.00'),
    });
    ids.cds = await t.account('1610', 'ASSET', { name: 'Reserve CDs', ...reserve });
    ids.transferIn = await t.account('4510', 'INCOME', {
      name: 'Reserve Contributions',
      ...reserve,
      interfundTransfer: true,
    });
    ids.interest = await t.account('4520', 'INCOME', {
      name: 'Reserve Interest',
      ...reserve,
      forecastRole: 'INTEREST_INCOME',
    });
    ids.repairs = await t.account('6510', 'EXPENSE', { name: 'Reserve Expenditures', ...reserve });

    // Dues: three homes at 300.00 a month.
    const house = await t.propertyType('House');
    const group = await t.group({
      name: 'Monthly dues',
      regularIncomeAccountId: ids.dues,
      rates: [{ propertyTypeId: house, regular: '300.00' }],
    });
    await t.ok(
      `mutation ($input: ReceivablesSettingsInput!) { updateReceivablesSettings(input: $input) { receivableAccountId } }`,
      {
        input: { receivableAccountId: await t.receivableAccount(), depositAccountId: ids.checking },
      },
    );
    for (const n of ['1', '2', '3']) {
      ids[`u${n}`] = await t.unit(`U-${n}`, { groupId: group, propertyTypeId: house });
    }

    // Fiscal 2025.
    for (const m of ['2025-04', '2025-05', '2025-06']) await t.assessmentRun(m);
    await t.payment(ids.u1, '2025-05-10', '600.00');
    // Three months ahead, and then some: a credit (Prepaid Assessments).
    await t.payment(ids.u2, '2025-04-15', '1500.00');
    await t.post('2025-03-15', [
      [ids.landscaping, '1200.00', null],
      [ids.checking, null, '1200.00'],
    ]);
    // The transfer to the reserves, settled in cash the same day.
    await t.post('2025-06-30', [
      [ids.transferOut, '500.00', null],
      [ids.checking, null, '500.00'],
      [ids.reserveSavings, '500.00', null],
      [ids.transferIn, null, '500.00'],
    ]);
    ids.cd1 = (
      await inv(PURCHASE, {
        input: {
          accountId: ids.cds,
          cashAccountId: ids.reserveSavings,
          kind: 'CD',
          institution: 'First Bank',
          principal: '10000.00',
          apy: '4.00',
          purchaseDate: '2025-01-15',
          maturityDate: '2026-01-15',
        },
      })
    ).purchaseInvestment.id;

    // Fiscal 2026: payments land in Undeposited Funds from here on.
    await t.ok(`mutation ($id: ID!) { setUndepositedFundsAccount(accountId: $id) { id } }`, {
      id: ids.undeposited,
    });
    for (const m of ['2025-07', '2025-08', '2025-09']) await t.assessmentRun(m);
    await t.payment(ids.u3, '2025-08-10', '1500.00');
    await t.payment(ids.u1, '2025-09-05', '1200.00');
    // An account opened with a balance in the middle of the year: an entry to fund balance.
    await t.ok(
      `mutation ($id: ID!, $amount: Money!, $date: LocalDate!) {
        setAccountOpeningBalance(accountId: $id, amount: $amount, date: $date) { id } }`,
      { id: ids.savings, amount: '5000.00', date: '2025-09-30' },
    );
    await t.post('2025-10-01', [
      [ids.landscaping, '800.00', null],
      [ids.payable, null, '800.00'],
    ]);
    await t.post('2025-11-01', [
      [ids.payable, '800.00', null],
      [ids.checking, null, '800.00'],
    ]);
    await t.post('2026-05-01', [
      [ids.landscaping, '450.00', null],
      [ids.payable, null, '450.00'],
    ]);
    await t.post('2026-06-30', [
      [ids.insurance, '2400.00', null],
      [ids.accrued, null, '2400.00'],
    ]);
    // A transfer not yet settled: the ledger adds Due to / Due from lines.
    await t.post('2025-12-31', [
      [ids.transferOut, '1000.00', null],
      [ids.transferIn, null, '1000.00'],
    ]);
    await inv(
      `mutation ($id: ID!, $input: RecordInvestmentInterestInput!) { recordInvestmentInterest(id: $id, input: $input) { id } }`,
      { id: ids.cd1, input: { amount: '200.00', date: '2025-12-31', reinvested: true } },
    );
    await inv(
      `mutation ($id: ID!, $input: MatureInvestmentInput!) { matureInvestment(id: $id, input: $input) { id } }`,
      {
        id: ids.cd1,
        input: { cashAccountId: ids.reserveSavings, date: '2026-01-15', interest: '15.25' },
      },
    );
    await inv(PURCHASE, {
      input: {
        accountId: ids.cds,
        cashAccountId: ids.reserveSavings,
        kind: 'CD',
        institution: 'First Bank',
        principal: '8000.00',
        apy: '4.10',
        purchaseDate: '2026-02-01',
        maturityDate: '2027-02-01',
      },
    });
    await t.post('2026-03-10', [
      [ids.repairs, '3000.00', null],
      [ids.reserveSavings, null, '3000.00'],
    ]);

    // The reserve study: the roof alone is funded from its own account.
    const COMPONENT = `mutation ($input: ReserveComponentInput!) { createReserveComponent(input: $input) { id } }`;
    for (const input of [
      {
        name: 'Roof',
        category: 'ROOFING',
        usefulLifeYears: 25,
        remainingLifeYears: 10,
        currentReplacementCost: '120000.00',
        accountId: ids.roofSavings,
      },
      {
        name: 'Pool resurfacing',
        category: 'POOL',
        usefulLifeYears: 12,
        placedInServiceYear: 2020,
        currentReplacementCost: '40000.00',
        accountId: ids.reserveSavings,
      },
      {
        name: 'Paving',
        category: 'PAVING',
        usefulLifeYears: 20,
        remainingLifeYears: 8,
        currentReplacementCost: '60000.00',
        accountId: ids.reserveSavings,
      },
    ]) {
      await t.ok(COMPONENT, { input });
    }
    for (const y of [2025, 2026]) years[y] = (await t.ok(STATEMENTS, { y })).yearEndStatements;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each([2025, 2026] as const)(
    'fiscal %s: fund balances change by the year’s activity and end at the balance sheet’s',
    async (year) => {
      const y = years[year];
      const { from, to } = FY[year];
      expect(y).toMatchObject({ fiscalYear: year, from, to, closed: false, current: false });
      const a = y.activities;
      const bs = y.balanceSheet;
      expect(bs.asOf).toBe(FY[year].to);
      // The balance sheet balances in each fund.
      expect(funds(bs.assets.total)).toEqual(funds(bs.liabilitiesAndFundBalance));
      // Revenues and expenses: their lines add up, and equal the income statement's.
      expect(cols(a.totalRevenues)).toEqual(colSum(a.revenues));
      expect(cols(a.totalExpenses)).toEqual(colSum(a.expenses));
      const excess = cols(a.excessOfRevenuesOverExpenses);
      expect(excess).toEqual({
        operating: cols(a.totalRevenues).operating - cols(a.totalExpenses).operating,
        reserve: cols(a.totalRevenues).reserve - cols(a.totalExpenses).reserve,
      });
      const is = (await t.ok(INCOME_STATEMENT, FY[year])).incomeStatement;
      for (const [i, fund] of FUNDS.entries()) {
        const f = is.funds[i];
        expect(f.fundType).toBe(fund);
        const key = fund === 'OPERATING' ? 'operating' : 'reserve';
        expect(cols(a.totalRevenues)[key]).toBe(c(f.income.actual));
        expect(cols(a.totalExpenses)[key]).toBe(c(f.expenses.actual));
        expect(excess[key]).toBe(c(f.net.actual));
        expect(cols(a.netTransfers)[key]).toBe(c(f.netTransfers.actual));
      }
      // Beginning + excess + transfers + entries to fund balance = ending = the balance sheet's.
      const ending = cols(a.fundBalanceEnding);
      expect(ending).toEqual(cols(bs.fundBalance.total));
      expect(cols(a.fundBalanceBeginning)).toEqual({
        operating: c(bs.fundBalance.total.priorYearEndOperating),
        reserve: c(bs.fundBalance.total.priorYearEndReserve),
      });
      expect(
        add(
          cols(a.fundBalanceBeginning),
          excess,
          cols(a.netTransfers),
          colSum(a.fundBalanceEntries),
        ),
      ).toEqual(ending);
      // Transfers net to nothing across the funds (both sides are transfer accounts).
      expect(c(a.netTransfers.total)).toBe(0n);
      if (year === 2026) {
        // Last year's ending is this year's beginning.
        expect(cols(a.fundBalanceBeginning)).toEqual(
          cols(years[2025].activities.fundBalanceEnding),
        );
        expect(a.transfers).toEqual([
          expect.objectContaining({ number: '4510', operating: '0.00', reserve: '1000.00' }),
          expect.objectContaining({ number: '5900', operating: '-1000.00', reserve: '0.00' }),
        ]);
        // The savings account opened with 5,000.00 in September.
        expect(a.fundBalanceEntries).toEqual([
          expect.objectContaining({ operating: '5000.00', reserve: '0.00', total: '5000.00' }),
        ]);
      } else {
        // The opening balances are dated before fiscal 2025: part of its beginning balance.
        expect(cols(a.fundBalanceBeginning)).toEqual({
          operating: 2_000_000n,
          reserve: 8_000_000n,
        });
        expect(a.fundBalanceEntries).toEqual([]);
      }
    },
  );

  it.each([2025, 2026] as const)(
    'fiscal %s: the cash flows explain the change in the balance sheet’s cash accounts',
    (year) => {
      const y = years[year];
      const cf = y.cashFlows;
      expect(cols(cf.excessOfRevenuesOverExpenses)).toEqual(
        cols(y.activities.excessOfRevenuesOverExpenses),
      );
      const netOperating = cols(cf.netOperating);
      expect(netOperating).toEqual(
        add(cols(cf.excessOfRevenuesOverExpenses), colSum(cf.operatingAdjustments)),
      );
      expect(cols(cf.netInvesting)).toEqual(colSum(cf.investing));
      expect(cols(cf.netFinancing)).toEqual(colSum(cf.financing));
      const change = cols(cf.netChangeInCash);
      expect(change).toEqual(add(netOperating, cols(cf.netInvesting), cols(cf.netFinancing)));
      // The change in cash is the cash accounts' change, and they are the balance sheet's.
      const begin = cols(cf.cashBeginning);
      const end = cols(cf.cashEnding);
      expect(add(begin, change)).toEqual(end);
      const cashIds = new Set(cf.cashAccounts.map((x: any) => x.accountId));
      // Operating Savings opened in fiscal 2026.
      const cash = [ids.checking, ids.reserveSavings, ids.roofSavings];
      expect([...cashIds].sort()).toEqual((year === 2026 ? [...cash, ids.savings] : cash).sort());
      expect(
        colSumFunds(y.balanceSheet.assets.lines.filter((l: any) => cashIds.has(l.accountId))),
      ).toEqual(end);
      const byFund = (fund: string, key: 'beginning' | 'ending') =>
        sum(cf.cashAccounts.filter((x: any) => x.fundType === fund).map((x: any) => x[key]));
      expect({
        operating: byFund('OPERATING', 'ending'),
        reserve: byFund('RESERVE', 'ending'),
      }).toEqual(end);
      expect({
        operating: byFund('OPERATING', 'beginning'),
        reserve: byFund('RESERVE', 'beginning'),
      }).toEqual(begin);
      // Each fund's cash is also the prior year's ending.
      if (year === 2026) expect(begin).toEqual(cols(years[2025].cashFlows.cashEnding));

      const kinds = (lines: any[]) =>
        Object.fromEntries(lines.map((l) => [`${l.kind} ${l.number ?? ''}`.trim(), l.total]));
      if (year === 2025) {
        expect(kinds(cf.investing)).toEqual({ 'INVESTMENTS_PURCHASED 1610': '-10000.00' });
        expect(kinds(cf.financing)).toEqual({ INTERFUND_TRANSFERS: '0.00' });
        expect(cf.financing[0]).toMatchObject({ operating: '-500.00', reserve: '500.00' });
        // Billed 2,700.00, paid 2,100.00 of which 600.00 ahead.
        expect(kinds(cf.operatingAdjustments)).toEqual({
          'RECEIVABLE 1200': '-1200.00',
          'PREPAID_ASSESSMENTS 2100': '600.00',
        });
      } else {
        // The CD: bought 8,000.00; matured with its 200.00 of added interest; that interest was
        // income without cash.
        expect(kinds(cf.investing)).toEqual({
          'INVESTMENTS_PURCHASED 1610': '-8000.00',
          'INVESTMENTS_MATURED 1610': '10200.00',
        });
        expect(kinds(cf.operatingAdjustments)).toMatchObject({
          'UNDEPOSITED_FUNDS 1050': '-2700.00',
          'LIABILITY 2010': '450.00',
          'LIABILITY 2020': '2400.00',
          'INVESTMENT_NON_CASH 1610': '-200.00',
        });
        // The transfer still owed: the operating fund's cash never left, the reserve's never came.
        const financing = Object.fromEntries(
          cf.financing.map((l: any) => [l.kind, [l.operating, l.reserve, l.total]]),
        );
        expect(financing.INTERFUND_TRANSFERS).toEqual(['-1000.00', '1000.00', '0.00']);
        // One line per fund's interfund account, the two mirroring each other.
        const interfund = cf.financing.filter((l: any) => l.kind === 'INTERFUND_BALANCES');
        expect(colSum(interfund)).toEqual({ operating: 100_000n, reserve: -100_000n });
        expect(financing.FUND_BALANCE_ENTRIES).toEqual(['5000.00', '0.00', '5000.00']);
      }
    },
  );

  it.each([2025, 2026] as const)(
    'fiscal %s: the trial balance balances and ties to the balance sheet',
    (year) => {
      const { trialBalance: tb, balanceSheet: bs } = years[year];
      expect(tb.asOf).toBe(FY[year].to);
      expect(tb.totalDebit).toBe(tb.totalCredit);
      expect(sum(tb.rows.map((r: any) => r.debitBalance))).toBe(c(tb.totalDebit));
      for (const fund of FUNDS) {
        const key = fund === 'OPERATING' ? 'operating' : 'reserve';
        const net = (type: string) =>
          tb.rows
            .filter((r: any) => r.fundType === fund && r.type === type)
            .reduce((s: bigint, r: any) => s + c(r.debitBalance) - c(r.creditBalance), 0n);
        expect(net('ASSET')).toBe(funds(bs.assets.total)[key]);
        expect(-net('LIABILITY')).toBe(funds(bs.liabilities.total)[key]);
        expect(-net('EQUITY') - net('INCOME') - net('EXPENSE')).toBe(
          cols(bs.fundBalance.total)[key],
        );
      }
    },
  );

  it('lists the reserve study’s components as of the year end, with the reserve fund balance', () => {
    const r = years[2026].futureRepairs;
    expect(r.asOf).toBe('2026-06-30');
    expect(c(r.reserveFundBalance)).toBe(cols(years[2026].balanceSheet.fundBalance.total).reserve);
    const roofBalance = years[2026].balanceSheet.assets.lines.find(
      (l: any) => l.accountId === ids.roofSavings,
    ).reserve;
    expect(r.components).toEqual([
      // Placed in service in 2020 with a 12-year life: 5 years left from fiscal 2027.
      expect.objectContaining({
        name: 'Pool resurfacing',
        remainingLifeYears: 5,
        nextReplacementYear: 2032,
        currentReplacementCost: '40000.00',
        fundingAccountNumber: '1510',
        fundsAccumulated: null,
      }),
      expect.objectContaining({ name: 'Paving', remainingLifeYears: 8, fundsAccumulated: null }),
      expect.objectContaining({
        name: 'Roof',
        remainingLifeYears: 10,
        fundingAccountNumber: '1520',
        fundsAccumulated: roofBalance,
      }),
    ]);
    expect(r.totalReplacementCost).toBe('220000.00');
    expect(c(r.totalFullyFunded)).toBe(sum(r.components.map((x: any) => x.fullyFundedBalance)));
    expect(r.fundingAccounts).toEqual([
      expect.objectContaining({ number: '1510', componentCount: 2, replacementCost: '100000.00' }),
      expect.objectContaining({ number: '1520', componentCount: 1, balance: roofBalance }),
    ]);
    expect(r.percentFunded).toMatch(/^\d+\.\d$/);
  });

  it('lists the fiscal years with their close status', async () => {
    const list = async () =>
      (await t.ok('{ yearEndFiscalYears { fiscalYear from to closed current } }'))
        .yearEndFiscalYears;
    // From the opening balances' year (fiscal 2024) through the current one.
    const today = todayIn('America/Chicago');
    const current = Number(today.slice(0, 4)) + (Number(today.slice(5, 7)) >= 7 ? 1 : 0);
    const before = await list();
    expect(before.map((y: any) => y.fiscalYear)).toEqual(
      Array.from({ length: current - 2024 + 1 }, (_, i) => current - i),
    );
    expect(before.filter((y: any) => y.current).map((y: any) => y.fiscalYear)).toEqual([current]);
    expect(before.every((y: any) => !y.closed)).toBe(true);
    // Closed through the end of fiscal 2025 (set where the period close keeps it).
    const db = new pg.Client({
      connectionString: withDatabase(app.services.clusterUrl('default'), t.org.dbName),
    });
    await db.connect();
    try {
      await db.query(`UPDATE books_lock SET closed_through = '2025-06-30'`);
      const after = await list();
      expect(after.filter((y: any) => y.closed).map((y: any) => y.fiscalYear)).toEqual([
        2025, 2024,
      ]);
      const q = `query ($y: Int!) { yearEndStatements(fiscalYear: $y) { closed closedThrough } }`;
      const y = (await t.ok(q, { y: 2025 })).yearEndStatements;
      expect(y).toEqual({ closed: true, closedThrough: '2025-06-30' });
    } finally {
      await db.query(`UPDATE books_lock SET closed_through = NULL`);
      await db.end();
    }
  });

  it('is read by viewers, refuses a year that is no year, and shows each association its own books', async () => {
    const q = `query ($y: Int!) { yearEndStatements(fiscalYear: $y) { fiscalYear
      activities { totalRevenues { total } } trialBalance { rows { accountId } } } }`;
    const viewer = await t.gql(q, { y: 2026 }, t.viewer);
    expect(viewer.body.errors).toBeUndefined();
    for (const y of [0, 1900, 2201, -5]) {
      const res = await t.gql(q, { y });
      expect(code(res), String(y)).toBe('BAD_USER_INPUT');
      expect(res.body.errors![0].extensions!.details).toEqual([
        { field: 'fiscalYear', message: 'Use a fiscal year like 2026' },
      ]);
    }
    // Another association's statements of the same year hold none of these books.
    const theirs = (await other.ok(q, { y: 2026 })).yearEndStatements;
    expect(theirs.activities.totalRevenues.total).toBe('0.00');
    expect(theirs.trialBalance.rows.map((r: any) => r.accountId)).not.toContain(ids.checking);
    expect(
      (await other.ok('{ yearEndFiscalYears { fiscalYear } }')).yearEndFiscalYears,
    ).toHaveLength(1);
  });

  // The year-end rule, checked by hledger: no closing entry is posted; each fund's balance at a
  // year end is its equity plus its income less its expenses through that day, and hledger's own
  // closing transaction (income and expenses into the fund's equity) leaves each fund's equity
  // equal to our fund balance at the start of the next year.
  it('hledger agrees with the year-end rule, before and after its own closing transactions', async () => {
    const { em, org } = await openTenant(app.services, t.org.id);
    let journal = '';
    for await (const chunk of exportBooks(em, {
      from: FY[2025].from,
      to: FY[2026].to,
      format: BooksExportFormat.JOURNAL,
      organization: org.name,
      today: todayIn(org.timeZone),
    })) {
      journal += chunk;
    }
    const file = join(dir, 'books.journal');
    writeFileSync(file, journal);
    const balances = (query: string, end: string) =>
      [...readHledgerBalances(file, ['-e', end, query], 'USD').values()].reduce(
        (a, b) => a + b,
        0n,
      );

    for (const year of [2025, 2026] as const) {
      const ending = cols(years[year].activities.fundBalanceEnding);
      for (const fund of FUNDS) {
        const name = HLEDGER_FUND[fund];
        const key = fund === 'OPERATING' ? 'operating' : 'reserve';
        // Before any closing: equity + (income − expenses), credit-positive.
        expect(
          -balances(`^${name}:(Equity|Income|Expenses)`, FY[year].next),
          `${fund} ${year}`,
        ).toBe(ending[key]);
      }
    }

    // hledger's closing transactions, year by year, fund by fund (hledger 1.25: `close --close`
    // with the fund's income and expenses and an equity account to close them into; newer
    // versions call this `close --retain`).
    for (const year of [2025, 2026] as const) {
      for (const fund of FUNDS) {
        const name = HLEDGER_FUND[fund];
        const closing = execFileSync(
          'hledger',
          [
            '-f',
            file,
            'close',
            '--close',
            '-x',
            '-e',
            FY[year].next,
            '--close-acct',
            `${name}:Equity:Retained net income`,
            '--close-desc',
            `Fiscal ${year} closed`,
            `^${name}:(Income|Expenses)`,
          ],
          { encoding: 'utf8' },
        );
        expect(closing).toContain(`${name}:Equity:Retained net income`);
        appendFileSync(file, `\n${closing}`);
      }
      const next = year === 2025 ? years[2026].activities.fundBalanceBeginning : null;
      for (const fund of FUNDS) {
        const name = HLEDGER_FUND[fund];
        const key = fund === 'OPERATING' ? 'operating' : 'reserve';
        // Income and expenses are closed: nothing left in them through the year end.
        expect(balances(`^${name}:(Income|Expenses)`, FY[year].next)).toBe(0n);
        // The fund's equity is our fund balance at the year end …
        const equity = -balances(`^${name}:Equity`, FY[year].next);
        expect(equity, `${fund} ${year}`).toBe(cols(years[year].activities.fundBalanceEnding)[key]);
        // … which is where the next year's statement starts.
        if (next) expect(equity).toBe(cols(next)[key]);
      }
    }
    // The closed journal still balances to the trial balance's assets and liabilities.
    const tb = years[2026].trialBalance;
    const assets = tb.rows
      .filter((r: any) => r.type === 'ASSET')
      .reduce((s: bigint, r: any) => s + c(r.debitBalance) - c(r.creditBalance), 0n);
    expect(balances('^(Operating|Reserve):Assets', FY[2026].next)).toBe(assets);
    expect(money(assets)).toMatch(/^\d+\.\d{2}$/);
  });
});
