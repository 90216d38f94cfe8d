import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { Role } from '../../../api/src/core/roles.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { createOrg, createUser, TEST_PASSWORD } from '../../../api/src/test/factories.js';
import {
  startFakeOidcProvider,
  type FakeOidcProvider,
} from '../../../api/src/test/fake-oidc-provider.js';
import {
  expectFitsViewport,
  expectQuietConsole,
  launchBrowser,
  recordFailedResponse,
  watchConsole,
} from './browser.js';

// Signing in with Google as a treasurer lives it, against a real OpenID provider on loopback
// standing in for Google (its own sign-in page takes any login name; that name becomes the
// account's subject): link from the Security page, sign out, "Continue with Google"; then an
// account nobody linked is turned away with a reason. The browser really goes to the provider
// and back (a top-level navigation, which the app's CSP does not restrict).
describe('browser journey: sign-in with Google', () => {
  let app: TestApp;
  let idp: FakeOidcProvider;
  let browser: Browser;
  // One treasurer per screen size, each linking their own Google account.
  const emailAt = (w: number) => `treasurer-${w}@sso-journey.test`;
  const errors: string[] = [];
  const shots = join(REPO_ROOT, 'test-results');

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    idp = await startFakeOidcProvider();
    app = await startTestApp({ serveWeb: true, sso: { google: idp.client, microsoft: null } });
    idp.register(`${app.url}/auth/sso/google/callback`);
    const org = await createOrg(app.services, 'Juniper Hills HOA');
    for (const w of [1440, 390]) {
      await createUser(app.services, {
        email: emailAt(w),
        memberships: [{ org, role: Role.USER }],
      });
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await idp?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  // A fresh browser profile: no session here, none at the provider.
  async function open(viewport: { width: number; height: number }) {
    const ctx: BrowserContext = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    // Only the app's own pages must stay quiet: the provider's sign-in page (a stand-in) asks for
    // a favicon and a web font it does not have, which says nothing about Covenant.
    const mine: string[] = [];
    watchConsole(page, mine);
    page.on('console', () => {
      const said = mine.splice(0);
      if (!page.url().startsWith(idp.issuer)) errors.push(...said);
    });
    page.on('pageerror', () => errors.push(...mine.splice(0)));
    page.on('response', (r) => {
      if (!r.url().startsWith(idp.issuer)) recordFailedResponse(r, errors);
    });
    return { ctx, page };
  }

  async function signOut(page: Page) {
    // On a phone the user menu lives in the drawer.
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    await page.click('[data-testid="user-menu-button"]');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
  }

  // The provider's own sign-in page.
  async function signInAtProvider(page: Page, account: string) {
    await page.waitForURL((u) => u.href.startsWith(idp.issuer));
    await page.fill('input[name="login"]', account);
    await page.fill('input[name="password"]', 'anything');
    await page.click('button[type="submit"]');
  }

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const w = viewport.width;
    const account = `juniper-treasurer-${w}`;
    const email = emailAt(w);

    it(`${w}px: links Google from the Security page, signs out, signs in with Google`, async () => {
      const { ctx, page } = await open(viewport);
      await page.goto(`${app.url}/login`);
      await page.fill('#login-email', email);
      await page.fill('#login-password', TEST_PASSWORD);
      await page.click('[data-testid="login-submit"]');
      await page.waitForURL(/\/dashboard$/);

      await page.goto(`${app.url}/security`);
      const row = page.locator('[data-testid="linked-google"]');
      await expect.poll(() => row.textContent()).toContain('Not linked');
      await page.locator('[data-testid="linked-accounts"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `sso-security-before-${w}.png`) });
      await page.click('[data-testid="link-google"]');
      await signInAtProvider(page, account);

      // Back on the Security page, linked, and the address cleaned of the outcome.
      await page.waitForURL(/\/security$/);
      await expect
        .poll(() => page.textContent('[data-testid="linked-accounts-notice"]'))
        .toContain('Your Google account is linked');
      await expect.poll(() => row.textContent()).toContain(`${account}@idp.test`);
      await page.locator('[data-testid="linked-accounts"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `sso-security-linked-${w}.png`) });
      await expectFitsViewport(page);

      await signOut(page);
      await page.waitForSelector('[data-testid="sso-google"]');
      expect(await page.textContent('[data-testid="sso-google"]')).toContain(
        'Continue with Google',
      );
      // Only the configured provider.
      expect(await page.locator('[data-testid="sso-microsoft"]').count()).toBe(0);
      await page.screenshot({ path: join(shots, `sso-login-${w}.png`) });
      await page.click('[data-testid="sso-google"]');
      // The provider remembers this browser: straight back, signed in, to the dashboard.
      await page.waitForURL(/\/dashboard$/);
      await page.waitForSelector('.page-header');
      await page.screenshot({ path: join(shots, `sso-signed-in-${w}.png`) });
      const history = await app.services.platformOrm.em
        .fork()
        .getConnection()
        .execute<{ method: string; success: boolean }[]>(
          `SELECT h.method, h.success FROM login_history h JOIN users u ON u.id = h.user_id
            WHERE u.email = ? ORDER BY h.created_at DESC LIMIT 1`,
          [email],
        );
      expect(history[0]).toEqual({ method: 'sso:google', success: true });
      await ctx.close();
    });

    it(`${w}px: a Google account nobody linked is turned away, with the reason`, async () => {
      const { ctx, page } = await open(viewport);
      await page.goto(`${app.url}/login`);
      await page.click('[data-testid="sso-google"]');
      await signInAtProvider(page, `stranger-${w}`);
      await page.waitForURL((u) => u.pathname === '/login' && !u.search.includes('sso='));
      await expect
        .poll(() => page.textContent('[data-testid="sso-notice"]'))
        .toContain('That Google account is not linked to a Covenant user');
      // The message's entrance has settled.
      await page.waitForTimeout(500);
      await page.screenshot({ path: join(shots, `sso-not-linked-${w}.png`), fullPage: true });
      await expectFitsViewport(page);
      await ctx.close();
    });
  }
});
