import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { BALANCE_SHEET } from './statements.fixtures';
import BalanceSheetPage from './views/BalanceSheetPage.vue';

async function mountSheet(sheet: unknown = BALANCE_SHEET) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    return { body: { data: { balanceSheet: sheet } } };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
  );
  const router = await routerAt('/reports/balance-sheet?asOf=2026-06-30', pinia);
  const wrapper = mountWithApp(BalanceSheetPage, { pinia, router });
  await flushPromises();
  return { wrapper, requests };
}

const cells = (tr: { findAll: (s: string) => { text: () => string }[] }) =>
  tr.findAll('th, td').map((c) => c.text().replace(/\s+/g, ' ').trim());

describe('BalanceSheetPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows each fund, the combined total and the prior year-end, interfund eliminated', async () => {
    const { wrapper, requests } = await mountSheet();
    expect(requests[0]?.variables).toEqual({ asOf: '2026-06-30' });
    expect(wrapper.text()).toContain(
      'As of Jun 30, 2026 · Compared with the prior fiscal year-end Dec 31, 2025',
    );
    const head = wrapper.findAll('[data-testid=balance-sheet-table] thead th').map((t) => t.text());
    expect(head).toEqual([
      'Account',
      'Operating',
      'Reserve',
      'Total',
      'Prior year-endDec 31, 2025',
    ]);
    expect(cells(wrapper.get('tr[data-line="1010"]'))).toEqual([
      '1010Operating Checking',
      '$67,100.00',
      '—',
      '$67,100.00',
      '$59,000.00',
    ]);
    expect(cells(wrapper.get('tr[data-line="DUE-RESERVE"]'))).toEqual([
      'DUE-RESERVEDue from Reserve Fund',
      '$1,200.00',
      '—',
      'Eliminated',
      '',
    ]);
    // Computed lines carry the fiscal year and open the income statement that makes them up.
    const ni = wrapper.get('tr[data-line="CURRENT_YEAR_NET_INCOME"]');
    expect(cells(ni)).toEqual([
      'Net income, FY 2026 to date',
      '$18,300.00',
      '($4,950.00)',
      '$13,350.00',
      '$5,250.00',
    ]);
    expect(ni.get('a').attributes('href')).toBe(
      '/reports/income-statement?from=2026-01-01&to=2026-06-30',
    );
    // Account lines open the account's ledger through the date.
    expect(wrapper.get('tr[data-line="1010"] a').attributes('href')).toBe(
      '/accounts/acc-1010?to=2026-06-30',
    );
    expect(cells(wrapper.get('tr[data-total="t-liabilities-and-fund-balance"]'))).toEqual([
      'Total liabilities and fund balance',
      '$68,300.00',
      '$96,250.00',
      '$163,350.00',
      '$155,250.00',
    ]);
    expect(wrapper.get('[data-testid=balance-status]').text()).toBe('Each fund balances');
    // On paper: association, title, period and when it was generated.
    const paper = wrapper.get('.report-print-header').text();
    expect(paper).toContain('Maple Ridge HOA');
    expect(paper).toContain('Balance Sheet');
    expect(paper).toMatch(/Generated \w{3} \d+, \d{4}, \d+:\d\d/);
    wrapper.unmount();
  });

  it('names the fund that does not balance', async () => {
    const off = {
      ...BALANCE_SHEET,
      liabilitiesAndFundBalance: { ...BALANCE_SHEET.liabilitiesAndFundBalance, reserve: '1.00' },
    };
    const { wrapper } = await mountSheet(off);
    expect(wrapper.get('[data-testid=balance-status]').text()).toBe('Out of balance: reserve');
    wrapper.unmount();
  });

  it('exports every line and total as plain decimals under a header row', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:bs';
    });
    const { wrapper } = await mountSheet();
    await wrapper.get('[data-testid=export-csv]').trigger('click');
    const lines = (await blobs[0]!.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Maple Ridge HOA,Balance Sheet,"As of Jun 30, 2026"');
    expect(lines[1]).toBe(
      'Section,Number,Account,Operating,Reserve,Total,Prior year-end 2025-12-31',
    );
    expect(lines[2]).toBe('Assets,1010,Operating Checking,67100.00,0.00,67100.00,59000.00');
    expect(lines).toContain('Assets,,Total assets,68300.00,96250.00,163350.00,155250.00');
    expect(lines).toContain(
      'Fund balance,,"Net income, FY 2026 to date",18300.00,-4950.00,13350.00,5250.00',
    );
    expect(lines.at(-1)).toBe(
      'Fund balance,,Total liabilities and fund balance,68300.00,96250.00,163350.00,155250.00',
    );
    wrapper.unmount();
  });
});
