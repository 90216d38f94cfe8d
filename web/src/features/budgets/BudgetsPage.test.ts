import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { accountJson, chart } from '@/test/ledger';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import { RouterView } from 'vue-router';

// 03:00 UTC on August 1st 2026 is still July 31st in New York: fiscal 2027 with a July start.
const NOW = new Date('2026-08-01T03:00:00Z');
const FY2027 = [
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
];

const calendar = (fiscalYearStartMonth: number) => ({
  data: {
    me: {
      __typename: 'Me',
      organization: {
        __typename: 'OrganizationMembership',
        id: 'org-1',
        timeZone: 'America/New_York',
        fiscalYearStartMonth,
      },
    },
  },
});

function budgetJson(year: number, startMonth: number, amounts: string[]) {
  const first = startMonth === 1 ? year : year - 1;
  const names = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  return {
    __typename: 'Budget',
    id: 'budget-1',
    year,
    exists: true,
    fiscalYearStartMonth: startMonth,
    months: Array.from({ length: 12 }, (_, i) => {
      const m = startMonth - 1 + i;
      const y = first + Math.floor(m / 12);
      return {
        __typename: 'FiscalMonth',
        year: y,
        month: (m % 12) + 1,
        label: `${names[m % 12]} ${y}`,
      };
    }),
    totalIncome: '0.00',
    totalExpense: '1200.00',
    totalTransfersIn: '0.00',
    totalTransfersOut: '0.00',
    updatedAt: '2026-07-01T12:00:00.000Z',
    lines: [{ __typename: 'BudgetLine', accountId: 'acc-landscaping', amounts, total: '1200.00' }],
  };
}

// The operating fund's transfer to the reserves, both sides marked as transfer accounts.
const transferChart = [
  ...chart,
  accountJson('acc-contributions', '4510', 'Reserve Contributions', 'INCOME', 'RESERVE'),
  accountJson('acc-transfer', '5900', 'Transfer to Reserves', 'EXPENSE'),
];
const TRANSFERS = new Set(['acc-contributions', 'acc-transfer']);

async function mountBudgets(
  startMonth: number,
  path = '/budgets',
  opts: { transfers?: boolean } = {},
) {
  const requests: GraphQLRequest[] = [];
  const accounts = opts.transfers ? transferChart : chart;
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'OrganizationCalendar') return { body: calendar(startMonth) };
    if (req.operationName === 'Accounts') return { body: { data: { accounts } } };
    if (req.operationName === 'BudgetTransferAccounts') {
      const flags = accounts.map((a) => ({
        __typename: 'Account',
        id: a.id,
        interfundTransfer: TRANSFERS.has(a.id),
      }));
      return { body: { data: { accounts: flags } } };
    }
    const year = (req.variables.year ?? (req.variables.input as { year: number })?.year) as number;
    const budget = budgetJson(year, startMonth, Array(12).fill('100.00'));
    if (opts.transfers) {
      const line = (accountId: string) => ({
        __typename: 'BudgetLine',
        accountId,
        amounts: Array(12).fill('500.00'),
        total: '6000.00',
      });
      budget.lines.push(line('acc-contributions'), line('acc-transfer'));
      Object.assign(budget, { totalTransfersIn: '6000.00', totalTransfersOut: '6000.00' });
    }
    if (req.operationName === 'Budget') return { body: { data: { budget } } };
    if (req.operationName === 'SaveBudget') return { body: { data: { saveBudget: budget } } };
    return { body: { errors: [{ message: `Unexpected ${req.operationName}` }] } };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
  );
  const router = await routerAt(path, pinia);
  // Through the router, as the app renders it (the page asks before leaving with changes).
  const wrapper = mountWithApp(withToast(RouterView), { pinia, router });
  await flushPromises();
  await flushPromises();
  return { wrapper, requests };
}

const headings = () =>
  [...document.querySelectorAll('[data-testid=budget-grid] thead th')].map(
    (th) => th.textContent?.trim() ?? '',
  );

describe('BudgetsPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('opens the fiscal year the association is in, with its months in order, and saves them so', async () => {
    const { wrapper, requests } = await mountBudgets(7);
    // Today in New York (July 31st 2026), not the browser's or UTC's August: fiscal 2027.
    const budgetRequests = requests.filter((r) => r.operationName === 'Budget');
    expect(budgetRequests.map((r) => r.variables)).toEqual([{ year: 2027 }]);
    expect(requests.findIndex((r) => r.operationName === 'OrganizationCalendar')).toBeLessThan(
      requests.indexOf(budgetRequests[0]!),
    );
    expect(wrapper.text()).toContain('FY 2027 (Jul 2026 – Jun 2027)');
    expect(headings()).toEqual(['Account', ...FY2027, 'Total']);

    // The first column is July 2026: a change there is the first amount of the line.
    const cell = document.querySelector<HTMLInputElement>('input[data-r="0"][data-c="0"]');
    if (!cell) throw new Error('No cell');
    cell.value = '250';
    cell.dispatchEvent(new Event('input'));
    await flushPromises();
    document.querySelector<HTMLButtonElement>('[data-testid=save-budget]')?.click();
    await vi.waitFor(() =>
      expect(requests.some((r) => r.operationName === 'SaveBudget')).toBe(true),
    );
    const save = requests.find((r) => r.operationName === 'SaveBudget')!;
    expect(save.variables).toEqual({
      input: {
        year: 2027,
        fiscalYearStartMonth: 7,
        lines: [
          {
            accountId: 'acc-landscaping',
            amounts: ['250.00', ...Array(11).fill('100.00')],
          },
        ],
      },
    });
    wrapper.unmount();
  });

  it('keeps Jan … Dec for a calendar fiscal year, and the year the address names', async () => {
    const { wrapper, requests } = await mountBudgets(1, '/budgets?year=2025');
    expect(requests.filter((r) => r.operationName === 'Budget').map((r) => r.variables)).toEqual([
      { year: 2025 },
    ]);
    // The year is in the address: no need to read the calendar for it.
    expect(requests.some((r) => r.operationName === 'OrganizationCalendar')).toBe(false);
    expect(headings()).toEqual([
      'Account',
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
      'Total',
    ]);
    expect(wrapper.text()).toContain('FY 2025 · Income');
    // Saved with the start the columns were labelled with (January).
    const cell = document.querySelector<HTMLInputElement>('input[data-r="0"][data-c="11"]');
    if (!cell) throw new Error('No cell');
    cell.value = '90';
    cell.dispatchEvent(new Event('input'));
    await flushPromises();
    document.querySelector<HTMLButtonElement>('[data-testid=save-budget]')?.click();
    await vi.waitFor(() =>
      expect(requests.find((r) => r.operationName === 'SaveBudget')?.variables).toEqual({
        input: {
          year: 2025,
          fiscalYearStartMonth: 1,
          lines: [
            { accountId: 'acc-landscaping', amounts: [...Array(11).fill('100.00'), '90.00'] },
          ],
        },
      }),
    );
    wrapper.unmount();
  });

  // A transfer between funds is neither income nor expense: its own sections, outside the net.
  it('shows transfers between funds apart, outside the net (income − expense)', async () => {
    const { wrapper } = await mountBudgets(1, '/budgets?year=2026', { transfers: true });
    await vi.waitFor(() =>
      expect(document.querySelector('[data-section="transfer-out"]')).not.toBeNull(),
    );
    const sections = [...document.querySelectorAll('[data-section]')].map((s) =>
      s.getAttribute('data-section'),
    );
    expect(sections).toEqual(['expense', 'transfer-in', 'transfer-out']);
    const section = (key: string) =>
      [...document.querySelectorAll(`[data-section="${key}"] .sgrid__row`)].map((r) =>
        r.getAttribute('data-row'),
      );
    expect(section('expense')).not.toContain('acc-transfer');
    expect(section('transfer-out')).toEqual(['acc-transfer']);
    expect(section('transfer-in')).toEqual(['acc-contributions']);
    // The net is the expense alone (landscaping, 1,200.00), not the transfer's 6,000.00 too.
    const net = document.querySelector('[data-testid=total-net]')!.textContent!.trim();
    expect(net).toBe('(1,200.00)');
    expect(wrapper.text()).toContain(
      'FY 2026 · Income $0.00 · Expense $1,200.00 · Net ($1,200.00) · Transfers between funds $6,000.00',
    );
    wrapper.unmount();
  });
});
