import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { CALENDAR, incomeStatement } from './statements.fixtures';
import IncomeStatementPage from './views/IncomeStatementPage.vue';

async function mountStatement(path: string, budgeted = true) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'OrganizationCalendar') return { body: { data: CALENDAR } };
    return { body: { data: { incomeStatement: incomeStatement(budgeted) } } };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: 'USER', status: 'ACTIVE' },
  );
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(IncomeStatementPage, { pinia, router });
  await flushPromises();
  const statements = requests.filter((r) => r.operationName === 'IncomeStatement');
  return { wrapper, statements, router };
}

const cells = (tr: { findAll: (s: string) => { text: () => string }[] }) =>
  tr.findAll('th, td').map((c) => c.text().replace(/\s+/g, ' ').trim());

describe('IncomeStatementPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('reports the period in the address by fund, with the budget and last year', async () => {
    const { wrapper, statements } = await mountStatement(
      '/reports/income-statement?from=2026-01-01&to=2026-03-31',
    );
    expect(statements[0]?.variables).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(wrapper.text()).toContain(
      'Q1 FY 2026 (Jan – Mar 2026) · Compared with Q1 FY 2025 (Jan – Mar 2025)',
    );
    const head = wrapper
      .findAll('[data-testid=income-statement-table] thead th')
      .map((t) => t.text());
    expect(head).toEqual(['Account', 'Actual', 'Budget', 'Prior yearJan – Mar 2025']);
    const rows = wrapper.findAll('[data-testid=income-statement-table] tbody tr').map(cells);
    expect(rows.map((r) => r[0])).toEqual([
      'Operating fund',
      'Revenues',
      '4010Assessments',
      'Total revenues',
      'Expenses',
      '5010Landscaping',
      'Total expenses',
      'Operating fund: revenues over expenses',
      'Transfers between funds',
      '5900Transfer to Reserves',
      'Net transfers',
      'Operating fund: change in fund balance',
      'Reserve fund',
      'Revenues',
      'Total revenues',
      'Expenses',
      '6010Roof Repairs',
      'Total expenses',
      'Reserve fund: revenues over expenses',
      'Transfers between funds',
      '4510Reserve Contributions',
      'Net transfers',
      'Reserve fund: change in fund balance',
      'Both funds',
      'Total revenues',
      'Total expenses',
      'Excess of revenues over expenses',
      'Transfers between funds',
      'Change in fund balance',
    ]);
    // The transfer to the reserves is in neither fund's revenues or expenses: out of operating
    // (in parentheses), into the reserves, nothing across both funds.
    expect(cells(wrapper.get('tr[data-line="acc-5900-EXPENSE-OPERATING"]'))).toEqual([
      '5900Transfer to Reserves',
      '($3,000.00)',
      '($3,000.00)',
      '($2,400.00)',
    ]);
    expect(cells(wrapper.get('tr[data-line="acc-4510-INCOME-RESERVE"]'))).toEqual([
      '4510Reserve Contributions',
      '$3,000.00',
      '$3,000.00',
      '$2,400.00',
    ]);
    expect(cells(wrapper.get('tr[data-total="t-income"]'))[1]).toBe('$13,000.00');
    expect(cells(wrapper.get('tr[data-total="t-transfers"]'))).toEqual([
      'Transfers between funds',
      '$0.00',
      '$0.00',
      '$0.00',
    ]);
    expect(cells(wrapper.get('tr[data-total="c-OPERATING"]'))[1]).toBe('$7,500.00');
    expect(wrapper.find('[data-note]').exists()).toBe(false);
    expect(cells(wrapper.get('tr[data-total="n-RESERVE"]'))).toEqual([
      'Reserve fund: revenues over expenses',
      '($1,200.00)',
      '($600.00)',
      '$0.00',
    ]);
    expect(cells(wrapper.get('tr[data-total="t-net"]'))).toEqual([
      'Excess of revenues over expenses',
      '$9,300.00',
      '$1,800.00',
      '$12,000.00',
    ]);
    // Lines open the account's ledger for the period.
    expect(wrapper.get('[data-testid=income-statement-table] tbody a').attributes('href')).toBe(
      '/accounts/acc-4010?from=2026-01-01&to=2026-03-31',
    );
    wrapper.unmount();
  });

  it('says why no budget shows', async () => {
    const { wrapper } = await mountStatement(
      '/reports/income-statement?from=2026-01-10&to=2026-02-15',
      false,
    );
    expect(cells(wrapper.get('tr[data-total="t-net"]'))[2]).toBe('—');
    expect(wrapper.text()).toContain('a fiscal year of the period has no saved budget');
    wrapper.unmount();
  });

  it('starts at the fiscal year to date and moves with the presets', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-20T15:00:00Z') });
    try {
      const { wrapper, statements, router } = await mountStatement('/reports/income-statement');
      expect(statements[0]?.variables).toEqual({ from: '2026-01-01', to: '2026-05-20' });
      expect(router.currentRoute.value.query).toEqual({ from: '2026-01-01', to: '2026-05-20' });
      const quarter = wrapper
        .findAll('[data-testid=period-preset] button, [data-testid=period-preset] [role=radio]')
        .find((b) => b.text() === 'Quarter');
      await quarter!.trigger('click');
      await flushPromises();
      expect(router.currentRoute.value.query).toEqual({ from: '2026-04-01', to: '2026-06-30' });
      wrapper.unmount();
    } finally {
      vi.useRealTimers();
    }
  });
});
