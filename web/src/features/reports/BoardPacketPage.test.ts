import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { BALANCE_SHEET, CALENDAR, incomeStatement } from './statements.fixtures';
import BoardPacketPage from './views/BoardPacketPage.vue';

const f = (budget: string, actual: string) => ({
  __typename: 'BudgetVsActualFigures',
  budget,
  actual,
  variance: '0.00',
  variancePercent: 0,
  favorable: true,
});
const BVA = {
  __typename: 'BudgetVsActual',
  year: 2026,
  fiscalYearStartMonth: 1,
  fromMonth: 1,
  toMonth: 3,
  from: '2026-01-01',
  to: '2026-03-31',
  fundType: null,
  rows: [
    {
      ...f('3300.00', '3300.00'),
      __typename: 'BudgetVsActualRow',
      accountId: 'acc-4010',
      number: '4010',
      name: 'Assessments',
      type: 'INCOME',
      fundType: 'OPERATING',
      archived: false,
    },
  ],
  subtotals: [
    {
      ...f('3300.00', '3300.00'),
      __typename: 'BudgetVsActualSubtotal',
      fundType: 'OPERATING',
      type: 'INCOME',
    },
  ],
  totalIncome: f('3300.00', '3300.00'),
  totalExpense: f('0.00', '0.00'),
  net: f('3300.00', '3300.00'),
  months: [],
};
const AGING = {
  __typename: 'AgingReport',
  asOf: '2026-03-31',
  receivableAccountId: 'acc-1200',
  receivableBalance: '0.00',
  prepaidAccountId: null,
  prepaidBalance: '0.00',
  rows: [],
  totals: {
    __typename: 'AgingBuckets',
    current: '0.00',
    days1to30: '0.00',
    days31to60: '0.00',
    days61to90: '0.00',
    over90: '0.00',
    credit: '0.00',
    total: '0.00',
  },
};

describe('BoardPacketPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('puts the four reports of the month in order, in one document to print', async () => {
    const requests: GraphQLRequest[] = [];
    installTestClient((req) => {
      requests.push(req);
      const data: Record<string, unknown> = {
        OrganizationCalendar: CALENDAR,
        BalanceSheet: { balanceSheet: { ...BALANCE_SHEET, asOf: '2026-03-31' } },
        IncomeStatement: { incomeStatement: incomeStatement() },
        BudgetVsActual: { budgetVsActual: BVA },
        AgingReport: { agingReport: AGING },
      };
      return { body: { data: data[req.operationName] } };
    });
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
    );
    const router = await routerAt('/reports/board-packet?month=2026-03', pinia);
    const wrapper = mountWithApp(BoardPacketPage, { pinia, router });
    await flushPromises();

    const vars = (name: string) => requests.find((r) => r.operationName === name)?.variables;
    expect(vars('BalanceSheet')).toEqual({ asOf: '2026-03-31' });
    expect(vars('IncomeStatement')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(vars('BudgetVsActual')).toEqual({
      year: 2026,
      month: 3,
      yearToDate: true,
      fundType: null,
    });
    expect(vars('AgingReport')).toEqual({ asOf: '2026-03-31' });

    const sections = wrapper.findAll('section.packet-section');
    expect(sections.map((s) => s.attributes('data-testid'))).toEqual([
      'packet-balance-sheet',
      'packet-income-statement',
      'packet-budget-vs-actual',
      'packet-aging',
    ]);
    // Each section carries its own header: association, report, period, generation time.
    expect(sections.map((s) => s.get('.report-print-header__title').text())).toEqual([
      'Balance Sheet',
      'Statement of Revenues and Expenses',
      'Budget vs Actual',
      'Aging report',
    ]);
    expect(sections[0]!.get('.report-print-header').text()).toContain('Maple Ridge HOA');
    expect(sections[0]!.text()).toContain('As of Mar 31, 2026');
    expect(sections[2]!.text()).toContain('Jan – Mar 2026 (YTD)');
    expect(sections[0]!.find('[data-testid=balance-sheet-table]').exists()).toBe(true);
    expect(sections[1]!.find('[data-testid=income-statement-table]').exists()).toBe(true);
    expect(sections[2]!.find('[data-testid=bva-table]').exists()).toBe(true);
    expect(sections[3]!.text()).toContain('No unit has an open balance as of Mar 31, 2026');

    const print = vi.fn();
    window.print = print;
    const button = wrapper.get('[data-testid=print-packet]');
    expect(button.attributes('disabled')).toBeUndefined();
    await button.trigger('click');
    expect(print).toHaveBeenCalledTimes(1);
    wrapper.unmount();
  });
});
