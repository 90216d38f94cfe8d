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

// The treasurer of the demo association reads the CD ladder, buys a CD through the dialog, opens
// the journal entry the purchase posted, matures the CD and sees the cash come back and the
// status change — at a desk and on a phone.
describe('browser journey: investments', () => {
  let app: TestApp;
  let page: Page;
  let gql: DemoJourney['gql'];
  let errors: string[] = [];
  let shots: string;
  let close: DemoJourney['close'] | undefined;
  let today: string;
  let investmentId: string;
  const money = (amount: string) => {
    const [whole, frac = '00'] = amount.replace('-', '').split('.');
    const text = `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0')}`;
    return amount.startsWith('-') ? `(${text})` : text;
  };
  const balanceOf = async (number: string) => {
    const { trialBalance } = await gql(
      'query ($d: LocalDate) { trialBalance(asOf: $d) { rows { number balance } } }',
      { d: today },
    );
    return trialBalance.rows.find((r: any) => r.number === number)?.balance ?? '0.00';
  };
  const cents = (m: string) => BigInt(m.replace('.', ''));
  const addDays = (d: string, n: number) => {
    const x = new Date(`${d}T00:00:00Z`);
    x.setUTCDate(x.getUTCDate() + n);
    return x.toISOString().slice(0, 10);
  };
  // A LocalDate typed as MM/DD/YYYY, read by the date field on Tab.
  async function typeDate(selector: string, iso: string) {
    const [y, m, d] = iso.split('-');
    await page.click(selector);
    await page.fill(selector, `${m}/${d}/${y}`);
    await page.keyboard.press('Tab');
  }

  beforeAll(async () => {
    ({ app, page, gql, errors, shots, close } = await openDemoJourney({
      viewport: { width: 1440, height: 900 },
    }));
    today = (await gql('{ dashboard { asOf } }')).dashboard.asOf;
  });
  afterAll(() => close?.());
  afterEach(() => expectQuietConsole(errors));

  it('shows the ladder, the totals by fund and the CD maturing soon on the dashboard', async () => {
    const { investmentSummary: s, dashboard } = await gql(
      `{ investmentSummary { byFund { fundType value } }
         dashboard { investmentsMaturing { total next { institution } } } }`,
    );
    await expect
      .poll(() => page.locator('[data-testid="investments-tile-total"]').innerText())
      .toContain(money(dashboard.investmentsMaturing.total));
    await page.click('[data-testid="investments-tile-next"]');
    await page.waitForURL(/\/investments\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => page.locator('h1').innerText())
      .toContain(dashboard.investmentsMaturing.next.institution);

    await page.goto(`${app.url}/investments`);
    const reserve = s.byFund.find((f: any) => f.fundType === 'RESERVE');
    await expect
      .poll(() => page.locator('[data-testid="fund-value-RESERVE"]').innerText())
      .toContain(money(reserve.value));
    await page.locator('[data-testid="maturity-ladder-chart"] svg').waitFor();
    expect(await page.locator('[data-testid="investments-table"] tbody tr').count()).toBe(4);
    await page.screenshot({ path: join(shots, 'investments-list-1440.png'), fullPage: true });
  });

  it('buys a CD through the dialog and opens the entry it posted', async () => {
    await page.goto(`${app.url}/investments`);
    const cashBefore = await balanceOf('1510');
    await page.click('[data-testid="buy-investment"]');
    await page.locator('#buy-institution').waitFor();
    await page.fill('#buy-institution', 'Riverbend Bank');
    await page.fill('#buy-principal', '15000');
    await page.fill('#buy-apy', '4.10');
    // The CD was bought three months ago, in months the treasurer has closed: an admin reopens
    // them first (the latest first, each with a reason), as Covenant asks of anything dated in a
    // closed month.
    const bought = addDays(today, -91);
    for (;;) {
      const { periods } = await gql('{ periods { closedThrough } }');
      if (!periods.closedThrough || periods.closedThrough < bought) break;
      await gql(
        'mutation ($input: ReopenPeriodInput!) { reopenMonth(input: $input) { closedThrough } }',
        {
          input: {
            month: periods.closedThrough.slice(0, 7),
            reason: 'A CD bought then, entered late',
          },
        },
      );
    }
    await typeDate('#buy-purchaseDate', bought);
    await typeDate('#buy-maturityDate', today);
    // The holding account and the cash account are chosen for the reserve fund already, once
    // the accounts and the list of investments have arrived (the dialog may open before them).
    // Read from the selects themselves: the help text under "Held in" also names 1620.
    const chosen = page.locator('#buy-investment-form .account-select');
    await expect.poll(() => chosen.nth(0).innerText()).toContain('1620');
    await expect.poll(() => chosen.nth(1).innerText()).toContain('1510');
    await page.screenshot({ path: join(shots, 'investments-buy-1440.png') });
    await page.click('[data-testid="buy-investment-submit"]');
    // A refused purchase keeps the dialog open: say what it showed, not only that time ran out.
    await page.waitForURL(/\/investments\/[0-9a-f-]{36}$/).catch(async (e: Error) => {
      const said = await page
        .locator('#buy-investment-form')
        .innerText({ timeout: 1000 })
        .catch(() => '(no dialog)');
      throw new Error(`${e.message}\nThe dialog showed:\n${said}`);
    });
    investmentId = page.url().split('/').pop()!;

    const { investment } = await gql(
      'query ($id: ID!) { investment(id: $id) { principal status entries { entryId entryNumber } } }',
      { id: investmentId },
    );
    expect(investment).toMatchObject({ principal: '15000.00', status: 'ACTIVE' });
    expect(cents(await balanceOf('1510'))).toBe(cents(cashBefore) - 1_500_000n);
    await expect
      .poll(() => page.locator('[data-testid="investment-status"]').innerText())
      .toBe('Active');

    const link = page.locator('[data-testid="investment-entry-link"]').first();
    expect(await link.innerText()).toBe(`JE-${investment.entries[0].entryNumber}`);
    await link.click();
    await page.waitForURL(new RegExp(`/transactions/${investment.entries[0].entryId}$`));
    const main = page.locator('main');
    await expect.poll(() => main.innerText()).toContain('Reserve CDs');
    expect(await main.innerText()).toContain('$15,000.00');
    expect(await page.locator('[data-testid="entry-owner"]').innerText()).toContain('investment');
    await page.screenshot({ path: join(shots, 'investments-entry-1440.png'), fullPage: true });
  });

  it('matures the CD: the cash comes back and the status is Matured', async () => {
    await page.goto(`${app.url}/investments/${investmentId}`);
    const cashBefore = await balanceOf('1510');
    await page.click('[data-testid="mature-investment"]');
    const proceeds = page.locator('[data-testid="action-proceeds"]');
    await proceeds.waitFor();
    // The proceeds go back to the reserve cash account, chosen once the accounts have arrived.
    await expect
      .poll(() => page.locator('.field:has(#act-cash) .account-select').innerText())
      .toContain('1510');
    await page.screenshot({ path: join(shots, 'investments-mature-1440.png') });
    await page.click('[data-testid="investment-action-submit"]');
    await expect
      .poll(() => page.locator('[data-testid="investment-status"]').innerText())
      .toBe('Matured');

    const { investment } = await gql(
      'query ($id: ID!) { investment(id: $id) { status balance entries { kind cash } } }',
      { id: investmentId },
    );
    const maturity = investment.entries.find((e: any) => e.kind === 'MATURITY');
    expect(investment).toMatchObject({ status: 'MATURED', balance: '0.00' });
    // 91 days of 4.10 % on 15,000 is about 152: the cash back is principal plus interest.
    expect(cents(maturity.cash)).toBeGreaterThan(1_500_000n);
    expect(cents(maturity.cash)).toBeLessThan(1_520_000n);
    expect(cents(await balanceOf('1510'))).toBe(cents(cashBefore) + cents(maturity.cash));
    expect(await page.locator('[data-testid="investment-entries"] tbody tr').count()).toBe(2);
    await page.screenshot({ path: join(shots, 'investments-matured-1440.png'), fullPage: true });
  });

  it('fits a phone: the list and the investment', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/investments`);
    await page.locator('[data-testid="investments-table"]').waitFor();
    await page.locator('[data-testid="maturity-ladder-chart"] svg').waitFor();
    await expectFitsViewport(page, 'the investments list');
    await page.screenshot({ path: join(shots, 'investments-list-390.png'), fullPage: true });
    await page.goto(`${app.url}/investments/${investmentId}`);
    await page.locator('[data-testid="investment-entries"]').waitFor();
    await expectFitsViewport(page, 'the investment');
    await page.screenshot({ path: join(shots, 'investments-detail-390.png'), fullPage: true });
  });
});
