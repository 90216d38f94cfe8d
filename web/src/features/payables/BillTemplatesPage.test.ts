import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { accountJson, chart } from '@/test/ledger';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import BillTemplatesPage from './views/BillTemplatesPage.vue';

const org = (role: 'ADMIN' | 'VIEWER') =>
  ({ id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' }) as const;

const accounts = [
  ...chart,
  accountJson('acc-payable', '2010', 'Accounts Payable', 'LIABILITY'),
  accountJson('acc-insurance', '5300', 'Insurance', 'EXPENSE'),
];

const vendorJson = (id: string, name: string, accountId: string | null = null) => ({
  __typename: 'Vendor',
  id,
  name,
  contactName: null,
  email: null,
  phone: null,
  address: null,
  taxIdMasked: null,
  hasTaxId: false,
  is1099: false,
  active: true,
  defaultExpenseAccountId: accountId,
  defaultExpenseAccount: accountId
    ? { __typename: 'Account', id: accountId, number: '5010', name: 'Landscaping' }
    : null,
  createdAt: '2026-01-01T10:00:00.000Z',
});

const vendors = [
  vendorJson('vendor-greenway', 'Greenway Landscaping', 'acc-landscaping'),
  vendorJson('vendor-shield', 'Shield Insurance'),
];

const settings = {
  payablesSettings: {
    __typename: 'PayablesSettings',
    payableAccountId: 'acc-payable',
    approvalThreshold: '1000.00',
    approvalsRequired: 0,
    approverTitles: [],
  },
  receivablesSettings: {
    __typename: 'ReceivablesSettings',
    receivableAccountId: null,
    prepaidAccountId: null,
    undepositedAccountId: null,
  },
};

const line = (templateId: string, n: number, accountId: string, amount: string) => {
  const account = accounts.find((a) => a.id === accountId)!;
  return {
    __typename: 'BillLine',
    id: `${templateId}:${n}`,
    accountId,
    account: {
      __typename: 'Account',
      id: accountId,
      number: account.number,
      name: account.name,
      archived: false,
    },
    amount,
    memo: null,
  };
};

function templateJson(over: Record<string, unknown> & { id: string }) {
  const lines = (over.lines as ReturnType<typeof line>[]) ?? [
    line(over.id, 1, 'acc-landscaping', '850.00'),
  ];
  const total = lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
  return {
    __typename: 'BillTemplate',
    name: 'Grounds contract',
    vendorId: 'vendor-greenway',
    vendor: {
      __typename: 'Vendor',
      id: 'vendor-greenway',
      name: 'Greenway Landscaping',
      active: true,
    },
    memo: 'Mowing and beds',
    frequency: 'MONTHLY',
    nextDate: '2026-12-01',
    dueDays: 30,
    active: true,
    ...over,
    lines,
    total: (total / 100).toFixed(2),
  };
}

// Today is Nov 30, 2026: the grounds contract is entered tomorrow, the premium is due today.
const TEMPLATES = [
  templateJson({ id: 'tpl-grounds' }),
  templateJson({
    id: 'tpl-premium',
    name: 'Property insurance',
    vendorId: 'vendor-shield',
    vendor: { __typename: 'Vendor', id: 'vendor-shield', name: 'Shield Insurance', active: true },
    memo: null,
    frequency: 'QUARTERLY',
    nextDate: '2026-11-30',
    dueDays: 15,
    lines: [line('tpl-premium', 1, 'acc-insurance', '1200.00')],
  }),
  templateJson({
    id: 'tpl-snow',
    name: 'Snow removal',
    frequency: 'ANNUAL',
    nextDate: '2026-01-15',
    dueDays: 0,
    active: false,
    lines: [line('tpl-snow', 1, 'acc-landscaping', '400.00')],
  }),
];

async function mountPage(
  opts: {
    role?: 'ADMIN' | 'VIEWER';
    templates?: unknown[];
    automation?: { paused: boolean; recurringBills: boolean };
    other?: (req: GraphQLRequest) => GraphQLReply | null;
  } = {},
) {
  const sent: GraphQLRequest[] = [];
  let templates = opts.templates ?? TEMPLATES;
  installTestClient((req) => {
    sent.push(req);
    if (req.operationName === 'Accounts') return { body: { data: { accounts } } };
    if (req.operationName === 'Vendors') return { body: { data: { vendors } } };
    if (req.operationName === 'BillFormSettings') return { body: { data: settings } };
    if (req.operationName === 'RecurringBillsAutomation') {
      const a = opts.automation ?? { paused: false, recurringBills: false };
      return { body: { data: { automation: { __typename: 'Automation', ...a } } } };
    }
    const answer = opts.other?.(req);
    if (answer) return answer;
    if (req.operationName === 'BillTemplates')
      return { body: { data: { billTemplates: templates } } };
    if (req.operationName === 'CreateBillTemplate' || req.operationName === 'UpdateBillTemplate') {
      const input = (req.variables as { input: Record<string, unknown> }).input;
      const id = (req.variables as { id?: string }).id ?? 'tpl-new';
      const saved = templateJson({
        ...input,
        id,
        vendor: {
          __typename: 'Vendor',
          id: input.vendorId,
          name: vendors.find((v) => v.id === input.vendorId)!.name,
          active: true,
        },
        lines: (input.lines as { accountId: string; amount: string }[]).map((l, i) =>
          line(id, i + 1, l.accountId, l.amount),
        ),
      });
      templates = [...templates.filter((t) => (t as { id: string }).id !== id), saved];
      const field =
        req.operationName === 'CreateBillTemplate' ? 'createBillTemplate' : 'updateBillTemplate';
      return { body: { data: { [field]: saved } } };
    }
    return { body: { data: null } };
  });
  const pinia = freshPinia();
  signIn({ email: 'treasurer@example.com' }, org(opts.role ?? 'ADMIN'));
  const router = await routerAt('/bills/recurring', pinia);
  expect(router.currentRoute.value.name).toBe('bill-templates');
  const wrapper = mountWithApp(withToast(BillTemplatesPage), { pinia, router });
  await flushPromises();
  const named = (name: string) => sent.filter((r) => r.operationName === name);
  return { wrapper, named };
}

const $ = <T extends HTMLElement = HTMLElement>(selector: string) =>
  document.querySelector<T>(selector);
const text = (selector: string) => $(selector)?.textContent?.replace(/\s+/g, ' ').trim();

const dialogTitle = () => text('[role=dialog] [data-pc-section=title]');

async function choose(selector: string, name: string): Promise<void> {
  $(selector)?.click();
  await flushPromises();
  const option = [...document.querySelectorAll<HTMLElement>('[role=option]')].find((o) =>
    o.textContent?.includes(name),
  );
  if (!option) throw new Error(`No option ${name}`);
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

async function click(selector: string): Promise<void> {
  const el = $(selector);
  if (!el) throw new Error(`No ${selector}`);
  el.click();
  await flushPromises();
}

async function rowAction(templateId: string, label: string): Promise<void> {
  await click(`[data-testid=template-actions-${templateId}]`);
  const item = [...document.querySelectorAll<HTMLElement>('.row-menu__item')].find((i) =>
    i.textContent?.includes(label),
  );
  if (!item) throw new Error(`No action ${label}`);
  item.click();
  await flushPromises();
}

describe('BillTemplatesPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = '';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T18:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('lists each recurring bill with its vendor, total, frequency, next date, terms and state', async () => {
    const { wrapper } = await mountPage();
    expect(wrapper.get('h1').text()).toBe('Recurring bills');
    expect(wrapper.text()).toContain('3 recurring bills · 2 active · 1 due to be entered');
    const rows = wrapper.findAll('[data-testid=templates-table] tbody tr');
    expect(rows).toHaveLength(3);
    const cells = (i: number) => rows[i]!.findAll('td').map((c) => c.text().replace(/\s+/g, ' '));
    expect(cells(0).slice(0, 7)).toEqual([
      'Grounds contractMowing and beds',
      'Greenway Landscaping',
      '$850.00',
      'Monthly',
      'Dec 1, 2026',
      'Net 30',
      'Active',
    ]);
    expect(cells(1).slice(0, 7)).toEqual([
      'Property insurance',
      'Shield Insurance',
      '$1,200.00',
      'Quarterly',
      'Nov 30, 2026 · due',
      'Net 15',
      'Active',
    ]);
    expect(cells(2).slice(2, 7)).toEqual([
      '$400.00',
      'Yearly',
      'Jan 15, 2026',
      'On receipt',
      'Inactive',
    ]);
    // The automation is off: the page says so and where to turn it on.
    const note = wrapper.get('[data-testid=recurring-automation-note]');
    expect(note.text()).toContain('does not enter these bills');
    expect(note.get('a').attributes('href')).toBe('/automation');
    wrapper.unmount();
  });

  it('says when the automation enters them each day, and when it is paused', async () => {
    const on = await mountPage({ automation: { paused: false, recurringBills: true } });
    expect(on.wrapper.get('[data-testid=recurring-automation-note]').text()).toContain(
      'The association’s automation enters these bills every day',
    );
    on.wrapper.unmount();
    document.body.innerHTML = '';
    const paused = await mountPage({ automation: { paused: true, recurringBills: true } });
    expect(paused.wrapper.get('[data-testid=recurring-automation-note]').text()).toContain(
      'is paused',
    );
    paused.wrapper.unmount();
  });

  it('says what belongs here when there is none', async () => {
    const { wrapper } = await mountPage({ templates: [] });
    expect(wrapper.text()).toContain('No recurring bills yet');
    expect(wrapper.find('[data-testid=templates-table]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('creates a recurring bill from the dialog: what is missing first, then the input as typed', async () => {
    const { wrapper, named } = await mountPage();
    await click('[data-testid=new-template]');
    expect(dialogTitle()).toBe('New recurring bill');
    await click('[data-testid=save-template]');
    expect(text('#template-name-error')).toBe(
      'Name the recurring bill, as the treasurer knows it.',
    );
    expect(text('#template-vendorId-error')).toBe('Choose the vendor who sends the bill.');
    expect(text('[data-testid=template-lines-error]')).toBe(
      'Add at least one line with an account and an amount.',
    );
    expect(named('CreateBillTemplate')).toHaveLength(0);

    await type('#template-name', ' Grounds, summer ');
    // The vendor's usual expense account goes on the first line.
    await choose('#template-vendor', 'Greenway Landscaping');
    expect(text('#template-line-0-account')).toContain('Landscaping');
    await type('#template-line-0-amount', '1,100');
    await click('[data-testid=template-add-line]');
    await choose('#template-line-1-account', 'Utilities');
    await type('#template-line-1-amount', '25.50');
    expect(text('[data-testid=template-form-total]')).toBe('$1,125.50');
    await choose('#template-frequency', 'Quarterly');
    await click('[data-testid=save-template]');

    await vi.waitFor(() => expect(named('CreateBillTemplate')).toHaveLength(1));
    expect(named('CreateBillTemplate')[0]!.variables).toEqual({
      input: {
        name: 'Grounds, summer',
        vendorId: 'vendor-greenway',
        memo: null,
        lines: [
          { accountId: 'acc-landscaping', amount: '1100.00', memo: null },
          { accountId: 'acc-utilities', amount: '25.50', memo: null },
        ],
        frequency: 'QUARTERLY',
        nextDate: '2026-11-30',
        dueDays: 30,
        active: true,
      },
    });
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Recurring bill Grounds, summer created'),
    );
    await vi.waitFor(() =>
      expect(wrapper.findAll('[data-testid=templates-table] tbody tr')).toHaveLength(4),
    );
    wrapper.unmount();
  });

  it('edits a recurring bill filled from what is on file, and shows a refusal under its line', async () => {
    const message = 'Insurance is archived: choose another account';
    let refuse = true;
    const { wrapper, named } = await mountPage({
      other: (req) =>
        req.operationName === 'UpdateBillTemplate' && refuse
          ? {
              body: apiError('BAD_USER_INPUT', 'Invalid input', [
                { field: 'lines.0.accountId', message },
              ]),
            }
          : null,
    });
    await rowAction('tpl-premium', 'Edit');
    expect(dialogTitle()).toBe('Edit Property insurance');
    expect($<HTMLInputElement>('#template-name')?.value).toBe('Property insurance');
    expect($<HTMLInputElement>('#template-due-days')?.value).toBe('15');
    expect(text('#template-line-0-account')).toContain('Insurance');
    await click('#template-active');
    await click('[data-testid=save-template]');
    await vi.waitFor(() => expect(document.body.textContent).toContain(message));
    refuse = false;
    await choose('#template-line-0-account', 'Utilities');
    await click('[data-testid=save-template]');
    await vi.waitFor(() => expect(named('UpdateBillTemplate')).toHaveLength(2));
    expect(named('UpdateBillTemplate')[1]!.variables).toEqual({
      id: 'tpl-premium',
      input: {
        name: 'Property insurance',
        vendorId: 'vendor-shield',
        memo: null,
        lines: [{ accountId: 'acc-utilities', amount: '1200.00', memo: null }],
        frequency: 'QUARTERLY',
        nextDate: '2026-11-30',
        dueDays: 15,
        active: false,
      },
    });
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Recurring bill Property insurance saved'),
    );
    wrapper.unmount();
  });

  it('deletes after confirming, and shows the API’s refusal for one that entered bills', async () => {
    const refusal = '"Grounds contract" entered 3 bills, which name it: deactivate it instead';
    const { wrapper, named } = await mountPage({
      other: (req) =>
        req.operationName === 'DeleteBillTemplate'
          ? (req.variables as { id: string }).id === 'tpl-grounds'
            ? { body: apiError('CONFLICT', refusal) }
            : { body: { data: { deleteBillTemplate: true } } }
          : null,
    });
    await rowAction('tpl-grounds', 'Delete');
    expect(dialogTitle()).toBe('Delete Grounds contract?');
    await click('[data-testid=confirm-delete-template]');
    await vi.waitFor(() => expect(text('[data-testid=template-delete-error]')).toBe(refusal));
    expect(named('DeleteBillTemplate')[0]!.variables).toEqual({ id: 'tpl-grounds' });
    // Still open, still listed.
    expect(dialogTitle()).toBe('Delete Grounds contract?');

    document.querySelector<HTMLElement>('[role=dialog] [data-pc-section=pcclosebutton]')?.click();
    await flushPromises();
    await rowAction('tpl-snow', 'Delete');
    await click('[data-testid=confirm-delete-template]');
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Recurring bill Snow removal deleted'),
    );
    expect(named('DeleteBillTemplate')[1]!.variables).toEqual({ id: 'tpl-snow' });
    wrapper.unmount();
  });

  it('enters the due bills now and says how many, or that none was due, or why not', async () => {
    let answer: GraphQLReply = {
      body: {
        data: {
          enterRecurringBills: [
            {
              __typename: 'Bill',
              id: 'bill-31',
              number: 31,
              total: '1200.00',
              vendor: { __typename: 'Vendor', id: 'vendor-shield', name: 'Shield Insurance' },
            },
            {
              __typename: 'Bill',
              id: 'bill-32',
              number: 32,
              total: '850.00',
              vendor: { __typename: 'Vendor', id: 'vendor-greenway', name: 'Greenway Landscaping' },
            },
          ],
        },
      },
    };
    const { wrapper, named } = await mountPage({
      other: (req) => (req.operationName === 'EnterRecurringBills' ? answer : null),
    });
    await click('[data-testid=enter-recurring-bills]');
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('2 bills entered, $2,050.00'),
    );
    expect(document.body.textContent).toContain('BILL-31, BILL-32');
    expect(named('EnterRecurringBills')).toHaveLength(1);

    answer = { body: { data: { enterRecurringBills: [] } } };
    await click('[data-testid=enter-recurring-bills]');
    await vi.waitFor(() => expect(document.body.textContent).toContain('No recurring bill is due'));

    const why = 'Recurring bill "Property insurance" of 2026-11-30: Nov 2026 is closed';
    answer = { body: apiError('BAD_USER_INPUT', why, [{ field: 'templates.0', message: why }]) };
    await click('[data-testid=enter-recurring-bills]');
    await vi.waitFor(() => expect(document.body.textContent).toContain('No bill was entered'));
    expect(document.body.textContent).toContain(why);
    wrapper.unmount();
  });

  it('shows a viewer the list with every write disabled', async () => {
    const { wrapper, named } = await mountPage({ role: 'VIEWER' });
    expect(wrapper.findAll('[data-testid=templates-table] tbody tr')).toHaveLength(3);
    expect(
      $<HTMLButtonElement>('[data-testid=new-template] button, button[data-testid=new-template]')
        ?.disabled,
    ).toBe(true);
    expect(
      $<HTMLButtonElement>(
        '[data-testid=enter-recurring-bills] button, button[data-testid=enter-recurring-bills]',
      )?.disabled,
    ).toBe(true);
    await click('[data-testid=template-actions-tpl-grounds]');
    const edit = [...document.querySelectorAll<HTMLElement>('.row-menu__item')].find((i) =>
      i.textContent?.includes('Edit'),
    );
    expect(edit?.textContent).toContain('Viewers cannot change recurring bills');
    expect(named('EnterRecurringBills')).toHaveLength(0);
    wrapper.unmount();
  });
});
