import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { dashboardFixture, emptyDashboardFixture } from '@/features/dashboard/dashboardFixtures';
import InvestmentsTile from '@/features/dashboard/components/InvestmentsTile.vue';
import { installTestClient } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import {
  addMonthsLocal,
  daysToMaturityLabel,
  hasMaturity,
  investmentName,
  monthShort,
} from './investments';

describe('investment labels', () => {
  it('counts down to the maturity date in words', () => {
    expect(daysToMaturityLabel(45)).toBe('in 45 days');
    expect(daysToMaturityLabel(1)).toBe('in 1 day');
    expect(daysToMaturityLabel(0)).toBe('today');
    expect(daysToMaturityLabel(-3)).toBe('3 days ago');
    expect(daysToMaturityLabel(null)).toBeNull();
  });

  it('names investments and months', () => {
    expect(investmentName({ institution: 'First Federal', kind: 'CD' })).toBe('First Federal CD');
    expect(investmentName({ institution: 'Summit', kind: 'MONEY_MARKET' })).toBe(
      'Summit Money market',
    );
    expect(hasMaturity('TREASURY')).toBe(true);
    expect(hasMaturity('SAVINGS')).toBe(false);
    expect(monthShort('2027-03-01')).toBe('Mar 2027');
  });

  it('puts a planned term on the calendar, keeping to the end of a short month', () => {
    expect(addMonthsLocal('2026-11-22', 6)).toBe('2027-05-22');
    expect(addMonthsLocal('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsLocal('2027-12-15', 24)).toBe('2029-12-15');
  });
});

describe('InvestmentsTile', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    installTestClient(() => ({ body: { data: null } }));
  });

  async function mount(investments: unknown) {
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
    );
    const router = await routerAt('/dashboard', pinia);
    const wrapper = mountWithApp(InvestmentsTile, { pinia, router, props: { investments } });
    await flushPromises();
    return wrapper;
  }

  it('shows what matures in 90 days and links the next one', async () => {
    const w = await mount(dashboardFixture().investmentsMaturing);
    const text = w.text().replace(/\s+/g, ' ');
    expect(w.find('[data-testid="investments-tile-total"]').text()).toBe('$40,786.42');
    expect(text).toContain('1 investment maturing');
    expect(text).toContain('Summit National Bank CD');
    expect(text).toContain('in 52 days');
    expect(w.find('[data-testid="investments-tile-next"]').attributes('href')).toBe(
      '/investments/inv-1',
    );
  });

  it('says so when nothing matures', async () => {
    const w = await mount(emptyDashboardFixture().investmentsMaturing);
    expect(w.text()).toContain('Nothing matures in the next 90 days.');
    expect(w.find('[data-testid="investments-tile-total"]').exists()).toBe(false);
  });
});
