import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { installTestClient } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { NAV_SECTIONS } from '@/layouts/navigation';
import ReportsPage from './views/ReportsPage.vue';

describe('ReportsPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('lists every report with a line on what it answers and a link to it', async () => {
    installTestClient(() => ({ body: { data: {} } }));
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
    );
    const router = await routerAt('/reports', pinia);
    const wrapper = mountWithApp(ReportsPage, { pinia, router });
    await flushPromises();
    const href = (route: string) => wrapper.get(`[data-testid=report-${route}]`).attributes('href');
    expect(href('balance-sheet')).toBe('/reports/balance-sheet');
    expect(href('income-statement')).toBe('/reports/income-statement');
    expect(href('trial-balance')).toBe('/reports/trial-balance');
    expect(href('budget-vs-actual')).toBe('/reports/budget-vs-actual');
    expect(href('aging')).toBe('/reports/aging');
    expect(href('accounts')).toBe('/accounts');
    expect(href('vendors')).toBe('/vendors');
    // One 1099 report on the index: the 1099-NEC year (the older page stays at its address).
    expect(wrapper.find('[data-testid=report-vendor-1099]').exists()).toBe(false);
    expect(href('board-packet')).toBe('/reports/board-packet');
    expect(href('cash-forecast')).toBe('/forecast');
    expect(href('income-expense-flow')).toBe('/reports/income-expense-flow');
    expect(href('year-end')).toBe('/year-end');
    expect(href('payables-aging')).toBe('/payables/aging');
    expect(href('cash-requirements')).toBe('/payables/cash-requirements');
    expect(href('check-register')).toBe('/payables/check-register');
    expect(href('vendor-ledger')).toBe('/payables/vendor-ledger');
    expect(href('tax-1099')).toBe('/payables/1099');
    expect(wrapper.findAll('.report-card__description')).toHaveLength(16);
    wrapper.unmount();
  });

  // A report says what it is, and says it the same everywhere: its card here, its menu item and
  // its page's title (the browser tab's) are one name. ("Cash Flow" once named an income and
  // expense Sankey, which is not a statement of cash flows.)
  it('names every report as its menu item and its page title do', async () => {
    installTestClient(() => ({ body: { data: {} } }));
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
    );
    const router = await routerAt('/reports', pinia);
    const wrapper = mountWithApp(ReportsPage, { pinia, router });
    await flushPromises();
    const pageTitle = (to: string) => router.resolve(to).meta.title;
    const cards = wrapper.findAll('a.report-card');
    expect(cards.length).toBeGreaterThan(8);
    for (const card of cards) {
      const to = card.attributes('href')!;
      // A page of its own feature (accounts, vendors); the payables reports' are named alike.
      if (!to.startsWith('/reports/') && !to.startsWith('/payables/')) continue;
      expect(card.get('.report-card__title').text(), to).toBe(pageTitle(to));
    }
    const menu = NAV_SECTIONS.find((s) => s.id === 'reports')!.items;
    for (const item of menu.filter((i) => i.route !== 'reports')) {
      expect(item.label, item.route).toBe(router.resolve({ name: item.route }).meta.title);
    }
    expect(menu.map((i) => i.label)).toContain('Income and Expense Flow');
    expect(JSON.stringify(menu)).not.toMatch(/cash flow/i);
    // The old address still opens it, with its period.
    await router.push('/reports/cash-flow?from=2026-01-01&to=2026-03-31');
    expect(router.currentRoute.value.fullPath).toBe(
      '/reports/income-expense-flow?from=2026-01-01&to=2026-03-31',
    );
    wrapper.unmount();
  });
});
