import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@/apollo/types';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { dashboardFixture, emptyDashboardFixture } from './dashboardFixtures';
import DashboardPage from './views/DashboardPage.vue';

const HIDDEN_CHECKLIST = {
  onboardingChecklist: {
    __typename: 'OnboardingChecklist',
    steps: [],
    completedCount: 7,
    totalCount: 7,
    complete: true,
    dismissed: false,
    visible: false,
  },
};

async function mountDashboard(dashboard: unknown = dashboardFixture(), role: Role = 'VIEWER') {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    // The setup card asks on its own (its tests are in features/onboarding-checklist): hidden here.
    if (req.operationName === 'OnboardingChecklist') return { body: { data: HIDDEN_CHECKLIST } };
    requests.push(req);
    return { body: { data: { dashboard } } };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' },
  );
  const router = await routerAt('/dashboard', pinia);
  const wrapper = mountWithApp(DashboardPage, { pinia, router });
  await flushPromises();
  return { wrapper, requests, router };
}

// Text as a browser renders it: runs of whitespace collapse to one space.
const text = (w: { text(): string }) => w.text().replace(/\s+/g, ' ');
const hrefs = (wrapper: Awaited<ReturnType<typeof mountDashboard>>['wrapper'], sel: string) =>
  wrapper.findAll(`${sel} a`).map((a) => a.attributes('href'));

describe('DashboardPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('asks for every tile in one request and shows the figures', async () => {
    const { wrapper, requests } = await mountDashboard();
    expect(requests.map((r) => r.operationName)).toEqual(['Dashboard']);
    for (const tile of [
      'cash',
      'incomeExpense',
      'receivables',
      'recentTransactions',
      'attention',
    ]) {
      expect(requests[0]!.query).toContain(tile);
    }
    expect(wrapper.text()).toContain('Maple Ridge HOA · Apr 20, 2026 · FY 2026');

    expect(text(wrapper.get('[data-testid=cash-total]'))).toBe('$55,920.00 both funds');
    const operating = wrapper.get('[data-testid=cash-fund-operating]');
    expect(operating.get('[data-testid=fund-balance]').text()).toBe('$7,920.00');
    // A negative balance in parentheses, as in the reports.
    expect(operating.text()).toContain('($80.00)');
    const spark = operating.get('[data-testid=cash-sparkline]');
    expect(spark.attributes('aria-label')).toBe(
      'Operating cash, twelve months: May 31, 2025: $0.00; Apr 20, 2026: $7,920.00',
    );
    expect(spark.findAll('title').map((t) => t.text())[9]).toBe('Feb 28, 2026: $8,500.00');

    const ie = wrapper.get('[data-testid=income-expense-tile]');
    expect(ie.text()).toContain('FY 2026 to date, through April');
    expect(ie.get('[data-testid=ie-expense]').text()).toContain('$5,080.00');
    const variance = ie.get('[data-testid=ie-expense] [data-testid=variance]');
    expect(variance.text()).toContain('$1,080.00 over budget');
    expect(variance.text()).toContain('(unfavorable)');
    expect(variance.classes()).toContain('ie__var--unfavorable');
    expect(ie.get('[data-testid=ie-income] [data-testid=variance]').classes()).toContain(
      'ie__var--favorable',
    );
    // Each fund's transfer between funds beside its net, in neither income nor expense.
    expect(text(ie.get('[data-testid=ie-fund-operating]'))).toContain(
      'net $3,320.00 · transfers ($1,000.00)',
    );
    expect(ie.get('[data-testid=ie-transfers-reserve]').text()).toBe('$1,000.00');

    const ar = wrapper.get('[data-testid=receivables-tile]');
    expect(ar.get('[data-testid=ar-outstanding]').text()).toContain('$4,325.00');
    expect(text(ar.get('[data-testid=ar-outstanding]'))).toContain('owed by 5 units');
    expect(text(ar.get('[data-testid=ar-delinquent]'))).toContain('5 delinquent units');
    expect(ar.get('[data-testid=ar-buckets]').text()).toContain('Over 90 days4 units');

    const recent = wrapper.findAll('[data-testid=recent-entry]').map((e) => e.text());
    expect(recent[0]).toContain('Paint');
    expect(recent[0]).toContain('Apr 2, 2026 · Manual · JE-12');
    expect(recent[1]).toContain('JE-11'); // no memo: its number
    expect(recent[1]).toContain('Invoice');

    expect(wrapper.get('[data-testid=attention-count]').text()).toBe('3');
    expect(wrapper.get('[data-testid=attention-negative_cash]').text()).toContain(
      'A cash account is below zero',
    );
    wrapper.unmount();
  });

  it('links every tile to its page with the filter applied', async () => {
    const { wrapper } = await mountDashboard();
    expect(hrefs(wrapper, '[data-testid=cash-tile]')).toEqual([
      '/reports/trial-balance?asOf=2026-04-20',
      '/reports/trial-balance?asOf=2026-04-20&fund=operating',
      '/accounts/acc-1010?to=2026-04-20',
      '/accounts/acc-1020?to=2026-04-20',
      '/reports/trial-balance?asOf=2026-04-20&fund=reserve',
      '/accounts/acc-1110?to=2026-04-20',
    ]);
    expect(hrefs(wrapper, '[data-testid=income-expense-tile]')).toEqual([
      '/reports/budget-vs-actual?year=2026&period=ytd&month=4',
      '/reports/budget-vs-actual?year=2026&period=ytd&month=4&fund=operating',
      '/reports/budget-vs-actual?year=2026&period=ytd&month=4&fund=reserve',
    ]);
    expect(hrefs(wrapper, '[data-testid=receivables-tile]')).toEqual([
      '/reports/aging?asOf=2026-04-20',
      '/reports/aging?asOf=2026-04-20',
      '/reports/aging?asOf=2026-04-20&overdue=1',
    ]);
    expect(hrefs(wrapper, '[data-testid=recent-tile]')).toEqual([
      '/transactions?to=2026-04-20',
      '/transactions/je-12',
      '/transactions/je-11',
    ]);
    // The route hints; a page this app does not know gets no link.
    expect(hrefs(wrapper, '[data-testid=attention-tile]')).toEqual([
      '/accounts/acc-1020?to=2026-04-20',
      '/invoices/late-fees?asOf=2026-04-20',
    ]);
    wrapper.unmount();
  });

  it('welcomes an association with empty books instead of showing $0 tiles', async () => {
    const { wrapper } = await mountDashboard(emptyDashboardFixture(), 'ADMIN');
    expect(wrapper.find('[data-testid=dashboard-grid]').exists()).toBe(false);
    const empty = wrapper.get('[data-testid=dashboard-empty]');
    expect(empty.text()).toContain('Welcome to your association');
    expect(empty.findAll('a').map((a) => a.attributes('href'))).toEqual([
      '/accounts',
      '/assessments/groups',
    ]);
    expect(wrapper.text()).not.toContain('$0.00');
    wrapper.unmount();
  });

  it('shows each empty tile as a sentence and a way to start, and an all-clear', async () => {
    const d = emptyDashboardFixture();
    // One entry on the books: the grid shows, the other tiles say what belongs in them.
    const { wrapper } = await mountDashboard({
      ...d,
      recentTransactions: dashboardFixture().recentTransactions.slice(0, 1),
    });
    expect(wrapper.get('[data-testid=cash-tile]').text()).toContain('No bank accounts yet');
    expect(wrapper.get('[data-testid=income-expense-tile]').text()).toContain(
      'No budget and no income or expense for FY 2026 yet',
    );
    expect(wrapper.get('[data-testid=receivables-tile]').text()).toContain('No invoices yet');
    expect(wrapper.get('[data-testid=attention-tile]').text()).toContain('All clear');
    expect(wrapper.find('[data-testid=attention-count]').exists()).toBe(false);
    // A viewer sees the entry button disabled (with its reason), not a way to post.
    expect(wrapper.find('[data-testid=new-entry-readonly]').exists()).toBe(true);
    wrapper.unmount();
  });

  it('shows a fund without a bank account as a sentence, not a $0 line', async () => {
    const d = dashboardFixture();
    const reserve = d.cash.funds[1]!;
    d.cash.funds[1] = {
      ...reserve,
      balance: '0.00',
      trend: reserve.trend.map((p) => ({ ...p, balance: '0.00' })),
      accounts: [],
    };
    const { wrapper } = await mountDashboard(d);
    const panel = wrapper.get('[data-testid=cash-fund-reserve]');
    expect(panel.text()).toContain('No bank account in the reserve fund yet.');
    expect(panel.find('[data-testid=cash-sparkline]').exists()).toBe(false);
    expect(panel.text()).not.toContain('$0.00');
    wrapper.unmount();
  });

  it('says what went wrong and offers to try again', async () => {
    installTestClient(() => ({
      body: { errors: [{ message: 'Database unavailable', extensions: { code: 'INTERNAL' } }] },
    }));
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
    );
    const router = await routerAt('/dashboard', pinia);
    const wrapper = mountWithApp(DashboardPage, { pinia, router });
    await flushPromises();
    expect(wrapper.text()).toContain("We couldn't prepare the dashboard");
    expect(wrapper.text()).toContain('Try again');
    wrapper.unmount();
  });
});
