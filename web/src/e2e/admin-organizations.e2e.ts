import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../api/src/core/roles.js';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { createOrg, createUser, TEST_PASSWORD } from '../../../api/src/test/factories.js';
import { expectFitsViewport, expectQuietConsole, launchBrowser, watchConsole } from './browser.js';

// A super admin runs the organizations: creates a tenant (its first admin is invited), suspends
// an association while its treasurer is working in it (refused at once), and reactivates it; turns
// ideation on, plans the treasurer's idea with a private note and impersonates the treasurer to see
// it as they do; the pages on a desk and on a phone.
describe('browser journey: admin organizations', () => {
  let app: TestApp;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  const adminEmail = 'ops@platform.test';
  const treasurerEmail = 'treasurer@birch-lane.test';
  const shots = join(REPO_ROOT, 'test-results');

  beforeAll(async () => {
    app = await startTestApp({ serveWeb: true });
    const org = await createOrg(app.services, 'Birch Lane HOA');
    await createUser(app.services, { email: adminEmail, isSuperadmin: true });
    await createUser(app.services, {
      email: treasurerEmail,
      memberships: [{ org, role: Role.USER }],
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

  async function signIn(p: Page, email: string) {
    await p.goto(`${app.url}/login`);
    await p.fill('#login-email', email);
    await p.fill('#login-password', TEST_PASSWORD);
    await p.click('[data-testid="login-submit"]');
  }

  it('creates a tenant with its first admin invited', async () => {
    await signIn(page, adminEmail);
    await page.waitForURL(/\/admin$/);
    await page.click('[data-testid="admin-tab-admin-organizations"]');
    await page.waitForURL(/\/admin\/organizations$/);
    await page.waitForSelector('[data-testid="admin-organizations-table"]');
    expect(await page.textContent('[data-testid="status-count-active"]')).toMatch(/1\s*Active/);

    await page.click('[data-testid="new-organization"]');
    await page.fill('[data-testid="new-organization-name"]', 'Cedar Point HOA');
    await page.fill('[data-testid="new-organization-email"]', 'board@cedar-point.test');
    await page.click('[data-testid="new-organization-submit"]');
    await page.waitForURL(/\/admin\/organizations\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.waitForSelector('[data-testid="organization-members"]');
    expect(await page.textContent('h1')).toBe('Cedar Point HOA');
    expect(await page.textContent('[data-testid="organization-members"]')).toMatch(
      /board@cedar-point\.test\s*Admin\s*Invited/,
    );
    expect(await page.textContent('[data-testid="organization-database-size"]')).toMatch(/MB$/);
    const mail = await app.lastEmail('board@cedar-point.test');
    expect(mail?.subject).toContain('Cedar Point HOA');
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'admin-organization-desk.png'), fullPage: true });
  });

  it('suspends an association at once for its treasurer, then reactivates it', async () => {
    const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const tp = await other.newPage();
    await signIn(tp, treasurerEmail);
    await tp.waitForURL(/\/dashboard$/);

    await page.click('[data-testid="admin-tab-admin-organizations"]');
    await page.fill('[data-testid="admin-organizations-search"]', 'birch');
    await expect
      .poll(() => page.locator('[data-testid="admin-organizations-table"] tbody tr').count())
      .toBe(1);
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'admin-organizations-desk.png'), fullPage: true });
    await page.click('[data-testid="admin-organizations-table"] a');
    await page.waitForSelector('[data-testid="organization-suspend"]');
    await page.click('[data-testid="organization-suspend"]');
    await page.fill('#org-status-reason', 'Contract lapsed');
    await page.click('[data-testid="organization-status-confirm"]');
    await expect
      .poll(() => page.textContent('[data-testid="organization-status"]'))
      .toBe('Suspended');
    expect(await page.textContent('[data-testid="organization-status-history"]')).toContain(
      'Contract lapsed',
    );

    // The treasurer's session ends: their only association is suspended, so reopening Covenant
    // finds no organization to sign in to.
    await tp.reload();
    await tp.waitForURL(/\/login/);
    await other.close();

    await page.click('[data-testid="organization-reactivate"]');
    await page.click('[data-testid="organization-status-confirm"]');
    await expect.poll(() => page.textContent('[data-testid="organization-status"]')).toBe('Active');
  });

  it("turns ideation on, manages the treasurer's idea, and impersonates the treasurer", async () => {
    // The admin turns the Ideas page on for Birch Lane (its detail page is open).
    await page.click('#org-ideation');
    await page.click('[data-testid="organization-settings-save"]');
    await page.waitForSelector('text=Settings saved');

    // The treasurer submits an idea.
    const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const tp = await other.newPage();
    watchConsole(tp, errors);
    await signIn(tp, treasurerEmail);
    await tp.waitForURL(/\/dashboard$/);
    await tp.click('nav a:has-text("Ideas")');
    await tp.waitForURL(/\/ideas$/);
    await tp.fill('[data-testid="idea-title"]', 'Email the board packet');
    await tp.fill('[data-testid="idea-description"]', 'One PDF before each meeting.');
    await tp.click('[data-testid="submit-idea"]');
    await expect
      .poll(() => tp.textContent('[data-testid="ideas-list"]'))
      .toMatch(/Email the board packet[\s\S]*Submitted/);
    await other.close();

    // The admin plans it and writes a private note.
    await page.click('[data-testid="admin-tab-admin-ideas"]');
    await page.waitForURL(/\/admin\/ideas$/);
    const idea = page.locator('[data-testid="admin-idea"]', { hasText: 'Email the board packet' });
    await idea.waitFor();
    await idea.locator('[data-testid="idea-status-select"]').click();
    await page.click('[role="option"]:has-text("Planned")');
    await expect.poll(() => idea.locator('.p-tag').first().textContent()).toBe('Planned');
    await idea.locator('[data-testid="idea-note-edit"]').click();
    await idea.locator('[data-testid="idea-note-input"]').fill('Sprint 52, with the PDF export');
    await idea.locator('[data-testid="idea-note-save"]').click();
    await expect
      .poll(() => idea.locator('[data-testid="idea-note"]').textContent())
      .toContain('Sprint 52');

    // Impersonating the treasurer: the idea is planned, and the private note is not there.
    await page.click('[data-testid="admin-tab-admin-users"]');
    await page.fill('[data-testid="admin-users-search"]', 'birch-lane');
    await page.click(`[data-testid="admin-users-table"] a:has-text("${treasurerEmail}")`);
    await page.click('[data-testid="impersonate-user"]');
    await page.fill('#impersonate-reason', 'Checking the idea board as the treasurer sees it');
    await page.click('[data-testid="confirm-impersonate"]');
    await page.waitForSelector('[data-testid="impersonation-banner"]');
    expect(await page.textContent('[data-testid="impersonation-banner"]')).toContain(
      treasurerEmail,
    );
    await page.click('nav a:has-text("Ideas")');
    await page.waitForURL(/\/ideas$/);
    await expect
      .poll(() => page.textContent('[data-testid="ideas-list"]'))
      .toMatch(/Email the board packet[\s\S]*Planned/);
    expect(await page.textContent('body')).not.toContain('Sprint 52');
    await page.click('[data-testid="stop-impersonating"]');
    await page.waitForURL(/\/admin$/);
    await page.click('[data-testid="admin-tab-admin-organizations"]');
    await page.click('[data-testid="admin-organizations-table"] a:has-text("Birch Lane HOA")');
    await page.waitForSelector('[data-testid="organization-plan-form"]');
  });

  it("shows the database clusters with their associations, and an association's database", async () => {
    await page.click('[data-testid="admin-tab-admin-clusters"]');
    await page.waitForURL(/\/admin\/clusters$/);
    const row = page.locator('[data-testid="clusters-table"] tbody tr').first();
    await expect.poll(() => row.textContent()).toContain('default');
    // Birch Lane and the tenant made above, on the one cluster of a test app.
    expect(await row.locator('[data-testid="cluster-room"]').textContent()).toMatch(/\b2\b/);
    await page.screenshot({ path: join(shots, 'admin-clusters-desk.png'), fullPage: true });
    await page.click('[data-testid="admin-tab-admin-organizations"]');
    await page.click('[data-testid="admin-organizations-table"] a:has-text("Birch Lane HOA")');
    await page.waitForSelector('[data-testid="organization-plan-form"]');
    await expect.poll(() => page.textContent('body')).toMatch(/Database[\s\S]*default/);
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.waitForSelector('[data-testid="organization-plan-form"]');
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'admin-organization-phone.png'), fullPage: true });
    await page.click('[data-testid="admin-tab-admin-organizations"]');
    await page.waitForSelector('[data-testid="admin-organizations-table"]');
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'admin-organizations-phone.png'), fullPage: true });
    await page.click('[data-testid="admin-tab-admin-clusters"]');
    await page.waitForSelector('[data-testid="clusters-table"]');
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'admin-clusters-phone.png'), fullPage: true });
  });
});
