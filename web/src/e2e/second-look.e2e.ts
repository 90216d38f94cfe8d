/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Role } from '../../../api/src/core/roles.js';
import type { TestApp } from '../../../api/src/test/app.js';
import { createUser, TEST_PASSWORD } from '../../../api/src/test/factories.js';
import { Membership } from '../../../api/src/platform/users/memberships.entity.js';
import { User } from '../../../api/src/platform/users/users.entity.js';
import { Organization } from '../../../api/src/platform/organizations/organizations.entity.js';
import {
  type DemoJourney,
  dialogOpened,
  expectFitsViewport,
  expectQuietConsole,
  navigate,
  openDemoJourney,
  recordFailedResponse,
  watchConsole,
} from './browser.js';

// The screens a treasurer trips over on a second look, on the demo books: where sign-in lands,
// which "today" a screen starts from, what a printed report carries, archiving an account that
// holds a balance, a journal entry on a phone, and what a viewer is offered.
describe('browser journey: the second look', () => {
  const DESK = { width: 1440, height: 900 };
  const PHONE = { width: 390, height: 844 };
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let gql: DemoJourney['gql'];
  let errors: string[] = [];
  let shots: string;
  let close: DemoJourney['close'] | undefined;
  let orgId: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ({ app, browser, page, gql, errors, shots, close } = await openDemoJourney({
      viewport: DESK,
    }));
    ({
      me: {
        organization: { id: orgId },
      },
    } = await gql('{ me { organization { id } } }'));
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await close?.();
  });
  afterEach(() => expectQuietConsole(errors));

  /** A browser of its own (no shared cookies), watched like the journey's page. */
  async function newPage(options: Parameters<Browser['newContext']>[0]): Promise<Page> {
    const ctx = await browser.newContext(options);
    contexts.push(ctx);
    const p = await ctx.newPage();
    watchConsole(p, errors);
    p.on('response', (r) => recordFailedResponse(r, errors));
    return p;
  }

  /** Maple Ridge's treasurer (an admin there), as the demo printed them. */
  const treasurer = () =>
    app.demo!.find((d) => d.role === 'Tenant admin' && d.organization === 'Maple Ridge HOA')!;

  async function signIn(p: Page, email: string, password = TEST_PASSWORD): Promise<void> {
    await p.goto(`${app.url}/login`);
    await p.fill('#login-email', email);
    await p.fill('#login-password', password);
    await p.click('[data-testid="login-submit"]');
  }

  /** The page's content is in: a title, and no skeleton or busy region left. */
  async function settled(p: Page = page): Promise<void> {
    await p.locator('main h1:visible').first().waitFor();
    await expect
      .poll(() => p.locator('main [aria-busy="true"], main .p-skeleton').count(), {
        timeout: 20_000,
      })
      .toBe(0);
  }

  async function addMember(userId: string, role: Role): Promise<void> {
    const em = app.services.platformOrm.em.fork();
    em.create(Membership, {
      user: em.getReference(User, userId),
      organization: em.getReference(Organization, orgId),
      role,
    });
    await em.flush();
  }

  it('takes the platform owner to the admin panel, though they belong to an association', async () => {
    const owner = app.demo!.find((d) => d.role.startsWith('Platform owner'))!;
    const em = app.services.platformOrm.em.fork();
    const user = await em.findOneOrFail(User, { email: owner.email });
    await addMember(user.id, Role.VIEWER);
    // The sign-in answer says who the platform owner is.
    const login = await app.gql(
      'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginPayload { user { isPlatformOwner } organizations { name } } } }',
      { e: owner.email, p: owner.password },
    );
    expect(login.body.data!.login.user.isPlatformOwner).toBe(true);
    expect(login.body.data!.login.organizations.map((o: any) => o.name)).toContain(
      'Maple Ridge HOA',
    );

    const p = await newPage({ viewport: DESK });
    await signIn(p, owner.email, owner.password);
    await p.waitForURL(/\/admin$/);
    await p.locator('[data-testid="stat-users"]').waitFor();
    await p.screenshot({ path: join(shots, 'second-look-owner-lands-on-admin.png') });
    // The association stays a click away.
    await p.goto(`${app.url}/dashboard`);
    await settled(p);
    await p.close();
  });

  it("starts every screen from the association's today in a browser a day away from it", async () => {
    // Maple Ridge keeps New York's calendar. One of these two zones is on another date than New
    // York at any moment (14 hours ahead of UTC, 11 behind).
    const ZONE = 'America/New_York';
    const isoIn = (zone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date());
    const far = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => isoIn(z) !== isoIn(ZONE))!;
    const today = isoIn(ZONE);
    const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: ZONE }).format(
      new Date(),
    );

    const p = await newPage({ viewport: DESK, timezoneId: far, locale: 'en-US' });
    expect(await p.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(far);
    const asked: { op: string; variables: Record<string, unknown> }[] = [];
    p.on('request', (r: Request) => {
      if (!r.url().endsWith('/graphql') || r.method() !== 'POST') return;
      try {
        const body = r.postDataJSON() as { operationName?: string; variables?: any };
        if (body?.operationName) asked.push({ op: body.operationName, variables: body.variables });
      } catch {
        // An upload: not JSON.
      }
    });
    const variablesOf = (op: string) => asked.filter((a) => a.op === op).map((a) => a.variables);
    await signIn(p, treasurer().email, treasurer().password);
    await p.waitForURL(/\/dashboard$/);

    // Accounts: balances as of the association's today, and said so.
    await p.goto(`${app.url}/accounts`);
    await settled(p);
    expect(await p.locator('main .page-header').innerText()).toContain(`Balances as of ${shown}`);
    expect(variablesOf('AccountBalances').at(-1)).toEqual({ asOf: today });
    await p.screenshot({ path: join(shots, 'second-look-today-accounts.png') });

    // Late fees: assessed as of that day.
    await p.goto(`${app.url}/invoices/late-fees`);
    await settled(p);
    expect(await p.inputValue('#late-as-of')).toBe(shown);

    // Vendors: the spend of the year to that day.
    await p.goto(`${app.url}/vendors`);
    await settled(p);
    expect(await p.locator('main .page-header').innerText()).toContain(shown);
    await expect.poll(() => variablesOf('VendorSpend').at(-1)?.to).toBe(today);

    // A new entry is dated that day.
    await p.goto(`${app.url}/transactions/new`);
    await p.locator('#entry-date').waitFor();
    expect(await p.inputValue('#entry-date')).toBe(shown);
    await p.close();
  });

  it('prints reports without the screen’s chrome: no skip link, nothing outside the page', async () => {
    await page.goto(`${app.url}/reports`);
    await settled();
    const paths = [
      ...new Set(
        await page
          .locator('main a[href^="/reports/"]')
          .evaluateAll((links) =>
            links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
          ),
      ),
    ];
    expect(paths).toContain('/reports/board-packet');
    expect(paths).toContain('/reports/aging');
    expect(paths).toContain('/reports/budget-vs-actual');
    for (const path of paths) {
      await navigate(page, path);
      await settled();
      await page.emulateMedia({ media: 'print' });
      try {
        // Everything that shows in print belongs to the page (#main); the app's own chrome
        // (skip link, sidebar, top bar, banners, toasts) does not print.
        const outside = await page.evaluate(() => {
          const main = document.getElementById('main')!;
          return [...document.body.querySelectorAll<HTMLElement>('*')]
            .filter((el) => !main.contains(el) && !el.contains(main))
            .filter((el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return r.width > 0 && r.height > 0;
            })
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
        });
        expect(outside, `${path} in print`).toEqual([]);
        expect(await page.isVisible('[data-testid="skip-link"]')).toBe(false);
        if (path === '/reports/aging') {
          await page.screenshot({ path: join(shots, 'second-look-print-aging.png') });
        }
      } finally {
        await page.emulateMedia({ media: 'screen' });
      }
    }
  }, 240_000);

  it('says before archiving an account that holds a balance what must happen first', async () => {
    const { accountBalances } = await gql(
      '{ accountBalances { accountId number name type balance archived } }',
    );
    const held = accountBalances.find(
      (a: any) => a.type === 'EXPENSE' && !a.archived && Number(a.balance) > 0,
    );
    for (const viewport of [DESK, PHONE]) {
      const p = await newPage({ viewport });
      await signIn(p, treasurer().email, treasurer().password);
      await p.waitForURL(/\/dashboard$/);
      await p.goto(`${app.url}/accounts`);
      await settled(p);
      const dialog = p.getByRole('dialog');
      // The row is scrolled to before its menu opens: the menu closes when the list scrolls, and
      // the scroll a click makes to reach the row can land after the menu opened.
      const actions = p.locator(`[data-testid="account-actions-${held.number}"]`);
      await actions.scrollIntoViewIfNeeded();
      // The list may re-render under the open menu (a refetch on a busy machine): open it again.
      await vi.waitFor(
        async () => {
          await p.keyboard.press('Escape');
          await actions.click();
          await p.getByRole('menuitem', { name: 'Archive…' }).click({ timeout: 5_000 });
          await dialog.waitFor({ timeout: 5_000 });
        },
        { timeout: 60_000, interval: 200 },
      );
      await dialogOpened(dialog);
      await dialog.locator('[data-testid="archive-account-blocked"]').waitFor();
      const text = await dialog.innerText();
      expect(text).toContain(`${held.number} ${held.name} holds`);
      expect(text).toContain('First post a closing entry');
      expect(text).not.toContain('balance stay');
      expect(await p.isDisabled('[data-testid="archive-account-confirm"]')).toBe(true);
      const tag = viewport === DESK ? 'desk' : 'phone';
      await p.screenshot({ path: join(shots, `second-look-archive-blocked-${tag}.png`) });

      await dialog.getByRole('link', { name: 'Post the closing entry' }).click();
      await p.waitForURL(/\/transactions\/new\?close=/);
      // Its whole balance on the other side: a credit for an expense.
      await expect
        .poll(() => p.inputValue('#line-0-credit'))
        .toBe(Number(held.balance).toLocaleString('en-US', { minimumFractionDigits: 2 }));
      expect(await p.inputValue('#entry-memo')).toBe(`Closing entry: ${held.number} ${held.name}`);
      await p.screenshot({ path: join(shots, `second-look-closing-entry-${tag}.png`) });
      await p.close();
    }
    // Nothing was archived or posted.
    const after = await gql(`{ account(id: "${held.accountId}") { archived } }`);
    expect(after.account.archived).toBe(false);
  }, 120_000);

  it('enters a balanced journal entry on a phone, every amount on the screen', async () => {
    const p = await newPage({ viewport: PHONE });
    await signIn(p, treasurer().email, treasurer().password);
    await p.waitForURL(/\/dashboard$/);
    await p.goto(`${app.url}/transactions/new`);
    await settled(p);
    const pick = async (line: number, label: RegExp) => {
      await p.click(`#line-${line}-account`);
      await p.locator('[role="option"]:visible').filter({ hasText: label }).first().click();
    };
    await p.fill('#entry-memo', 'Pool chemicals, paid from checking');
    await pick(0, /^5\d{3}/);
    await p.fill('#line-0-debit', '212.40');
    await pick(1, /^1010/);
    await p.fill('#line-1-credit', '212.40');
    await p.locator('#line-1-memo').click();
    await expect.poll(() => p.textContent('[data-testid="difference"]')).toContain('balanced');

    // Every cell of both lines and the totals within the screen's width, and nothing in the card
    // scrolling sideways.
    for (const field of [
      '#line-0-account',
      '#line-0-debit',
      '#line-0-credit',
      '#line-0-memo',
      '#line-1-debit',
      '#line-1-credit',
      '[data-testid="total-debits"]',
      '[data-testid="total-credits"]',
      '[data-testid="post-entry"]',
    ]) {
      const box = (await p.locator(field).boundingBox())!;
      expect(box.x, field).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, field).toBeLessThanOrEqual(PHONE.width);
    }
    const sideways = await p.evaluate(() =>
      [document.querySelector('.lines')!, ...document.querySelectorAll('.lines *')]
        .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
    );
    expect(sideways).toEqual([]);
    await expectFitsViewport(p, 'the new entry on a phone');
    await p.screenshot({ path: join(shots, 'second-look-phone-entry.png') });

    await p.click('[data-testid="post-entry"]');
    await p.waitForURL(/\/transactions\/[0-9a-f-]{36}$/);
    await expect.poll(() => p.textContent('main')).toContain('Pool chemicals, paid from checking');
    await p.close();
  });

  it('offers a viewer no write action on any page: hidden, or disabled with the reason', async () => {
    const viewer = await createUser(app.services, { email: 'viewer@maple-ridge.test' });
    await addMember(viewer.id, Role.VIEWER);
    const p = await newPage({ viewport: DESK });
    await signIn(p, viewer.email);
    await p.waitForURL(/\/dashboard$/);
    await settled(p);

    const paths = await p
      .locator('aside.sidebar a.nav-item')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(paths).toContain('/invoices');
    // The pages behind the lists, and the ones opened from a page's header.
    const { units } = await gql('{ units(first: 1) { edges { node { id } } } }');
    const { invoices } = await gql('{ invoices(first: 1) { edges { node { id } } } }');
    const { journalEntries } = await gql('{ journalEntries(first: 1) { edges { node { id } } } }');
    const { accounts } = await gql('{ accounts { id number } }');
    paths.push(
      `/units/${units.edges[0].node.id}`,
      `/invoices/${invoices.edges[0].node.id}`,
      `/transactions/${journalEntries.edges[0].node.id}`,
      `/accounts/${accounts.find((a: any) => a.number === '1010').id}`,
      '/invoices/run',
      '/reports/board-packet',
    );

    // What a write is called: the verbs of the app's buttons that change the books or settings.
    const WRITE =
      /^(new|add|create|generate|import|record|post|save|delete|remove|archive|restore|invite|upload|void|reverse|write off|approve|pay|send|reconcile|match|deposit|close|reopen|buy|mature|redeem|execute|edit|change|set up|submit|mark|run|charge|apply|assess|transfer|move|attach|accept|reject|discard)\b/i;
    const found: string[] = [];
    for (const path of paths) {
      // As a person goes: by the sidebar where the page is in it (no reload), else by address.
      const link = p.locator(`aside.sidebar a.nav-item[href="${path}"]`).first();
      if (await link.isVisible()) {
        // A click that lands while the page is still swapping is clicked again.
        await vi.waitFor(
          async () => {
            await link.click();
            await p.waitForURL(`${app.url}${path}`, { timeout: 5_000 });
          },
          { timeout: 60_000, interval: 200 },
        );
      } else {
        await navigate(p, path);
      }
      await settled(p);
      const offered = await p.evaluate((source) => {
        const write = new RegExp(source, 'i');
        const main = document.getElementById('main')!;
        return [...main.querySelectorAll<HTMLElement>('button, a[href], [role="button"]')]
          .filter((el) => el.checkVisibility({ checkVisibilityCSS: true }))
          .map((el) => {
            const name = (el.getAttribute('aria-label') ?? el.innerText ?? '').trim();
            const disabled =
              (el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true';
            // The reason is said on the element around it: a tooltip and an accessible name
            // (WriteGuard's, or a page's own for another reason, e.g. an entry a record owns).
            const guarded = !!el.closest('[data-pd-tooltip][aria-label]');
            return { name, disabled, guarded };
          })
          .filter((b) => write.test(b.name) && (!b.disabled || !b.guarded))
          .map((b) => `${b.name}${b.disabled ? ' (disabled, no reason given)' : ''}`);
      }, WRITE.source);
      for (const b of offered) found.push(`${path}: ${b}`);

      // A row's menu: its write items disabled, with the hint.
      const rowMenu = p.locator('main button[aria-label^="Actions for"]').first();
      if (await rowMenu.isVisible()) {
        await rowMenu.click();
        const items = await p
          .locator('[role="menu"]:visible [role="menuitem"]')
          .evaluateAll((els) =>
            els.map((el) => ({
              name: (el as HTMLElement).innerText.trim(),
              disabled: el.getAttribute('aria-disabled') === 'true',
            })),
          );
        for (const item of items) {
          if (WRITE.test(item.name) && !item.disabled) found.push(`${path} row menu: ${item.name}`);
        }
        await p.keyboard.press('Escape');
      }
      if (path === '/invoices') {
        await p.screenshot({ path: join(shots, 'second-look-viewer-invoices.png') });
      }
    }
    expect(found).toEqual([]);
    await p.close();
  }, 600_000);

  it("gives the association's settings a page of their own, for its admins", async () => {
    for (const viewport of [DESK, PHONE]) {
      await page.setViewportSize(viewport);
      await navigate(page, '/members');
      await settled();
      await page.getByRole('link', { name: 'Settings', exact: true }).last().click();
      await page.waitForURL(/\/settings$/);
      await settled();
      await page.locator('[data-testid="require-mfa"]').waitFor();
      expect(await page.locator('main').innerText()).toContain('Association calendar');
      await expectFitsViewport(page);
      const tag = viewport === DESK ? 'desk' : 'phone';
      await page.screenshot({ path: join(shots, `second-look-settings-${tag}.png`) });

      // The API tokens card says in place how a token is used.
      await navigate(page, '/security');
      await page.locator('[data-testid="api-tokens-usage"]').waitFor();
      expect(await page.locator('[data-testid="api-tokens-usage"]').innerText()).toContain(
        `${app.url}/graphql`,
      );
      await expectFitsViewport(page);
      await page.locator('[data-testid="api-tokens"]').screenshot({
        path: join(shots, `second-look-api-tokens-${tag}.png`),
      });
    }
    await page.setViewportSize(DESK);
  }, 180_000);
});
