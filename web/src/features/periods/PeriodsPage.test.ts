import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { installTestClient, type GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import PeriodsPage from './views/PeriodsPage.vue';

const bank = (reconciled: boolean, through: string | null) => ({
  __typename: 'PeriodBankAccount',
  accountId: 'acc-1010',
  name: '1010 Operating Checking (…4821)',
  reconciled,
  reconciledThrough: through,
});
const close = {
  __typename: 'PeriodClose',
  id: 'close-oct',
  closedAt: '2026-11-08T15:00:00.000Z',
  closedBy: 'Pat Treasurer',
  overrideReason: null,
  unreconciled: [],
};
const month = (m: string, extra: Record<string, unknown>) => ({
  __typename: 'PeriodMonth',
  month: m,
  start: `${m}-01`,
  end: `${m}-28`,
  fiscalYear: 2026,
  status: 'OPEN',
  ended: true,
  entries: 40,
  closable: false,
  reopenable: false,
  close: null,
  bankAccounts: [bank(false, '2026-10-31')],
  ...extra,
});
const PERIODS = {
  __typename: 'Periods',
  closedThrough: '2026-10-31',
  nextToClose: '2026-11',
  months: [
    month('2026-12', { ended: false }),
    month('2026-11', { closable: true }),
    month('2026-10', {
      status: 'CLOSED',
      reopenable: true,
      close,
      bankAccounts: [bank(true, '2026-10-31')],
    }),
  ],
  years: [
    {
      __typename: 'PeriodYear',
      fiscalYear: 2026,
      start: '2026-01-01',
      end: '2026-12-31',
      status: 'OPEN',
      closable: false,
      close: null,
    },
  ],
  history: [
    {
      __typename: 'PeriodClose',
      id: 'close-oct',
      kind: 'MONTH',
      start: '2026-10-01',
      end: '2026-10-31',
      closedAt: '2026-11-08T15:00:00.000Z',
      closedBy: 'Pat Treasurer',
      overrideReason: null,
      reopenedAt: null,
      reopenedBy: null,
      reopenReason: null,
    },
  ],
};

async function mountAs(role: 'ADMIN' | 'VIEWER', requests: GraphQLRequest[]) {
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'Periods') return { body: { data: { periods: PERIODS } } };
    if (req.operationName === 'CloseMonth') {
      return {
        body: { data: { closeMonth: { __typename: 'Periods', closedThrough: '2026-11-30' } } },
      };
    }
    return { body: { data: null } };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' },
  );
  const router = await routerAt('/close', pinia);
  const wrapper = mountWithApp(PeriodsPage, { pinia, router });
  await flushPromises();
  return wrapper;
}

describe('PeriodsPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('offers the next month with its bank accounts, and closes it with a reason when one is not reconciled', async () => {
    const requests: GraphQLRequest[] = [];
    const wrapper = await mountAs('ADMIN', requests);
    const next = wrapper.get('[data-testid=next-to-close]');
    expect(next.text()).toContain('November 2026 is ready to close');
    expect(next.text()).toContain('1010 Operating Checking (…4821)');
    expect(next.text()).toContain('reconciled through Oct 31, 2026');
    const rows = wrapper.findAll('[data-testid=months] > li');
    expect(rows.map((r) => r.attributes('data-month'))).toEqual(['2026-12', '2026-11', '2026-10']);
    expect(rows[2]!.text()).toContain('Closed');
    expect(rows[2]!.text()).toContain('Pat Treasurer');
    expect(rows[2]!.find('[data-testid=reopen-month]').exists()).toBe(true);
    expect(rows[1]!.find('[data-testid=reopen-month]').exists()).toBe(false);

    await wrapper.get('[data-testid=close-month]').trigger('click');
    await flushPromises();
    const confirm = document.querySelector<HTMLButtonElement>('[data-testid=close-confirm]')!;
    expect(confirm.textContent).toContain('Close anyway');
    confirm.click();
    await flushPromises();
    // Without a reason nothing is sent.
    expect(requests.some((r) => r.operationName === 'CloseMonth')).toBe(false);
    expect(document.body.textContent).toContain('Say why it closes before the reconciliation');
    const reason = document.querySelector<HTMLTextAreaElement>('#override-reason')!;
    reason.value = 'Statement arrives on the 10th';
    reason.dispatchEvent(new Event('input'));
    await flushPromises();
    confirm.click();
    await flushPromises();
    expect(requests.find((r) => r.operationName === 'CloseMonth')?.variables).toEqual({
      input: { month: '2026-11', overrideReason: 'Statement arrives on the 10th' },
    });
    wrapper.unmount();
  });

  it('shows a viewer the months without close or reopen buttons', async () => {
    const wrapper = await mountAs('VIEWER', []);
    expect(wrapper.find('[data-testid=close-month]').exists()).toBe(false);
    expect(wrapper.find('[data-testid=reopen-month]').exists()).toBe(false);
    expect(wrapper.text()).toContain('An admin closes the month.');
    expect(wrapper.get('[data-testid=period-history]').text()).toContain(
      'October 2026 closed by Pat Treasurer',
    );
    wrapper.unmount();
  });
});
