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
  date,
  memo,
  source: 'MANUAL',
  reconciled,
  debit,
  credit,
  balance,
});

async function mountLedger(path = '/accounts/acc-checking') {
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
        return {
          body: {
            data: {
              accountLedger: {
                __typename: 'AccountLedger',
                accountId: 'acc-checking',
                openingBalance: '1000.00',
                closingBalance: '-150.00',
                truncated: false,
                rows: [
                  ledgerRow(
                    1042,
                    '2026-03-05',
                    'Assessments collected',
                    '1000.00',
                    '0.00',
                    '2000.00',
                    true,
                  ),
                  ledgerRow(1043, '2026-03-15', 'Insurance premium', '0.00', '2150.00', '-150.00'),
                ],
              },
            },
          },
        };
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
    expect(requests.find((r) => r.operationName === 'AccountLedger')?.variables).toMatchObject({
      accountId: 'acc-checking',
      from: '2026-03-01',
      to: '2026-03-31',
    });

    const rows = wrapper
      .findAll('[data-testid=ledger-table] tbody tr')
      .map((tr) => tr.findAll('td').map((td) => td.text().replace(/\s+/g, ' ')));
    // happy-dom is narrower than 1180px: the source (and badge) sit under the memo.
    expect(rows).toEqual([
      ['Mar 1, 2026', '', 'Opening balance', '', '', '$1,000.00'],
      [
        'Mar 5, 2026',
        'JE-1042',
        'Assessments collectedManual Reconciled',
        '$1,000.00',
        '',
        '$2,000.00',
      ],
      ['Mar 15, 2026', 'JE-1043', 'Insurance premiumManual', '', '$2,150.00', '($150.00)'],
    ]);
    const footer = wrapper
      .findAll('[data-testid=ledger-table] tfoot td')
      .map((td) => td.text().replace(/\s+/g, ' '));
    expect(footer).toEqual(['Closing balance Mar 31, 2026', '$1,000.00', '$2,150.00', '($150.00)']);
    expect(wrapper.get('[data-testid=ledger-table] tbody a').attributes('href')).toBe(
      '/transactions/entry-1042',
    );
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
