import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { RouterView } from 'vue-router';
import AccountSelect from '@/features/accounts/components/AccountSelect.vue';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import CashAccountsDialog from './components/CashAccountsDialog.vue';

const account = (id: string, number: string, name: string, type: string, fundType: string) => ({
  __typename: 'Account',
  id,
  number,
  name,
  type,
  fundType,
  description: null,
  archived: false,
  createdAt: '2026-11-22T10:00:00.000Z',
});
const accounts = [
  account('a-1010', '1010', 'Operating Checking', 'ASSET', 'OPERATING'),
  account('a-1200', '1200', 'Assessments Receivable', 'ASSET', 'OPERATING'),
  account('a-due', 'DUE-RESERVE', 'Due from Reserve Fund', 'ASSET', 'OPERATING'),
  account('a-1110', '1110', 'Reserve Savings', 'ASSET', 'RESERVE'),
  account('a-5010', '5010', 'Landscaping', 'EXPENSE', 'OPERATING'),
  account('a-5030', '5030', 'Insurance', 'EXPENSE', 'OPERATING'),
];
const zeros = () => Array.from({ length: 12 }, () => '0.00');
const months = (amounts: string[]) => amounts.map((a, i) => (i === 0 ? a : '0.00'));
const cash = [
  {
    __typename: 'ActualsCashAccount',
    fundType: 'OPERATING',
    accountId: 'a-1010',
    number: '1010',
    name: 'Operating Checking',
    isDefault: false,
    candidateIds: ['a-1010'],
  },
  {
    __typename: 'ActualsCashAccount',
    fundType: 'RESERVE',
    accountId: 'a-1110',
    number: '1110',
    name: 'Reserve Savings',
    isDefault: true,
    candidateIds: ['a-1110'],
  },
];
// January as the ledger holds it: a manual entry posted landscaping and insurance.
const actuals = {
  __typename: 'MonthlyActuals',
  year: 2026,
  lines: [
    {
      __typename: 'MonthlyActualLine',
      accountId: 'a-5010',
      amounts: months(['1200.00']),
      total: '1200.00',
    },
    {
      __typename: 'MonthlyActualLine',
      accountId: 'a-5030',
      amounts: months(['800.00']),
      total: '800.00',
    },
  ],
  months: zeros().map((_, i) => ({
    __typename: 'MonthlyActualsMonth',
    month: i + 1,
    saved: false,
    updatedAt: null,
    entries: [],
  })),
  cashAccounts: cash,
};

async function mountPage() {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'Accounts') return { body: { data: { accounts } } };
    if (req.operationName === 'MonthlyActuals') {
      return { body: { data: { monthlyActuals: actuals } } };
    }
    if (req.operationName === 'SaveMonthlyActuals') {
      return { body: { data: { saveMonthlyActuals: { actuals, posted: [] } } } };
    }
    return { body: { data: null } };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
  );
  const router = await routerAt('/actuals?year=2026', pinia);
  // Through the router, as the app renders it (the page asks before unsaved cells are dropped).
  const wrapper = mountWithApp(withToast(RouterView), { pinia, router });
  await flushPromises();
  return { wrapper, requests };
}

describe('MonthlyActualsPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it("shows the ledger's figures and says a change posts the difference against each fund's cash account", async () => {
    const { wrapper } = await mountPage();
    const cell = (label: string) =>
      wrapper.find<HTMLInputElement>(`input[aria-label="${label}, Jan"]`).element;
    expect(cell('5010 Landscaping').value).toContain('1,200.00');
    expect(cell('5030 Insurance').value).toContain('800.00');
    const line = wrapper.find('[data-testid="cash-accounts"]').text().replace(/\s+/g, ' ');
    expect(line).toContain("These are the ledger's figures, from every source.");
    expect(line).toContain(
      'A change posts the difference against 1010 Operating Checking (operating fund) and 1110 Reserve Savings (reserve fund).',
    );
    expect(wrapper.find('[data-testid="change-cash-accounts"]').exists()).toBe(true);
  });

  it('offers only the candidate cash accounts (no receivable or interfund account)', async () => {
    const { wrapper } = await mountPage();
    await wrapper.find('[data-testid="change-cash-accounts"]').trigger('click');
    await flushPromises();
    const dialog = wrapper.findComponent(CashAccountsDialog);
    const selects = dialog.findAllComponents(AccountSelect);
    expect(selects).toHaveLength(2);
    const offered = selects.map((s) => s.props('accounts').map((a) => a.number));
    expect(offered).toEqual([['1010'], ['1110']]);
  });
});
