import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../api/src/paths.js';
import type { TestApp } from '../../../api/src/test/app.js';
import { type DemoJourney, expectQuietConsole, openDemoJourney } from './browser.js';

// The demo books on a phone (390×844): every main list keeps its amount column on screen (the
// other columns give way), and neither the page nor its scroll area moves sideways.
describe('browser journey: tables on a phone', () => {
  let app: TestApp;
  let page: Page;
  let errors: string[] = [];
  let close: DemoJourney['close'] | undefined;

  beforeAll(async () => {
    ({ app, page, errors, close } = await openDemoJourney({
      viewport: { width: 390, height: 844 },
    }));
  });
  afterAll(() => close?.());
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
