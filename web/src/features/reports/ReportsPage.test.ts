import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { installTestClient } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
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
    expect(href('vendor-1099')).toBe('/reports/1099');
    expect(href('board-packet')).toBe('/reports/board-packet');
    expect(href('cash-forecast')).toBe('/forecast');
    // The cash-flow report links by its route name once its page exists.
    const cashFlow = wrapper.get('[data-testid=report-cash-flow]');
    if (router.hasRoute('cash-flow')) {
      expect(cashFlow.attributes('href')).toBe(router.resolve({ name: 'cash-flow' }).href);
    } else {
      expect(cashFlow.attributes('aria-disabled')).toBe('true');
    }
    expect(wrapper.findAll('.report-card__description')).toHaveLength(11);
    wrapper.unmount();
  });
});
