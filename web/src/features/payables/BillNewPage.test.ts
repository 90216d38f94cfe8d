import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toLocalDate } from '@/format';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { accountJson, chart } from '@/test/ledger';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import { addDays } from './bills';
import { billJson } from './billFixtures';
import BillNewPage from './views/BillNewPage.vue';

const maple = { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' } as const;

const accounts = [
  ...chart,
  accountJson('acc-receivable', '1200', 'Assessments Receivable'),
  accountJson('acc-payable', '2010', 'Accounts Payable', 'LIABILITY'),
  accountJson('acc-dues', '4010', 'Assessment Income', 'INCOME'),
];

const vendors = [
  {
    __typename: 'Vendor',
    id: 'vendor-greenway',
    name: 'Greenway Landscaping',
    contactName: null,
    email: null,
    phone: null,
    address: null,
    taxIdMasked: null,
    hasTaxId: false,
    is1099: true,
    active: true,
    defaultExpenseAccountId: 'acc-landscaping',
    defaultExpenseAccount: {
      __typename: 'Account',
      id: 'acc-landscaping',
      number: '5010',
      name: 'Landscaping',
    },
    createdAt: '2026-01-01T10:00:00.000Z',
  },
];

const settings = {
  payablesSettings: {
    __typename: 'PayablesSettings',
    payableAccountId: 'acc-payable',
    approvalThreshold: '1000.00',
    approvalsRequired: 2,
    approverTitles: ['PRESIDENT', 'TREASURER'],
  },
  receivablesSettings: {
    __typename: 'ReceivablesSettings',
    receivableAccountId: 'acc-receivable',
    prepaidAccountId: 'acc-prepaid',
    undepositedAccountId: null,
  },
};

async function mountForm(other: (req: GraphQLRequest) => GraphQLReply) {
  const sent: GraphQLRequest[] = [];
  installTestClient((req) => {
    if (req.operationName === 'Accounts') return { body: { data: { accounts } } };
    if (req.operationName === 'Vendors') return { body: { data: { vendors } } };
    if (req.operationName === 'BillFormSettings') return { body: { data: settings } };
    if (req.operationName === 'BillLinkChoices')
      return { body: { data: { capitalProjects: [], reserveComponents: [] } } };
    sent.push(req);
    return other(req);
  });
  const pinia = freshPinia();
  signIn({ email: 'treasurer@example.com' }, maple);
  const router = await routerAt('/bills/new', pinia);
  const wrapper = mountWithApp(withToast(BillNewPage), { pinia, router });
  await flushPromises();
  return { wrapper, router, sent };
}

const $ = <T extends HTMLElement = HTMLElement>(selector: string) =>
  document.querySelector<T>(selector);
const text = (selector: string) => $(selector)?.textContent?.replace(/\s+/g, ' ').trim();

function options(): string[] {
  return [...document.querySelectorAll<HTMLElement>('[role=option]')].map(
    (o) => o.textContent?.trim() ?? '',
  );
}

async function choose(selector: string, name: string, inspect?: (shown: string[]) => void) {
  $(selector)?.click();
  await flushPromises();
  inspect?.(options());
  const option = [...document.querySelectorAll<HTMLElement>('[role=option]')].find((o) =>
    o.textContent?.includes(name),
  );
  if (!option) throw new Error(`No ${name} among ${options().join(', ')}`);
  option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  await flushPromises();
}

async function type(selector: string, value: string): Promise<void> {
  const input = $<HTMLInputElement>(selector);
  if (!input) throw new Error(`No ${selector}`);
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
  input.dispatchEvent(new FocusEvent('blur'));
  await flushPromises();
}

async function save(): Promise<void> {
  $<HTMLButtonElement>('[data-testid=save-bill]')?.click();
  await flushPromises();
}

describe('BillNewPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = '';
  });

  it('says what is missing, keeps a running total and sends the bill as typed', async () => {
    const today = toLocalDate(new Date());
    const created = billJson('bill-9', 9, { total: '1330.00', approval: 'PENDING' });
    const { wrapper, router, sent } = await mountForm((req) =>
      req.operationName === 'CreateBill'
        ? { body: { data: { createBill: created } } }
        : { body: { data: null } },
    );

    // Net 30 from today until the treasurer sets the due date.
    expect($<HTMLInputElement>('#bill-due')?.value).not.toBe('');
    expect(text('#bill-due-help')).toBe('Net 30 from the bill date');

    await save();
    expect(text('#bill-vendor-error')).toBe('Choose the vendor who sent the bill.');
    expect(text('[data-testid=bill-lines-error]')).toBe(
      'Add at least one line with an account and an amount.',
    );
    expect(sent.filter((r) => r.operationName === 'CreateBill')).toHaveLength(0);

    // The vendor's usual expense account goes on the first line; control accounts, income and
    // archived accounts are not offered.
    await choose('#bill-vendor', 'Greenway Landscaping');
    expect(text('#bill-line-0-account')).toContain('Landscaping');
    await type('#bill-line-0-amount', '1,250');
    await type('#bill-line-0-memo', ' March mowing ');
    $<HTMLButtonElement>('[data-testid=bill-add-line]')?.click();
    await flushPromises();
    await choose('#bill-line-1-account', 'Utilities', (shown) => {
      expect(shown.some((o) => o.includes('Assessments Receivable'))).toBe(false);
      expect(shown.some((o) => o.includes('Accounts Payable'))).toBe(false);
      expect(shown.some((o) => o.includes('Assessment Income'))).toBe(false);
      expect(shown.some((o) => o.includes('Old Petty Cash'))).toBe(false);
      expect(shown.some((o) => o.includes('Operating Checking'))).toBe(true);
    });
    await type('#bill-line-1-amount', '80');
    expect(text('[data-testid=bill-form-total]')).toBe('$1,330.00');
    // Above the policy's $1,000.00: the form says it will wait for the board.
    expect(text('[data-testid=bill-needs-approval]')).toContain(
      'this bill will wait for 2 approvals from the board’s President or Treasurer',
    );

    await type('#bill-invoice-number', ' INV-204 ');
    await save();
    const create = sent.find((r) => r.operationName === 'CreateBill');
    expect(create?.variables).toEqual({
      input: {
        vendorId: 'vendor-greenway',
        vendorInvoiceNumber: 'INV-204',
        billDate: today,
        dueDate: addDays(today, 30),
        memo: null,
        lines: [
          { accountId: 'acc-landscaping', amount: '1250.00', memo: 'March mowing' },
          { accountId: 'acc-utilities', amount: '80.00', memo: null },
        ],
        capitalProjectId: null,
        reserveComponentId: null,
      },
    });
    await vi.waitFor(() => expect(router.currentRoute.value.fullPath).toBe('/bills/bill-9'));
    expect(document.body.textContent).toContain(
      'BILL-9 of $1,330.00 from Greenway Landscaping saved',
    );
    wrapper.unmount();
  });

  it('shows the API’s refusal under the line it is about', async () => {
    const message = '2010 Accounts Payable is kept by payables: choose another account';
    const { wrapper } = await mountForm((req) =>
      req.operationName === 'CreateBill'
        ? {
            body: apiError('BAD_USER_INPUT', 'Invalid bill', [
              { field: 'lines.1.accountId', message },
            ]),
          }
        : { body: { data: null } },
    );
    await choose('#bill-vendor', 'Greenway Landscaping');
    await type('#bill-line-0-amount', '10');
    // A blank line in between is not sent: the API's line 1 is the form's line 2.
    $<HTMLButtonElement>('[data-testid=bill-add-line]')?.click();
    $<HTMLButtonElement>('[data-testid=bill-add-line]')?.click();
    await flushPromises();
    await choose('#bill-line-2-account', 'Utilities');
    await type('#bill-line-2-amount', '40');
    await save();
    await vi.waitFor(() => expect(document.body.textContent).toContain(message));
    const rows = document.querySelectorAll('[data-testid=bill-form-line]');
    expect(rows[2]?.textContent).toContain(message);
    expect(rows[0]?.textContent).not.toContain(message);
    wrapper.unmount();
  });

  it('warns before saving a vendor invoice number already entered for that vendor', async () => {
    const earlier = {
      __typename: 'Bill',
      id: 'bill-3',
      number: 3,
      vendorId: 'vendor-greenway',
      vendorInvoiceNumber: 'inv-204',
      billDate: '2026-02-02',
      total: '1250.00',
      status: 'OPEN',
    };
    const otherVendor = { ...earlier, id: 'bill-4', number: 4, vendorId: 'vendor-other' };
    const { wrapper, sent } = await mountForm((req) =>
      req.operationName === 'BillDuplicates'
        ? {
            body: {
              data: {
                bills: {
                  __typename: 'BillConnection',
                  edges: [earlier, otherVendor].map((node) => ({ __typename: 'BillEdge', node })),
                },
              },
            },
          }
        : { body: { data: null } },
    );
    await choose('#bill-vendor', 'Greenway Landscaping');
    await type('#bill-invoice-number', 'INV-204');
    await vi.waitFor(() => expect($('[data-testid=bill-duplicate-warning]')).not.toBeNull());
    const warning = text('[data-testid=bill-duplicate-warning]');
    expect(warning).toContain('This vendor’s invoice INV-204 is already on BILL-3');
    expect(warning).not.toContain('BILL-4');
    expect(sent.find((r) => r.operationName === 'BillDuplicates')?.variables).toEqual({
      filter: { vendorId: 'vendor-greenway', search: 'INV-204' },
    });
    // Another number: the warning goes.
    await type('#bill-invoice-number', 'INV-205');
    await vi.waitFor(() => expect($('[data-testid=bill-duplicate-warning]')).toBeNull());
    wrapper.unmount();
  });
});
