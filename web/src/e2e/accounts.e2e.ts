import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import type { Organization } from '../../../api/src/platform/organizations/organizations.entity.js';
import type { User } from '../../../api/src/platform/users/users.entity.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../../api/src/test/factories.js';
import {
  expectFitsViewport,
  expectQuietConsole,
  launchBrowser,
  recordFailedResponse,
  watchConsole,
} from './browser.js';

// The journey a treasurer takes on day one, against the real API serving the built app on one
// origin (production headers and CSP included): sign in, open Accounts, add an account, see it.
describe('browser journey: accounts', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let email: string;
  let user: User;
  let org: Organization;
  const shots = join(REPO_ROOT, 'test-results');
  const errors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(REPO_ROOT, 'web/dist/index.html'))) {
      throw new Error('web/dist is missing: run `npm run build -w web` (npm test does)');
    }
    app = await startTestApp({ serveWeb: true });
    org = await createOrg(app.services, 'Willow Creek HOA');
    const other = await createOrg(app.services, 'Other Association');
    user = await createUser(app.services, {
      email: 'treasurer@willow-creek.test',
      memberships: [{ org }],
    });
    await createUser(app.services, { memberships: [{ org: other }] });
    email = user.email;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    watchConsole(page, errors);
    mkdirSync(shots, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  it('signs in, opens Accounts, creates an account and sees it listed', async () => {
    await page.goto(`${app.url}/`);
    await page.waitForURL(/\/login/);

    await page.fill('#login-email', email);
    await page.fill('#login-password', 'wrong password');
    await page.click('[data-testid="login-submit"]');
    await expect
      .poll(() => page.textContent('[data-testid="login-error"]'))
      .toContain('Invalid email or password');
    // The browser logs the refused login's HTTP 401 itself (and nothing else); from here on, none.
    expect(errors.splice(0)).toEqual([expect.stringMatching(/401/)]);

    // Password managers read `autocomplete` on the input itself, not on PrimeVue's wrapper.
    expect(await page.getAttribute('input#login-password', 'autocomplete')).toBe(
      'current-password',
    );
    await page.fill('#login-password', TEST_PASSWORD);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.textContent('[data-testid="org-name"]')).toBe('Willow Creek HOA');

    // Keyboard: the first Tab stop skips to the page; "Soon" entries are never Tab stops.
    // A fresh load (the session resumes from the refresh cookie) starts Tab at the top.
    await page.reload();
    await expect.poll(() => page.textContent('[data-testid="org-name"]')).toBe('Willow Creek HOA');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
      'Skip to content',
    );
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const soon = await page.evaluate(
        () => !!document.activeElement?.closest('.nav-item--disabled'),
      );
      expect(soon).toBe(false);
    }
    await page.focus('[data-testid="skip-link"]');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // An association with empty books is welcomed, not shown $0 figures.
    await expect.poll(() => page.textContent('body')).toContain('Welcome to your association');
    await page.click('a[aria-label="Accounts"]');
    await page.waitForURL(/\/accounts$/);
    await expect.poll(() => page.textContent('body')).toContain('No accounts yet');
    const nav = await page.textContent('nav');
    for (const section of ['Financials', 'Assessments', 'Transactions', 'Planning', 'Reports']) {
      expect(nav?.toLowerCase()).toContain(section.toLowerCase());
    }
    expect(nav?.toLowerCase()).not.toContain('admin');

    await page.click('[data-testid="new-account"]');
    await page.fill('#account-number', '1010');
    await page.fill('#account-name', 'Operating Checking');
    await page.click('#account-type');
    await page.getByRole('option', { name: 'Asset' }).click();
    await page.click('#account-fund');
    await page.getByRole('option', { name: 'Operating' }).click();
    await page.click('[data-testid="create-account-submit"]');

    await expect
      .poll(() => page.textContent('[data-testid="accounts-table"]'))
      .toContain('Operating Checking');
    await expect
      .poll(() => page.textContent('body'))
      .toContain('Account 1010 Operating Checking created');
    await page.waitForSelector('[role="dialog"]', { state: 'detached' });
    await page.screenshot({ path: join(shots, 'accounts-journey.png') });

    // What the page shows is what the database holds, and only for this association.
    // The access token lives in memory only: nothing of it in the browser's storage.
    const stored = await page.evaluate(() =>
      JSON.stringify({ ...sessionStorage, ...localStorage }),
    );
    expect(stored).not.toMatch(/eyJ/);
    const res = await app.gql(
      '{ accounts { number name fundType } }',
      {},
      tokenFor(app.services, user, org),
    );
    expect(res.body.data!.accounts).toEqual([
      { number: '1010', name: 'Operating Checking', fundType: 'OPERATING' },
    ]);
    // The page never shows where the tenant lives.
    expect(await page.content()).not.toMatch(/cvt_|_t_[0-9a-f]{8}/);
    expect(errors).toEqual([]);
  });

  it('brings a chart of accounts from another program: refused row by row, then imported whole', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url}/accounts`);
    await page.waitForSelector('[data-testid="accounts-table"]');
    await page.click('[data-testid="import-accounts"]');
    await page.waitForSelector('[role="dialog"]');

    // The template: the columns and example rows that are never imported.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('[data-testid="download-accounts-template"]'),
    ]);
    // Saved with a byte-order mark, so spreadsheets read it as UTF-8.
    const template = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    expect(template.split(/\r?\n/)[0]).toBe(
      'number,name,type,fund,opening_balance,opening_date,description',
    );

    // An export from another program, with two rows Covenant refuses.
    const file = (rows: string[]) => ({
      name: 'chart-of-accounts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        ['Account #,Full name,Type,Fund,Balance,Opening date', ...rows].join('\n'),
      ),
    });
    const rows = [
      '1000,Operating Money Market,Bank,,"15,000.00",2026-01-01',
      '1010,Checking again,Bank,,,',
      '1100,Assessments Receivable,Accounts receivable (A/R),,"3,200.00",2026-01-01',
      '1510,Reserve Savings,Bank,Reserve,"120,000.00",2026-01-01',
      '4000,Dues,Income,,,',
      '5000,Grounds,Expense,,,',
      '6500,Reserve Projects,Expense,Reserve,,',
    ];
    await page.setInputFiles('[data-testid="accounts-file"]', file(rows));
    await page.click('[data-testid="start-accounts-import"]');
    await page.waitForSelector('[data-testid="import-errors"]');
    const refused = (await page.textContent('[data-testid="import-errors"]'))!.replace(/\s+/g, ' ');
    expect(refused).toContain('Account number 1010 already exists');
    expect(refused).toContain('Assessments Receivable is kept by invoices and payments');
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'accounts-import-errors-1440.png') });

    // Nothing was written; the file fixed, it goes in whole.
    const numbers = async () =>
      (
        await app.gql('{ accounts { number } }', {}, tokenFor(app.services, user, org))
      ).body.data!.accounts.map((a: { number: string }) => a.number);
    expect(await numbers()).toEqual(['1010']);
    await page.setInputFiles(
      '[data-testid="accounts-file"]',
      file(rows.filter((r) => !/^1010|^1100/.test(r))),
    );
    await page.click('[data-testid="start-accounts-import"]');
    await page.waitForSelector('[role="dialog"]', { state: 'detached' });
    await expect.poll(() => page.textContent('body')).toContain('5 accounts imported');
    await expect
      .poll(() => page.textContent('[data-testid="accounts-table"]'))
      .toContain('Reserve Projects');
    expect(await numbers()).toEqual([
      '1000',
      '1010',
      '1510',
      '3900',
      '3910',
      '4000',
      '5000',
      '6500',
    ]);
    await page.screenshot({ path: join(shots, 'accounts-imported-1440.png') });

    // On a phone: the dialog fits.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click('[data-testid="import-accounts"]');
    await page.waitForSelector('[role="dialog"]');
    // Shot once the dialog has finished opening.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running'),
    );
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'accounts-import-390.png') });
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role="dialog"]', { state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('starts a new association on the standard chart in the setup wizard', async () => {
    const birch = await createOrg(app.services, 'Birch Hollow HOA');
    const treasurer = await createUser(app.services, {
      email: 'treasurer@birch-hollow.test',
      memberships: [{ org: birch }],
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const wizard = await context.newPage();
    watchConsole(wizard, errors);
    wizard.on('response', (r) => recordFailedResponse(r, errors));
    await wizard.goto(`${app.url}/login`);
    await wizard.fill('#login-email', treasurer.email);
    await wizard.fill('#login-password', TEST_PASSWORD);
    await wizard.click('[data-testid="login-submit"]');
    await wizard.waitForURL(/\/dashboard$/);
    await wizard.goto(`${app.url}/setup`);

    // A new association's chart is empty: the step offers the standard chart and an import.
    await wizard.waitForSelector('[data-testid="starting-chart"]');
    await wizard.click('[data-testid="standard-chart-preview"] summary');
    await expect
      .poll(() => wizard.textContent('[data-testid="standard-chart-preview"]'))
      .toContain('5900Transfer to Reserves');
    await expectFitsViewport(wizard);
    await wizard.screenshot({ path: join(shots, 'setup-chart-offer-1440.png'), fullPage: true });
    await wizard.click('[data-testid="use-standard-chart"]');
    await wizard.waitForSelector('[data-testid="chart-done"]');
    await expect
      .poll(() => wizard.textContent('body'))
      .toMatch(/Standard chart added: \d+ accounts/);

    // Its 1010 Operating Checking takes the statement's balance.
    await wizard.waitForSelector('[data-testid="bank-existing"]');
    expect(await wizard.textContent('[data-testid="bank-existing"]')).toContain('1010');
    expect(await wizard.inputValue('#bank-name')).toBe('Operating Checking');
    await wizard.fill('#bank-balance', '48,250.00');
    await wizard.screenshot({ path: join(shots, 'setup-chart-bank-1440.png'), fullPage: true });
    await wizard.click('[data-testid="bank-submit"]');
    await wizard.waitForSelector('[data-testid="bank-done"]');
    expect(await wizard.textContent('[data-testid="bank-done"]')).toContain('$48,250.00');

    const token = tokenFor(app.services, treasurer, birch);
    type Numbered = { id: string; number: string; balance: string };
    const books = (
      await app.gql(
        `{ standardChartOfAccounts { number } accounts { id number }
           accountBalances { number balance } receivablesSettings { receivableAccountId } }`,
        {},
        token,
      )
    ).body.data as {
      standardChartOfAccounts: Numbered[];
      accounts: Numbered[];
      accountBalances: Numbered[];
      receivablesSettings: { receivableAccountId: string };
    };
    const template = books.standardChartOfAccounts.map((a) => a.number).sort();
    // The standard chart, and the opening balance equity its bank balance was entered against.
    expect(books.accounts.map((a) => a.number)).toEqual([...template, '3900'].sort());
    expect(books.accountBalances.find((b) => b.number === '1010')?.balance).toBe('48250.00');
    const receivable = books.accounts.find(
      (a) => a.id === books.receivablesSettings.receivableAccountId,
    );
    expect(receivable?.number).toBe('1100');

    // On to step 2, and back on a phone: the chart step fits.
    await wizard.click('[data-testid="setup-continue"]:visible');
    await wizard.setViewportSize({ width: 390, height: 844 });
    await wizard.click('[data-testid="setup-step-1"] button');
    await wizard.waitForSelector('[data-testid="chart-done"]');
    await expectFitsViewport(wizard);
    await wizard.screenshot({ path: join(shots, 'setup-chart-390.png'), fullPage: true });
    await context.close();
  });
});
