import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/src/config.js';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { TEST_PASSWORD } from '../../../api/src/test/factories.js';
import { startFakeStripe, type FakeStripe } from '../../../api/src/test/fake-stripe.js';
import { createTenant } from '../../../api/src/test/tenant.js';
import {
  expectFitsViewport,
  expectQuietConsole,
  launchBrowser,
  recordFailedResponse,
  watchConsole,
} from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

// The treasurer's side of owners' online payments: an admin connects a new association's own
// Stripe account through Stripe's onboarding and comes back to it taking payments; Maple Ridge's
// treasurer passes Stripe's fees on to owners, reads the owners' payments (a bank payment that
// failed says why), the units on AutoPay and a payout deposited net of Stripe's fees — at a desk
// and on a phone.
describe('browser journey: online payments for the treasurer', () => {
  let app: TestApp;
  let stripe: FakeStripe;
  let browser: Browser;
  let token = '';
  let maple: { email: string; password: string };
  const errors: string[] = [];
  const shots = join(REPO_ROOT, 'test-results');

  const gql = async (query: string, variables: Record<string, unknown> = {}, as = token) => {
    const r = await app.gql(query, variables, as);
    expect(r.body.errors, query).toBeUndefined();
    return r.body.data as any;
  };
  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${app.url}/login`);
    await page.fill('#login-email', email);
    await page.fill('#login-password', password);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/(dashboard|setup|welcome)/);
  }
  // The whole page: main scrolls inside the window, so the window grows to show all of it.
  async function fullShot(page: Page, name: string) {
    const vp = page.viewportSize()!;
    const full = await page.evaluate(() => document.getElementById('main')?.scrollHeight ?? 0);
    await page.setViewportSize({ width: vp.width, height: Math.max(vp.height, full + 100) });
    await page.screenshot({ path: join(shots, name) });
    await page.setViewportSize(vp);
  }
  async function newPage(width: number, height: number) {
    const page = await browser.newPage({ viewport: { width, height } });
    watchConsole(page, errors);
    page.on('response', (r) => {
      // The stand-in's pages are Stripe's, not ours to judge.
      if (r.url().startsWith(app.url)) recordFailedResponse(r, errors);
    });
    return page;
  }

  beforeAll(async () => {
    stripe = await startFakeStripe();
    const billing = loadConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICES: stripe.prices,
      STRIPE_CONNECT_WEBHOOK_SECRET: stripe.connect.webhookSecret,
    }).billing;
    app = await startTestApp({ serveWeb: true, seedOwner: true, seedDemo: true, billing });
    stripe.webhookUrl = `${app.url}/webhooks/stripe`;
    stripe.connect.webhookUrl = `${app.url}/webhooks/stripe/connect`;
    mkdirSync(shots, { recursive: true });
    maple = app.demo!.find(
      (d) => d.role === 'Tenant admin' && d.organization === 'Maple Ridge HOA',
    )!;
    const login = await app.gql(
      'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginPayload { accessToken } } }',
      { e: maple.email, p: maple.password },
    );
    token = login.body.data!.login.accessToken;
    // The demo association's Stripe account is its own: the stand-in learns it, taking payments.
    const acct = (await gql('{ onlinePaymentsSettings { accountId } }')).onlinePaymentsSettings
      .accountId as string;
    stripe.connect.accounts.set(acct, {
      id: acct,
      object: 'account',
      type: 'standard',
      email: null,
      country: 'US',
      business_profile: { name: 'Maple Ridge HOA' },
      metadata: {},
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await stripe?.connect.settled();
    await browser?.close();
    await app?.close();
    await stripe?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  it('connects a new association’s own Stripe account through Stripe’s onboarding', async () => {
    const email = 'treasurer@willow-creek.example';
    await createTenant(app, 'Willow Creek HOA', { adminEmail: email });
    const page = await newPage(1440, 900);
    await signIn(page, email, TEST_PASSWORD);
    await page.goto(`${app.url}/online-payments`);
    await page.waitForSelector('[data-testid=stripe-connect]');
    expect(await page.textContent('[data-testid=stripe-state]')).toBe('Not connected');
    await page.screenshot({ path: join(shots, 'online-payments-connect-1440.png') });
    await page.click('[data-testid=stripe-connect]');
    // Stripe's onboarding (the stand-in's page), then back.
    await page.waitForSelector('[data-testid=onboarding-submit]');
    expect(await page.textContent('h1')).toBe('Set up payments for Willow Creek HOA');
    await page.click('[data-testid=onboarding-submit]');
    await page.waitForURL(/\/online-payments$/);
    await page.waitForSelector('text=Back from Stripe');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid=stripe-state]')?.textContent?.includes('Taking'),
    );
    expect(await page.textContent('[data-testid=stripe-account-id]')).toMatch(/^acct_/);
    await page.waitForSelector('[data-testid=online-settings]');
    await page.close();
  });

  it('passes the fees on, and reads payments, a failure, AutoPay and a payout at a desk', async () => {
    // An owner of Maple Ridge pays by bank account and the debit fails; another pays by card;
    // Stripe pays the balance out.
    const owner = app.demo!.find(
      (d) => d.role.startsWith('Owner') && d.organization === 'Maple Ridge HOA',
    )!;
    const ownerToken = (
      await app.gql(
        'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginPayload { accessToken } } }',
        { e: owner.email, p: owner.password },
      )
    ).body.data!.login.accessToken;
    const units = (await gql('{ ownerPortal { units { id number } } }', {}, ownerToken)).ownerPortal
      .units;
    const pay = async (method: string, amount: string) => {
      const url = (
        await gql(
          'mutation ($u: ID!, $a: Money!, $m: OnlinePaymentMethod!) { startOwnerPayment(unitId: $u, amount: $a, method: $m) { url } }',
          { u: units[0].id, a: amount, m: method },
          ownerToken,
        )
      ).startOwnerPayment.url as string;
      return stripe.connect.sessions.get(/\/c\/pay\/(cs_\w+)$/.exec(url)![1])!;
    };
    const bank = await pay('US_BANK_ACCOUNT', '120.00');
    await stripe.connect.pay(bank.id, 'bank_failure');
    await stripe.connect.settleBankPayment(bank.payment_intent);
    const card = await pay('CARD', '85.00');
    await stripe.connect.pay(card.id, 'card_credit');
    await stripe.connect.payout(
      [...stripe.connect.accounts.keys()].find((a) => a.includes('demo'))!,
    );

    const page = await newPage(1440, 900);
    await signIn(page, maple.email, maple.password);
    await page.click('nav >> text=Online payments');
    await page.waitForURL(/\/online-payments$/);
    await page.waitForSelector('[data-testid=online-payments-table] tbody tr');
    expect(await page.textContent('[data-testid=stripe-state]')).toContain('Taking payments');
    // Owners pay the fees from now on.
    await page.click('label[for=fee-policy-PASS_ON]');
    await page.fill('#card-surcharge', '2.5');
    await page.fill('#ach-fee', '1.50');
    await page.fill('#returned-fee', '25');
    await page.click('[data-testid=online-settings-save]');
    await page.waitForSelector('text=Online payment settings saved');
    const saved = (
      await gql(
        '{ onlinePaymentsSettings { feePolicy cardSurchargePercent achFee returnedPaymentFee } }',
      )
    ).onlinePaymentsSettings;
    expect(saved).toEqual({
      feePolicy: 'PASS_ON',
      cardSurchargePercent: 2.5,
      achFee: '1.50',
      returnedPaymentFee: '25.00',
    });
    // The failed bank payment says why; the card payment is paid and paid out.
    const failure = page.locator('[data-testid=online-failure]', {
      hasText: 'The bank payment failed',
    });
    await failure.first().waitFor();
    const rows = page.locator('[data-testid=online-payments-table] tbody tr');
    expect(await rows.first().textContent()).toContain('$85.00');
    await page.waitForSelector('[data-testid=payouts-table] tbody tr >> text=Deposited');
    await page.screenshot({ path: join(shots, 'online-payments-1440.png') });
    await fullShot(page, 'online-payments-1440-full.png');
    await expectFitsViewport(page);
    // Only failures.
    await page.click('[data-testid=online-status-filter]');
    await page.click('[role=option] >> text=Failed');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid=online-status]')].every(
        (e) => e.textContent === 'Failed',
      ),
    );
    await page.close();
  });

  it('reads the same on a phone', async () => {
    const page = await newPage(390, 844);
    await signIn(page, maple.email, maple.password);
    await page.goto(`${app.url}/online-payments`);
    await page.waitForSelector('[data-testid=online-payments-table] tbody tr');
    await page.waitForSelector('[data-testid=payouts-table] tbody tr');
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'online-payments-390.png') });
    await fullShot(page, 'online-payments-390-full.png');
    await page.close();
  });
});
