import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import {
  incomeExpenseFlowCsv,
  flowTarget,
  matchingPreset,
  periodLabel,
  presetPeriod,
} from './income-expense-flow';
import type { IncomeExpenseFlow } from './income-expense-flow.graphql';
import IncomeExpenseFlowPage from './views/IncomeExpenseFlowPage.vue';

// ECharts itself is not drawn here (no layout engine in happy-dom): the chart's options and its
// click handler are captured at the one module that loads it.
const chart = vi.hoisted(() => ({
  options: [] as unknown[],
  click: null as null | ((p: { dataType: string; dataIndex: number }) => void),
  finished: null as null | (() => void),
}));
vi.mock('./components/sankey-echarts', () => ({
  init: () => ({
    setOption: (o: unknown) => chart.options.push(o),
    on: (event: string, fn: () => void) => {
      if (event === 'click') chart.click = fn;
      if (event === 'finished') chart.finished = fn;
    },
    renderToSVGString: () => '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"></svg>',
    resize: () => undefined,
    dispose: () => undefined,
  }),
}));

const node = (
  id: string,
  label: string,
  kind: string,
  fundType: string,
  amount: string,
  accountId: string | null = null,
) => ({
  __typename: 'IncomeExpenseFlowNode',
  id,
  label,
  kind,
  accountId,
  accountNumber: accountId ? label.split(' ')[0] : null,
  fundType,
  amount,
});
const link = (
  source: string,
  target: string,
  kind: string,
  fundType: string,
  amount: string,
  actual = amount,
  accountId: string | null = null,
) => ({
  __typename: 'IncomeExpenseFlowLink',
  source,
  target,
  kind,
  amount,
  actual,
  accountId,
  fundType,
});
const fund = (fundType: string, figures: Record<string, string>) => ({
  __typename: 'IncomeExpenseFlowFund',
  fundType,
  income: '0.00',
  expenses: '0.00',
  transfersIn: '0.00',
  transfersOut: '0.00',
  drawnFromFundBalance: '0.00',
  addedToFundBalance: '0.00',
  ...figures,
});

const report = {
  __typename: 'IncomeExpenseFlow',
  from: '2026-01-01',
  to: '2026-03-31',
  totalIncome: '7400.00',
  totalExpenses: '10025.00',
  nodes: [
    node('fund:operating', 'Operating fund', 'FUND', 'OPERATING', '5075.00'),
    node('fund:reserve', 'Reserve fund', 'FUND', 'RESERVE', '8500.00'),
    node(
      'income:a4010:operating',
      '4010 Assessments',
      'INCOME_ACCOUNT',
      'OPERATING',
      '5000.00',
      'a4010',
    ),
    node(
      'income:a4510:reserve',
      '4510 <b>Reserve</b> Contributions',
      'INCOME_ACCOUNT',
      'RESERVE',
      '2400.00',
      'a4510',
    ),
    node(
      'expense:a5030:operating',
      '5030 Insurance',
      'EXPENSE_ACCOUNT',
      'OPERATING',
      '75.00',
      'a5030',
    ),
    node(
      'expense:a5010:operating',
      '5010 Landscaping',
      'EXPENSE_ACCOUNT',
      'OPERATING',
      '1600.00',
      'a5010',
    ),
    node(
      'expense:a6510:reserve',
      '6510 Roof Repairs',
      'EXPENSE_ACCOUNT',
      'RESERVE',
      '8500.00',
      'a6510',
    ),
    node(
      'added:operating',
      'Added to operating fund balance',
      'ADDED_TO_FUND_BALANCE',
      'OPERATING',
      '275.00',
    ),
    node(
      'drawn:reserve',
      'Drawn from reserve fund balance',
      'DRAWN_FROM_FUND_BALANCE',
      'RESERVE',
      '2900.00',
    ),
  ],
  links: [
    link(
      'income:a4010:operating',
      'fund:operating',
      'INCOME',
      'OPERATING',
      '5000.00',
      '5000.00',
      'a4010',
    ),
    link(
      'income:a4510:reserve',
      'fund:reserve',
      'INCOME',
      'RESERVE',
      '2400.00',
      '2400.00',
      'a4510',
    ),
    link('fund:operating', 'fund:reserve', 'TRANSFER', 'OPERATING', '3200.00', '3200.00', 'due'),
    link(
      'expense:a5030:operating',
      'fund:operating',
      'EXPENSE',
      'OPERATING',
      '75.00',
      '-75.00',
      'a5030',
    ),
    link(
      'fund:operating',
      'expense:a5010:operating',
      'EXPENSE',
      'OPERATING',
      '1600.00',
      '1600.00',
      'a5010',
    ),
    link(
      'fund:reserve',
      'expense:a6510:reserve',
      'EXPENSE',
      'RESERVE',
      '8500.00',
      '8500.00',
      'a6510',
    ),
    link('fund:operating', 'added:operating', 'ADDED_TO_FUND_BALANCE', 'OPERATING', '275.00'),
    link('drawn:reserve', 'fund:reserve', 'DRAWN_FROM_FUND_BALANCE', 'RESERVE', '2900.00'),
  ],
  funds: [
    fund('OPERATING', {
      income: '5000.00',
      expenses: '1525.00',
      transfersOut: '3200.00',
      addedToFundBalance: '275.00',
    }),
    fund('RESERVE', {
      income: '2400.00',
      expenses: '8500.00',
      transfersIn: '3200.00',
      drawnFromFundBalance: '2900.00',
    }),
  ],
};

const CALENDAR = {
  me: {
    __typename: 'Me',
    organization: {
      __typename: 'OrganizationMembership',
      id: 'org-1',
      timeZone: 'America/New_York',
      fiscalYearStartMonth: 7,
    },
  },
};

async function mountAt(path: string, data: unknown = report) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'OrganizationCalendar') return { body: { data: CALENDAR } };
    return { body: { data: { incomeExpenseFlow: data } } };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
  );
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(IncomeExpenseFlowPage, { pinia, router });
  // The chart component and ECharts arrive by dynamic imports.
  for (let i = 0; i < 3; i++) {
    await flushPromises();
    await vi.dynamicImportSettled();
  }
  return {
    wrapper,
    router,
    requests: requests.filter((r) => r.operationName === 'IncomeExpenseFlow'),
  };
}

describe('IncomeExpenseFlowPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    chart.options.length = 0;
    chart.click = null;
    chart.finished = null;
  });

  it('reports the period in the address, lists every flow, and sums each fund up', async () => {
    const { wrapper, requests } = await mountAt(
      '/reports/income-expense-flow?from=2026-01-01&to=2026-03-31',
    );
    expect(requests.map((r) => r.variables)).toEqual([{ from: '2026-01-01', to: '2026-03-31' }]);
    expect(wrapper.text()).toContain('Q3 FY 2026 · Income $7,400.00 · Expenses $10,025.00');
    const rows = wrapper.findAll('[data-testid=flow-table] tbody tr');
    expect(
      rows.map((r) => [
        `${r.get('.flow__route').text()} | ${r.get('.flow__kind').text()}`,
        r.findAll('td')[1]!.text(),
      ]),
    ).toEqual([
      ['4010 Assessments → Operating fund | Income · Operating fund', '$5,000.00'],
      ['4510 <b>Reserve</b> Contributions → Reserve fund | Income · Reserve fund', '$2,400.00'],
      ['Operating fund → Reserve fund | Transfer between funds · Operating fund', '$3,200.00'],
      ['5030 Insurance → Operating fund | Expense · Operating fund', '$75.00'],
      ['Operating fund → 5010 Landscaping | Expense · Operating fund', '$1,600.00'],
      ['Reserve fund → 6510 Roof Repairs | Expense · Reserve fund', '$8,500.00'],
      [
        'Operating fund → Added to operating fund balance | Added to fund balance · Operating fund',
        '$275.00',
      ],
      [
        'Drawn from reserve fund balance → Reserve fund | Drawn from fund balance · Reserve fund',
        '$2,900.00',
      ],
    ]);
    // Each row opens the transactions behind it: the account's ledger for the period.
    const links = rows.map((r) => r.find('a').attributes('href'));
    expect(links[0]).toBe('/accounts/a4010?from=2026-01-01&to=2026-03-31');
    expect(links[2]).toBe('/accounts/due?from=2026-01-01&to=2026-03-31');
    expect(links[6]).toBe('/reports/trial-balance?asOf=2026-03-31&fund=operating');
    const summary = wrapper.get('[data-testid=fund-summary]').text();
    expect(summary).toContain('Added to fund balance $275.00');
    expect(summary).toContain('Drawn from fund balance $2,900.00');
    expect(summary).toContain('Transfers in $3,200.00');
    expect(summary).toContain('Transfers out $3,200.00');
    wrapper.unmount();
  });

  // What the report is, said the same on screen, on paper and in the export: not a cash flow.
  it('is called what it is, on screen and on paper, and prints its diagram', async () => {
    const { wrapper } = await mountAt('/reports/income-expense-flow?from=2026-01-01&to=2026-03-31');
    expect(wrapper.get('main h1, h1:not(.report-print-header__title)').text()).toBe(
      'Income and Expense Flow',
    );
    expect(wrapper.get('.report-print-header__title').text()).toBe('Income and Expense Flow');
    expect(wrapper.text()).not.toMatch(/cash[ -]?flow/i);
    // The diagram is part of the printed report: once drawn, the same drawing as an image that
    // prints at the page's width (the live chart stays on screen).
    expect(wrapper.find('[data-testid=flow-chart-print]').exists()).toBe(false);
    chart.finished!();
    await flushPromises();
    const paper = wrapper.get('[data-testid=flow-chart-print]');
    expect(paper.attributes('src')).toMatch(/^blob:/);
    expect(paper.classes()).toContain('print-only');
    expect(paper.element.closest('.no-print')).toBeNull();
    wrapper.unmount();
  });

  it('fits a phone: its labels sit inside the drawing, which takes the screen’s width', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(max-width: 640px)',
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    try {
      const { wrapper } = await mountAt(
        '/reports/income-expense-flow?from=2026-01-01&to=2026-03-31',
      );
      const option = chart.options.at(-1) as {
        series: {
          left: number;
          right: number;
          label: { width: number };
          data: { name: string; label: { position: string } }[];
        }[];
      };
      const series = option.series[0]!;
      // No room kept outside the drawing for labels: nothing past the screen's edge.
      expect([series.left, series.right]).toEqual([4, 4]);
      const position = Object.fromEntries(series.data.map((d) => [d.name, d.label.position]));
      expect(position['income:a4010:operating']).toBe('right');
      expect(position['expense:a6510:reserve']).toBe('left');
      expect(series.label.width).toBeLessThan(200);
      wrapper.unmount();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('draws the Sankey with exact amounts on hover and opens the transactions behind a click', async () => {
    const { wrapper, router } = await mountAt(
      '/reports/income-expense-flow?from=2026-01-01&to=2026-03-31',
    );
    expect(chart.options).toHaveLength(1);
    const option = chart.options[0] as {
      tooltip: { formatter: (p: { dataType?: string; dataIndex: number }) => string };
      series: { data: { name: string; depth: number }[]; links: { value: number }[] }[];
    };
    const series = option.series[0]!;
    // Sources left, the fund that advanced money, the fund it reached, then what money went to.
    expect(Object.fromEntries(series.data.map((d) => [d.name, d.depth]))).toEqual({
      'fund:operating': 1,
      'fund:reserve': 2,
      'income:a4010:operating': 0,
      'income:a4510:reserve': 0,
      'expense:a5030:operating': 0,
      'expense:a5010:operating': 3,
      'expense:a6510:reserve': 3,
      'added:operating': 3,
      'drawn:reserve': 0,
    });
    const tip = option.tooltip.formatter;
    expect(tip({ dataType: 'edge', dataIndex: 0 })).toBe(
      '4010 Assessments → Operating fund<br><strong>$5,000.00</strong>',
    );
    expect(tip({ dataType: 'edge', dataIndex: 3 })).toBe(
      '5030 Insurance → Operating fund<br><strong>$75.00</strong><br>Income statement: ($75.00)',
    );
    // Names are text, never markup.
    expect(tip({ dataType: 'node', dataIndex: 3 })).toBe(
      '4510 &lt;b&gt;Reserve&lt;/b&gt; Contributions<br><strong>$2,400.00</strong>',
    );
    chart.click!({ dataType: 'edge', dataIndex: 4 });
    await flushPromises();
    await vi.dynamicImportSettled();
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe(
      '/accounts/a5010?from=2026-01-01&to=2026-03-31',
    );
    wrapper.unmount();
  });

  it('opens on fiscal year to date in the association’s calendar, and refuses a reversed period', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-08-01T03:00:00Z'));
    try {
      const { wrapper, requests } = await mountAt('/reports/income-expense-flow');
      // July 31st in New York, fiscal 2027 (a July start).
      expect(requests.map((r) => r.variables)).toEqual([{ from: '2026-07-01', to: '2026-07-31' }]);
      expect(wrapper.text()).toContain('Jul 2026');
      wrapper.unmount();
    } finally {
      vi.useRealTimers();
    }
    const { wrapper, requests } = await mountAt(
      '/reports/income-expense-flow?from=2026-04-01&to=2026-03-01',
    );
    expect(requests).toEqual([]);
    expect(wrapper.get('[role=alert]').text()).toBe('The period ends before it starts.');
    wrapper.unmount();
  });

  it('shows an empty period in words', async () => {
    const { wrapper } = await mountAt(
      '/reports/income-expense-flow?from=2025-01-01&to=2025-12-31',
      {
        ...report,
        nodes: [],
        links: [],
        funds: [fund('OPERATING', {}), fund('RESERVE', {})],
        totalIncome: '0.00',
        totalExpenses: '0.00',
      },
    );
    expect(wrapper.text()).toContain('No money moved in this period');
    expect(wrapper.find('[data-testid=flow-chart]').exists()).toBe(false);
    wrapper.unmount();
  });
});

describe('income and expense flow: periods and exports', () => {
  afterEach(() => vi.useRealTimers());

  it('names presets in the fiscal calendar', () => {
    const today = '2026-08-14';
    expect(presetPeriod('month', today, 7)).toEqual({ from: '2026-08-01', to: '2026-08-31' });
    expect(presetPeriod('quarter', today, 7)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(presetPeriod('ytd', today, 7)).toEqual({ from: '2026-07-01', to: today });
    expect(presetPeriod('last-year', today, 7)).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(presetPeriod('quarter', '2026-02-28', 1)).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(presetPeriod('quarter', '2026-02-28', 11)).toEqual({
      from: '2026-02-01',
      to: '2026-04-30',
    });
    expect(matchingPreset({ from: '2025-07-01', to: '2026-06-30' }, today, 7)).toBe('last-year');
    expect(matchingPreset({ from: '2025-07-02', to: '2026-06-30' }, today, 7)).toBeNull();
    expect(periodLabel({ from: '2026-02-01', to: '2026-02-28' }, 1)).toBe('Feb 2026');
    expect(periodLabel({ from: '2025-07-01', to: '2026-06-30' }, 7)).toBe('FY 2026');
    expect(periodLabel({ from: '2026-01-01', to: '2026-03-31' }, 1)).toBe('Q1 2026');
    expect(periodLabel({ from: '2026-10-01', to: '2026-12-31' }, 7)).toBe('Q2 FY 2027');
    expect(periodLabel({ from: '2026-01-15', to: '2026-04-20' }, 1, 'en-US')).toBe(
      'Jan 15, 2026 – Apr 20, 2026',
    );
  });

  it('exports the flows and each fund’s totals as plain decimals', () => {
    const rows = incomeExpenseFlowCsv(report as unknown as IncomeExpenseFlow, 'Title');
    expect(rows[1]).toEqual(['From', 'To', 'Flow', 'Fund', 'Amount', 'Income statement figure']);
    expect(rows[5]).toEqual([
      '5030 Insurance',
      'Operating fund',
      'Expense',
      'Operating fund',
      '75.00',
      '-75.00',
    ]);
    expect(rows.at(-1)).toEqual([
      'Reserve fund',
      '2400.00',
      '8500.00',
      '3200.00',
      '0.00',
      '2900.00',
      '0.00',
    ]);
    expect(
      flowTarget(
        { kind: 'FUND', accountId: null, fundType: 'RESERVE' },
        { from: report.from, to: report.to },
      ),
    ).toEqual({
      name: 'transactions',
      query: { from: '2026-01-01', to: '2026-03-31' },
    });
  });
});
