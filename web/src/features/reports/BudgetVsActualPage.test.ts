import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { reportCsv } from './budget-vs-actual';
import type { BudgetVsActual } from './budget-vs-actual.graphql';
import BudgetVsActualPage from './views/BudgetVsActualPage.vue';

const f = (budget: string, actual: string, variance: string, pct: number | null, fav: boolean) => ({
  __typename: 'BudgetVsActualFigures',
  budget,
  actual,
  variance,
  variancePercent: pct,
  favourable: fav,
});
const row = (number: string, name: string, type: string, figures: ReturnType<typeof f>) => ({
  ...figures,
  __typename: 'BudgetVsActualRow',
  accountId: `acc-${number}`,
  number,
  name,
  type,
  fundType: 'OPERATING',
  archived: false,
});

const report = {
  __typename: 'BudgetVsActual',
  year: 2026,
  fromMonth: 1,
  toMonth: 3,
  fundType: null,
  rows: [
    row('4010', 'Assessments', 'INCOME', f('36000.00', '36500.00', '500.00', 1.4, true)),
    row('5010', 'Landscaping', 'EXPENSE', f('4500.00', '4800.00', '300.00', 6.7, false)),
  ],
  subtotals: [
    {
      ...f('36000.00', '36500.00', '500.00', 1.4, true),
      __typename: 'BudgetVsActualSubtotal',
      fundType: 'OPERATING',
      type: 'INCOME',
    },
    {
      ...f('4500.00', '4800.00', '300.00', 6.7, false),
      __typename: 'BudgetVsActualSubtotal',
      fundType: 'OPERATING',
      type: 'EXPENSE',
    },
  ],
  totalIncome: f('36000.00', '36500.00', '500.00', 1.4, true),
  totalExpense: f('4500.00', '4800.00', '300.00', 6.7, false),
  net: f('31500.00', '31700.00', '200.00', 0.6, true),
  months: Array.from({ length: 12 }, (_, i) => ({
    __typename: 'BudgetVsActualMonth',
    month: i + 1,
    incomeBudget: '12000.00',
    incomeActual: i < 3 ? '12166.67' : '0.00',
    expenseBudget: '1500.00',
    expenseActual: i < 3 ? '1600.00' : '0.00',
  })),
};

describe('BudgetVsActualPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('asks for the period in the address and shows variances with colour and direction', async () => {
    const requests: GraphQLRequest[] = [];
    installTestClient((req) => {
      requests.push(req);
      return { body: { data: { budgetVsActual: report } } };
    });
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
    );
    const router = await routerAt('/reports/budget-vs-actual?year=2026&period=ytd&month=3', pinia);
    const wrapper = mountWithApp(BudgetVsActualPage, { pinia, router });
    await flushPromises();
    expect(requests[0]?.variables).toEqual({
      year: 2026,
      month: 3,
      yearToDate: true,
      fundType: null,
    });
    expect(wrapper.text()).toContain('Jan – Mar 2026 (YTD) · All funds');
    const income = wrapper.get('tr[data-account="4010"]');
    expect(income.findAll('td').map((td) => td.text())).toEqual([
      '4010',
      'Assessments',
      '$36,000.00',
      '$36,500.00',
      '$500.00',
      '+1.4%',
    ]);
    expect(income.find('.bva__var--favourable').exists()).toBe(true);
    const expense = wrapper.get('tr[data-account="5010"]');
    expect(expense.find('.bva__var--unfavourable').exists()).toBe(true);
    expect(expense.find('[aria-label="Unfavourable"]').exists()).toBe(true);
    expect(wrapper.get('tr[data-total="t-net"]').text()).toContain('$31,700.00');
    expect(wrapper.get('tr[data-total="s-OPERATING-EXPENSE"]').text()).toContain(
      'Total operating expense',
    );
    wrapper.unmount();
  });

  it('exports the rows, subtotals and totals as plain decimals', () => {
    const rows = reportCsv(report as unknown as BudgetVsActual, 'Title');
    expect(rows[1]).toEqual([
      'Number',
      'Account',
      'Fund',
      'Type',
      'Budget',
      'Actual',
      'Variance',
      'Variance %',
      'Favourable',
    ]);
    expect(rows[2]).toEqual([
      '4010',
      'Assessments',
      'Operating fund',
      'Income',
      '36000.00',
      '36500.00',
      '500.00',
      1.4,
      'yes',
    ]);
    expect(rows.at(-1)).toEqual([
      '',
      'Net (income − expense)',
      '',
      '',
      '31500.00',
      '31700.00',
      '200.00',
      0.6,
      'yes',
    ]);
  });
});
