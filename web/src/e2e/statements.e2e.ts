/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../api/src/test/app.js';
import {
  type DemoJourney,
  expectFitsViewport,
  expectQuietConsole,
  openDemoJourney,
} from './browser.js';

// A newcomer's first look: the demo association's treasurer signs in to a dashboard of real
// figures, follows a tile, reads the income statement and exports it, follows a flow of the
// cash-flow Sankey to the transactions behind it, downloads the books and prints a board packet —
// at a desk and on a phone. Every figure on screen is compared with the API's own answer.
describe('browser journey: dashboard, statements, cash flow, exports', () => {
  let app: TestApp;
  let page: Page;
  let gql: DemoJourney['gql'];
  let errors: string[] = [];
  let shots: string;
  let close: DemoJourney['close'] | undefined;
  let today: string;
  // The API's decimal string as the page formats it: $1,234.56, negatives in parentheses.
  const money = (amount: string) =>
    amount.startsWith('-') ? `($${group(amount.slice(1))})` : `$${group(amount)}`;
  const group = (s: string) => {
    const [whole, frac = '00'] = s.split('.');
    return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0')}`;
  };

  beforeAll(async () => {
    ({ app, page, gql, errors, shots, close } = await openDemoJourney({
      viewport: { width: 1440, height: 900 },
      downloads: true,
    }));
    today = (await gql('{ dashboard { asOf } }')).dashboard.asOf;
  }, 120_000);
  afterAll(() => close?.());
  afterEach(() => expectQuietConsole(errors));

  it('lands on a dashboard whose figures are the reports’ figures, and a tile opens its report', async () => {
    const { dashboard } = await gql(
      `{ dashboard { cash { total } receivables { outstanding delinquentUnits } } }`,
    );
    const { agingReport } = await gql(
      'query ($d: LocalDate) { agingReport(asOf: $d) { totals { total } } }',
      { d: today },
    );
    // The demo association is alive: money in the bank, receivables, delinquent units.
    expect(BigInt(dashboard.cash.total.replace('.', ''))).toBeGreaterThan(0n);
    expect(dashboard.receivables.delinquentUnits).toBeGreaterThan(0);
    expect(dashboard.receivables.outstanding).toBe(agingReport.totals.total);

    await expect
      .poll(() => page.locator('[data-testid="cash-total"]').innerText())
      .toContain(money(dashboard.cash.total));
    await expect
      .poll(() => page.locator('[data-testid="ar-outstanding"]').innerText())
      .toContain(money(dashboard.receivables.outstanding));
    await page.locator('[data-testid="recent-entry"]').first().waitFor();
    await page.screenshot({ path: join(shots, 'statements-dashboard-1440.png'), fullPage: true });

    await page.click('[data-testid="ar-outstanding"]');
    await page.waitForURL(/\/reports\/aging/);
    await expect
      .poll(() => page.locator('main').innerText())
      .toContain(money(agingReport.totals.total));
  });

  it('reads the income statement of the fiscal year to date and exports it as CSV', async () => {
    const from = `${today.slice(0, 4)}-01-01`;
    const { incomeStatement } = await gql(
      `query ($f: LocalDate!, $t: LocalDate!) { incomeStatement(from: $f, to: $t) {
         total { income { actual budget } expenses { actual budget } net { actual } } } }`,
      { f: from, t: today },
    );
    // The dashboard's year to date is the same period with the same figures (Maple Ridge's fiscal
    // year is the calendar year).
    const { dashboard } = await gql(
      '{ dashboard { incomeExpense { income { actual budget } expense { actual budget } } } }',
    );
    expect(dashboard.incomeExpense.income).toEqual(incomeStatement.total.income);
    expect(dashboard.incomeExpense.expense).toEqual({
      actual: incomeStatement.total.expenses.actual,
      budget: incomeStatement.total.expenses.budget,
    });
    await page.goto(`${app.url}/reports`);
    await page.click('[data-testid="report-income-statement"]');
    await page.waitForURL(/\/reports\/income-statement/);
    await page.goto(`${app.url}/reports/income-statement?from=${from}&to=${today}`);
    const table = page.locator('[data-testid="income-statement-table"]');
    await table.waitFor();
    const text = await table.innerText();
    expect(text).toContain(money(incomeStatement.total.income.actual));
    expect(text).toContain(money(incomeStatement.total.expenses.actual));
    expect(text).toContain(money(incomeStatement.total.income.budget));
    await page.screenshot({ path: join(shots, 'statements-income-1440.png'), fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="export-csv"]'),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    // Plain decimals a spreadsheet reads as numbers, the same figures as the screen.
    expect(csv).toContain(incomeStatement.total.income.actual);
    expect(csv).toContain(incomeStatement.total.expenses.actual);
  });

  it('follows a flow of the cash-flow Sankey to the account ledger of the period', async () => {
    const from = `${today.slice(0, 4)}-01-01`;
    await page.goto(`${app.url}/reports/cash-flow?from=${from}&to=${today}`);
    // The chart is drawn (echarts, loaded with this page only) and a table lists the same flows.
    await page.locator('[data-testid="cash-flow-chart"] svg').waitFor();
    const table = page.locator('[data-testid="cash-flow-table"]');
    await table.waitFor();
    await page.screenshot({ path: join(shots, 'statements-cash-flow-1440.png'), fullPage: true });
    const { cashFlow } = await gql(
      `query ($f: LocalDate!, $t: LocalDate!) { cashFlow(from: $f, to: $t) {
         links { kind amount accountId } } }`,
      { f: from, t: today },
    );
    const income = cashFlow.links.find((l: any) => l.kind === 'INCOME');
    expect(await table.innerText()).toContain(money(income.amount));

    // The first expense flow's link opens the ledger of its account for the same period.
    const expense = cashFlow.links.find((l: any) => l.kind === 'EXPENSE');
    await table.locator(`a[href*="${expense.accountId}"]`).first().click();
    await page.waitForURL(new RegExp(`/accounts/${expense.accountId}.*from=${from}`));
    await page.locator('main table tbody tr').first().waitFor();
  });

  it('opens the cash forecast from the Reports page with the API’s figures, by fund', async () => {
    await page.goto(`${app.url}/reports`);
    await page.click('[data-testid="report-cash-forecast"]');
    await page.waitForURL(/\/forecast/);
    await page.locator('[data-testid="cash-forecast-chart"] svg').waitFor();
    const table = page.locator('[data-testid="forecast-table"]');
    await table.waitFor();
    const FORECAST = `query ($fund: ForecastFund!) { cashForecast(fund: $fund, months: 24) {
      lowest { month balance } months { month closing } } }`;
    const all = (await gql(FORECAST, { fund: 'ALL' })).cashForecast;
    expect(all.months).toHaveLength(24);
    const text = await table.innerText();
    for (const m of [all.months[0], all.months[23]]) expect(text).toContain(money(m.closing));
    expect(await page.locator('[data-testid="forecast-lowest"]').innerText()).toContain(
      money(all.lowest.balance),
    );
    await page.screenshot({ path: join(shots, 'statements-forecast-1440.png'), fullPage: true });

    await page.locator('[data-testid="forecast-fund"] button', { hasText: 'Reserve' }).click();
    await page.waitForURL(/fund=RESERVE/);
    const reserve = (await gql(FORECAST, { fund: 'RESERVE' })).cashForecast;
    await expect.poll(() => table.innerText()).toContain(money(reserve.months[23].closing));
  });

  it('downloads the books as an hledger journal and prints a board packet', async () => {
    await page.goto(`${app.url}/transactions`);
    await page.click('[data-testid="export-books"]');
    await page.locator('#export-format-JOURNAL').check({ force: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="export-books-submit"]'),
    ]);
    const file = (await download.path())!;
    // hledger reads the file unchanged; its balance of the operating checking account as of the
    // period's end is our trial balance's.
    const to = /-to-(\d{4}-\d\d-\d\d)\.journal$/.exec(download.suggestedFilename())![1];
    const { trialBalance } = await gql(
      'query ($d: LocalDate) { trialBalance(asOf: $d) { rows { number fundType balance } } }',
      { d: to },
    );
    const checking = trialBalance.rows.find((r: any) => r.number === '1010');
    const theirs = execFileSync(
      'hledger',
      ['-f', file, 'balance', '--no-total', '-O', 'csv', 'Operating:Assets:1010 '],
      { encoding: 'utf8' },
    );
    expect(theirs).toContain(`"${checking.balance} USD"`);

    const month = `${Number(today.slice(0, 4)) - (today.slice(5, 7) === '01' ? 1 : 0)}-${
      today.slice(5, 7) === '01' ? '12' : String(Number(today.slice(5, 7)) - 1).padStart(2, '0')
    }`;
    await page.goto(`${app.url}/reports/board-packet?month=${month}`);
    for (const part of ['balance-sheet', 'income-statement', 'budget-vs-actual', 'aging']) {
      await page.locator(`[data-testid="packet-${part}"] table`).first().waitFor();
    }
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'Letter' });
    await page.emulateMedia({ media: 'screen' });
    // One document, each report on its own pages.
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)!.length).toBeGreaterThanOrEqual(4);
  });

  it('fits a phone: the dashboard, a statement and the Sankey stay within the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name, ready] of [
      ['/dashboard', 'dashboard', '[data-testid="cash-tile"]'],
      ['/reports/balance-sheet', 'balance-sheet', 'main table'],
      ['/reports/cash-flow', 'cash-flow', '[data-testid="cash-flow-chart"] svg'],
      ['/forecast', 'forecast', '[data-testid="cash-forecast-chart"] svg'],
    ] as const) {
      await page.goto(`${app.url}${path}`);
      await page.locator(ready).first().waitFor();
      await page.screenshot({ path: join(shots, `statements-${name}-390.png`), fullPage: true });
      // Wide tables and the chart scroll inside their own box; the page itself never does.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      await expectFitsViewport(page, path);
    }
    expect(errors).toEqual([]);
  });
});
