import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { type AccountTypeName, createTenant } from '../../test/tenant.js';

const BVA = `query ($year: Int!, $month: Int, $ytd: Boolean, $fund: FundType) {
  budgetVsActual(year: $year, month: $month, yearToDate: $ytd, fundType: $fund) {
    year fromMonth toMonth
    rows { accountId number type fundType budget actual variance variancePercent favorable }
    subtotals { fundType type budget actual variance favorable }
    totalIncome { budget actual variance variancePercent favorable }
    totalExpense { budget actual variance variancePercent favorable }
    net { budget actual variance favorable }
    months { month incomeBudget incomeActual expenseBudget expenseActual } } }`;
const LINES = `query ($f: JournalLineFilter, $after: String) { journalLines(filter: $f, first: 100, after: $after) {
  edges { node { accountNumber accountType debit credit } } pageInfo { hasNextPage endCursor } } }`;

const cents = (m: string) => Math.round(Number(m) * 100);
const money = (c: number) => (c / 100).toFixed(2);

describe('budget vs actual', () => {
  let app: TestApp;
  let token: string;
  const ids: Record<string, string> = {};
  // Budget per account, January to December, in cents.
  const budget: Record<string, number[]> = {
    '4010': Array.from({ length: 12 }, () => 1_000_000),
    '5010': Array.from({ length: 12 }, (_, i) => 100_000 + i * 1_000),
    '6010': [0, 0, 0, 0, 0, 2_500_000, 0, 0, 0, 0, 0, 0],
  };

  // The test's own figures: lines of the period summed in each account's natural direction.
  async function ledgerActuals(from: string, to: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    let after: string | null = null;
    do {
      type Page = {
        edges: {
          node: { accountType: string; accountNumber: string; debit: string; credit: string };
        }[];
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
      };
      const res = await app.gql<{ journalLines: Page }>(LINES, { f: { from, to }, after }, token);
      const page: Page = res.body.data!.journalLines;
      for (const { node } of page.edges) {
        if (node.accountType !== 'INCOME' && node.accountType !== 'EXPENSE') continue;
        const d = cents(node.debit) - cents(node.credit);
        out[node.accountNumber] =
          (out[node.accountNumber] ?? 0) + (node.accountType === 'EXPENSE' ? d : -d);
      }
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    return out;
  }

  const post = (date: string, lines: [string, string | null, string | null][]) =>
    app.gql(
      `mutation ($i: PostJournalEntryInput!) { postJournalEntry(input: $i) { id } }`,
      {
        i: {
          date,
          memo: 'Test',
          lines: lines.map(([n, debit, credit]) => ({ accountId: ids[n], debit, credit })),
        },
      },
      token,
    );

  beforeAll(async () => {
    app = await startTestApp();
    const tenant = await createTenant(app, 'Report HOA');
    token = tenant.admin;
    for (const [number, type, fundType] of [
      ['1010', 'ASSET', 'OPERATING'],
      ['1110', 'ASSET', 'RESERVE'],
      ['4010', 'INCOME', 'OPERATING'],
      ['4020', 'INCOME', 'OPERATING'],
      ['5010', 'EXPENSE', 'OPERATING'],
      ['6010', 'EXPENSE', 'RESERVE'],
    ] as [string, AccountTypeName, 'OPERATING' | 'RESERVE'][]) {
      ids[number] = await tenant.account(number, type, { fundType });
    }
    await app.gql(
      `mutation ($i: SaveBudgetInput!) { saveBudget(input: $i) { year } }`,
      {
        i: {
          year: 2026,
          lines: Object.entries(budget).map(([n, xs]) => ({
            accountId: ids[n],
            amounts: xs.map(money),
          })),
        },
      },
      token,
    );
    // Actuals for March and April, then a correction of March.
    const actuals = (month: number, lines: [string, string][]) =>
      app.gql(
        `mutation ($i: SaveMonthlyActualsInput!) { saveMonthlyActuals(input: $i) { posted { id } } }`,
        {
          i: {
            year: 2026,
            months: [{ month, lines: lines.map(([n, amount]) => ({ accountId: ids[n], amount })) }],
          },
        },
        token,
      );
    await actuals(3, [
      ['4010', '9800.00'],
      ['5010', '1450.00'],
      ['6010', '120.00'],
    ]);
    await actuals(4, [
      ['4010', '10100.00'],
      ['5010', '900.00'],
    ]);
    await actuals(3, [['5010', '1500.00']]);
    // Postings from elsewhere count too; other years don't.
    await post('2026-02-14', [
      ['1010', '250.00', null],
      ['4020', null, '250.00'],
    ]);
    await post('2026-03-02', [
      ['5010', '75.25', null],
      ['1010', null, '75.25'],
    ]);
    await post('2026-03-20', [
      ['1010', '10.00', null],
      ['5010', null, '10.00'],
    ]); // a refund
    await post('2025-12-31', [
      ['5010', '999.00', null],
      ['1010', null, '999.00'],
    ]);
    await post('2027-01-01', [
      ['1010', '999.00', null],
      ['4010', null, '999.00'],
    ]);
  });
  afterAll(() => app.close());

  async function check(
    vars: { month?: number; ytd?: boolean; fund?: string },
    from: number,
    to: number,
  ) {
    const res = await app.gql(BVA, { year: 2026, ...vars }, token);
    expect(res.body.errors).toBeUndefined();
    const r = res.body.data!.budgetVsActual;
    expect([r.fromMonth, r.toMonth]).toEqual([from, to]);
    const last = new Date(Date.UTC(2026, to, 0)).toISOString().slice(0, 10);
    const actual = await ledgerActuals(`2026-${String(from).padStart(2, '0')}-01`, last);
    const expected = ['4010', '4020', '5010', '6010']
      .filter((n) => !vars.fund || (vars.fund === 'RESERVE') === n.startsWith('6'))
      .map((n) => {
        const b = (budget[n] ?? Array(12).fill(0)).slice(from - 1, to).reduce((s, x) => s + x, 0);
        const a = actual[n] ?? 0;
        return { number: n, budget: money(b), actual: money(a), variance: money(a - b) };
      });
    expect(
      r.rows.map((x: Record<string, string>) => ({
        number: x.number,
        budget: x.budget,
        actual: x.actual,
        variance: x.variance,
      })),
    ).toEqual(expected);
    const sumOf = (type: string, field: 'budget' | 'actual') =>
      r.rows
        .filter((x: { type: string }) => x.type === type)
        .reduce((s: number, x: Record<string, string>) => s + cents(x[field]), 0);
    expect(r.totalIncome.budget).toBe(money(sumOf('INCOME', 'budget')));
    expect(r.totalExpense.actual).toBe(money(sumOf('EXPENSE', 'actual')));
    expect(r.net.actual).toBe(money(sumOf('INCOME', 'actual') - sumOf('EXPENSE', 'actual')));
    return r;
  }

  it('reports the whole year from the ledger, with subtotals by fund and type', async () => {
    const r = await check({}, 1, 12);
    expect(
      r.subtotals.map((s: { fundType: string; type: string }) => `${s.fundType}/${s.type}`),
    ).toEqual(['OPERATING/INCOME', 'OPERATING/EXPENSE', 'RESERVE/EXPENSE']);
    // Chart series: March holds the corrected actuals plus the other postings.
    expect(r.months[2]).toEqual({
      month: 3,
      incomeBudget: '10000.00',
      incomeActual: '9800.00',
      expenseBudget: money(102_000 + 0),
      expenseActual: money(150_000 + 7_525 - 1_000 + 12_000),
    });
    expect(r.months[1].incomeActual).toBe('250.00');
  });

  it('filters one month, with favorable and unfavorable variances', async () => {
    const r = await check({ month: 3 }, 3, 3);
    const row = (n: string) => r.rows.find((x: { number: string }) => x.number === n);
    // Income under budget: unfavorable. Expense over budget: unfavorable too.
    expect(row('4010')).toMatchObject({
      variance: '-200.00',
      variancePercent: -2,
      favorable: false,
    });
    expect(row('5010')).toMatchObject({ actual: '1565.25', budget: '1020.00', favorable: false });
    // No budget: no percentage; spending with no budget is unfavorable.
    expect(row('6010')).toMatchObject({ budget: '0.00', variancePercent: null, favorable: false });
    const april = await check({ month: 4 }, 4, 4);
    expect(april.rows.find((x: { number: string }) => x.number === '4010')).toMatchObject({
      variance: '100.00',
      variancePercent: 1,
      favorable: true,
    });
    expect(april.rows.find((x: { number: string }) => x.number === '5010').favorable).toBe(true);
  });

  it('still answers the deprecated British `favourable`, equal to `favorable`', async () => {
    const res = await app.gql(
      `query { budgetVsActual(year: 2026, month: 3) {
        rows { number favorable favourable } net { favorable favourable } } }`,
      {},
      token,
    );
    expect(res.body.errors).toBeUndefined();
    const { rows, net } = res.body.data!.budgetVsActual;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of [...rows, net]) expect(r.favourable).toBe(r.favorable);
    expect(rows.find((r: { number: string }) => r.number === '4010').favourable).toBe(false);
  });

  it('reports year to date through a month, and one fund alone', async () => {
    await check({ month: 4, ytd: true }, 1, 4);
    const reserve = await check({ month: 6, ytd: true, fund: 'RESERVE' }, 1, 6);
    expect(reserve.rows.map((x: { number: string }) => x.number)).toEqual(['6010']);
    expect(reserve.totalExpense).toMatchObject({
      budget: '25000.00',
      actual: '120.00',
      favorable: true,
    });
    const bad = await app.gql(BVA, { year: 2026, month: 13 }, token);
    expect(bad.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('budget vs actual in fiscal years', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  afterEach(() => setClock());

  const FY = `query ($year: Int!, $month: Int, $ytd: Boolean) {
    budgetVsActual(year: $year, month: $month, yearToDate: $ytd) {
      year fiscalYearStartMonth fromMonth toMonth from to
      rows { number budget actual }
      months { year month label incomeBudget incomeActual expenseActual } } }`;

  async function books(startMonth: number) {
    const t = await createTenant(app);
    if (startMonth !== 1) {
      await t.ok(
        `mutation ($i: OrganizationCalendarInput!) { updateOrganizationCalendar(input: $i) { fiscalYearStartMonth } }`,
        { i: { timeZone: 'America/New_York', fiscalYearStartMonth: startMonth } },
      );
    }
    const cash = await t.account('1010', 'ASSET');
    const dues = await t.account('4010', 'INCOME');
    // Income of 1, 10, 100 and 1000 dollars in June and July of 2026 and 2027.
    for (const [date, amount] of [
      ['2026-06-30', '1.00'],
      ['2026-07-01', '10.00'],
      ['2027-06-30', '100.00'],
      ['2027-07-01', '1000.00'],
    ]) {
      await t.post(date, [
        [cash, amount, null],
        [dues, null, amount],
      ]);
    }
    return { t, dues };
  }

  it('compares July 2026 through June 2027 for fiscal 2027 with a July start', async () => {
    const { t, dues } = await books(7);
    // Budget amounts in fiscal order: 1 (July 2026) to 12 (June 2027) dollars.
    const amounts = Array.from({ length: 12 }, (_, i) => `${i + 1}.00`);
    await t.ok(`mutation ($i: SaveBudgetInput!) { saveBudget(input: $i) { year } }`, {
      i: { year: 2027, lines: [{ accountId: dues, amounts }] },
    });
    const r = (await t.ok(FY, { year: 2027 })).budgetVsActual;
    expect(r).toMatchObject({
      year: 2027,
      fiscalYearStartMonth: 7,
      fromMonth: 7,
      toMonth: 6,
      from: '2026-07-01',
      to: '2027-06-30',
      rows: [{ number: '4010', budget: '78.00', actual: '110.00' }],
    });
    expect(r.months.map((m: { label: string }) => m.label)).toEqual([
      'Jul 2026',
      'Aug 2026',
      'Sep 2026',
      'Oct 2026',
      'Nov 2026',
      'Dec 2026',
      'Jan 2027',
      'Feb 2027',
      'Mar 2027',
      'Apr 2027',
      'May 2027',
      'Jun 2027',
    ]);
    expect(r.months[0]).toMatchObject({
      year: 2026,
      month: 7,
      incomeBudget: '1.00',
      incomeActual: '10.00',
    });
    expect(r.months[11]).toMatchObject({
      year: 2027,
      month: 6,
      incomeBudget: '12.00',
      incomeActual: '100.00',
    });
    // The neighbours: fiscal 2026 holds June 2026, fiscal 2028 July 2027.
    const fy26 = (await t.ok(FY, { year: 2026 })).budgetVsActual;
    expect(fy26).toMatchObject({ from: '2025-07-01', to: '2026-06-30' });
    expect(fy26.rows[0]).toMatchObject({ budget: '0.00', actual: '1.00' });
    expect((await t.ok(FY, { year: 2028 })).budgetVsActual.rows[0].actual).toBe('1000.00');

    // A month is a calendar month of the fiscal year; year to date starts in July.
    const june = (await t.ok(FY, { year: 2027, month: 6 })).budgetVsActual;
    expect(june).toMatchObject({ from: '2027-06-01', to: '2027-06-30' });
    expect(june.rows[0]).toMatchObject({ budget: '12.00', actual: '100.00' });
    const sept = (await t.ok(FY, { year: 2027, month: 9, ytd: true })).budgetVsActual;
    expect(sept).toMatchObject({ fromMonth: 7, toMonth: 9, from: '2026-07-01', to: '2026-09-30' });
    expect(sept.rows[0]).toMatchObject({ budget: '6.00', actual: '10.00' });

    // Year to date without a month: through this month in the association's time zone (still
    // January 31st in New York at 03:00 UTC on February 1st).
    setClock(() => new Date('2027-02-01T03:00:00Z'));
    const ytd = (await t.ok(FY, { year: 2027, ytd: true })).budgetVsActual;
    expect(ytd).toMatchObject({ fromMonth: 7, toMonth: 1, to: '2027-01-31' });
    expect(ytd.rows[0].budget).toBe(money(cents('1.00') * 28));
    // A fiscal year that today is not in: the whole year.
    const past = (await t.ok(FY, { year: 2026, ytd: true })).budgetVsActual;
    expect(past).toMatchObject({ fromMonth: 7, toMonth: 6 });
  });

  it('keeps a January start as the calendar year', async () => {
    const { t } = await books(1);
    const r = (await t.ok(FY, { year: 2026 })).budgetVsActual;
    expect(r).toMatchObject({
      fiscalYearStartMonth: 1,
      fromMonth: 1,
      toMonth: 12,
      from: '2026-01-01',
      to: '2026-12-31',
      rows: [{ number: '4010', actual: '11.00' }],
    });
    expect(r.months.map((m: { label: string }) => m.label)).toEqual(
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map(
        (m) => `${m} 2026`,
      ),
    );
    expect(r.months[5]).toMatchObject({ month: 6, incomeActual: '1.00' });
    setClock(() => new Date('2026-05-01T03:00:00Z'));
    const ytd = (await t.ok(FY, { year: 2026, ytd: true })).budgetVsActual;
    expect(ytd).toMatchObject({ fromMonth: 1, toMonth: 4, to: '2026-04-30' });
  });
});
