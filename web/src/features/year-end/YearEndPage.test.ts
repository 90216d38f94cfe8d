import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient, type GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import YearEndPage from './views/YearEndPage.vue';

const cols = (operating: string, reserve: string, total?: string) => ({
  __typename: 'FundColumns',
  operating,
  reserve,
  total: total ?? (Number(operating) + Number(reserve)).toFixed(2),
});
const line = (number: string | null, name: string, operating: string, reserve: string) => ({
  ...cols(operating, reserve),
  __typename: 'YearEndLine',
  accountId: number ? `acc-${number}` : null,
  number,
  name,
});
const flow = (kind: string, name: string, operating: string, reserve: string) => ({
  ...line(null, name, operating, reserve),
  __typename: 'CashFlowLine',
  kind,
});
const bsLine = (
  number: string | null,
  name: string,
  operating: string,
  reserve: string,
  extra: Record<string, unknown> = {},
) => ({
  ...cols(operating, reserve),
  __typename: 'BalanceSheetLine',
  kind: number ? 'ACCOUNT' : 'CURRENT_YEAR_NET_INCOME',
  accountId: number ? `acc-${number}` : null,
  number,
  name,
  interfund: false,
  ...extra,
});
const section = (lines: ReturnType<typeof bsLine>[], total: ReturnType<typeof cols>) => ({
  __typename: 'BalanceSheetSection',
  lines,
  total: { ...total, __typename: 'BalanceSheetFigures' },
});

const doc = (status: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'AssociationDocument',
  id: 'doc-1',
  status,
  version: 1,
  error: null,
  draft: false,
  fileName: 'cpa-package-fy2025-v1.zip',
  size: 48_213,
  url: status === 'READY' ? '/documents/org-1/doc-1?exp=1&sig=x' : null,
  createdAt: '2026-01-20T15:00:00.000Z',
  readyAt: status === 'READY' ? '2026-01-20T15:00:03.000Z' : null,
  generatedBy: 'Dana Whitfield',
  ...extra,
});

const year = (fiscalYear: number, closed: boolean, current: boolean, packages: unknown[] = []) => ({
  __typename: 'YearEndFiscalYear',
  fiscalYear,
  from: `${fiscalYear}-01-01`,
  to: `${fiscalYear}-12-31`,
  closed,
  current,
  cpaPackages: packages,
});

function statements(fiscalYear: number, closed: boolean) {
  return {
    __typename: 'YearEndStatements',
    fiscalYear,
    from: `${fiscalYear}-01-01`,
    to: `${fiscalYear}-12-31`,
    closed,
    closedThrough: closed ? `${fiscalYear}-12-31` : null,
    balanceSheet: {
      __typename: 'BalanceSheet',
      asOf: `${fiscalYear}-12-31`,
      assets: section(
        [
          bsLine('1010', 'Operating Checking', '55915.20', '0.00'),
          bsLine('1510', 'Reserve Savings', '0.00', '32700.00'),
          bsLine('DUE-RESERVE', 'Due from Reserve Fund', '-6000.00', '0.00', {
            interfund: true,
            total: '0.00',
          }),
        ],
        cols('49915.20', '32700.00', '82615.20'),
      ),
      liabilities: section(
        [
          bsLine('2010', 'Accounts Payable', '1850.00', '0.00'),
          bsLine('DUE-OPERATING', 'Due to Operating Fund', '0.00', '-6000.00', {
            interfund: true,
            total: '0.00',
          }),
        ],
        cols('1850.00', '-6000.00', '1850.00'),
      ),
      fundBalance: section(
        [bsLine(null, 'Net income, current fiscal year', '48065.20', '38700.00')],
        cols('48065.20', '38700.00'),
      ),
      liabilitiesAndFundBalance: { ...cols('49915.20', '32700.00', '82615.20') },
    },
    activities: {
      __typename: 'FundActivities',
      revenues: [line('4010', 'Assessment Income', '50400.00', '0.00')],
      totalRevenues: cols('50400.00', '0.00'),
      expenses: [line('5050', 'Pool Maintenance', '7384.80', '0.00')],
      totalExpenses: cols('7384.80', '0.00'),
      excessOfRevenuesOverExpenses: cols('43015.20', '0.00'),
      fundBalanceBeginning: cols('12900.00', '40000.00'),
      transfers: [
        line('4510', 'Reserve Contributions', '0.00', '6000.00'),
        line('5900', 'Transfer to Reserves', '-6000.00', '0.00'),
      ],
      netTransfers: cols('-6000.00', '6000.00'),
      fundBalanceEntries: [],
      fundBalanceEnding: cols('49915.20', '46000.00'),
    },
    cashFlows: {
      __typename: 'CashFlowStatement',
      excessOfRevenuesOverExpenses: cols('43015.20', '0.00'),
      operatingAdjustments: [
        flow('LIABILITY', 'Increase (decrease) in Accounts Payable', '1850.00', '0.00'),
      ],
      netOperating: cols('44865.20', '0.00'),
      investing: [],
      netInvesting: cols('0.00', '0.00'),
      financing: [flow('INTERFUND_TRANSFERS', 'Interfund transfers', '-6000.00', '6000.00')],
      netFinancing: cols('-6000.00', '6000.00'),
      netChangeInCash: cols('38865.20', '6000.00'),
      cashBeginning: cols('12900.00', '40000.00'),
      cashEnding: cols('51765.20', '46000.00'),
      cashAccounts: [],
    },
    futureRepairs: {
      __typename: 'FutureRepairs',
      asOf: `${fiscalYear}-12-31`,
      components: [
        {
          __typename: 'FutureRepairComponent',
          componentId: 'c-1',
          name: 'Roof',
          category: 'ROOFING',
          usefulLifeYears: 25,
          remainingLifeYears: 12,
          nextReplacementYear: 2038,
          currentReplacementCost: '185000.00',
          fullyFundedBalance: '96200.00',
          fundingAccountNumber: '1510',
          fundingAccountName: 'Reserve Savings',
          fundsAccumulated: '32700.00',
        },
      ],
      fundingAccounts: [],
      totalReplacementCost: '185000.00',
      totalFullyFunded: '96200.00',
      reserveFundBalance: '38700.00',
      percentFunded: '40.2',
    },
    trialBalance: {
      __typename: 'TrialBalance',
      totalDebit: '63300.00',
      totalCredit: '63300.00',
      rows: [
        {
          __typename: 'TrialBalanceRow',
          accountId: 'acc-1010',
          number: '1010',
          name: 'Operating Checking',
          type: 'ASSET',
          fundType: 'OPERATING',
          debitBalance: '55915.20',
          creditBalance: '0.00',
        },
      ],
    },
  };
}

interface Books {
  years: ReturnType<typeof year>[];
  generate?: () => unknown;
}

async function mountPage(path: string, books: Books, role: 'ADMIN' | 'USER' | 'VIEWER' = 'ADMIN') {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'YearEndFiscalYears') {
      return { body: { data: { yearEndFiscalYears: books.years } } };
    }
    if (req.operationName === 'YearEndStatements') {
      const y = req.variables.fiscalYear as number;
      const found = books.years.find((x) => x.fiscalYear === y)!;
      return { body: { data: { yearEndStatements: statements(y, found.closed) } } };
    }
    if (req.operationName === 'GenerateCpaPackage') {
      return { body: books.generate!() };
    }
    throw new Error(`unexpected ${req.operationName}`);
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' },
  );
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(withToast(YearEndPage), { pinia, router });
  await flushPromises();
  return { wrapper, requests, router };
}

const rowsOf = (wrapper: Awaited<ReturnType<typeof mountPage>>['wrapper'], testid: string) =>
  wrapper
    .findAll(`[data-testid=${testid}] tbody tr`)
    .map((tr) => tr.findAll('th, td').map((c) => c.text()));

describe('YearEndPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('lists the fiscal years with their status and opens on the latest closed one', async () => {
    const { wrapper, requests } = await mountPage('/year-end', {
      years: [year(2027, false, true), year(2026, false, false), year(2025, true, false)],
    });
    const years = wrapper
      .findAll('[data-testid=fiscal-years] button')
      .map((b) => [b.text(), b.attributes('aria-pressed')]);
    expect(years).toEqual([
      ['FY 2027Current', 'false'],
      ['FY 2026Open', 'false'],
      ['FY 2025Closed', 'true'],
    ]);
    expect(wrapper.text()).toContain('FY 2025 · Jan 1, 2025 – Dec 31, 2025 · Closed');
    expect(requests.find((r) => r.operationName === 'YearEndStatements')?.variables).toEqual({
      fiscalYear: 2025,
    });
    expect(wrapper.find('[data-testid=open-year-note]').exists()).toBe(false);
    // The balance sheet by fund: interfund balances eliminated in the total column.
    expect(rowsOf(wrapper, 'year-end-balance-sheet')).toContainEqual([
      'DUE-RESERVEDue from Reserve Fund',
      '($6,000.00)',
      '—',
      'Eliminated',
    ]);
    expect(rowsOf(wrapper, 'year-end-balance-sheet').at(-1)).toEqual([
      'Total liabilities and fund balances',
      '$49,915.20',
      '$32,700.00',
      '$82,615.20',
    ]);
    wrapper.unmount();
  });

  it('shows each statement with fund columns', async () => {
    const { wrapper } = await mountPage('/year-end?year=2025', {
      years: [year(2025, true, false)],
    });
    await wrapper.get('[data-testid=tab-activities]').trigger('click');
    await flushPromises();
    const activities = rowsOf(wrapper, 'year-end-activities');
    expect(activities).toContainEqual(['4010Assessment Income', '$50,400.00', '—', '$50,400.00']);
    expect(activities).toContainEqual([
      'Excess (deficiency) of revenues over expenses',
      '$43,015.20',
      '$0.00',
      '$43,015.20',
    ]);
    expect(activities.at(-1)).toEqual([
      'Fund balances, end of year',
      '$49,915.20',
      '$46,000.00',
      '$95,915.20',
    ]);
    await wrapper.get('[data-testid=tab-cash-flows]').trigger('click');
    await flushPromises();
    const flows = rowsOf(wrapper, 'year-end-cash-flows');
    expect(flows).toContainEqual([
      'Increase (decrease) in Accounts Payable',
      '$1,850.00',
      '—',
      '$1,850.00',
    ]);
    expect(flows).toContainEqual(['No investments bought or matured']);
    expect(flows.at(-1)).toEqual(['Cash, end of year', '$51,765.20', '$46,000.00', '$97,765.20']);
    await wrapper.get('[data-testid=tab-repairs]').trigger('click');
    await flushPromises();
    expect(rowsOf(wrapper, 'repairs-table')[0]).toEqual([
      'Roof 25-year life · FY 2038',
      '12 years',
      '$185,000.00',
      '$96,200.00',
      '$32,700.00',
      '1510 Reserve Savings',
    ]);
    expect(wrapper.get('[data-testid=repairs-facts]').text()).toContain('40.2 %');
    await wrapper.get('[data-testid=tab-trial-balance]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid=tb-debit]').text()).toBe('$63,300.00');
    wrapper.unmount();
  });

  it('disables the CPA package for a year not closed, saying why', async () => {
    const { wrapper } = await mountPage('/year-end?year=2026', {
      // Reopened since its package was made: the package is kept, a new one waits for the close.
      years: [year(2027, false, true), year(2026, false, false, [doc('READY')])],
    });
    expect(wrapper.find('[data-testid=cpa-download]').exists()).toBe(true);
    const button = wrapper.get('[data-testid=cpa-generate]');
    expect(button.attributes('disabled')).toBeDefined();
    expect(wrapper.get('[data-testid=cpa-reason]').text()).toContain(
      'FY 2026 is not closed yet. An admin closes its months through Dec 31, 2026 and then the fiscal year on Close the Books',
    );
    expect(wrapper.get('[data-testid=cpa-reason] a').attributes('href')).toBe('/close');
    expect(wrapper.get('[data-testid=cpa-generate]').text()).toBe('Generate again');
    expect(wrapper.get('[data-testid=open-year-note]').text()).toContain(
      'these figures follow the books as they stand',
    );
    // The current year has not ended.
    await wrapper.get('[data-year="2027"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid=cpa-reason]').text()).toContain(
      'FY 2027 has not ended yet: it ends Dec 31, 2027',
    );
    wrapper.unmount();
  });

  it('generates the package of a closed year, shows it being made, then offers the download', async () => {
    const books: Books = { years: [year(2025, true, false)] };
    books.generate = () => {
      books.years = [year(2025, true, false, [doc('QUEUED')])];
      return { data: { generateCpaPackage: doc('QUEUED') } };
    };
    const { wrapper, requests } = await mountPage('/year-end', books);
    expect(wrapper.get('[data-testid=cpa-status]').text()).toContain(
      'FY 2025 is closed: its package has not been generated yet.',
    );
    await wrapper.get('[data-testid=cpa-generate]').trigger('click');
    await flushPromises();
    expect(requests.find((r) => r.operationName === 'GenerateCpaPackage')?.variables).toEqual({
      fiscalYear: 2025,
    });
    expect(document.body.textContent).toContain('The CPA package for FY 2025 is being made');
    expect(wrapper.get('[data-testid=cpa-status]').text()).toContain('Being made');
    expect(wrapper.get('[data-testid=cpa-generate]').attributes('disabled')).toBeDefined();

    // The page asks again while it is made; once ready, the download.
    books.years = [year(2025, true, false, [doc('READY')])];
    await vi.waitFor(() => expect(wrapper.find('[data-testid=cpa-download]').exists()).toBe(true));
    expect(wrapper.get('[data-testid=cpa-status]').text()).toContain('Ready · Version 1 · ');
    expect(wrapper.get('[data-testid=cpa-status]').text()).toContain('by Dana Whitfield · 47 KB');
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.getAttribute('href')!);
    });
    await wrapper.get('[data-testid=cpa-download]').trigger('click');
    await flushPromises();
    expect(clicked).toEqual(['/documents/org-1/doc-1?exp=1&sig=x&download=1']);
    expect(wrapper.get('[data-testid=cpa-generate]').text()).toBe('Generate again');
    click.mockRestore();
    wrapper.unmount();
  });

  it('says why a package was refused, and lets a viewer download but not generate', async () => {
    const books: Books = {
      years: [year(2025, true, false)],
      generate: () =>
        apiError('CONFLICT', 'FY 2025 is not closed (the books are closed through Nov 30, 2025).'),
    };
    const { wrapper } = await mountPage('/year-end', books);
    await wrapper.get('[data-testid=cpa-generate]').trigger('click');
    await flushPromises();
    expect(document.body.textContent).toContain('Not generated');
    expect(document.body.textContent).toContain('FY 2025 is not closed (the books are closed');
    wrapper.unmount();

    const viewer = await mountPage(
      '/year-end',
      { years: [year(2025, true, false), year(2024, true, false, [doc('READY')])] },
      'VIEWER',
    );
    expect(viewer.wrapper.get('[data-testid=cpa-generate]').attributes('disabled')).toBeDefined();
    await viewer.wrapper.get('[data-year="2024"]').trigger('click');
    await flushPromises();
    expect(viewer.wrapper.get('[data-testid=cpa-download]').attributes('disabled')).toBeUndefined();
    viewer.wrapper.unmount();
  });
});
