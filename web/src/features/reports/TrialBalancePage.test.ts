import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import TrialBalancePage from './views/TrialBalancePage.vue';

const row = (number: string, name: string, debitBalance: string, creditBalance: string) => ({
  __typename: 'TrialBalanceRow',
  accountId: `acc-${number}`,
  number,
  name,
  type: 'ASSET',
  fundType: 'OPERATING',
  archived: false,
  debit: debitBalance,
  credit: creditBalance,
  balance: '0.00',
  debitBalance,
  creditBalance,
});

async function mountReport(totalCredit: string) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    return {
      body: {
        data: {
          trialBalance: {
            __typename: 'TrialBalance',
            asOf: '2026-06-30',
            totalDebit: '1250.00',
            totalCredit,
            rows: [
              row('1010', 'Operating Checking', '0.00', '1250.00'),
              row('1020', 'Operating Savings', '0.00', '0.00'),
              row('5010', 'Landscaping', '1250.00', '0.00'),
            ],
          },
        },
      },
    };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' },
  );
  const router = await routerAt('/reports/trial-balance?asOf=2026-06-30&fund=reserve', pinia);
  const wrapper = mountWithApp(TrialBalancePage, { pinia, router });
  await flushPromises();
  return { wrapper, requests };
}

describe('TrialBalancePage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('lists debit and credit balances with equal totals, marked Balanced', async () => {
    const { wrapper, requests } = await mountReport('1250.00');
    expect(requests[0]?.variables).toEqual({ asOf: '2026-06-30', fundType: 'RESERVE' });
    expect(wrapper.text()).toContain('As of Jun 30, 2026 · Reserve fund');
    const rows = wrapper
      .findAll('[data-testid=trial-balance-table] tbody tr')
      .map((tr) => tr.findAll('td').map((td) => td.text()));
    // Zero balances are left out unless asked for.
    expect(rows).toEqual([
      ['1010', 'Operating Checking', '', '$1,250.00'],
      ['5010', 'Landscaping', '$1,250.00', ''],
    ]);
    expect(wrapper.get('[data-testid=total-debit]').text()).toBe('$1,250.00');
    expect(wrapper.get('[data-testid=total-credit]').text()).toBe('$1,250.00');
    expect(wrapper.get('[data-testid=balance-status]').text()).toBe('Balanced');
    expect(wrapper.get('[data-testid=balance-status]').classes()).toContain('cv-badge--success');
    // Print header: association, title, period.
    expect(wrapper.get('.report-print-header').text()).toContain('Maple Ridge HOA');
    expect(wrapper.get('.report-print-header').text()).toContain('Trial Balance');
    wrapper.unmount();
  });

  it('says how far out of balance the books are, in red and in words', async () => {
    const { wrapper } = await mountReport('1249.00');
    expect(wrapper.get('[data-testid=balance-status]').text()).toBe('Out of balance by $1.00');
    expect(wrapper.get('[data-testid=balance-status]').classes()).toContain('cv-badge--danger');
    wrapper.unmount();
  });
});
