import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { TEST_PASSWORD } from '../../../api/src/test/factories.js';
import { createTenant } from '../../../api/src/test/tenant.js';
import { expectQuietConsole, launchBrowser, watchConsole } from './browser.js';

const SHOTS = join(REPO_ROOT, 'test-results');

// A treasurer sets up assessments and bills the month: a property type, a group with its rate,
// a unit; the invoice run previewed then generated; the owner's check recorded (a little over,
// leaving a credit); the aging report agreeing with the receivable account and with Prepaid
// Assessments, which holds the credit.
describe('browser journey: assessments and receivables', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let token: string;
  const errors: string[] = [];

  async function shot(name: string) {
    await page.screenshot({ path: join(SHOTS, `receivables-${name}.png`), fullPage: true });
  }

  async function pick(trigger: string, option: RegExp) {
    await page.click(trigger);
    await page.locator('[role="option"]:visible').filter({ hasText: option }).first().click();
  }

  beforeAll(async () => {
    if (!existsSync(join(REPO_ROOT, 'web/dist/index.html'))) throw new Error('web/dist is missing');
    mkdirSync(SHOTS, { recursive: true });
    app = await startTestApp({ serveWeb: true });
    const t = await createTenant(app, 'Juniper Hollow HOA', {
      adminEmail: 'treasurer@juniper-hollow.test',
    });
    token = t.admin;
    for (const [number, name, type] of [
      ['1010', 'Operating Checking', 'ASSET'],
      ['4010', 'Assessment Income', 'INCOME'],
      ['4020', 'Special Assessments', 'INCOME'],
    ] as const) {
      await t.account(number, type, { name });
    }
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    watchConsole(page, errors);
    await page.goto(`${app.url}/login`);
    await page.fill('#login-email', 'treasurer@juniper-hollow.test');
    await page.fill('#login-password', TEST_PASSWORD);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/dashboard$/);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  it('sets up a group and a unit, bills the month, records a payment and ages the balance', async () => {
    // Property type, from the assessment groups page.
    await page.goto(`${app.url}/assessments/groups`);
    await expect.poll(() => page.textContent('body')).toContain('No assessment groups yet');
    await shot('groups-empty');
    await page.click('[data-testid="open-property-types"]');
    await page.fill('#new-property-type', 'Single family');
    await page.click('[data-testid="add-property-type"]');
    await expect
      .poll(() => page.textContent('[data-testid="property-types"]'))
      .toContain('Single family');
    await page.keyboard.press('Escape');

    // The group: monthly, $350 regular + $25 special for single-family homes.
    await page.click('[data-testid="new-group"]');
    await page.waitForURL(/\/assessments\/groups\/new$/);
    await page.fill('#group-name', 'Regular assessments');
    await page.click('label[for="group-default"]');
    await pick('#regular-account', /4010/);
    await pick('#special-account', /4020/);
    await page.fill('#rate-0-regular', '350');
    await page.fill('#rate-0-special', '25');
    await page.locator('#rate-0-special').blur();
    await expect.poll(() => page.textContent('[data-testid="rate-0-monthly"]')).toContain('375.00');
    await shot('group-form');
    await page.click('[data-testid="save-group"]');
    await page.waitForURL(/\/assessments\/groups$/);
    await expect
      .poll(() => page.textContent('[data-testid="rates-table"]'))
      .toContain('Single family');

    // A unit, in the default group.
    await page.goto(`${app.url}/units`);
    await expect.poll(() => page.textContent('body')).toContain('No units yet');
    await page.click('[data-testid="new-unit"]');
    await page.fill('#unit-number', '12');
    await page.fill('#unit-owner', 'Jordan Ellis');
    await page.fill('#unit-email', 'jordan@example.com');
    await expect.poll(() => page.textContent('#unit-group')).toContain('Regular assessments');
    await expect.poll(() => page.textContent('#unit-type')).toContain('Single family');
    await page.click('[data-testid="save-unit"]');
    await expect
      .poll(() => page.textContent('[data-testid="units-table"]'))
      .toContain('Jordan Ellis');
    await shot('units');

    // The month's run: preview, then generate.
    await page.goto(`${app.url}/invoices/run`);
    await expect
      .poll(() => page.textContent('[data-testid="run-preview"]'))
      .toContain('Jordan Ellis');
    await expect.poll(() => page.textContent('[data-testid="run-total"]')).toContain('375.00');
    await shot('run-preview');
    await page.click('[data-testid="run-generate"]');
    await expect
      .poll(() => page.textContent('[data-testid="run-summary"]'))
      .toMatch(/1 invoice generated/);
    await shot('run-done');

    await page.goto(`${app.url}/invoices`);
    await expect.poll(() => page.textContent('[data-testid="invoices-table"]')).toMatch(/INV-\d+/);
    await expect.poll(() => page.textContent('body')).toContain('Showing 1 of 1');
    await shot('invoices');

    // The owner pays $400 by check: $375 settles the invoice, $25 stays as a credit.
    await page.goto(`${app.url}/units`);
    await page.click('[data-testid="units-table"] a:has-text("12")');
    await page.waitForURL(/\/units\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.textContent('[data-testid="unit-balance"]')).toContain('375.00');
    await page.click('[data-testid="unit-record-payment"]');
    // The dialog opens on the amount once shown: typing before that would go where focus lands.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('payment-amount');
    await page.fill('#payment-amount', '400');
    await page.fill('#payment-reference', '2041');
    await pick('#payment-deposit', /1010/);
    await page.locator('#payment-reference').click();
    await expect
      .poll(() => page.textContent('[data-testid="resulting-credit"]'))
      .toContain('$25.00 left over');
    await shot('record-payment');
    await page.click('[data-testid="record-payment-submit"]');
    await expect.poll(() => page.textContent('[data-testid="unit-balance"]')).toContain('$0.00');
    await expect.poll(() => page.textContent('[data-testid="unit-credit"]')).toContain('25.00');
    // Numbered from 1001 like invoices, and described as a person would say it.
    await expect
      .poll(() => page.textContent('[data-testid="unit-ledger"]'))
      .toMatch(/PMT-1001[\s\S]*Payment — check 2041/);
    await shot('unit');

    await page.goto(`${app.url}/payments`);
    await expect.poll(() => page.textContent('[data-testid="payments-table"]')).toContain('2041');
    await shot('payments');

    // The paid invoice names the payment applied to it, with its method and check number.
    await page.goto(`${app.url}/invoices`);
    await page.click('[data-testid="invoices-table"] a:has-text("INV-")');
    await page.waitForURL(/\/invoices\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => page.textContent('[data-testid="invoice-payments"]'))
      .toMatch(/PMT-\d+[\s\S]*Check[\s\S]*2041[\s\S]*375\.00/);
    await shot('invoice-paid');

    // Aging: the unit's credit, the receivable account and Prepaid Assessments agreeing with it.
    await page.goto(`${app.url}/reports/aging`);
    await expect
      .poll(() => page.textContent('[data-testid="aging-table"]'))
      .toContain('Jordan Ellis');
    await expect.poll(() => page.textContent('[data-testid="aging-total-credit"]')).toContain('(');
    await expect.poll(() => page.textContent('[data-testid="aging-ties"]')).toContain('Ties to');
    await shot('aging');

    await page.goto(`${app.url}/invoices/late-fees`);
    await expect.poll(() => page.textContent('body')).toContain('No late fees to assess');
    await page.goto(`${app.url}/assessments/groups`);
    await expect.poll(() => page.textContent('[data-testid="projection"]')).toContain('375.00');
    await shot('groups');

    // What the screens showed is what the books hold.
    const res = await app.gql(
      '{ agingReport(asOf: "2099-01-01") { receivableBalance prepaidBalance totals { total credit } } trialBalance { totalDebit totalCredit } }',
      {},
      token,
    );
    expect(res.body.errors).toBeUndefined();
    const aging = res.body.data!.agingReport;
    // Nothing is owed; the $25 left over is the owner's credit, held in Prepaid Assessments.
    expect(aging.totals).toEqual({ total: '0.00', credit: '-25.00' });
    expect(aging.receivableBalance).toBe('0.00');
    expect(aging.prepaidBalance).toBe('25.00');
    expect(res.body.data!.trialBalance.totalDebit).toBe(res.body.data!.trialBalance.totalCredit);
    expect(errors).toEqual([]);
  });
});
