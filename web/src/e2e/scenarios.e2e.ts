/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
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

// The board of the demo association plans: it opens What-if Scenarios (the demo's two saved
// scenarios are compared with today's books), builds two scenarios of its own in the dialog (dues
// up from a month; a 24-month CD), compares just those two beside today's books and reads different
// figures in the table and the chart — at a desk and on a phone.
describe('browser journey: what-if scenarios', () => {
  let app: TestApp;
  let page: Page;
  let gql: DemoJourney['gql'];
  let errors: string[] = [];
  let shots: string;
  let close: DemoJourney['close'] | undefined;
  const DUES = 'Board: dues +6 %';
  const CD = 'Board: 24-month CD';

  const chip = (name: string) =>
    page.locator('[data-testid="scenario-chip"]', { hasText: name }).first();
  const table = () => page.locator('[data-testid="scenario-table"]');
  const headers = async () =>
    (await table().locator('thead th.cv-num').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  // The figures of the table's n-th value column (0: today's books), top to bottom.
  const column = (n: number) =>
    table()
      .locator(`tbody tr:not(.sc-table__year) td:nth-of-type(${n + 1})`)
      .allInnerTexts();

  beforeAll(async () => {
    ({ app, page, gql, errors, shots, close } = await openDemoJourney({
      viewport: { width: 1440, height: 900 },
    }));
    const { scenarios } = await gql('{ scenarios { name } }');
    expect(scenarios.map((s: any) => s.name).sort()).toEqual([
      'Delay the pool resurfacing a year + 12-month CD',
      'Dues +4 % next fiscal year',
    ]);
  });
  afterAll(() => close?.());
  afterEach(() => expectQuietConsole(errors));

  it("opens with the demo's scenarios compared to today's books", async () => {
    await page.goto(`${app.url}/planning/scenarios`);
    await table().waitFor();
    await expect.poll(() => page.locator('[data-testid="scenario-chip"]').count()).toBe(2);
    expect(await headers()).toEqual([
      "Today's books",
      'Delay the pool resurfacing a year + 12-month CD',
      'Dues +4 % next fiscal year',
    ]);
    await page.locator('[data-testid="scenario-chart"] svg').waitFor();
    expect(await page.title()).toContain('What-if Scenarios');
    await page.screenshot({ path: join(shots, 'scenarios-1440.png'), fullPage: true });
  });

  it('builds two scenarios in the dialog', async () => {
    // Dues +6 % from the first projected month.
    await page.click('[data-testid="new-scenario"]');
    await page.fill('[data-testid="scenario-name"]', DUES);
    await page.click('[data-testid="add-assessment-change"]');
    await page.fill('[data-testid="assessment-change-percent"]', '6');
    await page.screenshot({ path: join(shots, 'scenario-dialog-1440.png') });
    await page.click('[data-testid="scenario-submit"]');
    await chip(DUES).waitFor();

    // A 24-month CD of 25,000.00 from the reserve fund.
    await page.click('[data-testid="new-scenario"]');
    await page.fill('[data-testid="scenario-name"]', CD);
    await page.click('[data-testid="add-planned-investment"]');
    const row = page.locator('[data-testid="planned-investment-row"]');
    await row.locator('[data-testid="planned-institution"]').fill('Summit National Bank');
    await row.getByLabel('Amount').fill('25000');
    await row.getByLabel('Term (months)').fill('24');
    await row.getByLabel('APY (%)').fill('4.5');
    await page.click('[data-testid="scenario-submit"]');
    await chip(CD).waitFor();

    const { scenarios } = await gql(
      '{ scenarios { name assumptions { assessmentChanges { percent } plannedInvestments { amount termMonths apy } } } }',
    );
    const saved = (name: string) => scenarios.find((s: any) => s.name === name).assumptions;
    expect(saved(DUES).assessmentChanges).toEqual([{ percent: '6' }]);
    expect(saved(CD).plannedInvestments).toEqual([
      { amount: '25000.00', termMonths: 24, apy: '4.5' },
    ]);
  });

  it('compares the two side by side with different figures', async () => {
    // Only the two new ones beside today's books.
    for (const name of ['Delay the pool', 'Dues +4 %']) {
      const box = chip(name).locator('input[type="checkbox"]');
      if (await box.isChecked()) await box.click();
    }
    await expect.poll(headers).toEqual(["Today's books", DUES, CD]);
    const base = await column(0);
    const dues = await column(1);
    const cd = await column(2);
    expect(base.length).toBeGreaterThan(10);
    expect(cd).not.toEqual(dues);
    expect(dues).not.toEqual(base);
    // Dues up: every operating year end is higher than today's books (the ▲ difference shown).
    expect(dues.some((t) => t.includes('▲'))).toBe(true);
    await page.click('[data-testid="scenario-fund"] >> text=Operating');
    await expect
      .poll(() => page.locator('[data-testid="scenario-chart"]').getAttribute('aria-label'))
      .toContain('Operating');
    expect(
      await page.locator('[data-testid="scenario-fund"] [aria-pressed="true"]').innerText(),
    ).toBe('Operating');
    // The toggle eases into its new look: let it settle before the picture.
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(shots, 'scenarios-compare-1440.png'), fullPage: true });
  });

  it('works on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await table().waitFor();
    await expectFitsViewport(page, 'scenarios on a phone');
    await page.screenshot({ path: join(shots, 'scenarios-390.png'), fullPage: true });
    await table().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'scenarios-table-390.png') });
    // A planned investment is bought for real from the page: the dialog, then a link to it.
    await page.locator('[data-testid="execute-investment"]').first().scrollIntoViewIfNeeded();
    await page.locator('[data-testid="execute-investment"]').first().click();
    await page.locator('[data-testid="execute-investment-submit"]').waitFor();
    await page.waitForTimeout(400); // the dialog's opening animation, for the picture
    await page.screenshot({ path: join(shots, 'scenario-execute-390.png') });
    await page.click('[data-testid="execute-investment-submit"]');
    await page.locator('[data-testid="executed-investment-link"]').first().waitFor();
    const { investments } = await gql(
      '{ investments(filter: { status: ACTIVE }) { institution principal } }',
    );
    expect(investments).toContainEqual({
      institution: 'Summit National Bank',
      principal: '25000.00',
    });
    await expectFitsViewport(page, 'scenarios after buying on a phone');
    await page.click('[data-testid="new-scenario"]');
    await page.click('[data-testid="add-planned-investment"]');
    await page.screenshot({ path: join(shots, 'scenario-dialog-390.png') });
  });
});
