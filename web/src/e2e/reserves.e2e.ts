/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type DemoJourney,
  expectFitsViewport,
  expectQuietConsole,
  openDemoJourney,
} from './browser.js';

// The demo treasurer follows the dashboard's percent-funded tile to the Reserves page, imports a
// small reserve study from a spreadsheet (a bad file first: row errors, nothing written), and
// sees percent funded and the projection change — at a desk and on a phone. Figures on screen are
// compared with the API's own answers.
describe('browser journey: reserves', () => {
  let page: Page;
  let gql: DemoJourney['gql'];
  let errors: string[] = [];
  let shots: string;
  let close: DemoJourney['close'] | undefined;
  const money = (amount: string) =>
    amount.startsWith('-') ? `($${group(amount.slice(1))})` : `$${group(amount)}`;
  const group = (s: string) => {
    const [whole, frac = '00'] = s.split('.');
    return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0')}`;
  };
  const STUDY = `{ reserveStudy { percentFunded band reserveBalance totalFullyFunded componentsCount }
    reserveProjection { years { fiscalYear expenditures closing } assumptions { annualContribution } } }`;

  beforeAll(async () => {
    ({ page, gql, errors, shots, close } = await openDemoJourney({
      viewport: { width: 1440, height: 900 },
      downloads: true,
    }));
  });
  afterAll(() => close?.());
  afterEach(() => expectQuietConsole(errors));

  it('follows the percent-funded tile to the Reserves page, whose figures are the API’s', async () => {
    const before = await gql(STUDY);
    const tile = page.locator('[data-testid="reserves-tile"]');
    await expect.poll(() => tile.innerText()).toContain(`${before.reserveStudy.percentFunded} %`);
    expect(await tile.innerText()).toContain('Fair');
    await tile.locator('[data-testid="reserves-tile-figure"]').click();
    await page.waitForURL(/\/reserves$/);

    await expect
      .poll(() => page.textContent('[data-testid="percent-funded"]'))
      .toContain(`${before.reserveStudy.percentFunded} %`);
    expect(await page.textContent('[data-testid="percent-funded-band"]')).toBe('Fair');
    expect(await page.textContent('[data-testid="reserve-balance"]')).toBe(
      money(before.reserveStudy.reserveBalance),
    );
    expect(await page.textContent('[data-testid="total-fully-funded"]')).toBe(
      money(before.reserveStudy.totalFullyFunded),
    );
    await page.waitForSelector('[data-testid="projection-table"]');
    await page.waitForSelector('[data-testid="reserve-projection-chart"] svg');
    expect(await page.locator('[data-testid="projection-table"] tbody tr').count()).toBe(30);
    expect(await page.textContent('[data-testid="projection-contribution"]')).toContain(
      money(before.reserveProjection.assumptions.annualContribution),
    );
    // One header per column: component, category, life, next, cost, fully funded, actions.
    expect(await page.locator('[data-testid="reserves-table"] thead th').count()).toBe(7);
    await page.screenshot({ path: join(shots, 'reserves-desk.png') });
    await page.locator('#projection-title').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'reserves-projection.png') });
  });

  it('imports a reserve study CSV: a bad file changes nothing, a good one moves the figures', async () => {
    const before = await gql(STUDY);
    await page.click('[data-testid="import-reserves"]');
    // A header in CRLF over rows in LF, and a cost typed over two lines: each row stays its own,
    // and the cost is a problem of its row and column, never 1,004,050.00.
    const bad =
      'name,category,useful_life_years,remaining_life_years,current_replacement_cost\r\n' +
      'Tennis court resurfacing,courts,8,0,24000\n' +
      'Pool deck,other,20,5,"100\n4050"\n';
    await page.setInputFiles('[data-testid="reserves-file"]', {
      name: 'reserve-study.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(bad),
    });
    await page.click('[data-testid="start-reserves-import"]');
    await expect
      .poll(() => page.locator('[role="dialog"]').innerText())
      .toMatch(/Unknown category/);
    const errorRows = page.locator('[data-testid="import-errors"] tbody tr');
    expect(await errorRows.allInnerTexts()).toEqual([
      expect.stringMatching(/^2\s+category\s+Unknown category "courts"/),
      expect.stringMatching(
        /^3\s+current_replacement_cost\s+"100⏎4050" is not an amount: it holds a line break$/,
      ),
    ]);
    expect((await gql(STUDY)).reserveStudy.componentsCount).toBe(
      before.reserveStudy.componentsCount,
    );
    await page.screenshot({ path: join(shots, 'reserves-import-errors.png') });

    const good = [
      'name,category,quantity,unit,useful_life_years,remaining_life_years,placed_in_service_year,current_replacement_cost,reserve_account,notes',
      '# example: Clubhouse roof,roofing,42,squares,25,18,,48750.00,1510,',
      'Tennis court resurfacing,other,2,courts,8,0,,"24,000.00",1510,Color coat and crack repair',
      'Gatehouse siding,siding,1800,sq ft,30,,2001,36000,,',
    ].join('\r\n');
    await page.setInputFiles('[data-testid="reserves-file"]', {
      name: 'reserve-study.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(good),
    });
    await page.click('[data-testid="start-reserves-import"]');
    await page.waitForSelector('[role="dialog"]', { state: 'detached' });

    const after = await gql(STUDY);
    expect(after.reserveStudy.componentsCount).toBe(before.reserveStudy.componentsCount + 2);
    expect(after.reserveStudy.percentFunded).not.toBe(before.reserveStudy.percentFunded);
    // The tennis courts (remaining 0) are replaced in the first year of the projection.
    const first = (p: any) => BigInt(p.reserveProjection.years[0].expenditures.replace('.', ''));
    expect(first(after) - first(before)).toBe(2_400_000n);
    await expect
      .poll(() => page.textContent('[data-testid="percent-funded"]'))
      .toContain(`${after.reserveStudy.percentFunded} %`);
    const year = after.reserveProjection.years[0];
    await expect
      .poll(() => page.textContent(`[data-testid="projection-year-${year.fiscalYear}"]`))
      .toContain(money(year.closing));
    expect(await page.textContent('[data-testid="reserves-table"]')).toContain(
      'Tennis court resurfacing',
    );
  });

  it('tries a what-if contribution of nothing: years below zero are flagged in words', async () => {
    await page.fill('#assume-contribution', '0');
    await page.click('[data-testid="apply-assumptions"]');
    await expect
      .poll(() => page.textContent('[data-testid="projection-negative"]'))
      .toMatch(/Below zero in \d+ years?/);
    expect(
      await page.locator('[data-testid="projection-table"] .cv-badge--danger').count(),
    ).toBeGreaterThan(0);
    await page.locator('[data-testid="funding-goals"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'reserves-what-if.png') });
  });

  it('works on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.waitForSelector('[data-testid="percent-funded"]');
    await page.waitForSelector('[data-testid="projection-table"]');
    await expectFitsViewport(page, 'reserves on a phone');
    await page.screenshot({ path: join(shots, 'reserves-phone.png') });
    await page.locator('[data-testid="funding-goals"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'reserves-phone-projection.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
