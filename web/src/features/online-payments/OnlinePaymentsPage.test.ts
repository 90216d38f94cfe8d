import { flushPromises } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import OnlinePaymentsPage from './views/OnlinePaymentsPage.vue';

type Role = 'ADMIN' | 'USER' | 'VIEWER';
const org = (role: Role) =>
  ({ id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' }) as const;

const settings = (over: Record<string, unknown> = {}) => ({
  __typename: 'OnlinePaymentsSettings',
  available: true,
  connected: true,
  accountId: 'acct_test_123',
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  feePolicy: 'ABSORB',
  cardSurchargePercent: 0,
  achFee: '0.00',
  returnedPaymentFee: '0.00',
  autopayAllowed: true,
  payoutAccountId: null,
  feeAccountId: null,
  feeIncomeAccountId: null,
  ...over,
});

const account = (id: string, number: string, name: string, type: string) => ({
  __typename: 'Account',
  id,
  number,
  name,
  type,
  fundType: 'OPERATING',
  description: null,
  forecastRole: null,
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const chart = [
  account('acc-bank', '1010', 'Operating Checking', 'ASSET'),
  account('acc-fees', '5095', 'Payment Processing Fees', 'EXPENSE'),
];

const payment = (over: Record<string, unknown>) => ({
  __typename: 'OnlinePayment',
  unitId: 'u-1',
  unitNumber: '112',
  createdAt: '2026-12-01T15:00:00.000Z',
  method: 'CARD',
  amount: '425.00',
  fee: '0.00',
  status: 'succeeded',
  failureReason: null,
  paymentId: 'p-1',
  source: 'checkout',
  cardFunding: 'credit',
  stripeFee: '12.63',
  paidOutOn: null,
  ...over,
});

const PAYMENTS = [
  payment({
    id: 'op-2',
    method: 'US_BANK_ACCOUNT',
    amount: '120.00',
    status: 'failed',
    failureReason: 'The bank payment failed',
    paymentId: null,
    cardFunding: null,
    stripeFee: null,
  }),
  payment({ id: 'op-1' }),
];

async function mountPage(
  opts: {
    role?: Role;
    saved?: Record<string, unknown>;
    onMutation?: (req: GraphQLRequest) => GraphQLReply;
  } = {},
) {
  const requests: GraphQLRequest[] = [];
  let current = settings(opts.saved);
  installTestClient((req) => {
    requests.push(req);
    switch (req.operationName) {
      case 'OnlinePaymentsSettings':
        return { body: { data: { onlinePaymentsSettings: current } } };
      case 'Accounts':
        return { body: { data: { accounts: chart } } };
      case 'OnlinePayments': {
        const filter = (req.variables as { filter?: { status?: string } | null }).filter;
        const rows = PAYMENTS.filter((p) => !filter?.status || p.status === filter.status);
        return {
          body: {
            data: {
              onlinePayments: {
                __typename: 'OnlinePaymentConnection',
                totalCount: rows.length,
                pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
                edges: rows.map((node) => ({ __typename: 'OnlinePaymentEdge', node })),
              },
            },
          },
        };
      }
      case 'AutopayEnrollments':
        return {
          body: {
            data: {
              autopayEnrollments: [
                {
                  __typename: 'AutopayEnrollment',
                  id: 'ap-1',
                  unitId: 'u-2',
                  unitNumber: '214',
                  methodLabel: 'Bank •••• 6789',
                  method: 'US_BANK_ACCOUNT',
                  maxAmount: '500.00',
                  status: 'active',
                  createdAt: '2026-06-01T00:00:00.000Z',
                  startsOn: '2026-06-01',
                  ownerEmail: 'owner@maple.example',
                  problems: 1,
                  lastProblem: 'AutoPay: Your card was declined.',
                  lastCharge: payment({
                    id: 'op-9',
                    unitId: 'u-2',
                    unitNumber: '214',
                    status: 'failed',
                  }),
                },
              ],
            },
          },
        };
      case 'StripePayouts':
        return {
          body: {
            data: {
              stripePayouts: [
                {
                  __typename: 'StripePayout',
                  id: 'po-1',
                  amount: '412.37',
                  fee: '12.63',
                  arrivalDate: '2026-12-03',
                  status: 'deposited',
                  depositId: 'd-1',
                  failureReason: null,
                },
              ],
            },
          },
        };
      default: {
        const reply = opts.onMutation?.(req);
        if (reply) return reply;
        if (req.operationName === 'UpdateOnlinePaymentsSettings') {
          const input = (req.variables as { input: Record<string, unknown> }).input;
          current = settings({ ...input });
          return { body: { data: { updateOnlinePaymentsSettings: current } } };
        }
        return { body: { data: null } };
      }
    }
  });
  const pinia = freshPinia();
  signIn({ email: 'treasurer@example.com' }, org(opts.role ?? 'ADMIN'));
  const router = await routerAt('/online-payments', pinia);
  expect(router.currentRoute.value.name).toBe('online-payments');
  const wrapper = mountWithApp(withToast(OnlinePaymentsPage), { pinia, router });
  await flushPromises();
  await vi.waitFor(() => expect(wrapper.find('[data-testid=stripe-account]').exists()).toBe(true));
  return { wrapper, requests };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('online payments page', () => {
  it('sends an admin to Stripe to connect the association’s own account', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { wrapper, requests } = await mountPage({
      saved: { connected: false, accountId: null, chargesEnabled: false },
      onMutation: (req) =>
        req.operationName === 'ConnectStripeAccount'
          ? {
              body: {
                data: {
                  connectStripeAccount: {
                    __typename: 'CheckoutRedirect',
                    url: 'https://connect.stripe.test/setup/x',
                  },
                },
              },
            }
          : { body: { data: null } },
    });
    expect(wrapper.get('[data-testid=stripe-state]').text()).toBe('Not connected');
    // Nothing to list before there is an account.
    expect(wrapper.find('[data-testid=online-payments-table]').exists()).toBe(false);
    await wrapper.get('[data-testid=stripe-connect]').trigger('click');
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://connect.stripe.test/setup/x'),
    );
    expect(requests.find((r) => r.operationName === 'ConnectStripeAccount')!.variables).toEqual({
      returnPath: '/online-payments',
    });
    vi.unstubAllGlobals();
    wrapper.unmount();
  });

  it('asks an admin to finish Stripe’s setup, and tells a treasurer who is not one who connects it', async () => {
    const half = await mountPage({ saved: { chargesEnabled: false } });
    expect(half.wrapper.get('[data-testid=stripe-state]').text()).toBe('Setup not finished');
    expect(half.wrapper.get('[data-testid=stripe-connect]').text()).toContain(
      'Continue setup with Stripe',
    );
    half.wrapper.unmount();
    const user = await mountPage({ role: 'USER', saved: { connected: false, accountId: null } });
    expect(user.wrapper.find('[data-testid=stripe-connect]').exists()).toBe(false);
    expect(user.wrapper.text()).toContain(
      'An admin of the association connects its Stripe account.',
    );
    user.wrapper.unmount();
  });

  it('passes the fees on to owners and says so', async () => {
    const { wrapper, requests } = await mountPage();
    expect(wrapper.get('[data-testid=stripe-state]').text()).toContain('Taking payments');
    (document.querySelector('#fee-policy-PASS_ON') as HTMLInputElement).click();
    await flushPromises();
    await wrapper.get('#ach-fee').setValue('1.50');
    await wrapper.get('#returned-fee').setValue('25');
    const surcharge = wrapper.get('#card-surcharge');
    await surcharge.setValue('2.5');
    await surcharge.trigger('input');
    await surcharge.trigger('blur');
    await flushPromises();
    await wrapper.get('form').trigger('submit');
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Online payment settings saved'),
    );
    const update = requests.find((r) => r.operationName === 'UpdateOnlinePaymentsSettings')!;
    expect(update.variables).toEqual({
      input: {
        feePolicy: 'PASS_ON',
        cardSurchargePercent: 2.5,
        achFee: '1.50',
        returnedPaymentFee: '25.00',
        autopayAllowed: true,
        payoutAccountId: null,
        feeAccountId: null,
        feeIncomeAccountId: null,
      },
    });
    expect(document.body.textContent).toContain(
      'Owners pay a 2.5% card surcharge (none on debit cards) and $1.50 for a bank payment.',
    );
    wrapper.unmount();
  });

  it('puts the API’s refusal beside its field', async () => {
    const { wrapper } = await mountPage({
      onMutation: (req) =>
        req.operationName === 'UpdateOnlinePaymentsSettings'
          ? {
              body: apiError('BAD_USER_INPUT', 'Invalid input', [
                { field: 'payoutAccountId', message: 'Choose the bank account Stripe pays out to' },
              ]),
            }
          : { body: { data: null } },
    });
    await wrapper.get('#returned-fee').setValue('10');
    await wrapper.get('form').trigger('submit');
    await vi.waitFor(() =>
      expect(wrapper.text()).toContain('Choose the bank account Stripe pays out to'),
    );
    expect(wrapper.find('[data-testid=online-settings-error]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('lists the owners’ payments with what went wrong, AutoPay and the payouts', async () => {
    const { wrapper, requests } = await mountPage({ role: 'VIEWER' });
    await vi.waitFor(() =>
      expect(wrapper.findAll('[data-testid=online-payments-table] tbody tr')).toHaveLength(2),
    );
    const first = wrapper.findAll('[data-testid=online-payments-table] tbody tr')[0]!;
    expect(first.text()).toContain('112');
    expect(first.text()).toContain('Bank account');
    expect(first.get('[data-testid=online-status]').text()).toBe('Failed');
    expect(first.get('[data-testid=online-failure]').text()).toBe('The bank payment failed');
    expect(wrapper.get('[data-testid=autopay-table]').text()).toContain('Bank •••• 6789');
    expect(wrapper.get('[data-testid=autopay-problem]').text()).toBe(
      'AutoPay: Your card was declined.',
    );
    expect(wrapper.get('[data-testid=payouts-table]').text()).toContain('$412.37');
    expect(wrapper.get('[data-testid=payouts-table]').text()).toContain('Deposited');
    // A viewer reads the policy; there is no form to change it.
    expect(wrapper.find('[data-testid=online-settings-read]').text()).toContain(
      'The association pays Stripe’s fees.',
    );
    expect(wrapper.find('[data-testid=online-settings-save]').exists()).toBe(false);
    // Only the failures.
    (document.querySelector('[data-testid=online-status-filter]') as HTMLElement).click();
    await flushPromises();
    const failed = [...document.querySelectorAll<HTMLElement>('[role=option]')].find(
      (o) => o.textContent?.trim() === 'Failed',
    )!;
    failed.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await vi.waitFor(() =>
      expect(wrapper.findAll('[data-testid=online-payments-table] tbody tr')).toHaveLength(1),
    );
    expect(
      requests.filter((r) => r.operationName === 'OnlinePayments').at(-1)!.variables,
    ).toMatchObject({ filter: { status: 'failed' } });
    wrapper.unmount();
  });
});
