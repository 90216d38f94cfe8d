import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateSync } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { Role } from '../../../api/src/core/roles.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../../api/src/test/factories.js';
import type { Organization } from '../../../api/src/platform/organizations/organizations.entity.js';
import {
  expectFitsViewport,
  expectQuietConsole,
  launchBrowser,
  recordFailedResponse,
  watchConsole,
} from './browser.js';

// Two-step sign-in as a treasurer lives it: turned on from the Security page (the key read off the
// page, the code computed here as an authenticator app would), recovery codes saved, then signing
// in with password + code, and with a recovery code. The phone pass: the code step and the page.
const STEP = 30;
const step = () => Math.floor(Date.now() / 1000 / STEP);
const codeAt = (secret: string, s: number) => generateSync({ secret, epoch: s * STEP });

describe('browser journey: two-step sign-in', () => {
  let app: TestApp;
  let browser: Browser;
  const email = 'treasurer@mfa-journey.test';
  const errors: string[] = [];
  const shots = join(REPO_ROOT, 'test-results');
  let secret = '';
  let recovery: string[] = [];
  // The newest time step the API has accepted: a code is never accepted twice (replay), so each
  // sign-in uses a later step, within the one step of drift allowed.
  let usedStep = 0;
  let org: Organization;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startTestApp({ serveWeb: true });
    org = await createOrg(app.services, 'Cedar Point HOA');
    await createUser(app.services, { email, memberships: [{ org, role: Role.USER }] });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  async function open(viewport: { width: number; height: number }) {
    const ctx: BrowserContext = await browser.newContext({ viewport, acceptDownloads: true });
    const page = await ctx.newPage();
    watchConsole(page, errors);
    page.on('response', (r) => recordFailedResponse(r, errors));
    return { ctx, page };
  }

  async function password(page: Page, who = email) {
    await page.goto(`${app.url}/login`);
    await page.fill('#login-email', who);
    await page.fill('#login-password', TEST_PASSWORD);
    await page.click('[data-testid="login-submit"]');
  }

  async function signOut(page: Page) {
    await page.click('[data-testid="user-menu-button"]');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
  }

  it('turns it on from the Security page and saves the recovery codes', async () => {
    const { ctx, page } = await open({ width: 1440, height: 900 });
    await password(page);
    // No second step yet: straight in.
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${app.url}/security`);
    await page.click('[data-testid="mfa-begin"]');
    await page.waitForSelector('[data-testid="mfa-setup"] img');
    secret = (await page.textContent('[data-testid="mfa-secret"]'))!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.screenshot({ path: join(shots, 'mfa-setup-1440.png'), fullPage: true });

    usedStep = step();
    await page.fill('#mfa-setup-code', codeAt(secret, usedStep));
    await page.click('[data-testid="mfa-confirm"]');
    await page.waitForSelector('[data-testid="mfa-recovery-codes"]');
    recovery = await page.$$eval('.mfa__code', (els) => els.map((e) => e.textContent!.trim()));
    expect(recovery).toHaveLength(10);
    for (const c of recovery) expect(c).toMatch(/^[a-z]{4}-[a-z]{4}-[a-z]{4}$/);
    // The note's entrance has settled.
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(shots, 'mfa-recovery-codes-1440.png'), fullPage: true });

    const download = page.waitForEvent('download');
    await page.click('[data-testid="mfa-download"]');
    const file = await download;
    expect(file.suggestedFilename()).toBe('covenant-recovery-codes.txt');
    await page.click('[data-testid="mfa-codes-saved"]');
    await expect.poll(() => page.textContent('[data-testid="mfa-status"]')).toBe('On');
    expect(await page.textContent('[data-testid="mfa-summary"]')).toContain(
      '10 recovery codes left',
    );
    await signOut(page);
    await ctx.close();
  });

  it('signs in with password and a code from the app, then with a recovery code', async () => {
    const { ctx, page } = await open({ width: 1440, height: 900 });
    await password(page);
    await page.waitForSelector('[data-testid="mfa-challenge"]');
    expect(await page.textContent('[data-testid="mfa-challenge"]')).toContain(
      'Enter the 6-digit code from your authenticator app.',
    );
    expect(await page.getAttribute('#mfa-code', 'autocomplete')).toBe('one-time-code');
    expect(await page.getAttribute('#mfa-code', 'inputmode')).toBe('numeric');
    await page.screenshot({ path: join(shots, 'mfa-challenge-1440.png') });
    usedStep = Math.max(usedStep + 1, step());
    await page.fill('#mfa-code', codeAt(secret, usedStep));
    await page.click('[data-testid="mfa-submit"]');
    await page.waitForURL(/\/dashboard$/);
    await signOut(page);

    await password(page);
    await page.waitForSelector('[data-testid="mfa-challenge"]');
    await page.click('[data-testid="mfa-switch"]');
    await page.fill('#mfa-recovery-code', recovery[0]);
    await page.screenshot({ path: join(shots, 'mfa-recovery-1440.png') });
    await page.click('[data-testid="mfa-submit"]');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${app.url}/security`);
    await expect
      .poll(() => page.textContent('[data-testid="mfa-summary"]'))
      .toContain('9 recovery codes left');
    await ctx.close();
  });

  it('on a phone: the code step and the Security page fit the screen', async () => {
    const { ctx, page } = await open({ width: 390, height: 844 });
    await password(page);
    await page.waitForSelector('[data-testid="mfa-challenge"]');
    await page.screenshot({ path: join(shots, 'mfa-challenge-390.png') });
    await page.click('[data-testid="mfa-switch"]');
    await page.fill('#mfa-recovery-code', recovery[1]);
    await page.click('[data-testid="mfa-submit"]');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${app.url}/security`);
    await page.waitForSelector('[data-testid="mfa-summary"]');
    await expectFitsViewport(page);
    await page.screenshot({ path: join(shots, 'mfa-security-on-390.png'), fullPage: true });
    await page.click('[data-testid="mfa-regenerate"]');
    await page.waitForSelector('#mfa-current-code');
    await page.screenshot({ path: join(shots, 'mfa-security-390.png'), fullPage: true });
    await ctx.close();
  });

  it('ten wrong codes lock the app: the sign-in asks for a recovery code, desk and phone', async () => {
    const lockedEmail = 'secretary@mfa-journey.test';
    const user = await createUser(app.services, {
      email: lockedEmail,
      memberships: [{ org, role: Role.USER }],
    });
    const token = tokenFor(app.services, user, org);
    const begin = await app.gql('mutation { beginMfaSetup { secret } }', {}, token);
    const key = begin.body.data!.beginMfaSetup.secret as string;
    const setupStep = step();
    const confirm = await app.gql(
      'mutation ($c: String!) { confirmMfaSetup(code: $c) { codes } }',
      { c: codeAt(key, setupStep) },
      token,
    );
    const codes = confirm.body.data!.confirmMfaSetup.codes as string[];
    // Someone with the password guesses ten codes (two sign-ins of five): the app locks.
    const near = new Set([-2, -1, 0, 1, 2].map((k) => codeAt(key, step() + k)));
    const wrong = ['000000', '111111', '222222'].find((c) => !near.has(c))!;
    const lock = async () => {
      let challenge = '';
      for (let i = 0; i < 10; i++) {
        if (i % 5 === 0) {
          const login = await app.gql(
            'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on MfaChallenge { challengeToken } } }',
            { e: lockedEmail, p: TEST_PASSWORD },
          );
          challenge = login.body.data!.login.challengeToken as string;
        }
        await app.gql(
          'mutation ($t: String!, $c: String!) { verifyMfa(challengeToken: $t, code: $c) { mfaRequired } }',
          { t: challenge, c: wrong },
        );
      }
    };
    // The refusals the page is meant to get (401, the app locked), and only those.
    const expectedRefusals = () => {
      const seen = errors.splice(0);
      const unexpected = seen.filter(
        (e) => !/401 POST \S+\/graphql VerifyMfa|status of 401/.test(e),
      );
      expect(unexpected).toEqual([]);
      expect(seen.length).toBeGreaterThan(0);
    };

    for (const [viewport, tag, recoveryCode] of [
      [{ width: 1440, height: 900 }, '1440', codes[0]],
      [{ width: 390, height: 844 }, '390', codes[1]],
    ] as const) {
      await lock();
      const { ctx, page } = await open(viewport);
      await password(page, lockedEmail);
      await page.waitForSelector('[data-testid="mfa-challenge"]');
      // The right code from the app: refused while locked.
      await page.fill('#mfa-code', codeAt(key, Math.max(setupStep + 1, step())));
      await page.click('[data-testid="mfa-submit"]');
      await page.waitForSelector('[data-testid="mfa-app-locked"]');
      expect(await page.textContent('[data-testid="mfa-app-locked"]')).toContain(
        'codes from your authenticator app are locked',
      );
      // Straight on to a recovery code, the field ready for it.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.id))
        .toBe('mfa-recovery-code');
      expect(await page.locator('[data-testid="mfa-switch"]').count()).toBe(0);
      await expectFitsViewport(page);
      await page.waitForTimeout(400); // the message's opening animation, for the picture
      await page.screenshot({ path: join(shots, `mfa-locked-${tag}.png`) });
      expectedRefusals();
      await page.keyboard.type(recoveryCode);
      await page.click('[data-testid="mfa-submit"]');
      await page.waitForURL(/\/dashboard$/);
      await ctx.close();
    }
    // The lock began twice; the owner of the account heard of it each time.
    expect((await app.lastEmail(lockedEmail))?.template).toBe('mfa-locked');
  });

  it('an admin requires it; a member without it is sent to set it up', async () => {
    const adminEmail = 'president@mfa-journey.test';
    const viewerEmail = 'board@mfa-journey.test';
    const admin = await createUser(app.services, {
      email: adminEmail,
      memberships: [{ org, role: Role.ADMIN }],
    });
    await createUser(app.services, {
      email: viewerEmail,
      memberships: [{ org, role: Role.VIEWER }],
    });
    // The admin's authenticator, set up through the API as the page would.
    const adminToken = tokenFor(app.services, admin, org);
    const begin = await app.gql('mutation { beginMfaSetup { secret } }', {}, adminToken);
    const adminSecret = begin.body.data!.beginMfaSetup.secret as string;
    const adminStep = step();
    const confirm = await app.gql(
      'mutation ($c: String!) { confirmMfaSetup(code: $c) { codes } }',
      { c: codeAt(adminSecret, adminStep) },
      adminToken,
    );
    expect(confirm.body.errors).toBeUndefined();

    const { ctx, page } = await open({ width: 1440, height: 900 });
    await password(page, adminEmail);
    await page.waitForSelector('[data-testid="mfa-challenge"]');
    await page.fill('#mfa-code', codeAt(adminSecret, Math.max(adminStep + 1, step())));
    await page.click('[data-testid="mfa-submit"]');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${app.url}/members`);
    await expect
      .poll(() => page.textContent(`[data-testid="member-mfa-${admin.id}"]`))
      .toContain('On');
    // The requirement is one of the association's settings.
    await page.goto(`${app.url}/settings`);
    await page.waitForSelector('[data-testid="require-mfa"]');
    await page.click('[data-testid="require-mfa-toggle"]');
    await expect.poll(() => page.isChecked('#require-mfa-toggle')).toBe(true);
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(shots, 'mfa-members-1440.png'), fullPage: true });
    await ctx.close();

    const viewer = await open({ width: 1440, height: 900 });
    await password(viewer.page, viewerEmail);
    // Signed in, but the association's pages wait for two-step sign-in.
    await viewer.page.waitForURL(/\/security\?mfa=required$/);
    await viewer.page.waitForSelector('[data-testid="mfa-required"]');
    expect(await viewer.page.textContent('[data-testid="mfa-required"]')).toContain(
      'Cedar Point HOA requires two-step sign-in.',
    );
    await viewer.page.waitForTimeout(500);
    await viewer.page.screenshot({ path: join(shots, 'mfa-required-1440.png') });
    await viewer.ctx.close();
  });
});
