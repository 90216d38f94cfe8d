import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/src/config.js';
import { renderPdf } from '../../../api/src/core/documents/pdf.js';
import type { TestApp } from '../../../api/src/test/app.js';
import { TEST_PASSWORD } from '../../../api/src/test/factories.js';
import { startFakeStripe, type FakeStripe } from '../../../api/src/test/fake-stripe.js';
import { createTenant } from '../../../api/src/test/tenant.js';
import {
  type DemoJourney,
  expectFitsViewport,
  expectQuietConsole,
  openDemoJourney,
  recordFailedResponse,
  signedInPage,
  watchConsole,
} from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

// The treasurer's side of the owner portal, three journeys on one app with the demo books and one
// browser (starting them is most of a short journey's time), billing pointed at a stand-in Stripe.
// Each journey has a signed-in page of its own and reads only what it made or the demo made, so
// none depends on another having run before it.
describe('browser journeys: the treasurer and the owners', () => {
  const DESK = { width: 1440, height: 900 };
  const PHONE = { width: 390, height: 844 };
  let j: DemoJourney;
  let stripe: FakeStripe;

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
    j = await openDemoJourney({ viewport: DESK, config: { billing } });
    stripe.webhookUrl = `${j.app.url}/webhooks/stripe`;
    stripe.connect.webhookUrl = `${j.app.url}/webhooks/stripe/connect`;
  }, 240_000);
  afterAll(async () => {
    await stripe?.connect.settled();
    await j?.close();
    await stripe?.close();
  });
  afterEach(() => expectQuietConsole(j.errors));

  /** Maple Ridge's treasurer, as the demo printed them. */
  const treasurer = () =>
    j.app.demo!.find((d) => d.role === 'Tenant admin' && d.organization === 'Maple Ridge HOA')!;
  const toast = (page: Page, text: string) =>
    page.locator('.p-toast-message', { hasText: text }).first().waitFor();
  // Toasts and dialogs done moving, for a screenshot of what a person sees.
  const settled = (page: Page) =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );

  // Maple Ridge's treasurer opens the owner portal to owners: invites the owner of a unit from its
  // page (and removes one invited by mistake), invites the owners of other units from the units CSV
  // after checking the file, writes the contact details owners see, and shows owners the minutes
  // and a board packet — on a desk and on a phone.
  describe('the treasurer invites owners and publishes to them', () => {
    let units: { id: string; number: string }[];

    beforeAll(async () => {
      const d = await j.gql('{ units(first: 6) { edges { node { id number } } } }');
      units = d.units.edges.map((e: any) => e.node);
    });

    const shot = async (page: Page, name: string) => {
      await settled(page);
      await page.screenshot({ path: join(j.shots, `owners-${name}.png`), fullPage: true });
    };

    it("invites an owner from a unit's page, and removes one invited by mistake", async () => {
      const { page } = j;
      const [unit] = units;
      await page.goto(`${j.app.url}/units/${unit!.id}`);
      await page.click('[data-testid="unit-owners-tab"]');
      await page.locator('[data-testid="unit-owners"]').waitFor();
      for (const email of ['rivera.family@example.com', 'typo@example.com']) {
        await page.click('[data-testid="invite-owner"]');
        await page.fill('#invite-owner-email', email);
        await page.click('[data-testid="invite-owner-submit"]');
        await toast(page, email);
        await page.locator(`[data-testid="unit-owner-${email}"]`).waitFor();
      }
      // The association's treasurer cannot also be an owner here: said under the field.
      const me = await j.gql('{ me { user { email } } }');
      await page.click('[data-testid="invite-owner"]');
      await page.fill('#invite-owner-email', me.me.user.email);
      await page.click('[data-testid="invite-owner-submit"]');
      await page
        .locator('#invite-owner-email-error', { hasText: 'staff cannot also be owners' })
        .waitFor();
      await shot(page, 'invite-refused-desk');
      await page.fill('#invite-owner-email', '');
      await page.keyboard.press('Escape');
      await page.locator('#invite-owner-email').waitFor({ state: 'detached' });

      await page.click('[data-testid="remove-owner-typo@example.com"]');
      await page.click('[data-testid="confirm-remove-owner"]');
      await toast(page, 'typo@example.com removed');
      await page
        .locator('[data-testid="unit-owner-typo@example.com"]')
        .waitFor({ state: 'detached' });
      const row = page.locator('[data-testid="unit-owner-rivera.family@example.com"]');
      expect(await row.locator('[data-testid="owner-status"]').textContent()).toContain('Invited');
      await shot(page, 'unit-desk');
      const owners = await j.gql('query ($u: ID!) { unitOwners(unitId: $u) { email status } }', {
        u: unit!.id,
      });
      expect(owners.unitOwners).toEqual([
        { email: 'rivera.family@example.com', status: 'INVITED' },
      ]);

      await page.setViewportSize(PHONE);
      await page.reload();
      await page.click('[data-testid="unit-owners-tab"]');
      await row.waitFor();
      await expectFitsViewport(page);
      await shot(page, 'unit-phone');
      await page.setViewportSize(DESK);
    });

    it('invites the owners of other units from the units CSV, after a check of the file', async () => {
      const { page } = j;
      const [, b, c, d] = units;
      const csv = [
        'unit_number,owner_name,email',
        `${b!.number},The Chens,"mei.chen@example.com; li.chen@example.com"`,
        `${c!.number},Pat Okafor,pat.okafor@example.com`,
        `${d!.number},Nobody yet,`,
      ].join('\n');
      await page.goto(`${j.app.url}/units`);
      await page.click('[data-testid="invite-owners"]');
      await page.setInputFiles('#owners-file', {
        name: 'owners.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await page.click('[data-testid="owners-check"]');
      const summary = page.locator('[data-testid="owners-preview-summary"]');
      await summary.waitFor();
      expect((await summary.textContent())!.replace(/\s+/g, ' ')).toContain(
        '3 owners to invite · 1 row skipped',
      );
      await shot(page, 'csv-preview-desk');
      // Nothing was sent by the check.
      const before = await j.gql('query ($u: ID!) { unitOwners(unitId: $u) { email } }', {
        u: b!.id,
      });
      expect(before.unitOwners).toEqual([]);

      await page.setViewportSize(PHONE);
      await settled(page);
      await shot(page, 'csv-preview-phone');
      await page.setViewportSize(DESK);

      await page.click('[data-testid="owners-send"]');
      await toast(page, '3 owners invited');
      const after = await j.gql('query ($u: ID!) { unitOwners(unitId: $u) { email status } }', {
        u: b!.id,
      });
      expect(after.unitOwners.map((o: any) => o.email).sort()).toEqual([
        'li.chen@example.com',
        'mei.chen@example.com',
      ]);
      await shot(page, 'units-desk');
      await page.setViewportSize(PHONE);
      await page.reload();
      await page.locator('[data-testid="units-table"]').waitFor();
      await expectFitsViewport(page);
      await shot(page, 'units-phone');
      await page.setViewportSize(DESK);
    });

    it('writes the contact details owners see, in Settings', async () => {
      const { page } = j;
      await page.goto(`${j.app.url}/settings`);
      await page.locator('[data-testid="owner-portal-settings"] form').waitFor();
      await page.fill('[data-testid="portal-contactName"]', 'Dana Whitfield, treasurer');
      await page.fill('[data-testid="portal-contactEmail"]', 'board@mapleridge.example');
      await page.fill('[data-testid="portal-contactPhone"]', '(555) 014-2200');
      await page.fill('[data-testid="portal-mailingAddress"]', 'PO Box 412\nSpringfield, IL 62701');
      await page.fill(
        '[data-testid="portal-paymentInstructions"]',
        'Checks payable to Maple Ridge HOA, mailed to PO Box 412. Write your unit number on the memo line.',
      );
      await page.click('[data-testid="owner-portal-settings-save"]');
      await toast(page, 'Owner portal details saved');
      const s = await j.gql('{ ownerPortalSettings { contactName contactPhone mailingAddress } }');
      expect(s.ownerPortalSettings).toEqual({
        contactName: 'Dana Whitfield, treasurer',
        contactPhone: '(555) 014-2200',
        mailingAddress: 'PO Box 412\nSpringfield, IL 62701',
      });
      await page.locator('[data-testid="owner-portal-settings"]').scrollIntoViewIfNeeded();
      await shot(page, 'settings-desk');
      await page.setViewportSize(PHONE);
      await page.reload();
      await page.locator('[data-testid="owner-portal-settings"] form').waitFor();
      await expectFitsViewport(page);
      await page.locator('[data-testid="owner-portal-settings"]').scrollIntoViewIfNeeded();
      await shot(page, 'settings-phone');
      await page.setViewportSize(DESK);
    });

    it('publishes the minutes and a board packet to owners, and takes one back', async () => {
      const { page } = j;
      const minutes = await renderPdf(
        { text: 'Minutes of the March board meeting' },
        { association: 'Maple Ridge HOA', title: 'Minutes', period: '2026-03-01', draft: false },
      );
      await page.goto(`${j.app.url}/documents`);
      await page.locator('[data-testid="published-documents"]').waitFor();
      await page.click('[data-testid="publish-file"]');
      await page.setInputFiles('#publish-file', {
        name: 'board-minutes-2026-03.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(minutes),
      });
      await page.fill('[data-testid="publish-title"]', 'Special meeting minutes · March 2026');
      await page.click('[data-testid="publish-submit"]');
      await toast(page, 'Special meeting minutes · March 2026 is shown to owners');
      await page
        .locator('[data-testid="published-doc"]', { hasText: 'Special meeting minutes' })
        .waitFor();

      // A board packet the demo generated, if one is ready: shown from its row.
      const docs = await j.gql('{ documents(first: 20) { edges { node { id status } } } }');
      const ready = docs.documents.edges
        .map((e: any) => e.node)
        .find((n: any) => n.status === 'READY');
      if (ready) {
        await page.click(`[data-testid="publish-${ready.id}"]`);
        await page.click('[data-testid="publish-submit"]');
        await toast(page, 'is shown to owners');
        await page.locator('[data-testid="shown-to-owners"]').first().waitFor();
      }
      await shot(page, 'documents-desk');

      const listed = await j.gql('{ publishedDocuments { title downloadUrl } }');
      const mine = listed.publishedDocuments.find((p: any) =>
        p.title.startsWith('Special meeting'),
      );
      const file = await fetch(`${j.app.url}${mine.downloadUrl}`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(minutes))).toBe(true);

      await page.setViewportSize(PHONE);
      await page.reload();
      await page.locator('[data-testid="published-doc"]').first().waitFor();
      await expectFitsViewport(page);
      await shot(page, 'documents-phone');
      await page.locator('[data-testid="published-documents"]').scrollIntoViewIfNeeded();
      await shot(page, 'published-phone');
      await page.setViewportSize(DESK);

      const item = page.locator('[data-testid="published-doc"]', {
        hasText: 'Special meeting minutes',
      });
      await item.locator('[data-testid="unpublish"]').click();
      await page.click('[data-testid="confirm-unpublish"]');
      await toast(page, 'no longer shown to owners');
      await item.waitFor({ state: 'detached' });
    });
  });

  // The treasurer's side of owners' online payments: an admin connects a new association's own
  // Stripe account through Stripe's onboarding and comes back to it taking payments; Maple Ridge's
  // treasurer passes Stripe's fees on to owners, reads the owners' payments (a bank payment that
  // failed says why), the units on AutoPay and a payout deposited net of Stripe's fees — at a desk
  // and on a phone.
  describe('online payments for the treasurer', () => {
    let app: TestApp;
    let browser: Browser;
    let token = '';
    let maple: { email: string; password: string };
    let errors: string[];
    let shots: string;

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
      ({ app, browser, token, errors, shots } = j);
      maple = treasurer();
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
    });

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
      const units = (await gql('{ ownerPortal { units { id number } } }', {}, ownerToken))
        .ownerPortal.units;
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

  // Maple Ridge's treasurer opens a unit's monthly statements from its page, downloads last month's
  // PDF (read as text and as an image), on a desk and on a phone, and turns on the monthly email of
  // owners' statements on the Automation page.
  describe('owner statements', () => {
    let page: Page;
    let unit: { id: string; number: string };
    let lastMonth: string;

    beforeAll(async () => {
      // Its own page: it saves the statements it downloads.
      page = await signedInPage(j.browser, j.app.url, treasurer(), {
        viewport: DESK,
        downloads: true,
        errors: j.errors,
      });
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
    afterAll(() => page?.context().close());

    it("lists a unit's months and downloads last month's statement, on a desk and a phone", async () => {
      const { shots, app } = j;
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
      const { shots, gql } = j;
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
      expect((await gql('{ automation { ownerStatements } }')).automation.ownerStatements).toBe(
        true,
      );
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
});
