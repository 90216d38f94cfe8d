/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../api/src/test/app.js';
import {
  type DemoJourney,
  dialogOpened,
  expectFitsViewport,
  expectQuietConsole,
  navigate,
  openDemoJourney,
} from './browser.js';

// The demo association's treasurer on a phone (390×844): a top bar opens the sidebar as a drawer,
// and every page the sidebar reaches — and the detail pages behind them — fits the screen, with
// its primary action on it.
describe('browser journey: every page on a phone', () => {
  const WIDTH = 390;
  const HEIGHT = 844;
  let app: TestApp;
  let page: Page;
  let gql: DemoJourney['gql'];
  let errors: string[] = [];
  let shots: string;
  let close: DemoJourney['close'] | undefined;

  // Each page's primary action, where it has one (the list first).
  const PRIMARY: Record<string, string> = {
    '/dashboard': 'New entry',
    '/accounts': 'New account',
    '/budgets': 'Save',
    '/actuals': 'Save and post',
    '/assessments/groups': 'New group',
    '/units': 'New unit',
    '/invoices': 'Generate invoices',
    '/transactions': 'New entry',
    '/payments': 'Record payment',
    '/vendors': 'New vendor',
    '/members': 'Invite member',
    '/reports/balance-sheet': 'Export CSV',
    '/reports/income-statement': 'Export CSV',
    '/reports/trial-balance': 'Export CSV',
    '/reports/budget-vs-actual': 'Export CSV',
    '/reports/aging': 'Export CSV',
    '/reports/income-expense-flow': 'Export CSV',
  };

  /** The page's content is in: a title, and no skeleton or busy region left. */
  async function settled(): Promise<void> {
    await page.locator('main h1:visible').first().waitFor();
    await expect
      .poll(() => page.locator('main [aria-busy="true"], main .p-skeleton').count(), {
        timeout: 20_000,
      })
      .toBe(0);
  }

  async function expectOnScreen(target: Locator, what: string): Promise<void> {
    await expect.poll(() => target.isVisible(), { message: what }).toBe(true);
    const box = (await target.boundingBox())!;
    expect(box.x, what).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, what).toBeLessThanOrEqual(WIDTH);
    // Reached without scrolling: at the top of the page, above the fold.
    expect(box.y + box.height, what).toBeLessThanOrEqual(HEIGHT);
  }

  function primary(name: string): Locator {
    const main = page.locator('main');
    return main
      .getByRole('button', { name, exact: true })
      .or(main.getByRole('link', { name, exact: true }))
      .first();
  }

  /** Visits a page (as its links do, no reload) and checks it as a phone shows it. */
  async function check(path: string, ready?: string): Promise<void> {
    await navigate(page, path);
    await settled();
    if (ready) await page.locator(ready).first().waitFor();
    await expectFitsViewport(page, path);
    const action = PRIMARY[path.split('?')[0]!];
    if (action) await expectOnScreen(primary(action), `${path}: "${action}"`);
  }

  async function openDrawer(): Promise<Locator> {
    const button = page.getByRole('button', { name: 'Open menu' });
    await expectOnScreen(button, 'the menu button');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    // Slid all the way in.
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    return drawer;
  }

  beforeAll(async () => {
    ({ app, page, gql, errors, shots, close } = await openDemoJourney({
      viewport: { width: WIDTH, height: HEIGHT },
    }));
  });
  afterAll(() => close?.());
  afterEach(() => expectQuietConsole(errors));

  it('shows a top bar, not an icon rail, and its drawer names every page', async () => {
    await settled();
    expect(await page.locator('aside.sidebar').count()).toBe(0);
    await expect.poll(() => page.locator('.top-bar').innerText()).toContain('Maple Ridge HOA');
    const drawer = await openDrawer();
    // Labels and sections, readable: not an icon rail squeezed into a drawer.
    for (const label of [
      'Dashboard',
      'Accounts',
      'Invoices',
      'Vendors',
      'Income and Expense Flow',
    ]) {
      const link = drawer.getByRole('link', { name: label, exact: true });
      await link.scrollIntoViewIfNeeded(); // the drawer scrolls; the page behind it does not
      await expectOnScreen(link, label);
    }
    await expect.poll(() => drawer.getByText('Transactions', { exact: true }).count()).toBe(2);
    await expect.poll(() => drawer.locator('[data-testid="org-name"]').isVisible()).toBe(true);
    await page.screenshot({ path: join(shots, 'phone-drawer.png') });
    // Focus stays in the drawer while it is open.
    for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => !!document.activeElement?.closest('[data-testid="app-drawer"]')),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(
      await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('visits every page of the sidebar: each fits the screen, its primary action on it', async () => {
    await navigate(page, '/dashboard');
    const drawer = await openDrawer();
    const paths = await drawer
      .locator('a.nav-item')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    await page.keyboard.press('Escape');
    expect(paths).toContain('/vendors');
    expect(paths.length).toBeGreaterThan(15);
    for (const path of paths) await check(path);
  }, 300_000);

  it('opens a unit, an invoice, a vendor, an account ledger and a new entry', async () => {
    const { units } = await gql('{ units(first: 1) { edges { node { id } } } }');
    const { invoices } = await gql('{ invoices(first: 1) { edges { node { id } } } }');
    const { accounts } = await gql('{ accounts { id number } }');
    const checking = accounts.find((a: any) => a.number === '1010');

    await check(`/units/${units.edges[0].node.id}`);
    await check(`/invoices/${invoices.edges[0].node.id}`);
    await check(`/accounts/${checking.id}`, 'main table tbody tr');
    await check('/transactions/new');

    // A vendor opens in a dialog over its list; the dialog fits the screen too.
    await check('/vendors', '.vendors-table__link');
    await page.locator('.vendors-table__link').first().click();
    const dialog = page.getByRole('dialog');
    await dialogOpened(dialog);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
    await expectFitsViewport(page, 'the vendor dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens each dialog: it fits the screen, its header and primary button on it', async () => {
    // A budget file with a row no account matches, so the preview shows its mapping step.
    const { accounts } = await gql('{ accounts { number type archived } }');
    const income = accounts.find((a: any) => a.type === 'INCOME' && !a.archived).number;
    const months = Array.from({ length: 12 }, () => '100.00').join(',');
    const budget = [
      'Account number,Account name,Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec',
      `${income},Assessments,${months}`,
      `9999,A line the chart of accounts does not know,${months}`,
    ].join('\r\n');

    const DIALOGS: {
      name: string;
      path: string;
      open: string;
      submit: RegExp;
      fill?: () => Promise<void>;
    }[] = [
      {
        name: 'record-payment',
        path: '/payments',
        open: 'Record payment',
        submit: /^Record payment$/,
      },
      { name: 'import-units', path: '/units', open: 'Import units', submit: /^Import units$/ },
      {
        name: 'import-opening-balances',
        path: '/units',
        open: 'Import opening balances',
        submit: /^Import opening balances$/,
      },
      { name: 'import-journal', path: '/transactions', open: 'Import CSV', submit: /^Check file$/ },
      {
        name: 'budget-import',
        path: '/budgets',
        open: 'Import CSV',
        submit: /^Import \d+ accounts?$/, // one known account: "Import 1 account"
        fill: async () => {
          await page.setInputFiles('[data-testid="budget-file"]', {
            name: 'budget.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from(budget),
          });
          await page.locator('[data-testid="map-row-3"]').waitFor();
        },
      },
      {
        name: 'new-account',
        path: '/accounts',
        open: 'New account',
        submit: /^Create account$/,
        // An operating expense: the role in forecasts shows, with its hint.
        fill: async () => {
          await page.click('#account-type');
          await page.getByRole('option', { name: 'Expense', exact: true }).click();
          await page.locator('[data-testid="account-forecast-role"]').waitFor();
          // Out of the select (it keeps Escape to itself), as a person moves on to the number.
          await page.getByRole('listbox').waitFor({ state: 'detached' });
          await page.focus('#account-number');
        },
      },
      {
        name: 'invite-member',
        path: '/members',
        open: 'Invite member',
        submit: /^(Send|Create) invitation$/,
      },
    ];

    for (const d of DIALOGS) {
      await navigate(page, d.path);
      await settled();
      await primary(d.open).click();
      const dialog = page.getByRole('dialog').last();
      await dialogOpened(dialog);
      await d.fill?.();
      await expect.poll(async () => (await dialog.boundingBox())?.width).toBeGreaterThan(0);
      await page.screenshot({ path: join(shots, `phone-dialog-${d.name}.png`) });

      const box = (await dialog.boundingBox())!;
      expect(box.x, `${d.name}: left edge`).toBeGreaterThanOrEqual(4);
      expect(box.x + box.width, `${d.name}: right edge`).toBeLessThanOrEqual(WIDTH - 4);
      // All of it on the screen: the header and footer stay put while the body scrolls.
      expect(box.y, `${d.name}: top edge`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${d.name}: bottom edge`).toBeLessThanOrEqual(HEIGHT);
      await expectOnScreen(dialog.locator('.p-dialog-header'), `${d.name}: header`);
      const overflow = await dialog.evaluate((el) =>
        [
          el,
          ...el.querySelectorAll<HTMLElement>(
            '.p-dialog-content, .p-dialog-footer, .p-datatable-table-container',
          ),
        ]
          .filter((x) => x.scrollWidth > x.clientWidth + 1)
          .map((x) => `${x.className} (${x.scrollWidth}px > ${x.clientWidth}px)`),
      );
      expect(overflow, `${d.name}: nothing scrolls sideways`).toEqual([]);
      // Stacked fields hug their content: a side-by-side field's flex basis does not become its
      // height (a gap of empty rows under a date or an amount).
      const tall = await dialog.evaluate((el) =>
        [...el.querySelectorAll<HTMLElement>('.field')]
          .filter((f) => {
            const kids = [...f.children].map((c) => c.getBoundingClientRect());
            if (kids.length === 0) return false;
            const content = Math.max(...kids.map((k) => k.bottom)) - f.getBoundingClientRect().top;
            return f.getBoundingClientRect().height > content + 2;
          })
          .map((f) => f.querySelector('label')?.textContent?.trim() ?? f.className),
      );
      expect(tall, `${d.name}: fields taller than their content`).toEqual([]);
      const submit = dialog.getByRole('button', { name: d.submit });
      await submit.scrollIntoViewIfNeeded();
      await expectOnScreen(submit, `${d.name}: its primary button`);
      await expectFitsViewport(page, `the ${d.name} dialog`);

      await page.keyboard.press('Escape');
      const discard = page.getByRole('button', { name: 'Discard', exact: true });
      if (await discard.isVisible()) await discard.click();
      await dialog.waitFor({ state: 'detached' });
    }

    // On a desk the dialog keeps the width it asks for (44rem), footer and all.
    await page.setViewportSize({ width: 1440, height: 900 });
    try {
      await navigate(page, '/payments');
      await settled();
      await primary('Record payment').click();
      const dialog = page.getByRole('dialog');
      await dialogOpened(dialog);
      await page.screenshot({ path: join(shots, 'desktop-dialog-record-payment.png') });
      expect((await dialog.boundingBox())!.width).toBe(44 * 14);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    }
  }, 180_000);

  it('lays out the new invoice and group forms and the budget grids for a thumb', async () => {
    // An invoice line stacks: the description across the screen, the account and amount under it.
    await check('/invoices/new');
    const description = (await page.locator('#line-0-description').boundingBox())!;
    expect(description.width).toBeGreaterThan(WIDTH * 0.6);
    for (const field of ['#line-0-amount', '[aria-label="Remove line 1"]']) {
      await expectOnScreen(page.locator(field), field);
    }
    await check('/assessments/groups/new');

    // The budget and actuals grids show whole months between the pinned account and Total.
    for (const path of ['/budgets', '/actuals']) {
      await check(path, '.sgrid__input');
      const total = (await page.locator('.sgrid__row .sgrid__total').first().boundingBox())!;
      const cells = page.locator('.sgrid__row').first().locator('.sgrid__cell');
      const february = (await cells.nth(1).boundingBox())!;
      expect(february.x, `${path}: a month and a half in view`).toBeLessThan(total.x - 20);
      const january = (await cells.first().boundingBox())!;
      expect(january.x + january.width, `${path}: January whole`).toBeLessThanOrEqual(total.x);
    }
  });

  it('navigates through the drawer, which closes on arrival', async () => {
    await navigate(page, '/dashboard');
    await settled();
    for (const [label, path] of [
      ['Invoices', '/invoices'],
      ['Balance Sheet', '/reports/balance-sheet'],
      ['Vendors', '/vendors'],
    ] as const) {
      const drawer = await openDrawer();
      await drawer.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(new RegExp(`${path}$`));
      await drawer.waitFor({ state: 'detached' });
      await settled();
      await expectFitsViewport(page, path);
      expect(await page.locator('main h1:visible').count()).toBe(1);
    }
  });

  it('keeps an icon rail on a tablet, each icon named in a tooltip', async () => {
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.goto(`${app.url}/vendors`);
    await settled();
    expect(await page.locator('.top-bar').count()).toBe(0);
    const vendors = page.locator('aside.sidebar').getByRole('link', { name: 'Vendors' });
    await vendors.hover();
    await expect.poll(() => page.getByRole('tooltip').innerText()).toBe('Vendors');
    await page.screenshot({ path: join(shots, 'tablet-vendors.png') });
    await expectFitsViewport(page, 'a tablet');
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  });
});
