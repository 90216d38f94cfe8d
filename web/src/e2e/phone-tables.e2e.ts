import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { expectQuietConsole, launchBrowser, watchConsole } from './browser.js';

// The demo books on a phone (390×844): every main list keeps its amount column on screen (the
// other columns give way), and neither the page nor its scroll area moves sideways.
describe('browser journey: tables on a phone', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(REPO_ROOT, 'web/dist/index.html'))) throw new Error('web/dist is missing');
    app = await startTestApp({ serveWeb: true, seedOwner: true, seedDemo: true });
    const maple = app.demo!.find((d) => d.organization === 'Maple Ridge HOA')!;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    watchConsole(page, errors);
    await page.goto(`${app.url}/login`);
    await page.fill('#login-email', maple.email);
    await page.fill('#login-password', maple.password);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/dashboard$/);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  it.each([
    ['/transactions', 'entries-table', 'Amount'],
    ['/invoices', 'invoices-table', 'Balance'],
    ['/payments', 'payments-table', 'Amount'],
    ['/units', 'units-table', 'Balance due'],
    ['/vendors', 'vendors-table', 'Spend'],
  ])('%s keeps its %s amounts on screen', async (path, table, header) => {
    await page.goto(`${app.url}${path}`);
    const rows = page.locator(`[data-testid="${table}"] tbody tr`);
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const th = page.locator(`[data-testid="${table}"] thead th`, { hasText: header }).first();
    const box = await th.boundingBox();
    expect(box, `${header} header`).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const widths = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      return {
        doc: document.documentElement.scrollWidth,
        main: main.scrollWidth - main.clientWidth,
        inner: window.innerWidth,
      };
    });
    expect(widths.doc).toBeLessThanOrEqual(widths.inner);
    expect(widths.main).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(REPO_ROOT, 'test-results', `phone-${table}.png`) });
  });

  it('pins the aging report’s unit column while the buckets scroll to Total owed inside the table', async () => {
    await page.goto(`${app.url}/reports/aging`);
    const frame = page.locator('[data-testid="aging-table"] .p-datatable-table-container');
    await expect.poll(() => frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const unit = page.locator('[data-testid="aging-table"] tbody tr td').first();
    const before = (await unit.boundingBox())!.x;
    const total = page.locator('[data-testid="aging-table"] thead th', { hasText: 'Total owed' });
    await total.scrollIntoViewIfNeeded();
    const box = (await total.boundingBox())!;
    expect(box.x).toBeGreaterThan(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect((await unit.boundingBox())!.x).toBe(before);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
