import { flushPromises } from '@vue/test-utils';
import type { VueWrapper } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import PaymentRunNewPage from './views/PaymentRunNewPage.vue';

const vendor = (id: string, name: string) => ({ __typename: 'Vendor', id, name });
const bill = (
  id: string,
  number: number,
  v: ReturnType<typeof vendor>,
  balance: string,
  dueDate: string,
  extra: { total?: string; overdue?: boolean; invoice?: string } = {},
) => ({
  __typename: 'Bill',
  id,
  number,
  vendorId: v.id,
  vendor: v,
  vendorInvoiceNumber: extra.invoice ?? null,
  billDate: '2026-02-01',
  dueDate,
  memo: null,
  total: extra.total ?? balance,
  paid: '0.00',
  balance,
  overdue: extra.overdue ?? false,
});

const ACME = vendor('v-acme', 'Acme Landscaping');
const BRIGHT = vendor('v-bright', 'Bright Pools');
const BILLS = [
  bill('b-3', 3, BRIGHT, '1200.00', '2026-03-10', { invoice: 'BP-77' }),
  bill('b-1', 1, ACME, '450.00', '2026-03-01', { overdue: true }),
  bill('b-2', 2, ACME, '300.00', '2026-03-05', { total: '500.00' }),
];

interface Setup {
  create?: (req: GraphQLRequest) => GraphQLReply;
  at?: string;
}

async function mountPage(setup: Setup = {}) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    switch (req.operationName) {
      case 'PayingBankAccounts':
        return {
          body: {
            data: {
              bankAccounts: [
                {
                  __typename: 'BankAccount',
                  accountId: 'acc-1010',
                  institution: 'First Bank',
                  maskedNumber: '4321',
                  kind: 'CHECKING',
                  bookBalance: '25000.00',
                  account: {
                    __typename: 'Account',
                    id: 'acc-1010',
                    number: '1010',
                    name: 'Operating Checking',
                    fundType: 'OPERATING',
                  },
                },
              ],
            },
          },
        };
      case 'CheckSettings':
        return {
          body: {
            data: {
              checkSettings: {
                __typename: 'CheckSettings',
                bankAccountId: 'acc-1010',
                nextCheckNumber: 1042,
                routingNumber: '011000015',
                accountNumberLast4: '6789',
                micrReady: true,
              },
            },
          },
        };
      case 'PayableBills':
        return {
          body: {
            data: {
              bills: {
                __typename: 'BillConnection',
                edges: BILLS.map((node) => ({ __typename: 'BillEdge', node })),
                pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
              },
            },
          },
        };
      case 'CreatePaymentRun':
        return (
          setup.create?.(req) ?? {
            body: {
              data: {
                createPaymentRun: {
                  __typename: 'PaymentRun',
                  id: 'run-7',
                  number: 7,
                  bankAccountId: 'acc-1010',
                  bankAccount: {
                    __typename: 'Account',
                    id: 'acc-1010',
                    number: '1010',
                    name: 'Operating Checking',
                  },
                  method: 'CHECK',
                  date: '2026-03-02',
                  payThrough: '2026-03-09',
                  total: '1650.00',
                  createdAt: '2026-03-02T15:00:00.000Z',
                  payments: [
                    { __typename: 'BillPayment', id: 'p-1' },
                    { __typename: 'BillPayment', id: 'p-2' },
                  ],
                },
              },
            },
          }
        );
      default:
        return { body: { data: null } };
    }
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
  );
  const router = await routerAt(setup.at ?? '/payment-runs/new', pinia);
  const wrapper = mountWithApp(withToast(PaymentRunNewPage), { pinia, router });
  await vi.waitFor(() => expect(wrapper.find('[data-testid=pay-bills]').exists()).toBe(true));
  await flushPromises();
  return { wrapper, requests, router };
}

const vendorCard = (w: VueWrapper, id: string) => w.get(`[data-testid=pay-vendor-${id}]`);
const billRow = (w: VueWrapper, n: number) => w.get(`[data-testid=pay-bill-${n}]`);
const grandTotal = (w: VueWrapper) => w.get('[data-testid=pay-grand-total]').text();
const vendorTotal = (w: VueWrapper, id: string) =>
  vendorCard(w, id).get('[data-testid=pay-vendor-total]').text();

async function check(el: ReturnType<VueWrapper['get']>): Promise<void> {
  await el.get('input[type=checkbox]').trigger('change');
  await flushPromises();
}
async function typeAmount(w: VueWrapper, n: number, text: string): Promise<void> {
  const input = billRow(w, n).get('[data-testid=pay-amount]');
  await input.setValue(text);
  await input.trigger('blur');
  await flushPromises();
}

describe('PaymentRunNewPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it("comes from a bill's Pay button with that bill chosen and the date reaching its due day", async () => {
    const { wrapper, requests } = await mountPage({
      at: '/payment-runs/new?bill=b-3&through=2099-03-10',
    });
    expect(requests.find((r) => r.operationName === 'PayableBills')!.variables.dueBy).toBe(
      '2099-03-10',
    );
    await vi.waitFor(() => expect(grandTotal(wrapper)).toBe('$1,200.00'));
    expect(wrapper.get('[data-testid=pay-run-submit]').text()).toBe('Pay 1 bill · $1,200.00');
  });

  it('groups the payable bills by vendor and adds up what each vendor and the run pay', async () => {
    const { wrapper, requests } = await mountPage();
    const dueBy = requests.find((r) => r.operationName === 'PayableBills')!.variables.dueBy;
    expect(dueBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // By vendor name; each vendor's bills oldest due first.
    const cards = wrapper.findAll('[data-testid^=pay-vendor-v-]');
    expect(cards.map((c) => c.attributes('aria-label'))).toEqual([
      'Acme Landscaping',
      'Bright Pools',
    ]);
    expect(
      vendorCard(wrapper, 'v-acme')
        .findAll('tbody tr')
        .map((tr) => tr.attributes('data-testid')),
    ).toEqual(['pay-bill-1', 'pay-bill-2']);
    expect(vendorCard(wrapper, 'v-acme').text()).toContain('2 bills · $750.00 owed');
    // Nothing is chosen until the treasurer chooses.
    expect(grandTotal(wrapper)).toBe('$0.00');
    expect(wrapper.get('[data-testid=pay-run-submit]').text()).toBe('Pay bills');

    // All of a vendor's bills at once: the vendor's total and the run's.
    await check(vendorCard(wrapper, 'v-acme').get('[data-testid=pay-vendor-all]'));
    expect(vendorTotal(wrapper, 'v-acme')).toContain('$750.00');
    expect(vendorTotal(wrapper, 'v-bright')).toContain('$0.00');
    expect(grandTotal(wrapper)).toBe('$750.00');

    // One more bill of the other vendor.
    await check(billRow(wrapper, 3).get('[data-testid=pay-bill-check]'));
    expect(grandTotal(wrapper)).toBe('$1,950.00');
    expect(wrapper.get('[data-testid=pay-total]').text()).toContain('3 bills of 2 vendors');
    expect(wrapper.get('[data-testid=pay-run-submit]').text()).toBe('Pay 3 bills · $1,950.00');
    // Two checks, numbered from the account's next one.
    expect(wrapper.get('[data-testid=pay-next-check]').text()).toContain('Checks 1042–1043');

    // Unchoosing one bill leaves the vendor partly chosen.
    await check(billRow(wrapper, 1).get('[data-testid=pay-bill-check]'));
    expect(vendorTotal(wrapper, 'v-acme')).toContain('$300.00');
    expect(grandTotal(wrapper)).toBe('$1,500.00');
    wrapper.unmount();
  });

  it('pays part of a bill, refuses more than its balance, and sends the amounts chosen', async () => {
    const { wrapper, requests, router } = await mountPage();

    // Typing an amount chooses the bill; less than the balance is a partial payment.
    await typeAmount(wrapper, 3, '1000');
    expect(billRow(wrapper, 3).get('[data-testid=pay-partial]').text()).toContain(
      'Partial · $200.00 left',
    );
    expect(vendorTotal(wrapper, 'v-bright')).toContain('$1,000.00');
    expect(grandTotal(wrapper)).toBe('$1,000.00');

    // More than the balance is flagged under the amount, counts for nothing, and stops the run.
    await typeAmount(wrapper, 1, '500');
    expect(billRow(wrapper, 1).get('[data-testid=pay-amount-error]').text()).toBe(
      'At most the balance, $450.00',
    );
    expect(grandTotal(wrapper)).toBe('$1,000.00');
    await wrapper.get('[data-testid=pay-run-submit]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid=pay-run-problem]').text()).toContain(
      'Fix the 1 amount marked below.',
    );
    expect(requests.some((r) => r.operationName === 'CreatePaymentRun')).toBe(false);

    // Fixed to a partial amount, and the other bill back to its full balance.
    await typeAmount(wrapper, 1, '200.50');
    expect(billRow(wrapper, 1).find('[data-testid=pay-amount-error]').exists()).toBe(false);
    await billRow(wrapper, 3).get('[data-testid=pay-partial] button').trigger('click');
    await flushPromises();
    expect(billRow(wrapper, 3).find('[data-testid=pay-partial]').exists()).toBe(false);
    expect(vendorTotal(wrapper, 'v-acme')).toContain('$200.50');
    expect(grandTotal(wrapper)).toBe('$1,400.50');

    await wrapper.get('[data-testid=pay-run-submit]').trigger('click');
    await vi.waitFor(() =>
      expect(requests.some((r) => r.operationName === 'CreatePaymentRun')).toBe(true),
    );
    const sent = requests.find((r) => r.operationName === 'CreatePaymentRun')!.variables.input as {
      items: { billId: string; amount: string }[];
      method: string;
      bankAccountId: string;
    };
    expect(sent.method).toBe('CHECK');
    expect(sent.bankAccountId).toBe('acc-1010');
    expect(sent.items).toEqual([
      { billId: 'b-1', amount: '200.50' },
      { billId: 'b-3', amount: '1200.00' },
    ]);
    await vi.waitFor(() => expect(router.currentRoute.value.fullPath).toBe('/payment-runs/run-7'));
    wrapper.unmount();
  });

  it('says why a run was refused and pays nothing', async () => {
    const { wrapper } = await mountPage({
      create: () => ({
        body: apiError('BAD_USER_INPUT', 'Invalid input', [
          { field: 'items', message: 'BILL-2 is awaiting approval and cannot be paid.' },
        ]),
      }),
    });
    await check(billRow(wrapper, 2).get('[data-testid=pay-bill-check]'));
    await wrapper.get('[data-testid=pay-run-submit]').trigger('click');
    await vi.waitFor(() => expect(wrapper.find('[data-testid=pay-run-error]').exists()).toBe(true));
    expect(wrapper.get('[data-testid=pay-run-error]').text()).toBe(
      'Nothing was paid. BILL-2 is awaiting approval and cannot be paid.',
    );
    wrapper.unmount();
  });
});
