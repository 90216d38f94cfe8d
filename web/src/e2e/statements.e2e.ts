/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../api/src/test/app.js';
import {
  type DemoJourney,
  expectFitsViewport,
  expectQuietConsole,
  navigate,
  openDemoJourney,
} from './browser.js';

// A newcomer's first look: the demo association's treasurer signs in to a dashboard of real
// figures, follows a tile, reads the income statement and exports it, follows a flow of the
// income and expense Sankey to the transactions behind it and prints it, downloads the books and
// prints a board packet — at a desk and on a phone. Every figure on screen is compared with the
// API's own answer.
describe('browser journey: dashboard, statements, income and expense flow, exports', () => {
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
  });
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

  it('shows the transfer to the reserves as a transfer, in the statement, the budget and the tile', async () => {
    const from = `${today.slice(0, 4)}-01-01`;
    const { incomeStatement: is } = await gql(
      `query ($f: LocalDate!, $t: LocalDate!) { incomeStatement(from: $f, to: $t) {
         lines { accountId number transfer }
         total { income { actual } netTransfers { actual } changeInFundBalance { actual } }
         funds { netTransfers { actual } } } }`,
      { f: from, t: today },
    );
    expect(is.lines.filter((l: any) => l.transfer).map((l: any) => l.number)).toEqual([
      '5900',
      '4510',
    ]);
    await page.goto(`${app.url}/reports/income-statement?from=${from}&to=${today}`);
    const table = page.locator('[data-testid="income-statement-table"]');
    await table.waitFor();
    // Each fund's transfers follow its excess of revenues over expenses, out of operating in
    // parentheses; across both funds they net to nothing.
    const row = (key: string) => table.locator(`tr[data-total="${key}"]`).innerText();
    expect(await row('tr-OPERATING')).toContain(money(is.funds[0].netTransfers.actual));
    expect(await row('tr-RESERVE')).toContain(money(is.funds[1].netTransfers.actual));
    expect(await row('t-transfers')).toContain('$0.00');
    expect(await row('t-income')).toContain(money(is.total.income.actual));
    const transferOut = table.locator(
      `tr[data-line^="${is.lines.find((l: any) => l.number === '5900').accountId}"]`,
    );
    expect(await transferOut.innerText()).toMatch(/\(\$[\d,]+\.\d\d\)/);
    await transferOut.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: join(shots, 'statements-income-transfers-1440.png'),
      fullPage: true,
    });

    // The budget's page totals say the same: the contribution is in neither.
    await page.goto(`${app.url}/budgets?year=${today.slice(0, 4)}`);
    await page.locator('[data-section="transfer-out"]').waitFor();
    expect(await page.locator('main').innerText()).toContain('Transfers between funds $222,000.00');
    await page.screenshot({ path: join(shots, 'statements-budget-transfers-1440.png') });

    // Budget vs Actual: grouped apart, and the dashboard's tile beside each fund's net.
    await page.goto(`${app.url}/reports/budget-vs-actual?year=${today.slice(0, 4)}&period=ytd`);
    const groups = page.locator('[data-testid="bva-table"] tr.bva__group');
    await groups.first().waitFor();
    expect((await groups.allTextContents()).map((t) => t.trim())).toEqual(
      expect.arrayContaining(['Operating fund · Transfers out', 'Reserve fund · Transfers in']),
    );
    await page.goto(`${app.url}/dashboard`);
    await expect
      .poll(() => page.locator('[data-testid="ie-transfers-reserve"]').innerText())
      .toBe(money(is.funds[1].netTransfers.actual));
  });

  it('follows a flow of the income and expense Sankey to the account ledger of the period', async () => {
    const from = `${today.slice(0, 4)}-01-01`;
    // Its old address (it was called "Cash Flow") opens it, with the period.
    await page.goto(`${app.url}/reports/cash-flow?from=${from}&to=${today}`);
    await page.waitForURL(new RegExp(`/reports/income-expense-flow\\?from=${from}&to=${today}$`));
    expect(await page.locator('main h1:visible').innerText()).toBe('Income and Expense Flow');
    await expect.poll(() => page.title()).toBe('Income and Expense Flow · Covenant');
    // The chart is drawn (echarts, loaded with this page only) and a table lists the same flows.
    await page.locator('[data-testid="flow-chart"] svg').waitFor();
    const table = page.locator('[data-testid="flow-table"]');
    await table.waitFor();
    await page.screenshot({ path: join(shots, 'statements-flow-1440.png'), fullPage: true });
    const { incomeExpenseFlow: flow } = await gql(
      `query ($f: LocalDate!, $t: LocalDate!) { incomeExpenseFlow(from: $f, to: $t) {
         links { kind amount accountId source target } } }`,
      { f: from, t: today },
    );
    const income = flow.links.find((l: any) => l.kind === 'INCOME');
    expect(await table.innerText()).toContain(money(income.amount));
    // The contribution to the reserves flows from fund to fund, neither income nor expense.
    const transfer = flow.links.find((l: any) => l.kind === 'TRANSFER');
    expect([transfer.source, transfer.target]).toEqual(['fund:operating', 'fund:reserve']);
    expect(await table.innerText()).toContain('Operating fund → Reserve fund');

    // The first expense flow's link opens the ledger of its account for the same period.
    const expense = flow.links.find((l: any) => l.kind === 'EXPENSE');
    await table.locator(`a[href*="${expense.accountId}"]`).first().click();
    await page.waitForURL(new RegExp(`/accounts/${expense.accountId}.*from=${from}`));
    await page.locator('main table tbody tr').first().waitFor();
  });

  it('prints the income and expense flow with its diagram, the whole of it on the page', async () => {
    const from = `${today.slice(0, 4)}-01-01`;
    await page.goto(`${app.url}/reports/income-expense-flow?from=${from}&to=${today}`);
    await page.locator('[data-testid="flow-chart"] svg').waitFor();
    await page.emulateMedia({ media: 'print' });
    let pdf: Buffer;
    try {
      // On paper: the report's own header names it, and the diagram is part of it.
      expect(await page.locator('.report-print-header__title').innerText()).toBe(
        'Income and Expense Flow',
      );
      // The drawing as an image, at the page's width (the live chart sizes itself to the screen).
      const paper = page.locator('[data-testid="flow-chart-print"]');
      await expect.poll(() => paper.isVisible()).toBe(true);
      await expect
        .poll(() => paper.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      expect(await page.locator('[data-testid="flow-chart"]').isVisible()).toBe(false);
      pdf = await page.pdf({ format: 'Letter', printBackground: true });
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
    const dir = mkdtempSync(join(tmpdir(), 'covenant-print-'));
    try {
      writeFileSync(join(dir, 'flow.pdf'), pdf);
      // The pages as images: one to look at, and one read here pixel by pixel.
      execFileSync('pdftoppm', [
        '-r',
        '60',
        '-png',
        '-f',
        '1',
        '-l',
        '1',
        join(dir, 'flow.pdf'),
        join(shots, 'statements-flow-print'),
      ]);
      execFileSync('pdftoppm', [
        '-r',
        '50',
        '-f',
        '1',
        '-l',
        '1',
        join(dir, 'flow.pdf'),
        join(dir, 'page'),
      ]);
      const image = readPpm(
        readFileSync(
          join(
            dir,
            readdirSync(dir).find((f) => f.endsWith('.ppm'))!,
          ),
        ),
      );
      // The operating fund's node, and the account nodes on both sides of the funds: the whole
      // diagram is on the first page, its right side too.
      const FUND = [0x1d, 0x5f, 0xb8] as const;
      const TINT = [0x7f, 0xa6, 0xdc] as const;
      const third = Math.floor(image.width / 3);
      expect(countNear(image, FUND, 0, image.width), 'the operating fund').toBeGreaterThan(20);
      expect(countNear(image, TINT, 0, third), 'income accounts, left').toBeGreaterThan(20);
      expect(
        countNear(image, TINT, 2 * third, image.width),
        'expense accounts, right',
      ).toBeGreaterThan(20);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('calls every report by one name: its card, its page and its paper', async () => {
    await page.goto(`${app.url}/reports`);
    await page.locator('a.report-card').first().waitFor();
    const cards = await page.locator('a.report-card').evaluateAll((links) =>
      links.map((a) => ({
        href: new URL((a as HTMLAnchorElement).href).pathname,
        title: a.querySelector('.report-card__title')?.textContent?.trim() ?? '',
      })),
    );
    const reports = cards.filter((c) => c.href.startsWith('/reports/'));
    expect(reports.map((c) => c.title)).toContain('Income and Expense Flow');
    for (const { href, title } of reports) {
      await navigate(page, href);
      const h1 = page.locator('main h1:visible').first();
      await h1.waitFor();
      expect(await h1.innerText(), href).toBe(title);
      await expect.poll(() => page.title(), { message: href }).toBe(`${title} · Covenant`);
      // On paper a statement may take its formal name ("Statement of Revenues and Expenses"),
      // never another report's.
      const paper = await page
        .locator('.report-print-header__title')
        .evaluateAll((hs) => hs.map((h) => h.textContent ?? ''));
      for (const name of [await page.title(), ...paper]) {
        expect(name, href).not.toMatch(/cash flow/i);
      }
    }
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
      ['/reports/income-expense-flow', 'flow', '[data-testid="flow-chart"] svg'],
      ['/forecast', 'forecast', '[data-testid="cash-forecast-chart"] svg'],
    ] as const) {
      await navigate(page, path);
      await page.locator(ready).first().waitFor();
      await page.screenshot({ path: join(shots, `statements-${name}-390.png`), fullPage: true });
      // Wide tables and the chart scroll inside their own box; the page itself never does.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      await expectFitsViewport(page, path);
    }
    // The Sankey itself fits the screen: all of it in view, its right side too, nothing to
    // scroll sideways to (it once showed only its left side).
    await page.goto(`${app.url}/reports/income-expense-flow`);
    const chart = page.locator('[data-testid="flow-chart"]');
    await chart.locator('svg').waitFor();
    const fits = await chart.evaluate((el) => {
      const svg = el.querySelector('svg')!.getBoundingClientRect();
      const labels = [...el.querySelectorAll('text')].map((t) => t.getBoundingClientRect());
      return {
        left: Math.min(svg.left, ...labels.map((r) => r.left)),
        right: Math.max(svg.right, ...labels.map((r) => r.right)),
        scrolls: [el, el.parentElement!].some((x) => x.scrollWidth > x.clientWidth + 1),
      };
    });
    expect(fits.left).toBeGreaterThanOrEqual(0);
    expect(fits.right).toBeLessThanOrEqual(390);
    expect(fits.scrolls).toBe(false);
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'statements-flow-chart-390.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(errors).toEqual([]);
  });
});

/** A binary PPM (P6), as pdftoppm writes it: its size and its RGB bytes. */
function readPpm(file: Buffer): { width: number; height: number; rgb: Buffer } {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(file.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a binary PPM');
  return {
    width: Number(header[1]),
    height: Number(header[2]),
    rgb: file.subarray(header[0].length),
  };
}

/** Pixels within a few steps of a color, in the columns [from, to). */
function countNear(
  image: { width: number; height: number; rgb: Buffer },
  color: readonly [number, number, number],
  from: number,
  to: number,
): number {
  let n = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = from; x < to; x++) {
      const i = (y * image.width + x) * 3;
      if (color.every((c, k) => Math.abs(image.rgb[i + k]! - c) <= 12)) n++;
    }
  }
  return n;
}
