import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Role } from '@/apollo/types';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import PaymentRunPage from './views/PaymentRunPage.vue';

const ACME = { __typename: 'Vendor', id: 'v-acme', name: 'Acme Landscaping' };
const BRIGHT = { __typename: 'Vendor', id: 'v-bright', name: 'Bright Pools' };

const application = (
  paymentId: string,
  billId: string,
  number: number,
  amount: string,
  balance: string,
) => ({
  __typename: 'BillPaymentApplication',
  billId,
  billPaymentId: paymentId,
  amount,
  bill: {
    __typename: 'Bill',
    id: billId,
    number,
    vendorInvoiceNumber: `INV-${number}`,
    status: balance === '0.00' ? 'PAID' : 'PARTIAL',
    balance,
  },
});

function payment(
  id: string,
  number: number,
  vendor: typeof ACME,
  checkNumber: string,
  amount: string,
  applications: ReturnType<typeof application>[],
  extra: { cleared?: boolean; status?: 'POSTED' | 'VOID'; voidReason?: string } = {},
) {
  return {
    __typename: 'BillPayment',
    id,
    number,
    vendorId: vendor.id,
    vendor,
    bankAccountId: 'acc-1010',
    method: 'CHECK',
    checkNumber,
    date: '2026-03-02',
    amount,
    memo: null,
    status: extra.status ?? 'POSTED',
    cleared: extra.cleared ?? false,
    runId: 'run-7',
    voidDate: extra.status === 'VOID' ? '2026-03-04' : null,
    voidReason: extra.voidReason ?? null,
    applications,
  };
}

const CHECKS_READY = {
  __typename: 'AssociationDocument',
  id: 'doc-1',
  kind: 'CHECKS',
  title: 'Checks of payment run 7',
  periodStart: '2026-03-02',
  periodEnd: '2026-03-02',
  version: 1,
  status: 'READY',
  error: null,
  draft: false,
  fileName: 'checks-run-7-v1.pdf',
  size: 28_000,
  generatedBy: 'Pat Treasurer',
  createdAt: '2026-03-02T15:00:00.000Z',
  readyAt: '2026-03-02T15:00:02.000Z',
  booksState: {
    __typename: 'DocumentBooksState',
    closedThrough: null,
    entryCount: 10,
    lastEntryNumber: 10,
  },
};

async function mountRun(role: Role = 'ADMIN') {
  const requests: GraphQLRequest[] = [];
  let voided = false;
  let printed = false;
  const run = () => ({
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
    total: voided ? '200.00' : '650.00',
    createdAt: '2026-03-02T15:00:00.000Z',
    checks: printed ? CHECKS_READY : null,
    payments: [
      payment(
        'p-1',
        11,
        ACME,
        '1042',
        '450.00',
        [
          application('p-1', 'b-1', 1, '300.00', voided ? '300.00' : '0.00'),
          application('p-1', 'b-2', 2, '150.00', voided ? '250.00' : '100.00'),
        ],
        voided ? { status: 'VOID', voidReason: 'Lost in the mail' } : {},
      ),
      payment(
        'p-2',
        12,
        BRIGHT,
        '1043',
        '200.00',
        [application('p-2', 'b-3', 3, '200.00', '0.00')],
        {
          cleared: true,
        },
      ),
    ],
  });
  installTestClient((req) => {
    requests.push(req);
    switch (req.operationName) {
      case 'PaymentRun':
        return { body: { data: { paymentRun: run() } } };
      case 'PrintChecks':
        printed = true;
        return { body: { data: { printChecks: { ...CHECKS_READY, status: 'QUEUED' } } } };
      case 'ChecksLink':
        return {
          body: {
            data: {
              document: {
                __typename: 'AssociationDocument',
                id: 'doc-1',
                status: 'READY',
                url: 'about:blank#checks-run-7',
                fileName: 'checks-run-7-v1.pdf',
              },
            },
          },
        };
      case 'VoidBillPayment': {
        voided = true;
        return { body: { data: { voidBillPayment: run().payments[0] } } };
      }
      default:
        return { body: { data: null } };
    }
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' },
  );
  const router = await routerAt('/payment-runs/run-7', pinia);
  const wrapper = mountWithApp(withToast(PaymentRunPage), { pinia, router });
  await vi.waitFor(() => expect(wrapper.find('[data-testid=run-payments]').exists()).toBe(true));
  await flushPromises();
  return { wrapper, requests };
}

const menuItem = (label: string) =>
  [...document.querySelectorAll<HTMLElement>('#run-payment-menu [role=menuitem]')].find((el) =>
    el.textContent?.includes(label),
  );

describe('PaymentRunPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('lists the run’s checks with the bills each paid, and prints them to a PDF shown in the page', async () => {
    // The preview frame opens about:blank here (happy-dom refuses to load frames unless asked).
    const settings = (
      window as unknown as {
        happyDOM: {
          settings: { disableIframePageLoading: boolean; enableIframePageLoading: boolean };
        };
      }
    ).happyDOM.settings;
    const before = { ...settings };
    settings.disableIframePageLoading = false;
    settings.enableIframePageLoading = true;
    onTestFinished(() => {
      settings.disableIframePageLoading = before.disableIframePageLoading;
      settings.enableIframePageLoading = before.enableIframePageLoading;
    });
    const { wrapper, requests } = await mountRun();
    expect(wrapper.text()).toContain('Payment run 7');
    expect(wrapper.text()).toContain('2 payments · $650.00');
    const rows = wrapper.findAll('[data-testid=run-payments] tbody tr');
    expect(rows[0]!.text()).toContain('Acme Landscaping');
    expect(rows[0]!.text()).toContain('1042');
    expect(rows[0]!.text()).toContain('BILL-2');
    // What the check left owing on a bill it paid in part.
    expect(rows[0]!.text()).toContain('$100.00 left');
    expect(rows[1]!.text()).toContain('Cleared');
    expect(wrapper.get('[data-testid=run-total]').text()).toBe('$650.00');
    expect(wrapper.get('[data-testid=checks-none]').text()).toContain('Not printed yet');

    await wrapper.get('[data-testid=print-checks]').trigger('click');
    await vi.waitFor(() =>
      expect(wrapper.find('[data-testid=checks-status]').text()).toContain('Ready to print'),
    );
    expect(requests.find((r) => r.operationName === 'PrintChecks')?.variables).toEqual({
      runId: 'run-7',
    });
    // The preview is the PDF itself, from a fresh signed link.
    await vi.waitFor(() =>
      expect(wrapper.find('[data-testid=checks-preview] iframe').attributes('src')).toBe(
        'about:blank#checks-run-7',
      ),
    );
    expect(wrapper.get('[data-testid=print-checks]').text()).toBe('Print checks again');
    wrapper.unmount();
  });

  it('voids a check with a date and a reason; a cleared one cannot be voided', async () => {
    const { wrapper, requests } = await mountRun();
    // The cleared check's menu says why not.
    await wrapper.get('[data-testid=payment-actions-12]').trigger('click');
    await flushPromises();
    const blocked = menuItem('Void');
    expect(blocked?.getAttribute('aria-disabled')).toBe('true');
    expect(blocked?.textContent).toContain('Cleared by the bank');
    await wrapper.get('[data-testid=payment-actions-12]').trigger('click');
    await flushPromises();

    await wrapper.get('[data-testid=payment-actions-11]').trigger('click');
    await flushPromises();
    menuItem('Void')!.querySelector<HTMLElement>('a')!.click();
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid=void-payment-intro]')).not.toBeNull(),
    );
    expect(document.querySelector('[data-testid=void-payment-intro]')!.textContent).toContain(
      'BILL-1 and BILL-2 reopen',
    );
    // A reason is required.
    document.querySelector<HTMLElement>('[data-testid=void-payment-submit]')!.click();
    await flushPromises();
    expect(document.body.textContent).toContain('Say why it is voided');
    expect(requests.some((r) => r.operationName === 'VoidBillPayment')).toBe(false);

    const reason = document.querySelector<HTMLTextAreaElement>('#void-payment-reason')!;
    reason.value = 'Lost in the mail';
    reason.dispatchEvent(new Event('input'));
    await flushPromises();
    document.querySelector<HTMLElement>('[data-testid=void-payment-submit]')!.click();
    await vi.waitFor(() =>
      expect(requests.some((r) => r.operationName === 'VoidBillPayment')).toBe(true),
    );
    const sent = requests.find((r) => r.operationName === 'VoidBillPayment')!.variables;
    expect(sent.id).toBe('p-1');
    expect(sent.reason).toBe('Lost in the mail');
    expect(sent.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await vi.waitFor(() => expect(document.body.textContent).toContain('Check 1042 voided'));
    await vi.waitFor(() => expect(wrapper.get('[data-testid=run-total]').text()).toBe('$200.00'));
    expect(wrapper.findAll('[data-testid=payment-status]')[0]!.text()).toBe('Void');
    wrapper.unmount();
  });

  it('lets viewers read the run but not print or void', async () => {
    const { wrapper } = await mountRun('VIEWER');
    const print = wrapper.findAll('button').find((b) => b.text() === 'Print checks')!;
    expect(print.attributes('disabled')).toBeDefined();
    expect(wrapper.get('.write-guard').attributes('aria-label')).toContain('Viewer');
    await wrapper.get('[data-testid=payment-actions-11]').trigger('click');
    await flushPromises();
    expect(menuItem('Void')?.getAttribute('aria-disabled')).toBe('true');
    expect(menuItem('Void')?.textContent).toContain('Viewers cannot void payments');
    wrapper.unmount();
  });
});
