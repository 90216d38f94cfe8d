/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { shiftYears, splitPeriod, threshold1099 } from './statements.service.js';

// The financial statements on books whose figures are worked out by hand below: two funds, a
// payment that crosses them (the ledger adds the interfund lines), an account moved from the
// operating to the reserve fund, last year and this year, and a budget for this year.

const FIGURES = 'operating reserve total priorYearEnd priorYearEndOperating priorYearEndReserve';
const BALANCE_SHEET = `query ($asOf: LocalDate) { balanceSheet(asOf: $asOf) {
  asOf fiscalYear fiscalYearStart priorYearEnd
  assets { lines { kind accountId number name interfund ${FIGURES} } total { ${FIGURES} } }
  liabilities { lines { kind accountId number name interfund ${FIGURES} } total { ${FIGURES} } }
  fundBalance { lines { kind accountId number name interfund ${FIGURES} } total { ${FIGURES} } }
  liabilitiesAndFundBalance { ${FIGURES} } } }`;

const SF = 'actual budget priorYear';
const INCOME_STATEMENT = `query ($from: LocalDate!, $to: LocalDate!) {
  incomeStatement(from: $from, to: $to) {
    from to priorFrom priorTo
    lines { accountId number name type fundType actual budget priorYear }
    funds { fundType income { ${SF} } expenses { ${SF} } net { ${SF} } }
    total { fundType income { ${SF} } expenses { ${SF} } net { ${SF} } } } }`;

const ACTIVITY = `query ($from: LocalDate!, $to: LocalDate!) {
  accountActivity(from: $from, to: $to) { number type fundType change } }`;

const cents = (m: string) => Math.round(Number(m) * 100);
const money = (c: number) => (c / 100).toFixed(2);

// Figures in dollars (operating, reserve, total, prior year-end: total, operating, reserve).
const fig = (op: number, res: number, total: number, pt: number, pop: number, pres: number) => ({
  operating: money(op * 100),
  reserve: money(res * 100),
  total: money(total * 100),
  priorYearEnd: money(pt * 100),
  priorYearEndOperating: money(pop * 100),
  priorYearEndReserve: money(pres * 100),
});
const FIELDS = [
  'operating',
  'reserve',
  'total',
  'priorYearEnd',
  'priorYearEndOperating',
  'priorYearEndReserve',
] as const;
const figuresOf = (x: any) => Object.fromEntries(FIELDS.map((k) => [k, x[k]]));

describe('financial statements', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Statements HOA');
    for (const [number, name, type, fundType] of [
      ['1010', 'Operating Checking', 'ASSET', 'OPERATING'],
      ['1020', 'Operating Savings', 'ASSET', 'OPERATING'],
      ['1110', 'Reserve Savings', 'ASSET', 'RESERVE'],
      ['2010', 'Accounts Payable', 'LIABILITY', 'OPERATING'],
      ['3010', 'Operating Fund Balance', 'EQUITY', 'OPERATING'],
      ['3110', 'Reserve Fund Balance', 'EQUITY', 'RESERVE'],
      ['4010', 'Assessments', 'INCOME', 'OPERATING'],
      ['4110', 'Reserve Contributions', 'INCOME', 'RESERVE'],
      ['4120', 'Interest Income', 'INCOME', 'RESERVE'],
      ['5010', 'Landscaping', 'EXPENSE', 'OPERATING'],
      ['5020', 'Utilities', 'EXPENSE', 'OPERATING'],
      ['6010', 'Roof Repairs', 'EXPENSE', 'RESERVE'],
    ] as const) {
      ids[number] = await t.account(number, type, { name, fundType });
    }
    const post = (date: string, lines: [string, string | null, string | null][]) =>
      t.post(
        date,
        lines.map(([n, d, c]) => [ids[n], d, c]),
      );
    // Last year (FY 2025, a January start).
    await post('2025-01-02', [
      ['1010', '50000.00', null],
      ['1020', '10000.00', null],
      ['3010', null, '60000.00'],
    ]);
    await post('2025-01-02', [
      ['1110', '100000.00', null],
      ['3110', null, '100000.00'],
    ]);
    await post('2025-03-15', [
      ['1010', '12000.00', null],
      ['4010', null, '12000.00'],
    ]);
    await post('2025-05-10', [
      ['5010', '3000.00', null],
      ['1010', null, '3000.00'],
    ]);
    await post('2025-06-30', [
      ['5010', '500.00', null],
      ['2010', null, '500.00'],
    ]);
    await post('2025-08-20', [
      ['1110', '250.00', null],
      ['4120', null, '250.00'],
    ]);
    await post('2025-11-05', [
      ['6010', '4000.00', null],
      ['1110', null, '4000.00'],
    ]);
    // This year.
    await post('2026-01-15', [
      ['1010', '13000.00', null],
      ['4010', null, '13000.00'],
    ]);
    await post('2026-02-03', [
      ['5010', '2500.00', null],
      ['1010', null, '2500.00'],
    ]);
    await post('2026-02-20', [
      ['2010', '500.00', null],
      ['1010', null, '500.00'],
    ]);
    // Operating cash pays a reserve expense: the ledger adds Due from Reserve (operating) and Due
    // to Operating (reserve), 1,200 each.
    await post('2026-03-10', [
      ['6010', '1200.00', null],
      ['1010', null, '1200.00'],
    ]);
    // The savings move to the reserve fund from April 1st: 10,000 more owed to operating.
    await t.ok(
      `mutation ($id: ID!, $input: UpdateAccountInput!) { updateAccount(id: $id, input: $input) { id } }`,
      { id: ids['1020'], input: { fundType: 'RESERVE', effectiveDate: '2026-04-01' } },
    );
    await post('2026-05-12', [
      ['5020', '800.00', null],
      ['1010', null, '800.00'],
    ]);
    await post('2026-06-15', [
      ['1010', '100.00', null],
      ['4010', null, '100.00'],
    ]);
    // After the dates the reports ask for.
    await post('2026-07-02', [
      ['5010', '999.00', null],
      ['1010', null, '999.00'],
    ]);
    // FY 2026 budget; FY 2025 has none.
    const monthly = (amount: string) => Array.from({ length: 12 }, () => amount);
    await t.ok(`mutation ($i: SaveBudgetInput!) { saveBudget(input: $i) { year } }`, {
      i: {
        year: 2026,
        lines: [
          { accountId: ids['4010'], amounts: monthly('1100.00') },
          { accountId: ids['5010'], amounts: monthly('300.00') },
          { accountId: ids['6010'], amounts: monthly('200.00') },
        ],
      },
    });
  });
  afterAll(() => app.close());

  const sheet = async (asOf: string) => (await t.ok(BALANCE_SHEET, { asOf })).balanceSheet;
  const line = (section: any, number: string) =>
    section.lines.find((l: any) => l.number === number);

  it('shows the balance sheet by fund beside the prior year-end, each fund balancing', async () => {
    const bs = await sheet('2026-06-20');
    expect(bs).toMatchObject({
      asOf: '2026-06-20',
      fiscalYear: 2026,
      fiscalYearStart: '2026-01-01',
      priorYearEnd: '2025-12-31',
    });
    // Assets: checking 59,000 at the year-end, +13,000 −2,500 −500 −1,200 −800 +100 since.
    expect(bs.assets.lines.map((l: any) => l.number)).toEqual([
      '1010',
      '1020',
      '1110',
      'DUE-RESERVE',
    ]);
    expect(figuresOf(line(bs.assets, '1010'))).toEqual(fig(67100, 0, 67100, 59000, 59000, 0));
    // The reclassified savings: in the operating fund at the year-end, in the reserve fund now.
    expect(figuresOf(line(bs.assets, '1020'))).toEqual(fig(0, 10000, 10000, 10000, 10000, 0));
    expect(figuresOf(line(bs.assets, '1110'))).toEqual(fig(0, 96250, 96250, 96250, 0, 96250));
    // Interfund: in its fund, eliminated from the combined column.
    expect(line(bs.assets, 'DUE-RESERVE')).toMatchObject({
      interfund: true,
      ...fig(11200, 0, 0, 0, 0, 0),
    });
    expect(bs.assets.total).toEqual(fig(78300, 106250, 173350, 165250, 69000, 96250));

    // The payable paid off this year still shows for the prior year-end.
    expect(bs.liabilities.lines.map((l: any) => [l.number, l.interfund])).toEqual([
      ['2010', false],
      ['DUE-OPERATING', true],
    ]);
    expect(figuresOf(line(bs.liabilities, '2010'))).toEqual(fig(0, 0, 0, 500, 500, 0));
    expect(figuresOf(line(bs.liabilities, 'DUE-OPERATING'))).toEqual(fig(0, 11200, 0, 0, 0, 0));
    expect(bs.liabilities.total).toEqual(fig(0, 11200, 0, 500, 500, 0));

    // Fund balance: equity, last year's net income (the books are not closed), this year's.
    expect(bs.fundBalance.lines.map((l: any) => [l.kind, l.number, l.accountId === null])).toEqual([
      ['ACCOUNT', '3010', false],
      ['ACCOUNT', '3110', false],
      ['PRIOR_YEARS_NET_INCOME', null, true],
      ['CURRENT_YEAR_NET_INCOME', null, true],
    ]);
    // Operating 2025: 12,000 − 3,000 − 500; reserve: 250 − 4,000. This year: operating 13,100 −
    // 2,500 − 800, reserve −1,200. At the prior year-end, 2025 is that column's current year.
    expect(figuresOf(bs.fundBalance.lines[2])).toEqual(fig(8500, -3750, 4750, 0, 0, 0));
    expect(figuresOf(bs.fundBalance.lines[3])).toEqual(fig(9800, -1200, 8600, 4750, 8500, -3750));
    expect(bs.fundBalance.total).toEqual(fig(78300, 95050, 173350, 164750, 68500, 96250));

    // The identity, per fund and combined, in both columns.
    for (const k of FIELDS) {
      expect(cents(bs.assets.total[k]), k).toBe(
        cents(bs.liabilities.total[k]) + cents(bs.fundBalance.total[k]),
      );
      expect(bs.liabilitiesAndFundBalance[k]).toBe(bs.assets.total[k]);
    }
  });

  it('reads the month of the date from its lines: a day earlier leaves a posting out', async () => {
    const before = await sheet('2026-06-14');
    expect(line(before.assets, '1010').operating).toBe('67000.00');
    expect(before.fundBalance.lines[3].operating).toBe('9700.00');
    // Postings after the date never count.
    const later = await sheet('2026-07-31');
    expect(line(later.assets, '1010').operating).toBe('66101.00');
  });

  it('matches the trial balance account by account and fund by fund', async () => {
    const { trialBalance } = await t.ok(
      `{ trialBalance(asOf: "2026-06-20") { rows { number type fundType debitBalance creditBalance } } }`,
    );
    const bs = await sheet('2026-06-20');
    for (const r of trialBalance.rows.filter((x: any) => x.type === 'ASSET')) {
      const net = cents(r.debitBalance) - cents(r.creditBalance);
      const l = line(bs.assets, r.number);
      expect(l ? cents(l[r.fundType.toLowerCase()]) : 0, r.number).toBe(net);
    }
  });

  it('defaults to today in the association’s time zone', async () => {
    const { balanceSheet } = await t.ok(`{ balanceSheet { asOf } }`);
    expect(balanceSheet.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  const statement = async (from: string, to: string) =>
    (await t.ok(INCOME_STATEMENT, { from, to })).incomeStatement;

  it('reports revenues and expenses by fund with the budget and the same period last year', async () => {
    const s = await statement('2026-01-01', '2026-06-30');
    expect(s).toMatchObject({
      from: '2026-01-01',
      to: '2026-06-30',
      priorFrom: '2025-01-01',
      priorTo: '2025-06-30',
    });
    expect(
      s.lines.map((l: any) => [l.number, l.type, l.fundType, l.actual, l.budget, l.priorYear]),
    ).toEqual([
      ['4010', 'INCOME', 'OPERATING', '13100.00', '6600.00', '12000.00'],
      ['5010', 'EXPENSE', 'OPERATING', '2500.00', '1800.00', '3500.00'],
      ['5020', 'EXPENSE', 'OPERATING', '800.00', '0.00', '0.00'],
      ['6010', 'EXPENSE', 'RESERVE', '1200.00', '1200.00', '0.00'],
    ]);
    const f = (actual: number, budget: number | null, priorYear: number) => ({
      actual: money(actual * 100),
      budget: budget === null ? null : money(budget * 100),
      priorYear: money(priorYear * 100),
    });
    expect(s.funds).toEqual([
      {
        fundType: 'OPERATING',
        income: f(13100, 6600, 12000),
        expenses: f(3300, 1800, 3500),
        net: f(9800, 4800, 8500),
      },
      {
        fundType: 'RESERVE',
        income: f(0, 0, 0),
        expenses: f(1200, 1200, 0),
        net: f(-1200, -1200, 0),
      },
    ]);
    expect(s.total).toEqual({
      fundType: null,
      income: f(13100, 6600, 12000),
      expenses: f(4500, 3000, 3500),
      net: f(8600, 3600, 8500),
    });
    // The year's net income is the balance sheet's, fund by fund.
    const bs = await sheet('2026-06-30');
    expect(bs.fundBalance.lines[3]).toMatchObject({
      operating: s.funds[0].net.actual,
      reserve: s.funds[1].net.actual,
    });
  });

  it('totals what account activity shows for the period, per fund and type', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-06-30'],
      ['2025-02-11', '2026-03-09'],
      ['2025-06-30', '2025-08-20'],
    ]) {
      const s = await statement(from, to);
      const { accountActivity } = await t.ok(ACTIVITY, { from, to });
      for (const fund of ['OPERATING', 'RESERVE']) {
        for (const [type, key] of [
          ['INCOME', 'income'],
          ['EXPENSE', 'expenses'],
        ]) {
          const expected = accountActivity
            .filter((r: any) => r.fundType === fund && r.type === type)
            .reduce((n: number, r: any) => n + cents(r.change), 0);
          const totals = s.funds.find((x: any) => x.fundType === fund);
          expect(cents(totals[key].actual), `${from} ${fund} ${type}`).toBe(expected);
        }
      }
    }
  });

  it('budgets every month the period touches, and has none where a fiscal year has no budget', async () => {
    // January 10th to March 31st: January counts whole, as Budget vs Actual counts it.
    const q = await statement('2026-01-10', '2026-03-31');
    expect(q.lines.map((l: any) => [l.number, l.actual, l.budget])).toEqual([
      ['4010', '13000.00', '3300.00'],
      ['5010', '2500.00', '900.00'],
      ['6010', '1200.00', '600.00'],
    ]);
    // Two part months: both months' budgets.
    const partial = await statement('2026-01-10', '2026-02-15');
    expect(partial.lines.map((l: any) => [l.number, l.actual, l.budget])).toEqual([
      ['4010', '13000.00', '2200.00'],
      ['5010', '2500.00', '600.00'],
      ['6010', '0.00', '400.00'],
    ]);
    expect(partial.total.net.budget).toBe('1200.00');
    // December 2025 is in FY 2025, which has no budget.
    const span = await statement('2025-12-01', '2026-01-31');
    expect(span.total.income).toEqual({ actual: '13000.00', budget: null, priorYear: '0.00' });
    // A budgeted account with no postings still has its line.
    const march = await statement('2026-03-01', '2026-03-31');
    expect(march.lines.map((l: any) => [l.number, l.actual, l.budget])).toEqual([
      ['4010', '0.00', '1100.00'],
      ['5010', '0.00', '300.00'],
      ['6010', '1200.00', '200.00'],
    ]);
  });

  it('compares a month-end period with the same month-ends a year earlier', async () => {
    const s = await statement('2025-02-01', '2025-02-28');
    expect([s.priorFrom, s.priorTo]).toEqual(['2024-02-01', '2024-02-29']);
    expect(shiftYears('2024-02-29', -1)).toBe('2023-02-28');
    expect(shiftYears('2024-02-28', 1)).toBe('2025-02-28');
    expect(shiftYears('2026-03-15', -1)).toBe('2025-03-15');
    expect(splitPeriod('2026-01-10', '2026-03-31')).toEqual({
      from: '2026-01-10',
      monthFrom: '2026-02-01',
      monthUntil: '2026-04-01',
      to: '2026-03-31',
    });
    expect(splitPeriod('2026-01-01', '2026-01-30')).toMatchObject({
      monthFrom: '2026-01-31',
      monthUntil: '2026-01-31',
    });
  });

  it('refuses a period that ends before it starts, or spans more than five years', async () => {
    const backwards = await t.gql(INCOME_STATEMENT, { from: '2026-06-30', to: '2026-01-01' });
    expect(backwards.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'to', message: 'The period ends before it starts' }],
    });
    const long = await t.gql(INCOME_STATEMENT, { from: '2020-01-01', to: '2025-01-01' });
    expect(long.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'to', message: 'A statement covers at most 5 years' }],
    });
    // Five years exactly is fine.
    await statement('2020-01-01', '2024-12-31');
    const notADate = await t.gql(INCOME_STATEMENT, { from: '2026-02-30', to: '2026-03-01' });
    expect(notADate.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const badAsOf = await t.gql(BALANCE_SHEET, { asOf: '2026-13-01' });
    expect(badAsOf.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('is readable by viewers, and by no one outside the association', async () => {
    const viewer = await t.gql(
      INCOME_STATEMENT,
      { from: '2026-01-01', to: '2026-06-30' },
      t.viewer,
    );
    expect(viewer.body.errors).toBeUndefined();
    const other = await createTenant(app, 'Other HOA');
    const theirs = await other.ok(BALANCE_SHEET, { asOf: '2026-06-20' });
    expect(theirs.balanceSheet.assets.lines).toEqual([]);
    expect(theirs.balanceSheet.assets.total.total).toBe('0.00');
    const anonymous = await app.gql(BALANCE_SHEET, { asOf: '2026-06-20' });
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('financial statements in a fiscal year starting in July', () => {
  let app: TestApp;
  let t: Tenant;
  let cash: string;
  let dues: string;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
    await t.ok(
      `mutation ($i: OrganizationCalendarInput!) { updateOrganizationCalendar(input: $i) { fiscalYearStartMonth } }`,
      { i: { timeZone: 'America/Chicago', fiscalYearStartMonth: 7 } },
    );
    cash = await t.account('1010', 'ASSET');
    dues = await t.account('4010', 'INCOME');
    // FY 2024 (10), FY 2025 (100), FY 2026 (50 and 1,000).
    for (const [date, amount] of [
      ['2024-06-01', '10.00'],
      ['2025-06-15', '100.00'],
      ['2025-08-01', '50.00'],
      ['2026-02-10', '1000.00'],
    ]) {
      await t.post(date, [
        [cash, amount, null],
        [dues, null, amount],
      ]);
    }
    // FY 2026 budget: 1 to 12 dollars, July 2025 to June 2026.
    await t.ok(`mutation ($i: SaveBudgetInput!) { saveBudget(input: $i) { year } }`, {
      i: {
        year: 2026,
        lines: [{ accountId: dues, amounts: Array.from({ length: 12 }, (_, i) => `${i + 1}.00`) }],
      },
    });
  });
  afterAll(() => app.close());

  it('splits net income at the July year starts and compares with June 30th', async () => {
    const { balanceSheet: bs } = await t.ok(BALANCE_SHEET, { asOf: '2026-03-15' });
    expect(bs).toMatchObject({
      fiscalYear: 2026,
      fiscalYearStart: '2025-07-01',
      priorYearEnd: '2025-06-30',
    });
    expect(bs.assets.total).toEqual(fig(1160, 0, 1160, 110, 110, 0));
    const [earlier, current] = bs.fundBalance.lines;
    expect(earlier).toMatchObject({
      kind: 'PRIOR_YEARS_NET_INCOME',
      ...fig(110, 0, 110, 10, 10, 0),
    });
    expect(current).toMatchObject({
      kind: 'CURRENT_YEAR_NET_INCOME',
      ...fig(1050, 0, 1050, 100, 100, 0),
    });
  });

  it('takes the budget of calendar months from their place in the fiscal year', async () => {
    // January to March 2026 are months 7 to 9 of FY 2026.
    const { incomeStatement: s } = await t.ok(INCOME_STATEMENT, {
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(s.lines).toEqual([
      expect.objectContaining({
        number: '4010',
        actual: '1000.00',
        budget: '24.00',
        priorYear: '0.00',
      }),
    ]);
    // June 2025 is in FY 2025, which has no budget.
    const { incomeStatement: q } = await t.ok(INCOME_STATEMENT, {
      from: '2025-06-01',
      to: '2025-08-31',
    });
    expect(q.total.income).toEqual({ actual: '150.00', budget: null, priorYear: '10.00' });
  });
});

describe('1099 report', () => {
  let app: TestApp;
  let t: Tenant;
  const v: Record<string, string> = {};
  const REPORT = `query ($year: Int!) { vendor1099Report(year: $year) {
    year from to threshold totalPaid overThresholdCount
    rows { vendor { id name active } paid entryCount overThreshold } } }`;
  const TAX = `query ($year: Int!) { vendor1099Report(year: $year) { rows { vendor { name } taxId } } }`;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
    const cash = await t.account('1010', 'ASSET');
    const lawn = await t.account('5010', 'EXPENSE', { name: 'Landscaping' });
    const roof = await t.account('6010', 'EXPENSE', { name: 'Roof', fundType: 'RESERVE' });
    const prepaid = await t.account('1300', 'ASSET', { name: 'Prepaid Expenses' });
    v.green = await t.vendor('Green Lawn Co', { is1099: true, taxId: '12-3456789' });
    v.roof = await t.vendor('Roof Pros LLC', { is1099: true });
    v.water = await t.vendor('City Water', { is1099: false });
    v.painter = await t.vendor('Old Painter', { is1099: true, taxId: '987-65-4321' });
    const pay = (vendorId: string, date: string, account: string, amount: string) =>
      t.post(
        date,
        [
          [account, amount, null],
          [cash, null, amount],
        ],
        { vendorId },
      );
    // Green Lawn: exactly $600 in 2025 (at the threshold), $1,500 in 2026 (under $2,000).
    await pay(v.green, '2025-04-01', lawn, '400.00');
    await pay(v.green, '2025-12-31', lawn, '200.00');
    await pay(v.green, '2026-01-01', lawn, '1500.00');
    // A prepayment to a balance-sheet account is not an expense: not counted.
    await pay(v.green, '2026-02-01', prepaid, '5000.00');
    // Roof Pros: $599.99 in 2025; $2,500 less a reversed $500 in 2026 (from the reserve fund).
    await pay(v.roof, '2025-07-07', lawn, '599.99');
    await pay(v.roof, '2026-03-03', roof, '2000.00');
    const wrong = await pay(v.roof, '2026-03-04', roof, '500.00');
    await t.ok(
      `mutation ($id: ID!, $date: LocalDate!) { reverseJournalEntry(id: $id, date: $date) { id } }`,
      { id: wrong, date: '2026-03-05' },
    );
    await pay(v.water, '2026-05-05', lawn, '800.00');
    // Old Painter: $700 in 2025, then deactivated.
    await pay(v.painter, '2025-09-09', lawn, '700.00');
    await t.ok(`mutation ($id: ID!) { deactivateVendor(id: $id) { id } }`, { id: v.painter });
  });
  afterAll(() => app.close());

  it('lists 1099 vendors with what they were paid, against the year’s threshold', async () => {
    const r2025 = (await t.ok(REPORT, { year: 2025 })).vendor1099Report;
    expect(r2025).toMatchObject({
      year: 2025,
      from: '2025-01-01',
      to: '2025-12-31',
      threshold: '600.00',
      totalPaid: '1899.99',
      overThresholdCount: 2,
    });
    expect(
      r2025.rows.map((r: any) => [r.vendor.name, r.paid, r.entryCount, r.overThreshold]),
    ).toEqual([
      ['Green Lawn Co', '600.00', 2, true],
      ['Old Painter', '700.00', 1, true],
      ['Roof Pros LLC', '599.99', 1, false],
    ]);
    const r2026 = (await t.ok(REPORT, { year: 2026 })).vendor1099Report;
    expect(r2026).toMatchObject({
      threshold: '2000.00',
      totalPaid: '3500.00',
      overThresholdCount: 1,
    });
    expect(
      r2026.rows.map((r: any) => [r.vendor.name, r.paid, r.entryCount, r.overThreshold]),
    ).toEqual([
      ['Green Lawn Co', '1500.00', 2, false],
      ['Old Painter', '0.00', 0, false],
      ['Roof Pros LLC', '2000.00', 3, true],
    ]);
    expect(threshold1099(2024)).toBe(60_000n);
    expect(threshold1099(2027)).toBe(200_000n);
  });

  it('agrees with the vendor spend report', async () => {
    const { vendorSpend } = await t.ok(
      `{ vendorSpend(from: "2026-01-01", to: "2026-12-31") { vendor { id } total } }`,
    );
    const r2026 = (await t.ok(REPORT, { year: 2026 })).vendor1099Report;
    for (const row of r2026.rows) {
      const spend = vendorSpend.find((s: any) => s.vendor.id === row.vendor.id);
      expect(row.paid).toBe(spend?.total ?? '0.00');
    }
  });

  it('shows whole tax ids to admins only', async () => {
    const admin = (await t.ok(TAX, { year: 2025 })).vendor1099Report.rows;
    expect(admin.map((r: any) => [r.vendor.name, r.taxId])).toEqual([
      ['Green Lawn Co', '123456789'],
      ['Old Painter', '987654321'],
      ['Roof Pros LLC', null],
    ]);
    for (const token of [t.user, t.viewer]) {
      const res = await t.gql(TAX, { year: 2025 }, token);
      expect(res.body.errors?.length).toBeGreaterThan(0);
      expect(res.body.errors!.every((e) => e.extensions?.code === 'FORBIDDEN')).toBe(true);
      expect(res.body.errors!.map((e) => e.path?.at(-1))).toEqual(['taxId', 'taxId', 'taxId']);
      const rows = res.body.data!.vendor1099Report.rows;
      expect(rows.map((r: any) => r.taxId)).toEqual([null, null, null]);
      expect(JSON.stringify(res.body)).not.toContain('3456789');
      // The rest of the report is theirs to read.
      const plain = await t.gql(REPORT, { year: 2025 }, token);
      expect(plain.body.errors).toBeUndefined();
    }
  });

  it('refuses a year out of range', async () => {
    const res = await t.gql(REPORT, { year: 99999 });
    expect(res.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'year', message: 'Use a year like 2026' }],
    });
  });
});
