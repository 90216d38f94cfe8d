/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { billedBooks, receivablesKit } from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

const FIGURES = 'budget actual variance variancePercent favorable';
const BUCKETS = 'current days1to30 days31to60 days61to90 over90 credit total';
// What the web asks for, in one request.
const DASHBOARD = `query ($asOf: LocalDate) { dashboard(asOf: $asOf) {
  asOf fiscalYear
  cash { total funds { fundType balance trend { date balance }
    accounts { accountId number name archived balance } } }
  incomeExpense { year fiscalYearStartMonth toMonth from to
    income { ${FIGURES} } expense { ${FIGURES} } net { ${FIGURES} }
    funds { fundType income { ${FIGURES} } expense { ${FIGURES} } net { ${FIGURES} } } }
  receivables { outstanding pastDue unitsOwing delinquentUnits billing buckets { ${BUCKETS} }
    delinquentByBucket { days1to30 days31to60 days61to90 over90 } }
  recentTransactions { id number date memo source total }
  attention { kind title detail count amount route { name params { key value } query { key value } } }
} }`;

const cents = (m: string) => Math.round(Number(m) * 100);
const money = (c: number) => (c / 100).toFixed(2);
const ASOF = '2026-04-20';

describe('the dashboard', () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;
  const ids: Record<string, string> = {};
  const { balanceOf } = receivablesKit(() => t, ids);
  const dashboard = async (asOf: string | null = ASOF, tenant = t) =>
    (await tenant.ok(DASHBOARD, { asOf })).dashboard;
  const kinds = (d: any) => d.attention.map((a: any) => a.kind);
  const item = (d: any, kind: string) => d.attention.find((a: any) => a.kind === kind);

  // The books: the receivables kit's association (cash 1010, units billed January to April, two
  // payments into 1010 in March), a petty-cash account and a reserve savings account, a budget,
  // manual entries and Monthly Actuals for January and March (February skipped).
  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Dashboard HOA');
    other = await createTenant(app, 'Other HOA');
    await billedBooks(t, ids);
    ids.petty = await t.account('1020', 'ASSET', { name: 'Petty Till' });
    ids.savings = await t.account('1110', 'ASSET', {
      name: 'Reserve Savings',
      fundType: 'RESERVE',
    });
    ids.equity = await t.account('3010', 'EQUITY');
    ids.reserveEquity = await t.account('3110', 'EQUITY', { fundType: 'RESERVE' });
    ids.upkeep = await t.account('5010', 'EXPENSE', { name: 'Upkeep' });
    ids.roof = await t.account('6010', 'EXPENSE', { name: 'Roof', fundType: 'RESERVE' });
    await t.post('2025-06-15', [
      [ids.savings, '50000.00', null],
      [ids.reserveEquity, null, '50000.00'],
    ]);
    await t.post('2025-11-30', [
      [ids.cash, '10000.00', null],
      [ids.equity, null, '10000.00'],
    ]);
    await t.post('2026-02-10', [
      [ids.upkeep, '1200.00', null],
      [ids.cash, null, '1200.00'],
    ]);
    await t.post('2026-03-05', [
      [ids.roof, '2000.00', null],
      [ids.savings, null, '2000.00'],
    ]);
    await t.post(
      '2026-04-02',
      [
        [ids.upkeep, '80.00', null],
        [ids.petty, null, '80.00'],
      ],
      { memo: 'Paint' },
    );
    // After the dashboard date, in its month: not in the cash of April 20.
    await t.post('2026-04-25', [
      [ids.cash, '1000.00', null],
      [ids.special, null, '1000.00'],
    ]);
    await t.ok(`mutation ($i: SaveBudgetInput!) { saveBudget(input: $i) { year } }`, {
      i: {
        year: 2026,
        lines: [
          { accountId: ids.upkeep, amounts: Array(12).fill('1000.00') },
          { accountId: ids.income, amounts: Array(12).fill('1500.00') },
          {
            accountId: ids.roof,
            amounts: [...Array(5).fill('0.00'), '30000.00', ...Array(6).fill('0.00')],
          },
        ],
      },
    });
    // Monthly Actuals post against the operating fund's first asset account: 1010.
    const actuals = (month: number, amount: string) =>
      t.ok(
        `mutation ($i: SaveMonthlyActualsInput!) { saveMonthlyActuals(input: $i) { posted { id } } }`,
        { i: { year: 2026, months: [{ month, lines: [{ accountId: ids.upkeep, amount }] }] } },
      );
    await actuals(1, '300.00');
    await actuals(3, '1500.00');
  });
  afterAll(() => app.close());
  afterEach(() => setClock());

  it('shows cash by fund with its month-end trend, from cash accounts only', async () => {
    const d = await dashboard();
    expect(d.asOf).toBe(ASOF);
    expect(d.fiscalYear).toBe(2026);
    const [operating, reserve] = d.cash.funds;
    expect([operating.fundType, reserve.fundType]).toEqual(['OPERATING', 'RESERVE']);
    const dates = [
      '2025-05-31',
      '2025-06-30',
      '2025-07-31',
      '2025-08-31',
      '2025-09-30',
      '2025-10-31',
      '2025-11-30',
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      ASOF,
    ];
    expect(operating.trend.map((p: any) => p.date)).toEqual(dates);
    // 1010: 10,000 in November; January actuals −300; February −1,200; March payments +600 and
    // +400, March actuals −1,500. 1020: −80 in April (the April 25 deposit comes later).
    expect(operating.trend.map((p: any) => p.balance)).toEqual([
      ...Array(6).fill('0.00'),
      '10000.00',
      '10000.00',
      '9700.00',
      '8500.00',
      '8000.00',
      '7920.00',
    ]);
    expect(reserve.trend.map((p: any) => p.balance)).toEqual([
      '0.00',
      ...Array(9).fill('50000.00'),
      '48000.00',
      '48000.00',
    ]);
    expect([operating.balance, reserve.balance, d.cash.total]).toEqual([
      '7920.00',
      '48000.00',
      '55920.00',
    ]);
    // The receivable (a control account) is an asset but not cash.
    expect(operating.accounts.map((a: any) => [a.number, a.balance])).toEqual([
      ['1010', '8000.00'],
      ['1020', '-80.00'],
    ]);
    expect(reserve.accounts.map((a: any) => [a.number, a.name, a.balance])).toEqual([
      ['1110', 'Reserve Savings', '48000.00'],
    ]);
    expect(cents(await balanceOf(ids.ar, ASOF))).toBeGreaterThan(0);

    // Every point equals the ledger's balances on its date, read another way.
    for (const [i, date] of dates.entries()) {
      const op = cents(await balanceOf(ids.cash, date)) + cents(await balanceOf(ids.petty, date));
      expect(cents(operating.trend[i].balance), date).toBe(op);
      expect(cents(reserve.trend[i].balance), date).toBe(cents(await balanceOf(ids.savings, date)));
    }
    // On the month's last day the later deposit counts.
    const end = await dashboard('2026-04-30');
    expect(end.cash.funds[0].balance).toBe('8920.00');
    expect(end.cash.funds[0].trend[11]).toEqual({ date: '2026-04-30', balance: '8920.00' });
  });

  it('reports income and expense year to date exactly as Budget vs Actual does', async () => {
    const d = await dashboard();
    const bva = (
      await t.ok(
        `query { budgetVsActual(year: 2026, month: 4, yearToDate: true) { fromMonth toMonth from to
          totalIncome { ${FIGURES} } totalExpense { ${FIGURES} } net { ${FIGURES} }
          subtotals { fundType type ${FIGURES} } } }`,
      )
    ).budgetVsActual;
    const ie = d.incomeExpense;
    expect(ie).toMatchObject({
      year: 2026,
      fiscalYearStartMonth: 1,
      toMonth: 4,
      from: bva.from,
      to: bva.to,
      income: bva.totalIncome,
      expense: bva.totalExpense,
      net: bva.net,
    });
    expect([bva.from, bva.to]).toEqual(['2026-01-01', '2026-04-30']);
    const sub = (fund: string, type: string) => {
      const {
        fundType: _f,
        type: _t,
        ...rest
      } = bva.subtotals.find((s: any) => s.fundType === fund && s.type === type) ?? {
        budget: '0.00',
        actual: '0.00',
        variance: '0.00',
        variancePercent: null,
        favorable: true,
      };
      return rest;
    };
    for (const f of ie.funds) {
      expect(f.income, f.fundType).toEqual(sub(f.fundType, 'INCOME'));
      expect(f.expense, f.fundType).toEqual(sub(f.fundType, 'EXPENSE'));
      expect(cents(f.net.actual)).toBe(cents(f.income.actual) - cents(f.expense.actual));
      expect(cents(f.net.budget)).toBe(cents(f.income.budget) - cents(f.expense.budget));
    }
    // Known figures: upkeep 300 + 1,200 + 1,500 + 80 against 4 × 1,000; the roof's 2,000 against
    // nothing yet (its budget is in June).
    expect(ie.funds[0].expense).toMatchObject({
      budget: '4000.00',
      actual: '3080.00',
      favorable: true,
    });
    expect(ie.funds[1].expense).toMatchObject({
      budget: '0.00',
      actual: '2000.00',
      favorable: false,
    });
    expect(ie.expense).toMatchObject({ budget: '4000.00', actual: '5080.00', variance: '1080.00' });
    expect(ie.income.budget).toBe('6000.00');
  });

  it('reports receivables as the aging report does, with delinquent units by bucket', async () => {
    const d = await dashboard();
    const aging = (
      await t.ok(
        `query ($asOf: LocalDate!) { agingReport(asOf: $asOf) { totals { ${BUCKETS} } rows { buckets { ${BUCKETS} } } } }`,
        { asOf: ASOF },
      )
    ).agingReport;
    const r = d.receivables;
    expect(r.billing).toBe(true);
    expect(r.outstanding).toBe(aging.totals.total);
    expect(r.buckets).toEqual(aging.totals);
    expect(r.outstanding).toBe(await balanceOf(ids.ar, ASOF));
    const t_ = aging.totals;
    expect(cents(r.pastDue)).toBe(
      cents(t_.days1to30) + cents(t_.days31to60) + cents(t_.days61to90) + cents(t_.over90),
    );
    // Each unit in the bucket of its oldest past-due amount.
    const expected = { days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
    for (const { buckets: b } of aging.rows) {
      const oldest = (['over90', 'days61to90', 'days31to60', 'days1to30'] as const).find(
        (k) => cents(b[k]) > 0,
      );
      if (oldest) expected[oldest]++;
    }
    expect(r.delinquentByBucket).toEqual(expected);
    // C-1 (Q1 due Jan 10) and M-2 (January) are over 90 days late; M-1 still owes on
    // March (due Mar 10, 41 days).
    expect(r.delinquentByBucket).toEqual({ days1to30: 0, days31to60: 1, days61to90: 0, over90: 4 });
    expect(r.delinquentUnits).toBe(5);
    expect(r.unitsOwing).toBe(aging.rows.filter((x: any) => cents(x.buckets.total) > 0).length);
    // Before anything was due, nobody is delinquent.
    const early = (await dashboard('2026-01-05')).receivables;
    expect(early).toMatchObject({ delinquentUnits: 0, pastDue: '0.00' });
    expect(cents(early.outstanding)).toBeGreaterThan(0);
  });

  it('lists the last 8 entries dated on or before the date, newest first', async () => {
    const d = await dashboard();
    const page = (
      await t.ok(
        `query ($f: JournalEntryFilter) { journalEntries(filter: $f, first: 8) { edges { node { id number date memo source total } } } }`,
        { f: { to: ASOF } },
      )
    ).journalEntries.edges.map((e: any) => e.node);
    expect(d.recentTransactions).toHaveLength(8);
    expect(d.recentTransactions).toEqual(page);
    expect(d.recentTransactions[0]).toMatchObject({
      date: '2026-04-02',
      memo: 'Paint',
      source: 'MANUAL',
      total: '80.00',
    });
    expect(d.recentTransactions.every((e: any) => e.date <= ASOF)).toBe(true);
  });

  it('lists what needs attention, and each item goes away once fixed', async () => {
    let d = await dashboard();
    expect(kinds(d)).toEqual([
      'NEGATIVE_CASH',
      'LATE_FEES_NOT_ASSESSED',
      'MONTHLY_ACTUALS_MISSING',
    ]);
    expect(item(d, 'NEGATIVE_CASH')).toEqual({
      kind: 'NEGATIVE_CASH',
      title: 'A cash account is below zero',
      detail: expect.stringContaining('1020 Petty Till (-$80.00)'),
      count: 1,
      amount: '-80.00',
      route: {
        name: 'account-ledger',
        params: [{ key: 'id', value: ids.petty }],
        query: [{ key: 'to', value: ASOF }],
      },
    });
    // The late-fee preview's candidates: the same count and fees (the late-fee test's figures).
    const preview = (
      await t.ok(`query ($d: LocalDate) { previewLateFees(asOf: $d) { count total } }`, { d: ASOF })
    ).previewLateFees;
    expect(preview).toEqual({ count: 5, total: '143.02' });
    expect(item(d, 'LATE_FEES_NOT_ASSESSED')).toMatchObject({
      count: 5,
      amount: '143.02',
      detail: '5 overdue invoices have no late fee for Apr 2026 ($143.02 in fees)',
      route: { name: 'late-fees', params: [], query: [{ key: 'asOf', value: ASOF }] },
    });
    expect(item(d, 'MONTHLY_ACTUALS_MISSING')).toMatchObject({
      count: 1,
      amount: null,
      detail: 'Feb 2026 has no monthly actuals yet',
      route: { name: 'monthly-actuals', query: [{ key: 'year', value: '2026' }] },
    });
    // Before January's actuals were a closed month, nothing was missing.
    expect(kinds(await dashboard('2026-02-15'))).not.toContain('MONTHLY_ACTUALS_MISSING');

    // Fixed one by one.
    await t.post('2026-04-03', [
      [ids.petty, '100.00', null],
      [ids.equity, null, '100.00'],
    ]);
    await t.ok(`mutation { assessLateFees(asOf: "${ASOF}") { created } }`);
    await t.ok(
      `mutation ($i: SaveMonthlyActualsInput!) { saveMonthlyActuals(input: $i) { posted { id } } }`,
      {
        i: {
          year: 2026,
          months: [{ month: 2, lines: [{ accountId: ids.upkeep, amount: '1250.00' }] }],
        },
      },
    );
    d = await dashboard();
    expect(d.attention).toEqual([]);
    // Two accounts below zero: the trial balance, not one ledger.
    await t.post('2026-04-04', [
      [ids.roof, '100000.00', null],
      [ids.savings, null, '100000.00'],
    ]);
    await t.post('2026-04-04', [
      [ids.upkeep, '500.00', null],
      [ids.petty, null, '500.00'],
    ]);
    const two = item(await dashboard(), 'NEGATIVE_CASH');
    expect(two).toMatchObject({
      count: 2,
      amount: money(-52_000_00 - 480_00),
      route: { name: 'trial-balance', params: [], query: [{ key: 'asOf', value: ASOF }] },
    });
  });

  it("reads today in the association's time zone when no date is given", async () => {
    // Still April 20 in New York at 03:00 UTC on April 21.
    setClock(() => new Date('2026-04-21T03:00:00Z'));
    const d = (await t.ok(`{ dashboard { asOf fiscalYear } }`)).dashboard;
    expect(d).toEqual({ asOf: ASOF, fiscalYear: 2026 });
  });

  it('answers every tile in one request, and any one tile alone', async () => {
    const res = await t.gql(DASHBOARD, { asOf: ASOF });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(Object.keys(res.body.data!.dashboard)).toEqual([
      'asOf',
      'fiscalYear',
      'cash',
      'incomeExpense',
      'receivables',
      'recentTransactions',
      'attention',
    ]);
    const one = await t.ok(`{ dashboard(asOf: "${ASOF}") { receivables { outstanding } } }`);
    expect(one.dashboard.receivables.outstanding).toBe(
      res.body.data!.dashboard.receivables.outstanding,
    );
    // Every member role that reads reports reads the dashboard.
    for (const token of [t.user, t.viewer]) {
      const r = await t.gql(`{ dashboard { cash { total } } }`, {}, token);
      expect(r.body.errors).toBeUndefined();
    }
    const anonymous = await app.gql(`{ dashboard { asOf } }`);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const bad = await t.gql(`{ dashboard(asOf: "2026-02-30") { asOf } }`);
    expect(bad.status).not.toBe(500);
    expect(bad.body.errors?.[0]?.message).toMatch(/1900-01-01 to 2200-12-31/);
  });

  it("shows another association nothing of this one's books", async () => {
    const d = await dashboard(ASOF, other);
    expect(d.cash).toEqual({
      total: '0.00',
      funds: ['OPERATING', 'RESERVE'].map((fundType) => ({
        fundType,
        balance: '0.00',
        trend: expect.any(Array),
        accounts: [],
      })),
    });
    expect(d.recentTransactions).toEqual([]);
    expect(d.attention).toEqual([]);
    expect(d.receivables).toMatchObject({
      billing: false,
      outstanding: '0.00',
      delinquentUnits: 0,
    });
    expect(d.incomeExpense.income).toMatchObject({ budget: '0.00', actual: '0.00' });
    // Reading it created nothing (no receivables settings, no accounts).
    expect((await other.ok(`{ accounts { id } }`)).accounts).toEqual([]);
  });

  it("follows the association's fiscal year", async () => {
    await other.ok(
      `mutation ($i: OrganizationCalendarInput!) { updateOrganizationCalendar(input: $i) { fiscalYearStartMonth } }`,
      { i: { timeZone: 'America/New_York', fiscalYearStartMonth: 7 } },
    );
    const d = (
      await other.ok(
        `{ dashboard(asOf: "2026-08-03") { fiscalYear incomeExpense { year fiscalYearStartMonth toMonth from to } } }`,
      )
    ).dashboard;
    expect(d).toEqual({
      fiscalYear: 2027,
      incomeExpense: {
        year: 2027,
        fiscalYearStartMonth: 7,
        toMonth: 8,
        from: '2026-07-01',
        to: '2026-08-31',
      },
    });
  });
});
