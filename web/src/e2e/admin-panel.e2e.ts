import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../api/src/core/roles.js';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { createOrg, createUser, TEST_PASSWORD } from '../../../api/src/test/factories.js';
import { expectFitsViewport, expectQuietConsole, launchBrowser, watchConsole } from './browser.js';

// A super admin runs the platform: the dashboard's figures, finding a user, acting as them
// (asked to confirm and to give a reason; the band, then back), and the email log, whose links
// open nothing; on a desk and on a phone.
describe('browser journey: admin dashboard, users and email log', () => {
  let app: TestApp;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const adminEmail = 'ops@platform.test';
  const treasurerEmail = 'treasurer@aspen-grove.test';
  const shots = join(REPO_ROOT, 'test-results');

  beforeAll(async () => {
    app = await startTestApp({ serveWeb: true });
    const org = await createOrg(app.services, 'Aspen Grove HOA');
    await createUser(app.services, { email: adminEmail, isSuperadmin: true });
    await createUser(app.services, {
      email: treasurerEmail,
      memberships: [{ org, role: Role.USER }],
    });
    await app.services.mailer.send({
      to: treasurerEmail,
      subject: 'You are invited to Aspen Grove HOA',
      template: 'invitation',
      body: 'Accept the invitation to see the books of Aspen Grove HOA.',
    });
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser();
    ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await ctx.newPage();
    watchConsole(page, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  // Dialogs done fading in or out, for a screenshot of what a person sees.
  const settled = () =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );

  async function signIn(p: Page, email: string) {
    await p.goto(`${app.url}/login`);
    await p.fill('#login-email', email);
    await p.fill('#login-password', TEST_PASSWORD);
    await p.click('[data-testid="login-submit"]');
  }

  it('shows the dashboard, finds a user, impersonates them and comes back', async () => {
    // The treasurer's sign-in is what the dashboard counts.
    const other = await ctx.browser()!.newContext();
    const tp = await other.newPage();
    await signIn(tp, treasurerEmail);
    await tp.waitForURL(/\/dashboard$/);
    await other.close();

    await signIn(page, adminEmail);
    await page.waitForURL(/\/admin$/);
    await page.waitForSelector('[data-testid="stat-users"]');
    expect(await page.textContent('[data-testid="stat-users"]')).toContain('2');
    expect(await page.textContent('[data-testid="stat-active-7"]')).toContain('2');
    await page.waitForSelector('[data-testid="chart-sign-ins"] svg');
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'admin-dashboard-desk.png'), fullPage: true });

    await page.click('[data-testid="admin-tab-admin-users"]');
    await page.waitForURL(/\/admin\/users$/);
    await page.fill('[data-testid="admin-users-search"]', 'aspen');
    await expect
      .poll(() => page.locator('[data-testid="admin-users-table"] tbody tr').count())
      .toBe(1);
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'admin-users-desk.png'), fullPage: true });
    await page.click(`[data-testid="admin-users-table"] a:has-text("${treasurerEmail}")`);
    await page.waitForURL(/\/admin\/users\/[0-9a-f-]+$/);
    await page.waitForSelector('[data-testid="user-login-history"]');
    expect(await page.textContent('[data-testid="user-memberships"]')).toContain('Aspen Grove HOA');
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'admin-user-desk.png'), fullPage: true });

    // Impersonating asks first, naming the user, and will not go on without a reason.
    await page.click('[data-testid="impersonate-user"]');
    const dialog = page.getByRole('dialog', { name: `Impersonate ${treasurerEmail}?` });
    await dialog.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('impersonate-reason');
    await page.click('[data-testid="confirm-impersonate"]');
    expect(await page.textContent('[data-testid="impersonate-reason-error"]')).toContain(
      'Say why you are impersonating this user',
    );
    await page.keyboard.type('Ticket 4417: the March invoices are missing');
    // Typing clears the refusal.
    await expect
      .poll(() => page.locator('[data-testid="impersonate-reason-error"]').count())
      .toBe(0);
    await settled();
    await page.screenshot({ path: join(shots, 'admin-impersonate-desk.png') });
    await page.click('[data-testid="confirm-impersonate"]');
    await page.waitForURL(/\/dashboard$/);
    await page.waitForSelector('[data-testid="impersonation-banner"]');
    expect(await page.textContent('[data-testid="impersonation-banner"]')).toContain(
      treasurerEmail,
    );
    await page.click('[data-testid="stop-impersonating"]');
    await page.waitForURL(/\/admin$/);
    await expect.poll(() => page.locator('[data-testid="impersonation-banner"]').count()).toBe(0);
    // The user's sign-in history says who acted as them, and why.
    await page.click('[data-testid="admin-tab-admin-users"]');
    await page.fill('[data-testid="admin-users-search"]', 'aspen');
    await page.click(`[data-testid="admin-users-table"] a:has-text("${treasurerEmail}")`);
    await expect
      .poll(() => page.locator('[data-testid="impersonation-reason"]').first().textContent())
      .toBe('Ticket 4417: the March invoices are missing');
    expect(await page.textContent('[data-testid="user-login-history"]')).toContain(adminEmail);
  });

  it('browses the email log, whose links open nothing, and the pages fit a phone', async () => {
    // A password reset the treasurer asked for: the link that reached them works; the log's does not.
    await app.gql('mutation ($e: String!) { requestPasswordReset(email: $e) }', {
      e: treasurerEmail,
    });
    const sent = await app.nextEmail(
      treasurerEmail,
      'Accept the invitation to see the books of Aspen Grove HOA.',
    );
    const token = /token=(\S+)/.exec(sent.body)![1];
    await page.click('[data-testid="admin-tab-admin-emails"]');
    await page.waitForURL(/\/admin\/emails$/);
    await page.waitForSelector('[data-testid="admin-emails-table"]');
    const table = await page.textContent('[data-testid="admin-emails-table"]');
    expect(table).toContain('You are invited to Aspen Grove HOA');
    expect(table).toContain('Reset your Covenant password');
    expect(table).toContain('/reset-password?token=[hidden]');
    expect(table).not.toContain(token);
    expect(table).not.toContain(decodeURIComponent(token));
    await page.screenshot({ path: join(shots, 'admin-emails-masked-desk.png'), fullPage: true });
    await page.fill('[data-testid="admin-emails-search"]', 'no-such-message');
    await page.waitForSelector('text=Nothing matches these filters');
    await page.screenshot({ path: join(shots, 'admin-emails-desk.png'), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    // The impersonation dialog on a phone: the whole of it on screen, then Cancel.
    await page.goto(`${app.url}/admin/users`);
    await page.fill('[data-testid="admin-users-search"]', 'aspen');
    await page.click(`[data-testid="admin-users-table"] a:has-text("${treasurerEmail}")`);
    await page.click('[data-testid="impersonate-user"]');
    const dialog = page.getByRole('dialog', { name: `Impersonate ${treasurerEmail}?` });
    await dialog.waitFor();
    await settled();
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'admin-impersonate-phone.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    for (const [path, ready, shot] of [
      ['/admin', '[data-testid="chart-ai"] svg', 'dashboard'],
      ['/admin/users', '[data-testid="admin-users-table"]', 'users'],
      ['/admin/emails', '[data-testid="admin-emails-table"]', 'emails'],
    ] as const) {
      await page.goto(`${app.url}${path}`);
      await page.waitForSelector(ready);
      await expectFitsViewport(page);
      await page.screenshot({ path: join(shots, `admin-${shot}-phone.png`), fullPage: true });
    }
  });
});
