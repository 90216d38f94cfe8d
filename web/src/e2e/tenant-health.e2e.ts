import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../api/src/core/roles.js';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { createOrg, createUser, TEST_PASSWORD } from '../../../api/src/test/factories.js';
import { expectFitsViewport, expectQuietConsole, launchBrowser, watchConsole } from './browser.js';

// A super admin reads every organization's health: the table, a row's inputs and the formula,
// from the sidebar's Admin › Tenant Health; on a desk and on a phone.
describe('browser journey: tenant health', () => {
  let app: TestApp;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const adminEmail = 'health@platform.test';
  const shots = join(REPO_ROOT, 'test-results');

  beforeAll(async () => {
    app = await startTestApp({ serveWeb: true });
    const org = await createOrg(app.services, 'Birch Hollow HOA');
    await createUser(app.services, { memberships: [{ org, role: Role.ADMIN }] });
    await createUser(app.services, { email: adminEmail, isSuperadmin: true });
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser();
    ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await ctx.newPage();
    watchConsole(page, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  it("lists the organization's score, opens its inputs and shows the formula", async () => {
    await page.goto(`${app.url}/login`);
    await page.fill('#login-email', adminEmail);
    await page.fill('#login-password', TEST_PASSWORD);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/admin$/);
    await page.click('a.nav-item[aria-label="Tenant Health"]');
    await page.waitForURL(/\/admin\/health$/);
    const row = page.locator('[data-testid="health-table"] tbody tr', {
      hasText: 'Birch Hollow HOA',
    });
    // One active member (of 5 in full) and nothing else: 15 × 20 / 100 = 3.
    await expect.poll(() => row.locator('[data-testid="health-score"]').textContent()).toBe('3');
    expect(await row.locator('[data-testid="health-grade"]').textContent()).toBe('At risk');
    await row.locator('[data-testid="health-sparkline"]').waitFor();
    await row.click();
    const members = page.locator('[data-testid="health-input-members"]');
    await members.waitFor();
    expect(await members.textContent()).toContain('Active members: 1');
    expect(await page.textContent('[data-testid="health-formula"]')).toContain(
      'Score = round(Σ weight × sub-score ÷ 100)',
    );
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'tenant-health-desk.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('[data-testid="health-table"]').waitFor();
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'tenant-health-phone.png'), fullPage: true });
  });
});
