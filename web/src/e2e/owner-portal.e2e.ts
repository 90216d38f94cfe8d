import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/src/config.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { startFakeStripe, type FakeStripe } from '../../../api/src/test/fake-stripe.js';
import {
  expectFitsViewport,
  expectQuietConsole,
  launchBrowser,
  recordFailedResponse,
  watchConsole,
} from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

// A homeowner at the door, on a phone. Maple Ridge's treasurer has connected the association's
// Stripe account and invites the owner of unit 117 (this month's dues not paid yet). The owner
// opens the emailed link, sets a password, and lands on the owner portal, which shows their unit
// and nothing else of the association; downloads last month's statement; pays what is due by card
// on Stripe's page (the local stand-in, the real SDK behind it); and sees the payment applied. The
// treasurer sees it among the unit's payments, then in the deposit Stripe's payout becomes. Another
// unit's page is not theirs.
describe('browser journey: an owner pays online (phone)', () => {
  let app: TestApp;
  let stripe: FakeStripe;
  let browser: Browser;
  let page: Page;
  let treasurer: string;
  let unit: { id: string; number: string };
  let otherUnit: string;
  let ownerPassword: string;
  const errors: string[] = [];
  const shots = join(process.cwd(), 'test-results');
  const email = 'grace.owner@example.com';

  const gql = async (query: string, variables: Record<string, unknown> = {}, token = treasurer) => {
    const r = await app.gql(query, variables, token);
    expect(r.body.errors, query).toBeUndefined();
    return r.body.data as any;
  };
  const settled = (p: Page) =>
    p.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );

  beforeAll(async () => {
    stripe = await startFakeStripe();
    const { billing } = loadConfig({
      NODE_ENV: 'test',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICES: stripe.prices,
      STRIPE_CONNECT_WEBHOOK_SECRET: stripe.connect.webhookSecret,
    });
    app = await startTestApp({ serveWeb: true, seedOwner: true, seedDemo: true, billing });
    stripe.webhookUrl = `${app.url}/webhooks/stripe`;
    stripe.connect.webhookUrl = `${app.url}/webhooks/stripe/connect`;
    const maple = app.demo!.find(
      (d) => d.role === 'Tenant admin' && d.organization === 'Maple Ridge HOA',
    )!;
    const login = await app.gql(
      'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginPayload { accessToken organization { id } } } }',
      { e: maple.email, p: maple.password },
    );
    treasurer = login.body.data!.login.accessToken;
    // The demo's Stripe account is its own; here the treasurer connects one the stand-in knows,
    // through Stripe's hosted onboarding.
    await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute('DELETE FROM stripe_connected_accounts WHERE organization_id = ?', [
        login.body.data!.login.organization.id,
      ]);
    const { connectStripeAccount } = await gql(
      'mutation { connectStripeAccount(returnPath: "/online-payments") { url } }',
    );
    const onboarded = await fetch(connectStripeAccount.url, { method: 'POST', redirect: 'manual' });
    expect(onboarded.status).toBe(303);
    await stripe.connect.settled();
    expect(
      (await gql('{ onlinePaymentsSettings { chargesEnabled } }')).onlinePaymentsSettings,
    ).toEqual({ chargesEnabled: true });

    const { units } = await gql('{ units(first: 200) { edges { node { id number } } } }');
    const byNumber = (n: string) => units.edges.find((e: any) => e.node.number === n).node;
    unit = byNumber('117');
    otherUnit = byNumber('118').id;

    browser = await launchBrowser();
    page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
    });
    watchConsole(page, errors);
    page.on('response', (r) => recordFailedResponse(r, errors));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await stripe?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  it('an invited owner signs up and sees their unit, nothing else', async () => {
    await gql('mutation ($u: ID!, $e: String!) { inviteOwner(unitId: $u, email: $e) { status } }', {
      u: unit.id,
      e: email,
    });
    const mail = await app.lastEmail(email);
    expect(mail!.body).toContain('117');
    const link = /https?:\/\/\S+\/activate\?token=\S+/.exec(mail!.body)![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, app.url));
    await expect.poll(() => page.textContent('body')).toContain('Maple Ridge HOA');
    ownerPassword = 'porch light harbor 1147';
    await page.fill('#activate-name', 'Grace Whitaker');
    await page.fill('#activate-password', ownerPassword);
    await page.fill('#activate-confirm', ownerPassword);
    await page.click('[data-testid="activate-submit"]');
    await page.waitForURL(/\/owner$/);
    await page.locator(`[data-testid="owner-unit-${unit.id}"]`).waitFor();
    // Their unit only: one card, with what this month's dues leave owing.
    expect(await page.locator('[data-testid^="owner-unit-"]').count()).toBe(1);
    expect(await page.textContent('[data-testid="owner-total-due"]')).toMatch(/\$\d/);
    await settled(page);
    await page.screenshot({ path: join(shots, 'owner-home-phone.png'), fullPage: true });
    await expectFitsViewport(page);

    // The treasurer's pages are not an owner's: the router sends them home.
    await page.goto(`${app.url}/accounts`);
    await page.waitForURL(/\/owner$/);
    // Another unit's page answers as a unit they cannot find.
    await page.goto(`${app.url}/owner/units/${otherUnit}`);
    await expect.poll(() => page.textContent('main')).toContain("We couldn't find this unit");
  });

  it('downloads last month’s statement and reads it', async () => {
    await page.click('[data-testid="owner-tab-owner-statements"]');
    await page.waitForURL(/\/owner\/statements$/);
    const first = page.locator('[data-testid^="statement-download-"]').nth(1);
    await first.waitFor();
    const month = (await first.getAttribute('data-testid'))!.replace('statement-download-', '');
    await settled(page);
    await page.screenshot({ path: join(shots, 'owner-statements-phone.png'), fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), first.click()]);
    const pdf = join(shots, 'owner-statement.pdf');
    await download.saveAs(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
    expect(text).toContain('Maple Ridge HOA');
    expect(text).toContain('117');
    expect(text).toMatch(/Closing balance|Amount due/i);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      pdf,
      join(shots, 'owner-statement'),
    ]);
    expect(readFileSync(join(shots, 'owner-statement-1.png')).length).toBeGreaterThan(10_000);
    expect(month).toMatch(/^\d{4}-\d{2}$/);
  });

  it('pays what is due by card on Stripe’s page and sees it applied', async () => {
    await page.click('[data-testid="owner-tab-owner-home"]');
    await page.click(`[data-testid="pay-unit-${unit.id}"]`);
    await page.waitForURL(/\/owner\/units\/[0-9a-f-]{36}\/pay$/);
    await page.click('#pay-method-CARD');
    await page.locator('[data-testid="pay-quote-total"]').waitFor();
    const total = (await page.textContent('[data-testid="pay-quote-total"]'))!.trim();
    await settled(page);
    await page.screenshot({ path: join(shots, 'owner-pay-phone.png'), fullPage: true });
    await page.click('[data-testid="pay-continue"]');
    await page.waitForURL((u) => u.href.startsWith(`${stripe.url}/c/pay/`));
    expect(await page.textContent('body')).toContain(total);
    await page.check('[data-testid="instrument-card_credit"]');
    await page.click('[data-testid="checkout-submit"]');
    await page.waitForURL(new RegExp(`/owner/units/${unit.id}\\?paid=`));
    await page.locator('[data-testid="owner-paid-banner"]').waitFor();
    await expect
      .poll(() => page.textContent('[data-testid="owner-unit-balance"]'), { timeout: 30_000 })
      .toMatch(/\$0\.00/);
    await settled(page);
    await page.screenshot({ path: join(shots, 'owner-paid-phone.png'), fullPage: true });
    await expectFitsViewport(page);
  });

  it('the treasurer sees the payment, then the deposit Stripe’s payout becomes', async () => {
    const { payments } = await gql(
      `query ($u: ID!) { payments(filter: { unitId: $u }, first: 5) { edges { node {
        id amount method reference } } } }`,
      { u: unit.id },
    );
    const paid = payments.edges[0].node;
    expect(paid.method).toBe('CARD');
    expect(paid.reference).toMatch(/^pi_/);
    const account = [...stripe.connect.accounts.keys()].at(-1)!;
    const { delivery } = await stripe.connect.payout(account);
    expect(delivery.status).toBe(200);
    const { payment } = await gql(
      'query ($id: ID!) { payment(id: $id) { deposit { number total fee net account { name } } } }',
      { id: paid.id },
    );
    // One bank line: what the owner paid, less Stripe's fee.
    expect(payment.deposit).not.toBeNull();
    expect(Number(payment.deposit.fee)).toBeGreaterThan(0);
    expect(Number(payment.deposit.net)).toBe(
      Number(payment.deposit.total) - Number(payment.deposit.fee),
    );
  });
});
