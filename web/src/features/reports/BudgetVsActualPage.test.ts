import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { periodLabel, reportCsv } from './budget-vs-actual';
import type { BudgetVsActual } from './budget-vs-actual.graphql';
import BudgetVsActualPage from './views/BudgetVsActualPage.vue';

const f = (budget: string, actual: string, variance: string, pct: number | null, fav: boolean) => ({
  __typename: 'BudgetVsActualFigures',
  budget,
  actual,
  variance,
  variancePercent: pct,
  favorable: fav,
});
const row = (
  number: string,
  name: string,
  type: string,
  figures: ReturnType<typeof f>,
  fundType = 'OPERATING',
  transfer = false,
) => ({
  ...figures,
  __typename: 'BudgetVsActualRow',
  accountId: `acc-${number}`,
  number,
  name,
  type,
  fundType,
  archived: false,
  transfer,
});
const subtotal = (
  fundType: string,
  type: string,
  figures: ReturnType<typeof f>,
  transfer = false,
) => ({ ...figures, __typename: 'BudgetVsActualSubtotal', fundType, type, transfer });

const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const report = {
  __typename: 'BudgetVsActual',
  year: 2026,
  fiscalYearStartMonth: 1,
  fromMonth: 1,
  toMonth: 3,
  from: '2026-01-01',
  to: '2026-03-31',
  fundType: null,
  // The operating fund's transfer to the reserves, marked on both sides: in neither total.
  rows: [
    row('4010', 'Assessments', 'INCOME', f('36000.00', '36500.00', '500.00', 1.4, true)),
    row('5010', 'Landscaping', 'EXPENSE', f('4500.00', '4800.00', '300.00', 6.7, false)),
    row(
      '5900',
      'Transfer to Reserves',
      'EXPENSE',
      f('6000.00', '6000.00', '0.00', 0, true),
      'OPERATING',
      true,
    ),
    row(
      '4510',
      'Reserve Contributions',
      'INCOME',
      f('6000.00', '6000.00', '0.00', 0, true),
      'RESERVE',
      true,
    ),
  ],
  subtotals: [
    subtotal('OPERATING', 'INCOME', f('36000.00', '36500.00', '500.00', 1.4, true)),
    subtotal('OPERATING', 'EXPENSE', f('4500.00', '4800.00', '300.00', 6.7, false)),
    subtotal('OPERATING', 'EXPENSE', f('6000.00', '6000.00', '0.00', 0, true), true),
    subtotal('RESERVE', 'INCOME', f('6000.00', '6000.00', '0.00', 0, true), true),
  ],
  totalIncome: f('36000.00', '36500.00', '500.00', 1.4, true),
  totalExpense: f('4500.00', '4800.00', '300.00', 6.7, false),
  net: f('31500.00', '31700.00', '200.00', 0.6, true),
  transfersIn: f('6000.00', '6000.00', '0.00', 0, true),
  transfersOut: f('6000.00', '6000.00', '0.00', 0, true),
  netTransfers: f('0.00', '0.00', '0.00', null, true),
  changeInFundBalance: f('31500.00', '31700.00', '200.00', 0.6, true),
  months: Array.from({ length: 12 }, (_, i) => ({
    __typename: 'BudgetVsActualMonth',
    year: 2026,
    month: i + 1,
    label: `${SHORT[i]} 2026`,
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

  it('asks for the period in the address and shows variances with color and direction', async () => {
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
    expect(income.find('.bva__var--favorable').exists()).toBe(true);
    const expense = wrapper.get('tr[data-account="5010"]');
    expect(expense.find('.bva__var--unfavorable').exists()).toBe(true);
    expect(expense.find('[aria-label="Unfavorable"]').exists()).toBe(true);
    expect(wrapper.get('tr[data-total="t-net"]').text()).toContain('$31,700.00');
    expect(wrapper.get('tr[data-total="s-OPERATING-EXPENSE"]').text()).toContain(
      'Total operating expense',
    );
    // Transfers between funds: grouped apart, outside total income and total expense.
    const groups = wrapper.findAll('tr.bva__group').map((g) => g.text());
    expect(groups).toEqual([
      'Operating fund · Income',
      'Operating fund · Expense',
      'Operating fund · Transfers out',
      'Reserve fund · Transfers in',
    ]);
    expect(wrapper.get('tr[data-total="t-income"]').text()).toContain('$36,500.00');
    expect(wrapper.get('tr[data-total="t-expense"]').text()).toContain('$4,800.00');
    expect(wrapper.get('tr[data-total="t-in"]').text()).toContain('$6,000.00');
    expect(wrapper.get('tr[data-total="t-change"]').text()).toContain('$31,700.00');
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
      'Favorable',
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
    expect(rows.find((r) => r[1] === 'Transfer to Reserves')?.[3]).toBe('Expense');
    expect(rows.at(-1)).toEqual([
      '',
      'Change in fund balance (net + transfers in − out)',
      '',
      '',
      '31500.00',
      '31700.00',
      '200.00',
      0.6,
      'yes',
    ]);
    expect(rows.find((r) => r[1] === 'Net (income − expense)')).toEqual([
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

  describe('in a fiscal year starting in July', () => {
    // 03:00 UTC on August 1st 2026 is still July 31st in New York: July of fiscal 2027.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-08-01T03:00:00Z'));
    });
    afterEach(() => vi.useRealTimers());

    const fiscal = {
      ...report,
      year: 2027,
      fiscalYearStartMonth: 7,
      fromMonth: 7,
      toMonth: 7,
      from: '2026-07-01',
      to: '2026-07-31',
      months: Array.from({ length: 12 }, (_, i) => {
        const month = ((6 + i) % 12) + 1;
        const year = i < 6 ? 2026 : 2027;
        return { ...report.months[i], month, year, label: `${SHORT[month - 1]} ${year}` };
      }),
    };

    it('reports year to date through this month in the association’s calendar', async () => {
      const requests: GraphQLRequest[] = [];
      installTestClient((req) => {
        requests.push(req);
        if (req.operationName === 'OrganizationCalendar') {
          return {
            body: {
              data: {
                me: {
                  __typename: 'Me',
                  organization: {
                    __typename: 'OrganizationMembership',
                    id: 'org-1',
                    timeZone: 'America/New_York',
                    fiscalYearStartMonth: 7,
                  },
                },
              },
            },
          };
        }
        return { body: { data: { budgetVsActual: fiscal } } };
      });
      const pinia = freshPinia();
      signIn(
        { email: 'treasurer@example.com' },
        { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
      );
      const router = await routerAt('/reports/budget-vs-actual?period=ytd', pinia);
      const wrapper = mountWithApp(BudgetVsActualPage, { pinia, router });
      await flushPromises();
      await flushPromises();
      expect(requests.map((r) => r.operationName)).toEqual([
        'OrganizationCalendar',
        'BudgetVsActual',
      ]);
      // Not the browser's (or UTC's) August 2026: July, in fiscal 2027.
      expect(requests[1]?.variables).toEqual({
        year: 2027,
        month: 7,
        yearToDate: true,
        fundType: null,
      });
      expect(wrapper.text()).toContain('Jul 2026 (YTD) · All funds');
      // The months to choose from, in fiscal order.
      document.querySelector<HTMLElement>('[data-testid=month]')?.click();
      await flushPromises();
      const options = [...document.querySelectorAll<HTMLElement>('[role=option]')].map((o) =>
        o.textContent?.trim(),
      );
      expect(options).toEqual([
        'Jul 2026',
        'Aug 2026',
        'Sep 2026',
        'Oct 2026',
        'Nov 2026',
        'Dec 2026',
        'Jan 2027',
        'Feb 2027',
        'Mar 2027',
        'Apr 2027',
        'May 2027',
        'Jun 2027',
      ]);
      wrapper.unmount();
    });

    it('names periods by their months', () => {
      expect(periodLabel(2027, 'year', 3, 7)).toBe('FY 2027 (Jul 2026 – Jun 2027)');
      expect(periodLabel(2027, 'month', 3, 7)).toBe('Mar 2027');
      expect(periodLabel(2027, 'ytd', 3, 7)).toBe('Jul 2026 – Mar 2027 (YTD)');
      expect(periodLabel(2027, 'ytd', 9, 7)).toBe('Jul 2026 – Sep 2026 (YTD)');
      expect(periodLabel(2026, 'ytd', 3)).toBe('Jan – Mar 2026 (YTD)');
    });
  });
});
