import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../api/src/paths.js';
import { Role } from '../../../api/src/core/roles.js';
import { startTestApp, type TestApp } from '../../../api/src/test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../../api/src/test/factories.js';
import {
  expectFitsViewport,
  expectQuietConsole,
  launchBrowser,
  recordFailedResponse,
  watchConsole,
} from './browser.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */

// A treasurer makes a read-only API token for a script on the Security page, copies it from the
// dialog that shows it once, and the script (this test, with fetch) reads the books with it but
// cannot write; revoked in the browser, the script's next request is refused.
describe('browser journey: personal API tokens', () => {
  let app: TestApp;
  let browser: Browser;
  const errors: string[] = [];
  const shots = join(REPO_ROOT, 'test-results');

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    app = await startTestApp({ serveWeb: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(() => expectQuietConsole(errors));

  // What a script would send: plain fetch, the token as a bearer.
  async function script(token: string, query: string) {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query }),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  async function treasurer(email: string, orgName: string) {
    const org = await createOrg(app.services, orgName);
    const user = await createUser(app.services, {
      email,
      memberships: [{ org, role: Role.ADMIN }],
    });
    const made = await app.gql(
      `mutation { createAccount(input: { number: "1010", name: "Operating Checking", type: ASSET, fundType: OPERATING }) { id } }`,
      {},
      tokenFor(app.services, user, org),
    );
    expect(made.body.errors).toBeUndefined();
  }

  async function signIn(page: Page, email: string) {
    await page.goto(`${app.url}/login`);
    await page.fill('#login-email', email);
    await page.fill('#login-password', TEST_PASSWORD);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL(/\/dashboard$/);
  }

  // Dialogs done fading in or out, for a screenshot of what a person sees.
  async function settled(page: Page) {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
  }

  async function journey(viewport: { width: number; height: number }, tag: string) {
    const email = `treasurer-${tag}@api-token-journey.test`;
    await treasurer(email, `Cedar Hollow HOA ${tag}`);
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    watchConsole(page, errors);
    page.on('response', (r) => recordFailedResponse(r, errors));
    await signIn(page, email);

    await page.goto(`${app.url}/security`);
    await page.waitForSelector('[data-testid="api-tokens-empty"]');
    await page.click('[data-testid="new-api-token"]');
    await page.fill('#api-token-name', 'Budget spreadsheet');
    await page.click('[data-testid="api-token-access"]');
    // The role is named in the choice; read-only is what this script needs.
    await expect.poll(() => page.getByRole('option', { name: 'My role (Admin)' }).count()).toBe(1);
    await page.getByRole('option', { name: 'Read-only' }).click();
    await page.click('[data-testid="api-token-expiry"]');
    await page.getByRole('option', { name: '30 days' }).click();
    await page.screenshot({ path: join(shots, `api-tokens-new-${tag}.png`) });
    await page.click('[data-testid="api-token-create"]');

    const field = page.locator('[data-testid="api-token-value"]');
    await field.waitFor();
    const token = await field.inputValue();
    expect(token).toMatch(/^cov_pat_[A-Za-z0-9_-]{43}$/);
    expect(await page.textContent('[data-testid="api-token-warning"]')).toContain(
      'will not be shown again',
    );
    // The form dialog gone and the warning faded in, for the picture.
    await page.locator('#api-token-name').waitFor({ state: 'detached' });
    await settled(page);
    await page.screenshot({ path: join(shots, `api-tokens-shown-${tag}.png`) });
    await page.click('[data-testid="api-token-done"]');
    await field.waitFor({ state: 'detached' });
    // Never shown again: not in the page once the dialog closed.
    expect(await page.content()).not.toContain(token);

    const list = page.locator('[data-testid="api-tokens-list"]');
    await expect.poll(() => list.textContent()).toContain('Budget spreadsheet');
    expect(await list.textContent()).toContain('Read-only');
    expect(await page.textContent('[data-testid="api-token-state"]')).toBe('Active');

    // The script: a read works, a write is refused, and the use is shown on the page.
    const read = await script(token, '{ accounts { number name } }');
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.accounts).toEqual([{ number: '1010', name: 'Operating Checking' }]);
    const write = await script(
      token,
      'mutation { createVendor(input: { name: "Sneaky" }) { id } }',
    );
    expect(write.status).toBe(403);
    expect(write.body.errors[0].extensions.code).toBe('FORBIDDEN');
    await page.reload();
    await expect
      .poll(() => page.textContent('[data-testid="api-token-last-used"]'))
      .toMatch(/^Last used /);
    await expectFitsViewport(page, '/security');
    await page.screenshot({ path: join(shots, `api-tokens-list-${tag}.png`), fullPage: true });

    // Revoked in the browser: the script's next request is refused.
    // Centred first, as a finger would have it: the popup menu closes when the page scrolls.
    const actions = page.locator('[data-testid^="api-token-actions-"]');
    await actions.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await actions.click();
    await page.getByRole('menuitem', { name: 'Revoke…' }).click();
    await expect
      .poll(() => page.getByText('Revoke token “Budget spreadsheet”?').count())
      .toBeGreaterThan(0);
    await page.click('[data-testid="api-token-revoke-confirm"]');
    await expect.poll(() => page.textContent('[data-testid="api-token-state"]')).toBe('Revoked');
    await page.locator('[data-testid="api-token-revoke-confirm"]').waitFor({ state: 'detached' });
    await settled(page);
    await page.screenshot({ path: join(shots, `api-tokens-revoked-${tag}.png`), fullPage: true });
    const after = await script(token, '{ accounts { number } }');
    expect(after.status).toBe(401);
    expect(after.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(after.body.errors[0].message).toMatch(/revoked/);
    await ctx.close();
  }

  it('creates, uses and revokes a read-only token (1440×900)', async () => {
    await journey({ width: 1440, height: 900 }, '1440');
  });

  it('creates, uses and revokes a read-only token on a phone (390×844)', async () => {
    await journey({ width: 390, height: 844 }, '390');
  });
});
