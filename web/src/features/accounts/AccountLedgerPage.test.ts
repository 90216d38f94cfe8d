import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { accountJson } from '@/test/ledger';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import AccountLedgerPage from './views/AccountLedgerPage.vue';

const checking = accountJson('acc-checking', '1010', 'Operating Checking');

const ledgerRow = (
  number: number,
  date: string,
  memo: string,
  debit: string,
  credit: string,
  balance: string,
  reconciled = false,
) => ({
  __typename: 'LedgerRow',
  entryId: `entry-${number}`,
  entryNumber: number,
  lineNo: 1,
  date,
  memo,
  source: 'MANUAL',
  reconciled,
  debit,
  credit,
  balance,
});

const march = [
  ledgerRow(1042, '2026-03-05', 'Assessments collected', '1000.00', '0.00', '2000.00', true),
  ledgerRow(1043, '2026-03-15', 'Insurance premium', '0.00', '2150.00', '-150.00'),
];

/** The ledger's pages as the API answers them: `pages[0]` first, each next one after a cursor. */
type LedgerRowJson = ReturnType<typeof ledgerRow>;

function ledgerJson(pages: LedgerRowJson[][], after: unknown) {
  const index = typeof after === 'string' ? Number(after.replace('cursor-', '')) : 0;
  const rows = pages[index] ?? [];
  const hasNextPage = index + 1 < pages.length;
  return {
    __typename: 'AccountLedger',
    accountId: 'acc-checking',
    openingBalance: '1000.00',
    closingBalance: '-150.00',
    rows,
    pageInfo: {
      __typename: 'PageInfo',
      hasNextPage,
      endCursor: hasNextPage ? `cursor-${index + 1}` : null,
    },
  };
}

async function mountLedger(path = '/accounts/acc-checking', pages: LedgerRowJson[][] = [march]) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    switch (req.operationName) {
      case 'Account':
        return { body: { data: { account: checking } } };
      case 'AccountBalances':
        return {
          body: {
            data: {
              accountBalances: [
                {
                  __typename: 'AccountBalance',
                  accountId: 'acc-checking',
                  number: '1010',
                  name: 'Operating Checking',
                  type: 'ASSET',
                  fundType: 'OPERATING',
                  archived: false,
                  debit: '2000.00',
                  credit: '2150.00',
                  balance: '-150.00',
                },
              ],
            },
          },
        };
      case 'AccountLedger':
        return { body: { data: { accountLedger: ledgerJson(pages, req.variables.after) } } };
      default:
        return { body: { data: { auditLog: [] } } };
    }
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
  );
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(AccountLedgerPage, { pinia, router });
  await flushPromises();
  return { wrapper, requests, router };
}

type Wrapper = Awaited<ReturnType<typeof mountLedger>>['wrapper'];

const cellText = (el: { text(): string }) => el.text().replace(/\s+/g, ' ');

function ledgerRows(wrapper: Wrapper): string[][] {
  return wrapper
    .findAll('[data-testid=ledger-table] tbody tr')
    .map((tr) => tr.findAll('td').map(cellText));
}

function footerRows(wrapper: Wrapper): string[][] {
  return wrapper
    .findAll('[data-testid=ledger-table] tfoot tr')
    .map((tr) => tr.findAll('td').map(cellText));
}

describe('AccountLedgerPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = '';
  });

  it('runs from the opening balance to the closing balance, negatives in parentheses', async () => {
    const { wrapper, requests } = await mountLedger(
      '/accounts/acc-checking?from=2026-03-01&to=2026-03-31',
    );
    expect(wrapper.get('h1').text()).toBe('1010 Operating Checking');
    expect(wrapper.text()).toContain('Mar 1, 2026 – Mar 31, 2026 · 2 lines');
    expect(wrapper.get('[data-testid=current-balance]').text()).toBe('($150.00)');
    expect(requests.find((r) => r.operationName === 'AccountLedger')?.variables).toEqual({
      accountId: 'acc-checking',
      from: '2026-03-01',
      to: '2026-03-31',
      first: 200,
    });

    const rows = ledgerRows(wrapper);
    // happy-dom is narrower than 1180px: the source (and badge) sit under the memo.
    expect(rows).toEqual([
      ['Mar 1, 2026', '', 'Opening balance', '', '', '$1,000.00'],
      [
        'Mar 5, 2026',
        'JE-1042',
        'Assessments collectedManual Reconciled: Posted from Monthly Actuals — not a bank reconciliation',
        '$1,000.00',
        '',
        '$2,000.00',
      ],
      ['Mar 15, 2026', 'JE-1043', 'Insurance premiumManual', '', '$2,150.00', '($150.00)'],
    ]);
    // The period's debits and credits in their columns; the closing balance alone in its own.
    expect(footerRows(wrapper)).toEqual([
      ['Period totals', '$1,000.00', '$2,150.00', ''],
      ['Closing balance Mar 31, 2026', '($150.00)'],
    ]);
    expect(wrapper.get('[data-testid=reconciled-badge]').attributes('title')).toBe(
      'Posted from Monthly Actuals — not a bank reconciliation',
    );
    expect(wrapper.find('[data-testid=load-more]').exists()).toBe(false);
    expect(wrapper.get('[data-testid=ledger-table] tbody a').attributes('href')).toBe(
      '/transactions/entry-1042',
    );
    wrapper.unmount();
  });

  it('loads the next page after the last cursor, carrying the totals on to the whole period', async () => {
    const february = [
      ledgerRow(1030, '2026-02-02', 'Pool service', '0.00', '400.00', '600.00'),
      ledgerRow(1031, '2026-02-20', 'Dues deposit', '250.00', '0.00', '850.00'),
    ];
    const rest = [ledgerRow(1042, '2026-03-05', 'Assessments', '100.00', '0.00', '950.00')];
    const { wrapper, requests } = await mountLedger('/accounts/acc-checking?from=2026-02-01', [
      february,
      rest,
    ]);
    const ledgerRequests = () => requests.filter((r) => r.operationName === 'AccountLedger');
    expect(ledgerRows(wrapper)).toHaveLength(3);
    expect(wrapper.text()).toContain('2 lines shown, more to load');
    // Until every page is on screen the totals say they are the lines shown; the closing balance
    // is the API's for the whole period all along.
    expect(footerRows(wrapper)).toEqual([
      ['Totals of the lines shown', '$250.00', '$400.00', ''],
      ['Closing balance', '($150.00)'],
    ]);

    await wrapper.get('[data-testid=load-more]').trigger('click');
    await flushPromises();
    expect(ledgerRequests().at(-1)?.variables).toEqual({
      accountId: 'acc-checking',
      from: '2026-02-01',
      to: null,
      first: 200,
      after: 'cursor-1',
    });
    await vi.waitFor(() => expect(ledgerRows(wrapper)).toHaveLength(4));
    expect(ledgerRows(wrapper).map((r) => r[1])).toEqual(['', 'JE-1030', 'JE-1031', 'JE-1042']);
    expect(ledgerRows(wrapper)[3]?.at(-1)).toBe('$950.00');
    expect(footerRows(wrapper)).toEqual([
      ['Period totals', '$350.00', '$400.00', ''],
      ['Closing balance', '($150.00)'],
    ]);
    expect(wrapper.text()).toContain('3 lines');
    expect(wrapper.text()).not.toContain('more to load');
    expect(wrapper.find('[data-testid=load-more]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('shows the account’s history in a side panel', async () => {
    const { wrapper, requests } = await mountLedger();
    await wrapper.get('[data-testid=account-history]').trigger('click');
    await vi.waitFor(() =>
      expect(requests.find((r) => r.operationName === 'AuditLog')?.variables).toEqual({
        entityType: 'Account',
        entityId: 'acc-checking',
      }),
    );
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('History of 1010 Operating Checking'),
    );
    wrapper.unmount();
  });
});
