import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../../api/src/platform/organizations/organizations.entity.js';
import { Role } from '../../../api/src/core/roles.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { createOrg, createUser, TEST_PASSWORD } from '../../../api/src/test/factories.js';
import { expectQuietConsole, launchBrowser, watchConsole } from './browser.js';

const NEW_PASSWORD = 'amber-lantern-quorum-2291';

// Sessions as a treasurer lives them: a reload keeps the session (refresh cookie), switching
// associations, signing out, a forgotten password, and a new member's invitation.
describe('browser journey: identity and access', () => {
  let app: TestApp;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;
  let a: Organization;
  let b: Organization;
  const email = 'treasurer@two-assocs.test';
  const errors: string[] = [];

  beforeAll(async () => {
    app = await startTestApp({ serveWeb: true });
    a = await createOrg(app.services, 'Aspen Grove HOA');
    b = await createOrg(app.services, 'Birch Hollow HOA');
    await createUser(app.services, {
      email,
      memberships: [{ org: a }, { org: b, role: Role.ADMIN }],
    });
    browser = await launchBrowser();
    ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await ctx.newPage();
    watchConsole(page, errors);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  async function signIn(p: Page, password: string) {
    await p.goto(`${app.url}/login`);
    await p.fill('#login-email', email);
    await p.fill('#login-password', password);
    await p.click('[data-testid="login-submit"]');
    await p.waitForURL(/\/dashboard$/);
  }

  const orgName = (p: Page) => p.textContent('[data-testid="org-name"]');

  it('keeps the session across a reload and switches associations', async () => {
    await signIn(page, TEST_PASSWORD);
    await expect.poll(() => orgName(page)).toBe('Aspen Grove HOA');
    await page.reload();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => orgName(page)).toBe('Aspen Grove HOA');

    await page.click('[data-testid="org-switcher"]');
    await page.click(`[data-testid="org-option-${b.id}"]`);
    await expect.poll(() => orgName(page)).toBe('Birch Hollow HOA');
    // The switch survives a reload too.
    await page.reload();
    await expect.poll(() => orgName(page)).toBe('Birch Hollow HOA');
  });

  it('invites a member who activates the account from the emailed link', async () => {
    await page.goto(`${app.url}/members`);
    await page.click('[data-testid="invite-member"]');
    await page.fill('#invite-email', 'new.neighbor@example.test');
    await page.click('#invite-role');
    await page.getByRole('option', { name: /Viewer/ }).click();
    await page.click('[data-testid="invite-submit"]');
    await expect
      .poll(() => page.textContent('[data-testid="members-table"]'))
      .toContain('new.neighbor@example.test');

    const mail = await app.lastEmail('new.neighbor@example.test');
    const link = /https?:\/\/\S+\/activate\?token=\S+/.exec(mail!.body)![0];
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const invitee = await other.newPage();
    watchConsole(invitee, errors);
    await invitee.goto(link.replace(/^https?:\/\/[^/]+/, app.url));
    await expect.poll(() => invitee.textContent('body')).toContain('Birch Hollow HOA');
    await invitee.fill('#activate-name', 'Nora Neighbor');
    await invitee.fill('#activate-password', NEW_PASSWORD);
    await invitee.fill('#activate-confirm', NEW_PASSWORD);
    await invitee.click('[data-testid="activate-submit"]');
    await invitee.waitForURL(/\/dashboard$/);
    await expect.poll(() => invitee.textContent('[data-testid="org-role"]')).toMatch(/viewer/i);
    // A viewer's first sign-in: the intro tour too, but no setup wizard after it.
    await invitee.locator('.cv-tour').waitFor();
    await invitee.getByRole('button', { name: 'Skip tour' }).click();
    await invitee.locator('.cv-tour').waitFor({ state: 'detached' });
    await invitee.waitForTimeout(500);
    expect(new URL(invitee.url()).pathname).toBe('/dashboard');
    await other.close();
  });

  it('signs out, then resets a forgotten password from the emailed link', async () => {
    await page.click('[data-testid="user-menu-button"]');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    // Signed out for real: a reload does not bring the session back.
    await page.reload();
    await page.waitForURL(/\/login/);

    await page.click('[data-testid="forgot-password-link"]');
    await page.fill('#forgot-email', email);
    await page.click('[data-testid="forgot-password-submit"]');
    await page.waitForSelector('[data-testid="forgot-password-sent"]');
    // The reset email is sent after the answer (same work for every address): wait for it.
    await expect.poll(() => app.lastEmail(email)).not.toBeNull();
    const mail = await app.lastEmail(email);
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail!.body)![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, app.url));
    await page.fill('#reset-password', NEW_PASSWORD);
    await page.fill('#reset-confirm', NEW_PASSWORD);
    await page.click('[data-testid="reset-password-submit"]');
    await page.waitForSelector('[data-testid="reset-password-done"]');

    await page.goto(`${app.url}/login`);
    await page.fill('#login-email', email);
    await page.fill('#login-password', TEST_PASSWORD);
    await page.click('[data-testid="login-submit"]');
    await expect.poll(() => page.textContent('[data-testid="login-error"]')).toContain('Invalid');
    // The refused sign-in's HTTP 401, logged by the browser itself, and nothing else.
    expect(errors.splice(0)).toEqual([expect.stringMatching(/401/)]);
    await signIn(page, NEW_PASSWORD);
  });
});
