import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type DemoJourney,
  expectFitsViewport,
  expectQuietConsole,
  openDemoJourney,
} from './browser.js';

// Maple Ridge's treasurer opens a unit's monthly statements from its page, downloads last month's
// PDF (read as text and as an image), on a desk and on a phone, and turns on the monthly email of
// owners' statements on the Automation page.
describe('browser journey: owner statements', () => {
  let j: DemoJourney;
  let unit: { id: string; number: string };
  let lastMonth: string;

  beforeAll(async () => {
    j = await openDemoJourney({ viewport: { width: 1440, height: 900 }, downloads: true });
    const units = await j.gql('{ units(first: 20) { edges { node { id number } } } }');
    // A unit with a few months of history.
    for (const e of units.units.edges) {
      const months = (
        await j.gql('query ($u: ID!) { ownerStatements(unitId: $u) { month } }', { u: e.node.id })
      ).ownerStatements;
      if (months.length >= 3) {
        unit = e.node;
        lastMonth = months[1].month;
        break;
      }
    }
    expect(unit).toBeDefined();
  });
  afterAll(() => j?.close());
  afterEach(() => expectQuietConsole(j.errors));

  const settled = (page: Page) =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );

  it("lists a unit's months and downloads last month's statement, on a desk and a phone", async () => {
    const { page, shots, app } = j;
    await page.goto(`${app.url}/units/${unit.id}`);
    await page.click('[data-testid="unit-statements"]');
    const rows = page.locator('[data-testid="unit-statements-table"] tbody tr');
    await rows.first().waitFor();
    expect(await rows.first().textContent()).toContain('(to date)');
    await settled(page);
    await page.screenshot({ path: join(shots, 'owner-statements-unit-desk.png') });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click(`[data-testid="unit-statement-pdf-${lastMonth}"]`),
    ]);
    expect(download.suggestedFilename()).toBe(
      `statement-${unit.number.replace(/[^A-Za-z0-9-]+/g, '-')}-${lastMonth}.pdf`,
    );
    const file = join(shots, 'owner-statement-desk.pdf');
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Maple Ridge HOA');
    expect(text).toContain(`Unit ${unit.number}`);
    expect(text).toContain('Amount enclosed');
    execFileSync('pdftoppm', [
      '-r',
      '90',
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      file,
      join(shots, 'owner-statement'),
    ]);

    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('[data-testid="unit-statements"]').waitFor();
    await expectFitsViewport(page);
    await page.click('[data-testid="unit-statements"]');
    await rows.first().waitFor();
    // On a phone: the month, its closing balance and the PDF, inside the screen.
    const pdf = page.locator(`[data-testid="unit-statement-pdf-${lastMonth}"]`);
    const box = (await pdf.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await settled(page);
    await page.screenshot({ path: join(shots, 'owner-statements-unit-phone.png') });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('turns on the monthly email of owner statements on the Automation page', async () => {
    const { page, shots, gql } = j;
    await page.click('a.nav-item[aria-label="Automation"]');
    await page.waitForURL(/\/automation$/);
    const row = page.locator('[data-testid="automation-row-ownerStatements"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('Off');
    await page.click('#automation-ownerStatements');
    await page.click('[data-testid="automation-save"]');
    await page.locator('.p-toast-message', { hasText: 'Schedule saved' }).first().waitFor();
    await expect
      .poll(() => page.textContent('[data-testid="automation-next-ownerStatements"]'))
      .toMatch(/Next run: \w{3} 1, \d{4} · \w{3} \d{4} statements/);
    expect((await gql('{ automation { ownerStatements } }')).automation.ownerStatements).toBe(true);
    await expectFitsViewport(page);
    await row.scrollIntoViewIfNeeded();
    await settled(page);
    await row.screenshot({ path: join(shots, 'owner-statements-automation-desk.png') });

    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsViewport(page);
    await row.scrollIntoViewIfNeeded();
    await settled(page);
    await page.screenshot({ path: join(shots, 'owner-statements-automation-phone.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
