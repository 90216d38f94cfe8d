import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { Role } from '../../../api/src/core/roles.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { createOrg, createUser, TEST_PASSWORD } from '../../../api/src/test/factories.js';
import {
  expectFitsViewport,
  expectQuietConsole,
  launchBrowser,
  recordFailedResponse,
  watchConsole,
} from './browser.js';

// Passkeys as a treasurer lives them, with Chromium's virtual authenticator standing in for the
// laptop's fingerprint reader (DevTools protocol, WebAuthn domain): signed in with the password,
// a passkey added and named on the Security page, signed out, and back in with the passkey alone.
// The app is browsed at http://localhost:<port>: the relying-party ID is a domain (localhost), and
// the API derives it and the origin from that URL when nothing is configured.
describe('browser journey: passkeys', () => {
  let app: TestApp;
  let browser: Browser;
  const errors: string[] = [];
  const shots = join(REPO_ROOT, 'test-results');

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startTestApp({ serveWeb: true });
    expect(new URL(app.url).hostname).toBe('localhost');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  async function open(viewport: { width: number; height: number }) {
    const ctx: BrowserContext = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    watchConsole(page, errors);
    page.on('response', (r) => recordFailedResponse(r, errors));
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { ctx, page, cdp, authenticatorId };
  }

  async function credentials(cdp: CDPSession, authenticatorId: string) {
    return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  }

  async function newTreasurer(email: string) {
    const org = await createOrg(app.services, 'Juniper Flats HOA');
    await createUser(app.services, { email, memberships: [{ org, role: Role.USER }] });
  }

  async function withPassword(page: Page, email: string) {
    await page.goto(`${app.url}/login`);
    await page.fill('#login-email', email);
    await page.fill('#login-password', TEST_PASSWORD);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/dashboard$/);
  }

  async function signOut(page: Page) {
    // On a phone the user menu lives in the drawer.
    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    await page.click('[data-testid="user-menu-button"]');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
  }

  async function lastSignIn(email: string) {
    const rows = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(
        `SELECT method, success FROM login_history WHERE email = ? ORDER BY created_at DESC LIMIT 1`,
        [email],
      );
    return rows[0];
  }

  async function lastPasskeySignIn() {
    const rows = await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(
        `SELECT email, success, failure_reason FROM login_history WHERE method = 'passkey'
          ORDER BY created_at DESC LIMIT 1`,
      );
    return rows[0];
  }

  async function addPasskey(page: Page, name: string) {
    await page.click('[data-testid="add-passkey"]');
    // The virtual authenticator answers the browser's prompt itself; then the naming dialog.
    const input = page.locator('#passkey-name');
    await input.waitFor();
    expect(await input.inputValue()).toBe('Chrome on Linux');
    await input.fill(name);
    await page.click('[data-testid="passkey-name-save"]');
    await input.waitFor({ state: 'detached' });
    await expect.poll(() => page.textContent('[data-testid="passkeys-list"]')).toContain(name);
  }

  it('adds, names and renames a passkey, then signs in with it and no email (1440×900)', async () => {
    const email = 'treasurer@passkey-journey.test';
    await newTreasurer(email);
    const { ctx, page, cdp, authenticatorId } = await open({ width: 1440, height: 900 });
    await withPassword(page, email);

    await page.goto(`${app.url}/security`);
    await page.waitForSelector('[data-testid="passkeys-empty"]');
    await page.screenshot({ path: join(shots, 'passkeys-empty-1440.png') });
    await addPasskey(page, 'Work laptop');
    // A discoverable credential, held by the authenticator for this site.
    const held = await credentials(cdp, authenticatorId);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    // Rename from the row menu.
    await page.click('[data-testid^="passkey-actions-"]');
    await page.getByRole('menuitem', { name: 'Rename…' }).click();
    await page.fill('#passkey-name', 'Work laptop (Chrome)');
    await page.click('[data-testid="passkey-name-save"]');
    await expect
      .poll(() => page.textContent('[data-testid="passkey-name"]'))
      .toBe('Work laptop (Chrome)');
    expect(await page.textContent('[data-testid="passkey-last-used"]')).toBe('Never used');
    await page.screenshot({ path: join(shots, 'passkeys-list-1440.png'), fullPage: true });

    await signOut(page);
    await page.click('[data-testid="passkey-sign-in"]');
    await page.waitForURL(/\/dashboard$/);
    // The email field was never typed in.
    expect(await lastSignIn(email)).toEqual({ method: 'passkey', success: true });

    await page.goto(`${app.url}/security`);
    await expect
      .poll(() => page.textContent('[data-testid="passkey-last-used"]'))
      .toMatch(/^Last used /);
    // The counter moved on with the sign-in (the authenticator's and the one the API keeps).
    expect((await credentials(cdp, authenticatorId))[0]!.signCount).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, 'passkeys-used-1440.png'), fullPage: true });
    await expectFitsViewport(page, '/security');

    // Deleted, it no longer signs in: the authenticator still offers it, the API refuses it.
    await page.click('[data-testid^="passkey-actions-"]');
    await page.getByRole('menuitem', { name: 'Delete…' }).click();
    await page.click('[data-testid="passkey-delete-confirm"]');
    await page.waitForSelector('[data-testid="passkeys-empty"]');
    await signOut(page);
    await page.click('[data-testid="passkey-sign-in"]');
    await expect
      .poll(() => page.textContent('[data-testid="passkey-sign-in-message"]'))
      .toContain('not registered');
    await page.waitForTimeout(400); // the message's entrance transition
    await page.screenshot({ path: join(shots, 'passkeys-refused-1440.png') });
    expect(page.url()).toMatch(/\/login/);
    // Nobody is named by a passkey the API does not know: the failed row has no email.
    expect(await lastPasskeySignIn()).toEqual({
      email: null,
      success: false,
      failure_reason: 'unknown passkey',
    });
    // The browser logs the refused sign-in's HTTP 401 itself (the page and the recorder), and
    // nothing else.
    expect(errors.splice(0).filter((e) => !/401/.test(e))).toEqual([]);
    await ctx.close();
  });

  it('adds a passkey and signs in with it on a phone (390×844)', async () => {
    const email = 'treasurer@passkey-phone.test';
    await newTreasurer(email);
    const { ctx, page } = await open({ width: 390, height: 844 });
    await withPassword(page, email);
    await page.goto(`${app.url}/security`);
    await page.waitForSelector('[data-testid="passkeys-empty"]');
    await addPasskey(page, 'My phone');
    await expectFitsViewport(page, '/security');
    await page.screenshot({ path: join(shots, 'passkeys-list-390.png'), fullPage: true });

    await expect.poll(() => page.textContent('body')).toContain('Passkey “My phone” added');
    await signOut(page);
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(shots, 'passkeys-login-390.png'), fullPage: true });
    await page.click('[data-testid="passkey-sign-in"]');
    await page.waitForURL(/\/dashboard$/);
    expect(await lastSignIn(email)).toEqual({ method: 'passkey', success: true });
    await ctx.close();
  });
});
