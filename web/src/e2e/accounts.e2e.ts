import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import type { Organization } from '../../../api/src/platform/organizations/organizations.entity.js';
import type { User } from '../../../api/src/platform/users/users.entity.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../../api/src/test/factories.js';
import { expectQuietConsole, launchBrowser, watchConsole } from './browser.js';

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
});
