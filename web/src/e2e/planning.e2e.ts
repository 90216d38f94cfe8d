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

// The treasurer of the demo association opens AI Investment Planning from the sidebar, asks for
// recommendations and waits for them (no AI provider in tests: the page says the words are the
// planner's own), finds the request in the recommendation log with the figures it used, puts a
// recommended investment on the plan, edits the rate table, and on the Investments page buys one
// draft and discards another — at a desk and on a phone.
describe('browser journey: AI investment planning', () => {
  let app: TestApp;
  let page: Page;
  let gql: DemoJourney['gql'];
  let errors: string[] = [];
  let shots: string;
  let close: DemoJourney['close'] | undefined;
  let before: string[];
  let recId: string;

  const LOG = '{ aiRecommendations(limit: 200) { id status narrativeSource provider } }';
  /** The whole page, not only its first screen: main (the scroll area) let out for the shot. */
  async function shoot(name: string): Promise<void> {
    const style = await page.addStyleTag({
      content: '.app-layout { height: auto !important } #main { overflow: visible !important }',
    });
    await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
    await style.evaluate((el) => (el as Element).remove());
  }
  /** A side panel slid all the way in (its right edge at the screen's). */
  async function drawerIn(): Promise<void> {
    const panel = page.locator('.p-drawer');
    const width = page.viewportSize()!.width;
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box ? Math.round(box.x + box.width) : -1;
      })
      .toBe(width);
  }
  /** Dialogs and panels done opening (no animation running), for a screenshot that shows them. */
  const stillScreen = () =>
    expect
      .poll(() =>
        page.evaluate(
          () => document.getAnimations().filter((a) => a.playState === 'running').length,
        ),
      )
      .toBe(0);
  const drafts = async () =>
    (await gql('{ plannedInvestments { id amount recommendationId institution } }'))
      .plannedInvestments as any[];

  beforeAll(async () => {
    ({ app, page, gql, errors, shots, close } = await openDemoJourney({
      viewport: { width: 1440, height: 900 },
    }));
    // The demo may come with requests in the log already; the journey tells its own apart.
    before = (await gql(LOG)).aiRecommendations.map((r: any) => r.id);
  });
  afterAll(() => close?.());
  afterEach(() => expectQuietConsole(errors));

  it("asks for recommendations from the sidebar and says they are the planner's words", async () => {
    await page
      .locator('aside.sidebar')
      .getByRole('link', { name: 'AI Investment Planning' })
      .click();
    await page.waitForURL(/\/planning$/);
    await expect.poll(() => page.locator('main h1').innerText()).toBe('AI Investment Planning');
    // Today's fund health is there before any request, with its formula.
    await page.locator('[data-testid="fund-health-OPERATING"]').waitFor();
    await page.locator('[data-testid="fund-health-RESERVE"]').waitFor();
    expect(await page.locator('[data-testid="rates-note"]').innerText()).toContain(
      'There is no live market feed',
    );

    await page.click('[data-testid="get-recommendations"]');
    await expect
      .poll(async () => {
        const log = (await gql(LOG)).aiRecommendations as any[];
        return log.find((r) => !before.includes(r.id))?.status ?? 'none';
      })
      .toBe('DONE');
    const log = (await gql(LOG)).aiRecommendations as any[];
    const mine = log.find((r) => !before.includes(r.id));
    recId = mine.id;
    expect(mine).toMatchObject({ narrativeSource: 'PLANNER', provider: 'planner' });

    // The page stops asking and shows the new one, in the planner's words.
    const overall = page.locator(`[data-recommendation-id="${recId}"]`);
    await overall.waitFor();
    await page.locator('[data-testid="recommendation-working"]').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="narrative-source"]').innerText()).toBe(
      "The planner's own words: no AI provider is configured",
    );
    expect(await page.locator('main').innerText()).not.toContain('Written by');
    expect(await page.locator('[data-testid="overall-assessment"]').innerText()).not.toBe('');
    await page.locator('[data-testid="fund-positions"]').waitFor();
    const { aiRecommendation } = await gql(
      'query ($id: ID!) { aiRecommendation(id: $id) { plan { recommendations { title } } } }',
      { id: recId },
    );
    const titles = aiRecommendation.plan.recommendations.map((r: any) => r.title);
    expect(
      await page.locator('[data-testid="recommendations"] h3').allInnerTexts(),
      'the cards in the order given',
    ).toEqual(titles);
    await shoot('planning-1440');
  });

  it('lists the request in the recommendation log, with the figures it used', async () => {
    await page.click('[data-testid="planning-link-recommendation-log"]');
    await page.waitForURL(/\/planning\/log$/);
    const rows = page.locator('[data-testid="recommendation-log-table"] tbody tr');
    await expect.poll(() => rows.count()).toBe(before.length + 1);
    // Newest first: the journey's own request, done, in the planner's words.
    expect(await rows.first().locator('[data-testid="log-status"]').innerText()).toBe('Done');
    expect(await rows.first().locator('[data-testid="log-words-by"]').innerText()).toBe('Planner');
    await rows.first().locator('[data-testid="log-open"]').click();
    const detail = page.locator('[data-testid="recommendation-detail"]');
    await detail.waitFor();
    const { aiRecommendation: r } = await gql(
      'query ($id: ID!) { aiRecommendation(id: $id) { inputs { months collectionRate } } }',
      { id: recId },
    );
    // A row per forecast month and one for cash today.
    await expect
      .poll(() => detail.locator('[data-testid="detail-closings"] tbody tr').count())
      .toBe(r.inputs.months.length + 1);
    expect(await detail.innerText()).toContain(`${r.inputs.collectionRate} %`);
    await drawerIn();
    await page.screenshot({ path: join(shots, 'planning-log-1440.png') });
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await page.goBack();
    await page.waitForURL(/\/planning$/);
  });

  it('puts a recommended investment on the plan, once', async () => {
    await page.locator(`[data-recommendation-id="${recId}"]`).waitFor();
    const title = await page
      .locator(
        '[data-testid="recommendation-CD_LADDER"], [data-testid="recommendation-NEW_INVESTMENT"]',
      )
      .filter({ has: page.locator('[data-testid="add-to-plan"]') })
      .first()
      .locator('h3')
      .innerText();
    // Held by its title: once added, the card has no "Add to plan" button to be found by.
    const card = page
      .locator('[data-testid="recommendations"] article', { hasText: title })
      .first();
    await card.locator('[data-testid="add-to-plan"]').click();
    await expect
      .poll(() => card.locator('[data-testid="on-plan"]').innerText())
      .toContain('Added to the plan');
    const toast = page.locator('[data-testid="plan-toast"]');
    await toast.waitFor();
    expect(await toast.innerText()).toContain(title);
    const added = (await drafts()).filter((d) => d.recommendationId === recId);
    expect(added.length).toBeGreaterThan(0);

    // The toast leads to the drafts on the Investments page.
    await toast.getByRole('link', { name: 'See them on the Investments page' }).click();
    await page.waitForURL(/\/investments$/);
    const planned = page.locator('[data-testid="planned-table"] tbody tr');
    await expect.poll(() => planned.count()).toBe((await drafts()).length);
    await shoot('planning-investments-1440');

    // Asked again (the page, opened anew, does not remember): already on the plan, nothing added.
    await page.goBack();
    await page.waitForURL(/\/planning$/);
    const again = page
      .locator('[data-testid="recommendations"] article', { hasText: title })
      .first();
    await again.locator('[data-testid="add-to-plan"]').click();
    await expect
      .poll(() => again.locator('[data-testid="on-plan"]').innerText())
      .toContain('Already on the plan');
    expect((await drafts()).filter((d) => d.recommendationId === recId)).toHaveLength(added.length);
  });

  it('edits the rate table: a duplicate is refused on its row, then the table is saved', async () => {
    await page.goto(`${app.url}/planning`);
    await page.click('[data-testid="edit-rates"]');
    const rows = page.locator('[data-testid="rate-row"]');
    await rows.first().waitFor();
    const count = await rows.count();
    const firstTerm = await rows.first().locator('[data-testid="rate-term"]').inputValue();
    const firstBank = await rows.first().locator('[data-testid="rate-bank"]').inputValue();
    // A second row the same as the first (a CD of the same term at the same bank).
    await page.click('[data-testid="add-rate"]');
    await rows.nth(count).locator('[data-testid="rate-term"]').fill(firstTerm);
    await rows.nth(count).locator('[data-testid="rate-bank"]').fill(firstBank);
    await rows.nth(count).locator('[data-testid="rate-apy"]').fill('4.5');
    await page.click('[data-testid="save-rates"]');
    await expect
      .poll(() => rows.nth(count).innerText())
      .toContain('This kind, term and bank is listed twice');
    await stillScreen();
    await page.screenshot({ path: join(shots, 'planning-rates-1440.png') });
    await rows.nth(count).locator('[data-testid="remove-rate"]').click();
    await rows.first().locator('[data-testid="rate-apy"]').fill('4.4');
    await page.click('[data-testid="save-rates"]');
    await page.locator('#planning-rates-form').waitFor({ state: 'detached' });
    const { planningSettings } = await gql('{ planningSettings { ratesUpdatedOn rates { apy } } }');
    expect(planningSettings.rates).toHaveLength(count);
    expect(planningSettings.rates.map((r: any) => r.apy)).toContain('4.400');
    expect(planningSettings.ratesUpdatedOn).not.toBeNull();
  });

  it('buys one draft through the prefilled dialog and discards another', async () => {
    await page.goto(`${app.url}/investments`);
    const planned = page.locator('[data-testid="planned-table"] tbody tr');
    await planned.first().waitFor();
    const list = await drafts();
    const first = list[0];
    await planned.first().locator('[data-testid="buy-planned"]').click();
    await page.locator('[data-testid="buy-from-plan"]').waitFor();
    const principal = await page.locator('#buy-principal').inputValue();
    expect(principal.replace(/,/g, '')).toBe(first.amount);
    if (!(await page.locator('#buy-institution').inputValue())) {
      await page.fill('#buy-institution', 'Riverbend Bank');
    }
    await page.click('[data-testid="buy-investment-submit"]');
    await page.waitForURL(/\/investments\/[0-9a-f-]{36}$/);
    const { plannedInvestments } = await gql(
      '{ plannedInvestments(status: PURCHASED) { id investmentId } }',
    );
    const bought = plannedInvestments.find((p: any) => p.id === first.id);
    expect(bought?.investmentId).toBe(page.url().split('/').pop());

    await page.goto(`${app.url}/investments`);
    await expect.poll(() => planned.count()).toBe(list.length - 1);
    if (list.length > 1) {
      await planned.first().locator('[data-testid="discard-planned"]').click();
      await page.click('[data-testid="confirm-discard-planned"]');
      await expect.poll(async () => (await drafts()).length).toBe(list.length - 2);
      await expect.poll(() => planned.count()).toBe(list.length - 2);
    }
  });

  it('fits a phone: the planning page, the log and its detail, the plan on Investments', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/planning`);
    await page.locator(`[data-recommendation-id="${recId}"]`).waitFor();
    await expectFitsViewport(page, 'the planning page');
    await shoot('planning-390');
    await page.click('[data-testid="edit-rates"]');
    await page.locator('[data-testid="rate-row"]').first().waitFor();
    await stillScreen();
    await page.screenshot({ path: join(shots, 'planning-rates-390.png') });
    await page.keyboard.press('Escape');
    await page.locator('#planning-rates-form').waitFor({ state: 'detached' });

    await page.goto(`${app.url}/planning/log`);
    const rows = page.locator('[data-testid="recommendation-log-table"] tbody tr');
    await rows.first().waitFor();
    await expectFitsViewport(page, 'the recommendation log');
    await shoot('planning-log-390');
    await rows.first().locator('[data-testid="log-open"]').click();
    await page.locator('[data-testid="detail-closings"]').waitFor();
    await drawerIn();
    await page.screenshot({ path: join(shots, 'planning-log-detail-390.png') });
    await page.keyboard.press('Escape');

    await page.goto(`${app.url}/investments`);
    await page.locator('[data-testid="investments-table"]').waitFor();
    if ((await drafts()).length) await page.locator('[data-testid="planned-table"]').waitFor();
    await expectFitsViewport(page, 'the investments page with the plan');
    await shoot('planning-investments-390');
  });
});
