import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { TEST_PASSWORD } from '../../../api/src/test/factories.js';
import { createTenant } from '../../../api/src/test/tenant.js';
import { expectQuietConsole, launchBrowser, watchConsole } from './browser.js';

const MONTHS = 'Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec';

// A treasurer imports the year's budget from a spreadsheet (mapping a row the chart of accounts
// doesn't know and skipping another), enters March's actuals from a management company's
// statement, sees them as reconciled entries, and compares budget and actual.
describe('browser journey: budget, monthly actuals, budget vs actual', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let token: string;
  const ids: Record<string, string> = {};
  const errors: string[] = [];
  const shots = join(REPO_ROOT, 'test-results');

  beforeAll(async () => {
    if (!existsSync(join(REPO_ROOT, 'web/dist/index.html'))) throw new Error('web/dist is missing');
    mkdirSync(shots, { recursive: true });
    app = await startTestApp({ serveWeb: true });
    const t = await createTenant(app, 'Birch Hollow HOA', {
      adminEmail: 'treasurer@birch-hollow.test',
    });
    token = t.admin;
    for (const [number, name, type, fundType] of [
      ['1010', 'Operating Checking', 'ASSET', 'OPERATING'],
      ['1110', 'Reserve Savings', 'ASSET', 'RESERVE'],
      ['4010', 'Assessments', 'INCOME', 'OPERATING'],
      ['4020', 'Pool Fees', 'INCOME', 'OPERATING'],
      ['5010', 'Landscaping', 'EXPENSE', 'OPERATING'],
      ['5020', 'Utilities', 'EXPENSE', 'OPERATING'],
      ['6010', 'Roof Replacement', 'EXPENSE', 'RESERVE'],
    ] as const) {
      ids[number] = await t.account(number, type, { name, fundType });
    }
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    watchConsole(page, errors);
    await page.goto(`${app.url}/login`);
    await page.fill('#login-email', 'treasurer@birch-hollow.test');
    await page.fill('#login-password', TEST_PASSWORD);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/dashboard$/);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  const cell = (number: string, month: string) =>
    page.locator(`input[aria-label^="${number} "][aria-label$=", ${month}"]`);

  it('imports a budget CSV with a mapping step, then edits it in the grid', async () => {
    await page.click('a[aria-label="Budgets"]');
    await page.waitForURL(/\/budgets/);
    await page.goto(`${app.url}/budgets?year=2026`);
    await expect.poll(() => page.textContent('body')).toContain('No budget yet');

    const csv = [
      `Account number;Account name;${MONTHS.replace(/,/g, ';')}`,
      `4010;Assessments;"12.000,00";"12.000,00";"12.000,00";"12.000,00";"12.000,00";"12.000,00";"12.000,00";"12.000,00";"12.000,00";"12.000,00";"12.000,00";"12.000,00"`,
      `POOL;Pool & clubhouse fees;300;300;300;300;300;300;300;300;300;300;300;300`,
      `5010;Landscaping;1.500,00;1.500,00;1.500,00;1.500,00;1.500,00;1.500,00;1.500,00;1.500,00;1.500,00;1.500,00;1.500,00;1.500,00`,
      `9999;Old line we dropped;(50,00);;;;;;;;;;;`,
      `6010;Roof Replacement;;;;;;25.000,00;;;;;;`,
    ].join('\r\n');
    await page.click('[data-testid="open-import"]');
    await page.setInputFiles('[data-testid="budget-file"]', {
      name: 'budget-2026.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv}`),
    });
    await expect
      .poll(() => page.textContent('[data-testid="import-summary"]'))
      .toMatch(/2 rows need attention/);
    expect(await page.isDisabled('[data-testid="import-commit"]')).toBe(true);
    // Row 3 ("POOL") goes to 4020 Pool Fees; row 5 is skipped.
    await page.click('[data-testid="map-row-3"]');
    await page.locator('[role="option"]:visible').filter({ hasText: /4020/ }).first().click();
    await page.click('[data-testid="skip-row-5"]');
    await expect
      .poll(() => page.textContent('[data-testid="import-summary"]'))
      .toContain('Ready to import');
    await page.screenshot({ path: join(shots, 'budget-import.png') });
    await page.click('[data-testid="import-commit"]');
    await expect.poll(() => page.textContent('body')).toContain('Budget FY 2026 imported');
    await expect
      .poll(() => page.textContent('[data-testid="total-income"]'))
      .toContain('147,600.00');

    // Type into the grid: Utilities, March; Tab moves on; Save.
    await cell('5020', 'Mar').click();
    await page.keyboard.type('410.50');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''),
    ).toBe('5020 Utilities, Apr');
    await expect.poll(() => page.textContent('[data-testid="pending"]')).toContain('1 unsaved');
    await page.screenshot({ path: join(shots, 'budget-grid.png') });
    // Another year, or another page, with a cell not saved: the app's own question, and Keep
    // editing keeps the cell (a browser dialog here would fail the journey: none is accepted).
    await page.click('[data-testid="grid-year"]');
    await page.locator('[role="option"]:visible').filter({ hasText: 'FY 2027' }).click();
    await expect.poll(() => page.textContent('body')).toContain('Discard unsaved changes?');
    await page.getByRole('button', { name: 'Keep editing' }).click();
    expect(page.url()).toContain('year=2026');
    await page.click('a[aria-label="Monthly Actuals"]');
    await expect.poll(() => page.textContent('body')).toContain('Discard unsaved changes?');
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => page.isVisible('[data-testid="discard-changes"]')).toBe(false);
    expect(page.url()).toMatch(/\/budgets\?year=2026$/);
    expect(await cell('5020', 'Mar').inputValue()).toMatch(/410\.50/);
    await expect.poll(() => page.textContent('[data-testid="pending"]')).toContain('1 unsaved');
    await page.click('[data-testid="save-budget"]');
    await expect.poll(() => page.textContent('body')).toContain('Budget FY 2026 saved');

    // The months scroll sideways between the account column and the Total column, which stay in
    // place; a cell reached from the keyboard is never left under them.
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const inSight = () =>
      page.evaluate(() => {
        const cell = document.activeElement!.closest('td')!;
        const row = cell.parentElement!;
        const grid = cell.closest('.sgrid')!;
        const r = cell.getBoundingClientRect();
        const left = row.firstElementChild!.getBoundingClientRect().right;
        const right = row.lastElementChild!.getBoundingClientRect().left;
        const top = grid.querySelector('thead')!.getBoundingClientRect().bottom;
        const bottom = grid.querySelector('tfoot')!.getBoundingClientRect().top;
        return (
          r.left >= left - 1 && r.right <= right + 1 && r.top >= top - 1 && r.bottom <= bottom + 1
        );
      });
    const totalInSight = (number: string) =>
      page.evaluate((n) => {
        const total = document.querySelector(
          `tr:has(input[aria-label^="${n} "]) [data-testid="row-total"]`,
        )!;
        const r = total.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.right <= window.innerWidth && hit === total;
      }, number);
    expect(await totalInSight('5020')).toBe(true);
    await cell('5020', 'Jan').click();
    for (let i = 0; i < 11; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('5020 Utilities, Dec');
    expect(await inSight()).toBe(true);
    expect(await totalInSight('5020')).toBe(true);
    await page.screenshot({ path: join(shots, 'budget-grid-scrolled.png') });
    await page.keyboard.press('Tab'); // on to the next row's January
    expect(await focused()).toBe('6010 Roof Replacement, Jan');
    expect(await inSight()).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('5020 Utilities, Nov');
    expect(await inSight()).toBe(true);
    // A tablet in landscape, sidebar open: fewer months in sight, the totals still are.
    await page.setViewportSize({ width: 1024, height: 768 });
    await cell('5010', 'Jun').click();
    expect(await inSight()).toBe(true);
    expect(await totalInSight('5010')).toBe(true);
    await page.screenshot({ path: join(shots, 'budget-grid-1024.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    const res = await app.gql(
      '{ budget(year: 2026) { totalIncome totalExpense lines { accountId amounts } } }',
      {},
      token,
    );
    const b = res.body.data!.budget;
    expect(b.totalIncome).toBe('147600.00');
    expect(b.totalExpense).toBe(String((1500 * 12 + 25000 + 410.5).toFixed(2)));

    // Typing over a saved figure as in a spreadsheet: a click selects it, the keys replace it,
    // and passing through the saved value on the way ("1500") does not turn it back into
    // "1,500.00" with the next key appended.
    const landscaping = cell('5010', 'Feb');
    await landscaping.click();
    await page.keyboard.type('15000');
    expect(await landscaping.inputValue()).toBe('15000');
    expect(await landscaping.getAttribute('aria-invalid')).toBeNull();
    await expect.poll(() => page.textContent('[data-testid="pending"]')).toContain('1 unsaved');
    await page.keyboard.press('Tab');
    await landscaping.click();
    await page.keyboard.type('1500.50');
    expect(await landscaping.inputValue()).toBe('1500.50');
    expect(await page.isDisabled('[data-testid="save-budget"]')).toBe(false);
    await page.screenshot({ path: join(shots, 'budget-grid-typed-over.png') });
    // Typed back to the saved figure: nothing to save, and the cell shows it formatted once left.
    await page.keyboard.press('Tab');
    await landscaping.click();
    await page.keyboard.type('1500');
    await page.keyboard.press('Tab');
    expect(await landscaping.inputValue()).toBe('1,500.00');
    expect(await page.isVisible('[data-testid="pending"]')).toBe(false);
  });

  it('enters monthly actuals, which post reconciled entries shown on Transactions', async () => {
    await page.click('a[aria-label="Monthly Actuals"]');
    await page.waitForURL(/\/actuals/);
    await page.goto(`${app.url}/actuals?year=2026`);
    await expect.poll(() => page.textContent('[data-testid="cash-accounts"]')).toContain('1010');
    await cell('4010', 'Mar').click();
    await page.keyboard.type('11,950');
    await page.keyboard.press('Enter'); // down to 4020
    // Paste a block from a spreadsheet: 4020 and 5010 (two rows), one column.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', '280.00\n(0)\n');
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await cell('5010', 'Mar').fill('1,620.00');
    await cell('6010', 'Mar').fill('2400');
    await expect.poll(() => page.textContent('[data-testid="pending"]')).toContain('4 unsaved');
    await page.click('[data-testid="save-actuals"]');
    await expect.poll(() => page.textContent('body')).toMatch(/Actuals saved: Mar 2026/);
    await expect.poll(() => page.textContent('thead')).toContain('Posted');
    await page.screenshot({ path: join(shots, 'monthly-actuals.png') });

    const res = await app.gql(
      `{ journalEntries(filter: { source: MONTHLY_ACTUALS }) { edges { node { date reconciled total } } } }`,
      {},
      token,
    );
    const entries = res.body.data!.journalEntries.edges.map(
      (e: { node: { date: string; reconciled: boolean; total: string } }) => e.node,
    );
    expect(entries).toHaveLength(2); // operating and reserve
    expect(entries.every((e: { reconciled: boolean }) => e.reconciled)).toBe(true);
    expect(entries.every((e: { date: string }) => e.date === '2026-03-31')).toBe(true);

    await page.goto(`${app.url}/transactions`);
    await expect
      .poll(() => page.textContent('[data-testid="entries-table"]'))
      .toContain('Monthly actuals, Mar 2026');
    expect(await page.locator('[data-testid="entries-table"] .cv-badge--success').count()).toBe(2);
    expect(await page.textContent('[data-testid="entries-table"]')).toContain('Reconciled');
    await page.screenshot({ path: join(shots, 'actuals-transactions.png') });
  });

  it('opens Budget vs Actual for March and year to date', async () => {
    await page.click('a[aria-label="Budget vs Actual"]');
    await page.waitForURL(/\/reports\/budget-vs-actual/);
    await page.goto(`${app.url}/reports/budget-vs-actual?year=2026&period=month&month=3`);
    const row = (n: string) => page.locator(`[data-testid="bva-table"] tr[data-account="${n}"]`);
    await expect.poll(() => row('4010').textContent()).toContain('$11,950.00');
    expect(await row('4010').textContent()).toContain('$12,000.00');
    expect(await row('4010').textContent()).toContain('($50.00)');
    expect(await row('4010').locator('.bva__var--unfavorable').count()).toBeGreaterThan(0);
    expect(await row('5010').textContent()).toContain('$1,620.00');
    // No roof budget in March: the spending is unfavorable.
    expect(await row('6010').locator('.bva__var--unfavorable').count()).toBeGreaterThan(0);
    // The chart arrives with the route.
    await expect.poll(() => page.locator('.apexcharts-canvas').count()).toBe(1);
    await page.screenshot({ path: join(shots, 'budget-vs-actual.png'), fullPage: true });

    await page.goto(`${app.url}/reports/budget-vs-actual?year=2026&period=ytd&month=3`);
    await expect.poll(() => page.textContent('[data-total="t-income"]')).toContain('$36,900.00');
    // Landscaping: $4,500 budgeted through March, $1,620 spent.
    expect(await row('5010').locator('.bva__var--favorable').count()).toBeGreaterThan(0);
    const api = await app.gql(
      '{ budgetVsActual(year: 2026, month: 3, yearToDate: true) { totalIncome { budget actual } } }',
      {},
      token,
    );
    expect(api.body.data!.budgetVsActual.totalIncome).toEqual({
      budget: '36900.00',
      actual: '12230.00',
    });
    expect(errors).toEqual([]);
  });
});
