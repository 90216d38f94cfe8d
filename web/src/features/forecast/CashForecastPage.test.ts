import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient, type GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import CashForecastPage from './views/CashForecastPage.vue';

// ECharts itself is not drawn here (no layout engine in happy-dom): the chart's options are
// captured at the one module that loads it.
const chart = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock('@/components/charts/bar-line-echarts', () => ({
  init: () => ({
    setOption: (o: unknown) => chart.options.push(o),
    on: () => undefined,
    resize: () => undefined,
    dispose: () => undefined,
  }),
}));

const month = (m: string, figures: Record<string, string>) => ({
  __typename: 'CashForecastMonth',
  month: m,
  opening: '0.00',
  assessments: '0.00',
  otherIncome: '0.00',
  expenses: '0.00',
  investmentFlows: '0.00',
  capitalProjects: '0.00',
  transfers: '0.00',
  closing: '0.00',
  ...figures,
});

// Two months of the reserve fund: March 40,000.00 + 250.00 − 100.00 = 40,150.00; April
// 40,150.00 + 250.00 + 10,198.36 − 100.00 − 60,000.00 = −9,501.64, the lowest.
const forecast = {
  __typename: 'CashForecast',
  asOf: '2026-03-15',
  openingAsOf: '2026-02-28',
  fund: 'RESERVE',
  collectionRate: '97.4',
  assumptions: ['Opening cash is the balance of the cash accounts on 2026-02-28.'],
  lowest: { __typename: 'CashForecastLowest', month: '2026-04', balance: '-9501.64' },
  months: [
    month('2026-03', {
      opening: '40000.00',
      transfers: '250.00',
      expenses: '100.00',
      closing: '40150.00',
    }),
    month('2026-04', {
      opening: '40150.00',
      transfers: '250.00',
      investmentFlows: '10198.36',
      expenses: '100.00',
      capitalProjects: '60000.00',
      closing: '-9501.64',
    }),
  ],
};

async function mountAt(path: string) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    return { body: { data: { cashForecast: forecast } } };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
  );
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(CashForecastPage, { pinia, router });
  for (let i = 0; i < 3; i++) {
    await flushPromises();
    await vi.dynamicImportSettled();
  }
  return {
    wrapper,
    router,
    // Read on each call: the fund switch asks again.
    forecasts: () => requests.filter((r) => r.operationName === 'CashForecast'),
  };
}

describe('CashForecastPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    chart.options.length = 0;
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for the fund in the address, lists every month, and calls out the lowest balance', async () => {
    const { wrapper, forecasts } = await mountAt('/forecast?fund=RESERVE');
    expect(forecasts().map((r) => r.variables)).toEqual([{ fund: 'RESERVE', months: 24 }]);
    expect(wrapper.text()).toContain('Reserve · Mar 2026 – Apr 2026 · Collection rate 97.4 %');
    const rows = wrapper.findAll('[data-testid=forecast-table] tbody tr');
    expect(rows.map((r) => r.findAll('td').map((td) => td.text()))).toEqual([
      [
        'Mar 2026',
        '$40,000.00',
        '$0.00',
        '$0.00',
        '$0.00',
        '$250.00',
        '($100.00)',
        '$0.00',
        '$40,150.00',
      ],
      [
        'Apr 2026',
        '$40,150.00',
        '$0.00',
        '$0.00',
        '$10,198.36',
        '$250.00',
        '($100.00)',
        '($60,000.00)',
        '($9,501.64)',
      ],
    ]);
    expect(rows[1]!.classes()).toContain('forecast__row--lowest');
    expect(wrapper.get('[data-testid=forecast-lowest]').text()).toBe(
      'Lowest projected balance: ($9,501.64) in Apr 2026 — below zero',
    );
    // The chart stacks money in above zero and money out below, with the balance as a line.
    const option = chart.options[0] as { series: { name: string; data: unknown[] }[] };
    const series = Object.fromEntries(option.series.map((s) => [s.name, s.data]));
    expect(series['Capital projects']).toEqual([0, -60000]);
    expect(series['Investments maturing']).toEqual([0, 10198.36]);
    expect((series['Closing balance'] as { value: number }[]).map((p) => p.value)).toEqual([
      40150, -9501.64,
    ]);
    wrapper.unmount();
  });

  it('exports the months, the lowest balance and the assumptions as CSV', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:forecast';
    });
    const { wrapper } = await mountAt('/forecast?fund=RESERVE');
    await wrapper.get('[data-testid=export-csv]').trigger('click');
    const lines = (await blobs[0]!.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Maple Ridge HOA — Cash Forecast — Reserve — Mar 2026 – Apr 2026',
      'Month,Opening,Assessments,Other income,Investments maturing,Reserve transfer,Expenses,Capital projects,Closing',
      'Mar 2026,40000.00,0.00,0.00,0.00,250.00,100.00,0.00,40150.00',
      'Apr 2026,40150.00,0.00,0.00,10198.36,250.00,100.00,60000.00,-9501.64',
      '',
      'Lowest balance,Apr 2026,-9501.64',
      'Collection rate,97.4 %',
      'Assumption,Opening cash is the balance of the cash accounts on 2026-02-28.',
    ]);
    wrapper.unmount();
  });

  it('switches the fund and keeps it in the address; all funds by default', async () => {
    const { wrapper, router, forecasts } = await mountAt('/forecast');
    expect(forecasts().map((r) => r.variables)).toEqual([{ fund: 'ALL', months: 24 }]);
    const operating = wrapper
      .findAll('[data-testid=forecast-fund] [role=radio], [data-testid=forecast-fund] button')
      .find((b) => b.text() === 'Operating')!;
    await operating.trigger('click');
    await flushPromises();
    expect(forecasts().at(-1)!.variables).toEqual({ fund: 'OPERATING', months: 24 });
    expect(router.currentRoute.value.query.fund).toBe('OPERATING');
    wrapper.unmount();
  });
});
