import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/src/config.js';
import { forgetTenant } from '../../../api/src/core/tenancy/tenant-door.js';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { startFakeStripe, type FakeStripe } from '../../../api/src/test/fake-stripe.js';
import {
  expectFitsViewport,
  expectQuietConsole,
  launchBrowser,
  recordFailedResponse,
  watchConsole,
} from './browser.js';

// An association goes from the pricing page to its own books with nobody at Covenant lifting a
// finger: pricing → sign-up → Stripe Checkout (the local stand-in takes the "payment" and sends
// the signed webhook) → "setting up" → the activation email → password → the intro tour → the
// setup wizard → the dashboard with its checklist. Then the subscription lapses: read-only, and
// back on payment.
describe('browser journey: self-service sign-up', () => {
  let app: TestApp;
  let stripe: FakeStripe;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const shots = join(REPO_ROOT, 'test-results');
  const email = 'dana@willow-creek.example';
  const password = 'a long and unusual passphrase 42';

  beforeAll(async () => {
    stripe = await startFakeStripe();
    const billing = loadConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICES: stripe.prices,
    }).billing;
    app = await startTestApp({ serveWeb: true, billing });
    stripe.webhookUrl = `${app.url}/webhooks/stripe`;
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    watchConsole(page, errors);
    page.on('response', (r) => {
      // The stand-in's checkout page is not ours to judge.
      if (r.url().startsWith(app.url)) recordFailedResponse(r, errors);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await stripe?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  it('picks a plan, pays at checkout, waits while it is set up, and activates', async () => {
    await page.goto(`${app.url}/pricing`);
    await page.waitForSelector('[data-testid="plan-professional"]');
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'signup-pricing-1440.png') });
    await page.click('[data-testid="choose-professional"]');
    await page.waitForURL(/\/signup\?plan=professional&interval=annual$/);

    await page.fill('#signup-association', 'Willow Creek HOA');
    await page.fill('#signup-name', 'Dana Whitfield');
    await page.fill('#signup-email', email);
    await page.fill('#signup-units', '120');
    await page.press('#signup-units', 'Tab');
    await expect
      .poll(() => page.textContent('[data-testid="signup-price"]'))
      .toMatch(/Professional: \$82\.50 a month, billed \$990 a year/);
    await page.screenshot({ path: join(shots, 'signup-form-1440.png') });
    await page.click('[data-testid="signup-submit"]');

    // Stripe's page (the stand-in): pay.
    await page.waitForURL((u) => u.href.startsWith(`${stripe.url}/pay/`));
    expect(Object.fromEntries(stripe.checkoutCalls.at(-1)!.params)).toMatchObject({
      'line_items[0][price]': 'price_pro_a',
      customer_email: email,
    });
    await page.click('button[type="submit"]');

    await page.waitForURL(/\/signup\/setting-up\?/);
    await page.waitForSelector('[data-testid="setting-up-ready"]');
    expect(await page.textContent('[data-testid="setting-up-ready"]')).toContain(email);
    await page.screenshot({ path: join(shots, 'signup-ready-1440.png') });

    const mail = await app.lastEmail(email);
    expect(mail?.template).toBe('activation');
    const link = /https?:\/\/\S+\/activate\?token=\S+/.exec(mail!.body)![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, app.url));
    await expect.poll(() => page.textContent('body')).toContain('Willow Creek HOA');
    await page.fill('#activate-name', 'Dana Whitfield');
    await page.fill('#activate-password', password);
    await page.fill('#activate-confirm', password);
    await page.click('[data-testid="activate-submit"]');
    await page.waitForURL(/\/dashboard$/);
  });

  it('shows the 8-step tour at the first sign-in, then the setup wizard', async () => {
    const popover = page.locator('.cv-tour');
    await popover.waitFor();
    for (let step = 1; step < 8; step++) {
      await expect.poll(() => popover.textContent()).toContain(`${step} of 8`);
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await expect.poll(() => popover.textContent()).toContain('8 of 8');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/setup$/);

    // 1: the operating bank account with its opening balance.
    await page.waitForSelector('[data-testid="bank-form"]');
    await page.fill('#bank-name', 'Operating Checking — First Federal');
    await page.fill('#bank-balance', '48,250.00');
    await page.screenshot({ path: join(shots, 'signup-wizard-bank-1440.png') });
    await page.click('[data-testid="bank-submit"]');
    await page.waitForSelector('[data-testid="bank-done"]');
    await page.click('[data-testid="setup-continue"]:visible');

    // 2: an assessment group and a unit.
    await page.waitForSelector('[data-testid="group-form"]');
    await page.fill('#setup-group-name', 'Homes');
    if (await page.isVisible('#setup-group-type-name')) {
      await page.fill('#setup-group-type-name', 'Single-family');
    }
    await page.fill('#setup-group-rate', '310.00');
    await page.click('[data-testid="group-submit"]');
    await page.waitForSelector('[data-testid="group-done"]');
    await page.fill('#setup-unit-number', '101');
    await page.fill('#setup-unit-owner', 'Morgan Lee');
    await page.click('[data-testid="unit-submit"]');
    await expect.poll(() => page.textContent('[data-testid="unit-count"]')).toMatch(/1/);
    await page.click('[data-testid="setup-continue"]:visible');

    // 3: the budget, skipped for now; finishing sets onboardingComplete.
    await page.click('[data-testid="setup-skip"]:visible');
    await page.click('[data-testid="setup-finish"]:visible');
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.textContent('main')).toContain('Get your association set up');
    await expect.poll(() => page.textContent('main')).toMatch(/3 of 7/);
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'signup-dashboard-1440.png') });
  });

  it('turns read-only after the past-due grace and back on payment', async () => {
    const session = [...stripe.sessions.values()].at(-1)!;
    const org = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute<{ id: string }[]>('SELECT id FROM organizations WHERE name = ?', [
        'Willow Creek HOA',
      ]);
    const orgId = org[0].id;
    expect(
      (await stripe.deliver(stripe.subscriptionEvent(session.id, 'invoice.payment_failed'))).status,
    ).toBe(200);
    await page.reload();
    await expect
      .poll(() => page.textContent('[data-testid="billing-banner"]'))
      .toMatch(/A payment did not go through: the books turn read-only on/);
    // The grace runs out.
    await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(
        "UPDATE organizations SET read_only_from = now() - interval '1 minute' WHERE id = ?",
        [orgId],
      );
    forgetTenant(app.services, orgId);
    await page.reload();
    await expect
      .poll(() => page.textContent('[data-testid="billing-banner"]'))
      .toMatch(/Read-only: the subscription payment is past due/);
    await page.screenshot({ path: join(shots, 'signup-read-only-1440.png') });
    // The banner's way out: the admin goes to the Billing page.
    await page.click('[data-testid="billing-banner-action"]');
    await page.waitForURL(/\/billing$/);
    await expect
      .poll(() => page.textContent('[data-testid="billing-status"]'))
      .toBe('Past due · read-only');
    await page.waitForSelector('[data-testid="manage-billing"]');
    await page.screenshot({ path: join(shots, 'billing-read-only-1440.png') });
    expect(
      (await stripe.deliver(stripe.subscriptionEvent(session.id, 'invoice.paid'))).status,
    ).toBe(200);
    await page.reload();
    await page.waitForSelector('main');
    await expect.poll(() => page.locator('[data-testid="billing-banner"]').count()).toBe(0);
  });

  it("manages the subscription in Stripe's billing portal; the webhook brings the change back", async () => {
    await page.goto(`${app.url}/billing`);
    await page.waitForSelector('[data-testid="billing-renews"]');
    expect(await page.textContent('[data-testid="billing-status"]')).toBe('Active');
    expect(await page.textContent('[data-testid="billing-plan"]')).toBe(
      'Professional: up to 200 units, AI investment planning',
    );
    expect(await page.textContent('[data-testid="billing-interval"]')).toBe('Annually');
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'billing-1440.png') });

    await page.click('[data-testid="manage-billing"]');
    await page.waitForURL((u) => u.href.startsWith(`${stripe.url}/p/session/`));
    const portal = [...stripe.portalSessions.values()].at(-1)!;
    expect(page.url()).toBe(portal.url);
    expect(portal.returnUrl).toBe(`${app.url}/billing`);
    // Canceled at the period's end in the portal: Stripe's signed event is what the app hears.
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await expect.poll(() => page.textContent('[data-testid="portal-state"]')).toMatch(/^Cancels/);
    await page.getByRole('link', { name: 'Return to Covenant' }).click();
    await page.waitForURL(`${app.url}/billing`);
    await expect
      .poll(() => page.textContent('[data-testid="billing-cancel-at"]'))
      .toMatch(/The subscription is set to end on /);
    expect(await page.textContent('[data-testid="billing-status"]')).toBe('Active · ends soon');
    await page.screenshot({ path: join(shots, 'billing-cancel-at-1440.png') });

    // On a phone: the same page, narrowed.
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.waitForSelector('[data-testid="manage-billing"]');
      await expectFitsViewport(page);
      await page.screenshot({ path: join(shots, 'billing-390.png'), fullPage: true });
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('fits a phone: pricing, sign-up and setting up', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    watchConsole(phone, errors);
    try {
      await phone.goto(`${app.url}/pricing`);
      await phone.waitForSelector('[data-testid="plan-starter"]');
      await expectFitsViewport(phone);
      await phone.screenshot({ path: join(shots, 'signup-pricing-390.png'), fullPage: true });
      await phone.click('[data-testid="choose-starter"]');
      await phone.waitForSelector('#signup-association');
      await phone.fill('#signup-units', '80');
      await phone.press('#signup-units', 'Tab');
      await expect
        .poll(() => phone.textContent('[data-testid="signup-fits"]'))
        .toContain('Starter covers up to 50 units: Professional fits 80');
      await expectFitsViewport(phone);
      await phone.screenshot({ path: join(shots, 'signup-form-390.png'), fullPage: true });
      await phone.goto(`${app.url}/signup/setting-up`);
      await phone.waitForSelector('[data-testid="setting-up-missing"]');
      await expectFitsViewport(phone);
    } finally {
      await phone.close();
    }
  });
});
