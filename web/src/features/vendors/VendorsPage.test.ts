import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganizationMembership } from '@/apollo/types';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { chart } from '@/test/ledger';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import VendorsPage from './views/VendorsPage.vue';

const membership = (role: OrganizationMembership['role']): OrganizationMembership => ({
  id: 'org-1',
  name: 'Maple Ridge HOA',
  role,
  status: 'ACTIVE',
  settings: {},
});

const vendorJson = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
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
  defaultExpenseAccountId: null,
  defaultExpenseAccount: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...extra,
});

const greenway = vendorJson('v-green', 'Greenway Landscaping', {
  contactName: 'Ana Ruiz',
  email: 'billing@greenway.example',
  phone: '555-010-2000',
  taxIdMasked: '•••••6789',
  hasTaxId: true,
  is1099: true,
  defaultExpenseAccountId: 'acc-landscaping',
  defaultExpenseAccount: {
    __typename: 'Account',
    id: 'acc-landscaping',
    number: '5010',
    name: 'Landscaping',
  },
});
const acme = vendorJson('v-acme', 'Acme Plumbing');
const dormant = vendorJson('v-old', 'Old Pool Service', { active: false });

const spendRow = (v: { id: string; name: string }, total: string, entryCount: number) => ({
  __typename: 'VendorSpendRow',
  vendor: { __typename: 'Vendor', id: v.id, name: v.name },
  total,
  entryCount,
});

async function mountPage(
  role: OrganizationMembership['role'] = 'ADMIN',
  mutations: (req: GraphQLRequest) => GraphQLReply = () => ({ body: { data: null } }),
) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'Accounts') return { body: { data: { accounts: chart } } };
    if (req.operationName === 'Vendors') {
      const filter = (req.variables.filter ?? {}) as { search?: string; includeInactive?: boolean };
      const search = filter.search?.toLowerCase() ?? '';
      const vendors = [acme, greenway, dormant].filter(
        (v) =>
          (filter.includeInactive || v.active) &&
          (!search || `${v.name} ${v.contactName ?? ''}`.toLowerCase().includes(search)),
      );
      return { body: { data: { vendors } } };
    }
    if (req.operationName === 'VendorSpend') {
      const rows =
        req.variables.from === '2025-01-01'
          ? [spendRow(greenway, '9000.00', 12)]
          : [spendRow(greenway, '1250.50', 3), spendRow(acme, '-40.00', 2)];
      return { body: { data: { vendorSpend: rows } } };
    }
    return mutations(req);
  });
  const pinia = freshPinia();
  signIn({ email: 'treasurer@example.com' }, membership(role));
  const router = await routerAt('/vendors', pinia);
  const wrapper = mountWithApp(withToast(VendorsPage), { pinia, router });
  await flushPromises();
  return { wrapper, requests, router };
}

const $ = <T extends HTMLElement = HTMLElement>(selector: string) =>
  document.querySelector<T>(selector);
const rows = () =>
  [...document.querySelectorAll('[data-testid=vendors-table] tbody tr')].map(
    (tr) => tr.textContent?.replace(/\s+/g, ' ').trim() ?? '',
  );

async function type(selector: string, value: string): Promise<void> {
  const input = $<HTMLInputElement>(selector);
  if (!input) throw new Error(`No ${selector}`);
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

async function choose(trigger: string, text: string): Promise<void> {
  $(trigger)?.click();
  await flushPromises();
  const option = [...document.querySelectorAll<HTMLElement>('[role=option]')].find((o) =>
    o.textContent?.includes(text),
  );
  if (!option) throw new Error(`No option ${text}`);
  option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  await flushPromises();
}

describe('VendorsPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = '';
    // Periods are relative to today: 15 May 2026 (only Date is faked; timers stay real).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 15, 9, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('lists vendors with masked tax id, 1099 badge, account and spend for the period', async () => {
    const { wrapper, requests } = await mountPage();
    expect(requests.find((r) => r.operationName === 'VendorSpend')?.variables).toEqual({
      from: '2026-01-01',
      to: '2026-05-15',
    });
    expect(wrapper.text()).toContain(
      '2 vendors · 1 for 1099 · Spend for Jan 1, 2026 – May 15, 2026',
    );
    const [first, second] = rows();
    expect(first).toContain('Acme Plumbing');
    expect(first).toContain('($40.00)');
    expect(second).toContain('Greenway Landscaping');
    expect(second).toContain('1099');
    expect(second).toContain('•••••6789');
    expect(second).toContain('5010 Landscaping');
    expect(second).toContain('Ana Ruiz');
    expect(second).toContain('$1,250.50');
    expect(second).not.toContain('Old Pool Service');
    expect($('[data-testid=total-spend]')?.textContent?.trim()).toBe('$1,210.50');
    // Amounts sit in right-aligned numeric cells.
    expect($('[data-testid=vendor-spend]')?.closest('td')?.classList).toContain('cv-num');
    wrapper.unmount();
  });

  it('searches, shows inactive vendors, and changes the spend period', async () => {
    const { wrapper, requests } = await mountPage();
    await type('[data-testid=vendor-search] input, input[data-testid=vendor-search]', 'ruiz');
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    expect(requests.filter((r) => r.operationName === 'Vendors').at(-1)?.variables).toEqual({
      filter: { search: 'ruiz', includeInactive: false },
    });
    await type('input[data-testid=vendor-search]', '');
    await vi.waitFor(() => expect(rows()).toHaveLength(2));

    $<HTMLInputElement>('#show-inactive')?.click();
    await flushPromises();
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]).toContain('Inactive');
    expect(wrapper.text()).toContain('1 inactive');

    await choose('#spend-period', 'Last year');
    await vi.waitFor(() =>
      expect(requests.filter((r) => r.operationName === 'VendorSpend').at(-1)?.variables).toEqual({
        from: '2025-01-01',
        to: '2025-12-31',
      }),
    );
    await vi.waitFor(() => expect(wrapper.text()).toContain('Spend for FY 2025'));
    expect($('[data-testid=total-spend]')?.textContent?.trim()).toBe('$9,000.00');
    wrapper.unmount();
    // Several debounced steps: more room than the default on a busy machine.
  }, 20_000);

  it('exports the spend of the period as CSV, amounts as plain decimals', async () => {
    let csv: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      csv = blob as Blob;
      return 'blob:vendors';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { wrapper } = await mountPage();
    $<HTMLButtonElement>('[data-testid=export-csv]')?.click();
    const text = (await csv!.text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')).toEqual([
      'Vendor,Contact,Email,Phone,1099,Tax ID,Default expense account,Status,Entries 2026-01-01 to 2026-05-15,Spend 2026-01-01 to 2026-05-15',
      'Acme Plumbing,,,,No,,,Active,2,-40.00',
      'Greenway Landscaping,Ana Ruiz,billing@greenway.example,555-010-2000,Yes,•••••6789,5010 Landscaping,Active,3,1250.50',
      '',
    ]);
    wrapper.unmount();
  });

  it('creates a vendor: checks the form first, then shows the API’s field errors', async () => {
    const sent: GraphQLRequest[] = [];
    const { wrapper } = await mountPage('ADMIN', (req) => {
      sent.push(req);
      if (sent.length === 1) {
        return {
          body: apiError('CONFLICT', 'A vendor named Acme Plumbing already exists', [
            { field: 'name', message: 'A vendor named Acme Plumbing already exists' },
          ]),
        };
      }
      return {
        body: { data: { createVendor: vendorJson('v-new', 'Blue Pools', { is1099: true }) } },
      };
    });
    $<HTMLButtonElement>('[data-testid=new-vendor]')?.click();
    await flushPromises();
    await type('#vendor-name', 'Acme Plumbing');
    await type('#vendor-email', 'not-an-email');
    await type('#vendor-taxId', '12-345');
    $<HTMLButtonElement>('[data-testid=save-vendor]')?.click();
    await flushPromises();
    expect(sent).toHaveLength(0);
    expect($('#vendor-email-error')?.textContent).toContain('Enter an email address');
    expect($('#vendor-taxId-error')?.textContent).toContain('9-digit EIN');

    await type('#vendor-email', 'office@acme.example');
    await type('#vendor-taxId', '123-45-6789');
    $<HTMLButtonElement>('[data-testid=save-vendor]')?.click();
    await vi.waitFor(() =>
      expect($('#vendor-name-error')?.textContent).toContain('already exists'),
    );
    expect(sent[0]?.variables.input).toEqual({
      name: 'Acme Plumbing',
      contactName: null,
      email: 'office@acme.example',
      phone: null,
      address: null,
      taxId: '123-45-6789',
      defaultExpenseAccountId: null,
      is1099: false,
    });

    await type('#vendor-name', 'Blue Pools');
    await type('#vendor-taxId', '');
    $<HTMLInputElement>('#vendor-is1099')?.click();
    await flushPromises();
    $<HTMLButtonElement>('[data-testid=save-vendor]')?.click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Vendor Blue Pools created'),
    );
    // No tax id typed: none is sent.
    expect(sent[1]?.variables.input).not.toHaveProperty('taxId');
    expect(sent[1]?.variables.input).toMatchObject({ name: 'Blue Pools', is1099: true });
    wrapper.unmount();
  });

  it('edits a vendor without ever sending the tax id on file, and can remove it', async () => {
    const sent: GraphQLRequest[] = [];
    const { wrapper } = await mountPage('ADMIN', (req) => {
      sent.push(req);
      return { body: { data: { updateVendor: { ...greenway, phone: '555-000-1111' } } } };
    });
    [...document.querySelectorAll<HTMLButtonElement>('.vendors-table__link')]
      .find((b) => b.textContent?.includes('Greenway'))
      ?.click();
    await flushPromises();
    expect($('[data-testid=tax-id-on-file]')?.textContent).toContain('On file: •••••6789');
    expect($<HTMLInputElement>('#vendor-taxId')?.value).toBe('');
    await type('#vendor-phone', '555-000-1111');
    $<HTMLButtonElement>('[data-testid=save-vendor]')?.click();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.variables).toEqual({ id: 'v-green', input: { phone: '555-000-1111' } });

    await vi.waitFor(() => expect($('#vendor-name')).toBeNull());
    [...document.querySelectorAll<HTMLButtonElement>('.vendors-table__link')]
      .find((b) => b.textContent?.includes('Greenway'))
      ?.click();
    await flushPromises();
    [...document.querySelectorAll<HTMLButtonElement>('.field__link')]
      .find((b) => b.textContent?.includes('Remove'))
      ?.click();
    await flushPromises();
    $<HTMLButtonElement>('[data-testid=save-vendor]')?.click();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.variables.input).toEqual({ taxId: '' });
    wrapper.unmount();
  });

  it('keeps viewers read-only', async () => {
    const { wrapper } = await mountPage('VIEWER');
    expect($('[data-testid=new-vendor]')).toBeNull();
    expect($('[data-testid=new-vendor-readonly] button')?.hasAttribute('disabled')).toBe(true);
    expect($<HTMLButtonElement>('.vendors-table__link')?.disabled).toBe(true);
    wrapper.unmount();
  });
});
