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

// The demo association's capital plan: the board of projects by fiscal year, a card dragged to
// Future and back with the mouse, then moved with the keyboard and the "Move to…" menu, each move
// persisted (a reload shows it); the table view and its printed board report — at a desk and on
// a phone.
describe('browser journey: capital projects', () => {
  let app: TestApp;
  let page: Page;
  let gql: DemoJourney['gql'];
  let errors: string[] = [];
  let shots: string;
  let close: DemoJourney['close'] | undefined;
  let fy: number;
  let paintingId: string;
  const PAINTING = 'Clubhouse exterior painting';
  const yearOf = async (id: string) =>
    (await gql('query ($id: ID!) { capitalProject(id: $id) { targetYear } }', { id }))
      .capitalProject.targetYear as number | null;
  // Every move persisted and the board refetched.
  const settled = () => page.locator('[data-testid="capital-board"][aria-busy="false"]').waitFor();
  const card = (name: string) => page.locator(`[data-testid="project-card-${name}"]`);
  const inColumn = (col: string | number, name: string) =>
    page.locator(`[data-testid="board-column-${col}"] [data-testid="project-card-${name}"]`);

  // A real pointer drag: press on the card, move in small steps (SortableJS starts a drag only
  // after the pointer has moved), release over the target column's list.
  async function drag(name: string, column: string | number): Promise<void> {
    const from = (await card(name).boundingBox())!;
    const list = page.locator(`[data-testid="board-column-${column}"] .capital-board__list`);
    const to = (await list.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + 12);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 5, from.y + 16, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height - 8, { steps: 20 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height - 4, { steps: 3 });
    await page.mouse.up();
  }

  beforeAll(async () => {
    ({ app, page, gql, errors, shots, close } = await openDemoJourney({
      viewport: { width: 1440, height: 900 },
    }));
    const { capitalPlan, capitalProjects } = await gql(
      '{ capitalPlan { currentFiscalYear } capitalProjects { id name actualCost status } }',
    );
    fy = capitalPlan.currentFiscalYear;
    paintingId = capitalProjects.find((p: any) => p.name === PAINTING).id;
    // The demo: a dozen projects; the done clubhouse roof costs what its linked entry paid.
    expect(capitalProjects.length).toBeGreaterThanOrEqual(12);
    expect(capitalProjects.find((p: any) => p.name === 'Clubhouse roof replacement')).toMatchObject(
      { status: 'DONE', actualCost: '48750.00' },
    );
  });
  afterAll(() => close?.());
  afterEach(() => expectQuietConsole(errors));

  it('shows the board, and a card dragged to Future and back with the mouse stays there', async () => {
    await page.locator('[data-testid="capital-projects-tile"]').waitFor();
    await page.goto(`${app.url}/capital-projects`);
    await inColumn(fy, PAINTING).waitFor();
    await expect.poll(() => page.locator('[data-testid="board-column-future"]').count()).toBe(1);
    await page.screenshot({ path: join(shots, 'capital-board-1440.png'), fullPage: true });

    await drag(PAINTING, 'future');
    await inColumn('future', PAINTING).waitFor();
    await expect.poll(() => yearOf(paintingId)).toBeNull();
    await page.reload();
    await inColumn('future', PAINTING).waitFor();

    await drag(PAINTING, fy);
    await inColumn(fy, PAINTING).waitFor();
    await expect.poll(() => yearOf(paintingId)).toBe(fy);
    await settled();
  });

  it('moves a card with the keyboard and the Move to… menu, announced and persisted', async () => {
    await card(PAINTING).focus();
    await page.keyboard.press('Alt+ArrowRight');
    await inColumn(fy + 1, PAINTING).waitFor();
    await expect
      .poll(() => page.locator('[data-testid="board-announcer"]').innerText())
      .toContain(`${PAINTING} moved to FY ${fy + 1}`);
    await expect.poll(() => yearOf(paintingId)).toBe(fy + 1);
    await settled();
    // Focus stays on the card: the next key moves it again.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain(PAINTING);
    await page.keyboard.press('Alt+ArrowLeft');
    await inColumn(fy, PAINTING).waitFor();
    await expect.poll(() => yearOf(paintingId)).toBe(fy);
    await settled();

    // The menu: to Future, reload, and back to this year.
    await card(PAINTING).locator('[data-testid="move-menu"]').click();
    await page.screenshot({ path: join(shots, 'capital-move-menu-1440.png') });
    await page.getByRole('menuitem', { name: 'Move to Future' }).click();
    await expect.poll(() => yearOf(paintingId)).toBeNull();
    await settled();
    await page.reload();
    await inColumn('future', PAINTING).waitFor();
    await card(PAINTING).locator('[data-testid="move-menu"]').click();
    await page.getByRole('menuitem', { name: `Move to FY ${fy}` }).click();
    await expect.poll(() => yearOf(paintingId)).toBe(fy);
    await page.reload();
    await inColumn(fy, PAINTING).waitFor();
  });

  it('opens a project with its linked entries', async () => {
    await page.click('[data-testid="view-toggle"] >> text=Table');
    await page.waitForURL(/view=table/);
    await page.getByRole('button', { name: 'Clubhouse roof replacement' }).click();
    const drawer = page.locator('[data-testid="project-drawer"]');
    await expect
      .poll(() => drawer.locator('[data-testid="project-actual-cost"]').innerText())
      .toContain('$48,750.00');
    await expect.poll(() => drawer.locator('[data-testid="linked-entries"] li').count()).toBe(1);
    await page.screenshot({ path: join(shots, 'capital-drawer-1440.png') });
    await page.keyboard.press('Escape');
  });

  it('prints the table as a board report with totals and pages', async () => {
    await page.locator('[data-testid="capital-table"]').waitFor();
    await page.getByRole('columnheader', { name: 'Estimated' }).click();
    await page.screenshot({ path: join(shots, 'capital-table-1440.png'), fullPage: true });

    const { capitalProjects } = await gql('{ capitalProjects { estimatedCost } }');
    const cents = capitalProjects.reduce(
      (s: bigint, p: any) => s + BigInt(p.estimatedCost.replace('.', '')),
      0n,
    );
    const dollars = `$${(cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(cents % 100n).padStart(2, '0')}`;

    await page.emulateMedia({ media: 'print' });
    const report = page.locator('[data-testid="capital-report"]');
    await expect.poll(() => report.isVisible()).toBe(true);
    expect(await page.locator('[data-testid="capital-table"]').isVisible()).toBe(false);
    expect(await page.locator('.report-print-header').innerText()).toContain(
      'Capital Projects Plan',
    );
    expect(await page.locator('[data-testid="report-grand-total"]').innerText()).toBe(dollars);
    await page.screenshot({ path: join(shots, 'capital-print.png'), fullPage: true });
    const pdf = await page.pdf({ format: 'Letter' });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(1);
    await page.emulateMedia({ media: 'screen' });
  });

  it('works on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/capital-projects`);
    await inColumn(fy, PAINTING).waitFor();
    await expectFitsViewport(page, 'capital board on a phone');
    await page.screenshot({ path: join(shots, 'capital-board-390.png'), fullPage: true });
    await page.goto(`${app.url}/capital-projects?view=table`);
    await page.locator('[data-testid="capital-table"]').waitFor();
    await expectFitsViewport(page, 'capital table on a phone');
    await page.screenshot({ path: join(shots, 'capital-table-390.png'), fullPage: true });
  });
});
