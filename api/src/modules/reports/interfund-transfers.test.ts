/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  cents,
  hledgerJournal,
  type LedgerLine,
  money,
  readHledgerBalances,
  readHledgerIncomeStatement,
  requireHledger,
} from '../../test/hledger.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

// Transfers between funds are neither income nor expense. Books with the operating fund's monthly
// transfer to the reserves (an operating expense account and a reserve income account, both
// marked as interfund transfer accounts, the way the demo books and most HOA charts record it):
// the income statement, Budget vs Actual, the dashboard, the budget's totals and the income and
// expense flow leave the transfer out of total income and total expense and show it as a
// transfer between funds; every report agrees with every other, and with hledger's own income
// statement of the same lines.

const YEAR = 2026;
const Q1 = { from: `${YEAR}-01-01`, to: `${YEAR}-03-31` };

const SF = 'actual budget priorYear';
const TOTALS = `fundType income { ${SF} } expenses { ${SF} } net { ${SF} } transfersIn { ${SF} }
  transfersOut { ${SF} } netTransfers { ${SF} } changeInFundBalance { ${SF} }`;
const INCOME_STATEMENT = `query ($from: LocalDate!, $to: LocalDate!) {
  incomeStatement(from: $from, to: $to) {
    lines { number type fundType transfer actual budget }
    funds { ${TOTALS} } total { ${TOTALS} } } }`;

const BF = 'budget actual variance favorable';
const BVA = `query ($fund: FundType) { budgetVsActual(year: ${YEAR}, month: 3, yearToDate: true, fundType: $fund) {
  rows { number transfer ${BF} }
  subtotals { fundType type transfer ${BF} }
  totalIncome { ${BF} } totalExpense { ${BF} } net { ${BF} }
  transfersIn { ${BF} } transfersOut { ${BF} } netTransfers { ${BF} } changeInFundBalance { ${BF} }
  months { month incomeBudget incomeActual expenseBudget expenseActual } } }`;

const FLOW = `query ($from: LocalDate!, $to: LocalDate!) { incomeExpenseFlow(from: $from, to: $to) {
  totalIncome totalExpenses
  nodes { id label kind accountNumber }
  links { source target kind amount accountId fundType }
  funds { fundType income expenses transfersIn transfersOut drawnFromFundBalance addedToFundBalance } } }`;

const d = (n: number) => money(BigInt(Math.round(n * 100)));

describe('transfers between funds in every report', () => {
  let app: TestApp;
  let t: Tenant;
  let dir: string;
  const ids: Record<string, string> = {};

  const post = (date: string, lines: [string, number | null, number | null][]) =>
    t.post(
      date,
      lines.map(([n, debit, credit]) => [
        ids[n],
        debit === null ? null : d(debit),
        credit === null ? null : d(credit),
      ]),
    );

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Transfers HOA');
    const chart: [
      string,
      string,
      'ASSET' | 'EQUITY' | 'INCOME' | 'EXPENSE',
      'OPERATING' | 'RESERVE',
      Record<string, unknown>?,
    ][] = [
      ['1010', 'Operating Cash', 'ASSET', 'OPERATING'],
      ['1510', 'Reserve Cash', 'ASSET', 'RESERVE'],
      ['3010', 'Operating Fund Balance', 'EQUITY', 'OPERATING'],
      ['3510', 'Reserve Fund Balance', 'EQUITY', 'RESERVE'],
      ['4010', 'Assessments', 'INCOME', 'OPERATING'],
      // Marked by the rule for a reserve contribution: said by its role, not by its name.
      [
        '4510',
        'Reserve Contributions',
        'INCOME',
        'RESERVE',
        { forecastRole: 'RESERVE_CONTRIBUTION' },
      ],
      ['4520', 'Reserve Interest', 'INCOME', 'RESERVE'],
      ['5010', 'Landscaping', 'EXPENSE', 'OPERATING'],
      // Marked by hand, no role.
      ['5900', 'Transfer to Reserves', 'EXPENSE', 'OPERATING', { interfundTransfer: true }],
      ['6510', 'Roof Repairs', 'EXPENSE', 'RESERVE'],
    ];
    for (const [number, name, type, fundType, extra] of chart) {
      ids[number] = await t.account(number, type, { name, fundType, ...extra });
    }
    await post(`${YEAR - 1}-12-31`, [
      ['1010', 50_000, null],
      ['3010', null, 50_000],
    ]);
    await post(`${YEAR - 1}-12-31`, [
      ['1510', 100_000, null],
      ['3510', null, 100_000],
    ]);
    for (const month of ['01', '02', '03']) {
      await post(`${YEAR}-${month}-01`, [
        ['1010', 10_000, null],
        ['4010', null, 10_000],
      ]);
      await post(`${YEAR}-${month}-10`, [
        ['5010', 3_000, null],
        ['1010', null, 3_000],
      ]);
      // The month's contribution: an operating expense and reserve income, each fund balanced.
      await post(`${YEAR}-${month}-15`, [
        ['5900', 2_000, null],
        ['1010', null, 2_000],
        ['1510', 2_000, null],
        ['4510', null, 2_000],
      ]);
      await post(`${YEAR}-${month}-28`, [
        ['1510', 100, null],
        ['4520', null, 100],
      ]);
    }
    await post(`${YEAR}-02-20`, [
      ['6510', 5_000, null],
      ['1510', null, 5_000],
    ]);
    // April, outside the first quarter.
    await post(`${YEAR}-04-15`, [
      ['5900', 2_000, null],
      ['1010', null, 2_000],
      ['1510', 2_000, null],
      ['4510', null, 2_000],
    ]);
    const each = (n: number) => Array.from({ length: 12 }, () => d(n));
    await t.ok(`mutation ($input: SaveBudgetInput!) { saveBudget(input: $input) { id } }`, {
      input: {
        year: YEAR,
        lines: [
          { accountId: ids['4010'], amounts: each(10_000) },
          { accountId: ids['4510'], amounts: each(2_000) },
          { accountId: ids['4520'], amounts: each(100) },
          { accountId: ids['5010'], amounts: each(3_000) },
          { accountId: ids['5900'], amounts: each(2_000) },
          { accountId: ids['6510'], amounts: each(0) },
        ],
      },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the income statement shows transfers below the excess of income over expenses', async () => {
    const { incomeStatement: is } = await t.ok(INCOME_STATEMENT, Q1);
    const fig = (actual: number, budget: number) => ({
      actual: d(actual),
      budget: d(budget),
      priorYear: '0.00',
    });
    const [operating, reserve] = is.funds;
    expect(operating).toEqual({
      fundType: 'OPERATING',
      income: fig(30_000, 30_000),
      expenses: fig(9_000, 9_000),
      net: fig(21_000, 21_000),
      transfersIn: fig(0, 0),
      transfersOut: fig(6_000, 6_000),
      netTransfers: fig(-6_000, -6_000),
      changeInFundBalance: fig(15_000, 15_000),
    });
    expect(reserve).toEqual({
      fundType: 'RESERVE',
      income: fig(300, 300),
      expenses: fig(5_000, 0),
      net: fig(-4_700, 300),
      transfersIn: fig(6_000, 6_000),
      transfersOut: fig(0, 0),
      netTransfers: fig(6_000, 6_000),
      changeInFundBalance: fig(1_300, 6_300),
    });
    // Both funds: the transfer is in neither total, and nets to zero across the funds.
    expect(is.total).toEqual({
      fundType: null,
      income: fig(30_300, 30_300),
      expenses: fig(14_000, 9_000),
      net: fig(16_300, 21_300),
      transfersIn: fig(6_000, 6_000),
      transfersOut: fig(6_000, 6_000),
      netTransfers: fig(0, 0),
      changeInFundBalance: fig(16_300, 21_300),
    });
    // Each fund's ordinary accounts first, then its transfer accounts.
    expect(
      is.lines.map(
        (l: any) => `${l.fundType} ${l.number} ${l.type}${l.transfer ? ' transfer' : ''}`,
      ),
    ).toEqual([
      'OPERATING 4010 INCOME',
      'OPERATING 5010 EXPENSE',
      'OPERATING 5900 EXPENSE transfer',
      'RESERVE 4520 INCOME',
      'RESERVE 6510 EXPENSE',
      'RESERVE 4510 INCOME transfer',
    ]);
  });

  it('the balance sheet’s net income of the year is each fund’s change in fund balance', async () => {
    const { balanceSheet } = await t.ok(
      `query ($asOf: LocalDate) { balanceSheet(asOf: $asOf) {
        fundBalance { lines { kind operating reserve total } } } }`,
      { asOf: Q1.to },
    );
    const { incomeStatement: is } = await t.ok(INCOME_STATEMENT, Q1);
    const line = balanceSheet.fundBalance.lines.find(
      (l: any) => l.kind === 'CURRENT_YEAR_NET_INCOME',
    );
    expect([line.operating, line.reserve, line.total]).toEqual([
      is.funds[0].changeInFundBalance.actual,
      is.funds[1].changeInFundBalance.actual,
      is.total.changeInFundBalance.actual,
    ]);
  });

  it('Budget vs Actual, its months and the dashboard agree with the income statement', async () => {
    const { incomeStatement: is } = await t.ok(INCOME_STATEMENT, Q1);
    const { budgetVsActual: r } = await t.ok(BVA, {});
    const pair = (f: any) => [f.budget, f.actual];
    const isPair = (f: any) => [f.budget, f.actual];
    expect(pair(r.totalIncome)).toEqual(isPair(is.total.income));
    expect(pair(r.totalExpense)).toEqual(isPair(is.total.expenses));
    expect(pair(r.net)).toEqual(isPair(is.total.net));
    expect(pair(r.transfersIn)).toEqual(isPair(is.total.transfersIn));
    expect(pair(r.transfersOut)).toEqual(isPair(is.total.transfersOut));
    expect(pair(r.netTransfers)).toEqual(['0.00', '0.00']);
    expect(pair(r.changeInFundBalance)).toEqual(isPair(is.total.changeInFundBalance));
    expect(r.rows.filter((x: any) => x.transfer).map((x: any) => x.number)).toEqual([
      '5900',
      '4510',
    ]);
    expect(
      r.subtotals.map(
        (s: any) => `${s.fundType} ${s.type}${s.transfer ? ' transfer' : ''} ${s.actual}`,
      ),
    ).toEqual([
      'OPERATING INCOME 30000.00',
      'OPERATING EXPENSE 9000.00',
      'OPERATING EXPENSE transfer 6000.00',
      'RESERVE INCOME 300.00',
      'RESERVE EXPENSE 5000.00',
      'RESERVE INCOME transfer 6000.00',
    ]);
    // The chart of the year is income against expense: the transfer is in neither.
    expect(r.months[1]).toEqual({
      month: 2,
      incomeBudget: '10100.00',
      incomeActual: '10100.00',
      expenseBudget: '3000.00',
      expenseActual: '8000.00',
    });
    // One fund alone: what moved out of it.
    const { budgetVsActual: op } = await t.ok(BVA, { fund: 'OPERATING' });
    expect(pair(op.netTransfers)).toEqual(['-6000.00', '-6000.00']);
    expect(pair(op.changeInFundBalance)).toEqual(isPair(is.funds[0].changeInFundBalance));

    const { dashboard } = await t.ok(
      `query ($asOf: LocalDate) { dashboard(asOf: $asOf) { incomeExpense {
        income { ${BF} } expense { ${BF} } net { ${BF} }
        funds { fundType income { ${BF} } expense { ${BF} } net { ${BF} } transfers { ${BF} } } } } }`,
      { asOf: Q1.to },
    );
    const ie = dashboard.incomeExpense;
    expect([ie.income, ie.expense, ie.net]).toEqual([r.totalIncome, r.totalExpense, r.net]);
    expect(
      ie.funds.map((f: any) => [f.fundType, f.income.actual, f.net.actual, pair(f.transfers)]),
    ).toEqual([
      ['OPERATING', '30000.00', '21000.00', ['-6000.00', '-6000.00']],
      ['RESERVE', '300.00', '-4700.00', ['6000.00', '6000.00']],
    ]);
  });

  it('the budget’s totals leave the transfers out and give them apart', async () => {
    const { budget } = await t.ok(
      `{ budget(year: ${YEAR}) { totalIncome totalExpense totalTransfersIn totalTransfersOut } }`,
    );
    expect(budget).toEqual({
      totalIncome: d(121_200),
      totalExpense: d(36_000),
      totalTransfersIn: d(24_000),
      totalTransfersOut: d(24_000),
    });
    // The year's Budget vs Actual budgets the same figures.
    const { budgetVsActual: r } = await t.ok(
      `{ budgetVsActual(year: ${YEAR}) { totalIncome { budget } totalExpense { budget }
        transfersIn { budget } transfersOut { budget } } }`,
    );
    expect(r).toEqual({
      totalIncome: { budget: budget.totalIncome },
      totalExpense: { budget: budget.totalExpense },
      transfersIn: { budget: budget.totalTransfersIn },
      transfersOut: { budget: budget.totalTransfersOut },
    });
  });

  it('the income and expense flow draws the transfer from fund to fund', async () => {
    const { incomeExpenseFlow: f } = await t.ok(FLOW, Q1);
    const { incomeStatement: is } = await t.ok(INCOME_STATEMENT, Q1);
    expect([f.totalIncome, f.totalExpenses]).toEqual([
      is.total.income.actual,
      is.total.expenses.actual,
    ]);
    // No node for either transfer account: one flow between the funds.
    expect(f.nodes.filter((n: any) => ['4510', '5900'].includes(n.accountNumber))).toEqual([]);
    const transfers = f.links.filter((l: any) => l.kind === 'TRANSFER');
    expect(transfers).toEqual([
      {
        source: 'fund:operating',
        target: 'fund:reserve',
        kind: 'TRANSFER',
        amount: '6000.00',
        accountId: ids['5900'],
        fundType: 'OPERATING',
      },
    ]);
    for (const [i, fund] of f.funds.entries()) {
      const s = is.funds[i];
      expect([fund.income, fund.expenses, fund.transfersIn, fund.transfersOut]).toEqual([
        s.income.actual,
        s.expenses.actual,
        s.transfersIn.actual,
        s.transfersOut.actual,
      ]);
      expect(money(cents(fund.addedToFundBalance) - cents(fund.drawnFromFundBalance))).toBe(
        s.changeInFundBalance.actual,
      );
    }
  });

  it('hledger’s income statement of the same lines agrees, transfers kept apart', async () => {
    requireHledger('the transfers cross-check');
    const lines: LedgerLine[] = [];
    let after: string | null = null;
    do {
      const page: any = await t.ok(
        `query ($after: String) { journalLines(first: 500, after: $after) {
          edges { node { entryId entryNumber date accountNumber accountType fundType debit credit } }
          pageInfo { hasNextPage endCursor } } }`,
        { after },
      );
      lines.push(...page.journalLines.edges.map((e: any) => e.node));
      after = page.journalLines.pageInfo.hasNextPage ? page.journalLines.pageInfo.endCursor : null;
    } while (after);
    // Which accounts are transfer accounts: the chart says so, not a name.
    const { accounts } = await t.ok('{ accounts { number interfundTransfer } }');
    const transfers = new Set<string>(
      accounts.filter((a: any) => a.interfundTransfer).map((a: any) => a.number),
    );
    expect([...transfers].sort()).toEqual(['4510', '5900']);
    dir = mkdtempSync(join(tmpdir(), 'covenant-transfers-'));
    const file = join(dir, 'books.journal');
    writeFileSync(file, hledgerJournal(lines, transfers));

    const { incomeStatement: is } = await t.ok(INCOME_STATEMENT, Q1);
    const period = ['-b', Q1.from, '-e', '2026-04-01'];
    for (const [i, fund] of ['operating', 'reserve'].entries()) {
      const h = readHledgerIncomeStatement(file, [...period, `^${fund}:`]);
      const ours = is.funds[i];
      expect([money(h.revenues), money(h.expenses), money(h.net)], fund).toEqual([
        ours.income.actual,
        ours.expenses.actual,
        ours.net.actual,
      ]);
      // The transfers: credits into the fund are negative in hledger's sign.
      const moved = readHledgerBalances(file, [...period, `^${fund}:transfer:`]);
      const net = -[...moved.values()].reduce((a, b) => a + b, 0n);
      expect(money(net), `${fund} transfers`).toBe(ours.netTransfers.actual);
    }
    const both = readHledgerIncomeStatement(file, period);
    expect([money(both.revenues), money(both.expenses), money(both.net)]).toEqual([
      is.total.income.actual,
      is.total.expenses.actual,
      is.total.net.actual,
    ]);
  });

  it('a transfer marked on one side only shows as unmatched, never as the other fund’s', async () => {
    const SET = `mutation ($id: ID!, $on: Boolean!) {
      updateAccount(id: $id, input: { interfundTransfer: $on }) { interfundTransfer } }`;
    await t.ok(SET, { id: ids['4510'], on: false });
    try {
      const { incomeStatement: is } = await t.ok(INCOME_STATEMENT, Q1);
      // The reserve side counts as income again; the operating side is still a transfer out, so
      // the funds' transfers no longer net to zero, which the statement says plainly.
      expect(is.total.income.actual).toBe(d(36_300));
      expect(is.total.netTransfers.actual).toBe(d(-6_000));
      const { incomeExpenseFlow: f } = await t.ok(FLOW, Q1);
      const transfer = f.links.filter((l: any) => l.kind === 'TRANSFER');
      const label = new Map(f.nodes.map((n: any) => [n.id, n.label]));
      expect(
        transfer.map((l: any) => `${label.get(l.source)} → ${label.get(l.target)}: ${l.amount}`),
      ).toEqual([
        'Operating fund → Transfer out of the operating fund, not received by the reserve fund: 6000.00',
      ]);
      expect(f.nodes.find((n: any) => n.id === 'unmatched:operating').kind).toBe(
        'UNMATCHED_TRANSFER',
      );
      // Every fund still balances.
      for (const node of f.nodes.filter((n: any) => n.kind === 'FUND')) {
        const sum = (xs: any[]) => xs.reduce((a, l) => a + cents(l.amount), 0n);
        expect(sum(f.links.filter((l: any) => l.target === node.id))).toBe(
          sum(f.links.filter((l: any) => l.source === node.id)),
        );
      }
    } finally {
      await t.ok(SET, { id: ids['4510'], on: true });
    }
    const { incomeStatement: again } = await t.ok(INCOME_STATEMENT, Q1);
    expect(again.total.income.actual).toBe(d(30_300));
  });
});
