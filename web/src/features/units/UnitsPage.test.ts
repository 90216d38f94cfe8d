import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/apollo/types';
import { connection, unitJson } from '@/features/invoices/receivablesFixtures';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import { installFakeXhr } from '@/test/xhr';
import UnitPage from './views/UnitPage.vue';
import UnitsPage from './views/UnitsPage.vue';

const twelve = unitJson('unit-12', '12', 'Jordan Ellis', { balanceDue: '350.00', invoiceCount: 3 });
const fourteen = unitJson('unit-14', '14', null, { credit: '40.00' });

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector);
const menuItem = (label: string) =>
  [...document.querySelectorAll<HTMLElement>('[role=menuitem]')].find((el) =>
    el.textContent?.includes(label),
  );

async function mountUnits(
  role: Role = 'ADMIN',
  other: (req: GraphQLRequest) => GraphQLReply = () => ({ body: { data: null } }),
  path = '/units',
) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'Units')
      return { body: { data: { units: connection('Unit', [twelve, fourteen]) } } };
    if (req.operationName === 'AssessmentGroupNames')
      return {
        body: {
          data: {
            assessmentGroups: [
              { __typename: 'AssessmentGroup', id: 'grp-1', name: 'Regular', isDefault: true },
            ],
          },
        },
      };
    return other(req);
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' },
  );
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(withToast(UnitsPage), { pinia, router });
  await flushPromises();
  return { wrapper, requests, router };
}

// Page mounts are slow on a busy machine: room beyond the default 5 s.
describe('UnitsPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('lists units with owner, type, group and right-aligned balances; filters go to the API', async () => {
    const { wrapper, requests, router } = await mountUnits('ADMIN', undefined, '/units?q=ellis');
    expect(requests.find((r) => r.operationName === 'Units')?.variables).toEqual({
      filter: { search: 'ellis' },
      first: 50,
    });
    expect(wrapper.text()).toContain('2 units match the filters');
    const rows = wrapper
      .findAll('[data-testid=units-table] tbody tr')
      .map((tr) => tr.findAll('td').map((td) => td.text().replace(/\s+/g, ' ').trim()));
    expect(rows[0]).toEqual([
      '12',
      'Jordan Ellis12 Maple Ridge Dr · jordan@example.com',
      'Single family',
      'Regular assessments',
      '$350.00',
      '',
      '',
    ]);
    expect(rows[1]?.[1]).toContain('No owner');
    expect(rows[1]?.[5]).toBe('$40.00');
    expect(wrapper.findAll('[data-testid=units-table] td.cv-num')).toHaveLength(4);
    expect(router.currentRoute.value.query).toEqual({ q: 'ellis' });
    wrapper.unmount();
  });

  it('shows the API’s refusal in the delete confirmation, which names the unit', async () => {
    const calls: string[] = [];
    const { wrapper } = await mountUnits('ADMIN', (req) => {
      if (req.operationName !== 'DeleteUnit') return { body: { data: null } };
      calls.push(`${req.operationName} ${String(req.variables.id)}`);
      return { body: apiError('CONFLICT', 'Unit 12 has 3 invoices and cannot be deleted') };
    });
    $('[data-testid=unit-actions-12]')?.click();
    await flushPromises();
    menuItem('Delete')?.querySelector<HTMLElement>('a')?.click();
    await flushPromises();
    expect(document.body.textContent).toContain('Delete Unit 12?');
    expect(calls).toEqual([]);
    $('[data-testid=confirm-delete-unit]')?.click();
    await vi.waitFor(() =>
      expect($('[data-testid=confirm-delete-unit-error]')?.textContent).toContain(
        'Unit 12 has 3 invoices and cannot be deleted',
      ),
    );
    expect(calls).toEqual(['DeleteUnit unit-12']);
    wrapper.unmount();
  });

  it('viewers see the write buttons disabled, with the reason', async () => {
    const { wrapper } = await mountUnits('VIEWER');
    expect(wrapper.find('[data-testid=new-unit]').exists()).toBe(false);
    const guard = wrapper.get('[data-testid=new-unit-readonly]');
    expect(guard.attributes('aria-label')).toContain('Viewer');
    expect(guard.get('button').attributes('disabled')).toBeDefined();
    wrapper.unmount();
  });

  it('imports a CSV all or nothing: row errors with their line numbers, nothing imported', async () => {
    const { sent } = installFakeXhr((upload) =>
      upload.respond(200, {
        data: {
          importUnits: {
            created: 0,
            errors: [
              { row: 4, field: 'property_type', message: 'No property type named Castle' },
              { row: 2, field: 'email', message: 'Enter a valid email address' },
            ],
          },
        },
      }),
    );
    const { wrapper } = await mountUnits();
    $('[data-testid=import-units]')?.click();
    await flushPromises();
    const input = $<HTMLInputElement>('[data-testid=units-file]')!;
    const file = new File(['unit_number\n1\n'], 'units.csv', { type: 'text/csv' });
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    await flushPromises();
    $('[data-testid=start-import]')?.click();
    await vi.waitFor(() => expect($('[data-testid=import-errors]')).not.toBeNull());
    expect(sent[0]?.operations.operationName).toBe('ImportUnits');
    expect(sent[0]?.headers['apollo-require-preflight']).toBe('true');
    expect(sent[0]?.file?.name).toBe('units.csv');
    const text = $('[data-testid=import-errors]')!.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Nothing was imported: 2 problems in 2 rows');
    const rows = [...document.querySelectorAll('[data-testid=import-errors] tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()),
    );
    expect(rows).toEqual([
      ['2', 'email', 'Enter a valid email address'],
      ['4', 'property_type', 'No property type named Castle'],
    ]);
    wrapper.unmount();
  });
});

describe('UnitPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows the unit’s ledger with a running balance and its balance due', async () => {
    installTestClient((req) => {
      if (req.operationName === 'Unit') return { body: { data: { unit: twelve } } };
      if (req.operationName === 'UnitLedger')
        return {
          body: {
            data: {
              unitLedger: [
                {
                  __typename: 'UnitLedgerRow',
                  date: '2026-02-01',
                  kind: 'INVOICE',
                  reference: 'INV-1001',
                  description: 'Feb 2026 assessment',
                  invoiceId: 'inv-1',
                  paymentId: null,
                  charge: '350.00',
                  payment: '0.00',
                  balance: '350.00',
                },
                {
                  __typename: 'UnitLedgerRow',
                  date: '2026-02-10',
                  kind: 'PAYMENT',
                  reference: 'PMT-17',
                  description: 'Check 2041',
                  invoiceId: null,
                  paymentId: 'pmt-17',
                  charge: '0.00',
                  payment: '350.00',
                  balance: '0.00',
                },
                {
                  __typename: 'UnitLedgerRow',
                  date: '2026-03-01',
                  kind: 'INVOICE',
                  reference: 'INV-1007',
                  description: null,
                  invoiceId: 'inv-7',
                  paymentId: null,
                  charge: '350.00',
                  payment: '0.00',
                  balance: '350.00',
                },
              ],
            },
          },
        };
      return { body: { data: null } };
    });
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
    );
    const router = await routerAt('/units/unit-12', pinia);
    const wrapper = mountWithApp(UnitPage, { pinia, router });
    await flushPromises();
    expect(wrapper.get('h1').text()).toBe('Unit 12');
    expect(wrapper.text()).toContain('Jordan Ellis · Single family · Regular assessments');
    expect(wrapper.get('[data-testid=unit-balance]').text()).toBe('$350.00');
    const rows = wrapper
      .findAll('[data-testid=unit-ledger] tbody tr')
      .map((tr) => tr.findAll('td').map((td) => td.text().replace(/\s+/g, ' ').trim()));
    expect(rows).toEqual([
      ['Feb 1, 2026', 'INV-1001', 'Feb 2026 assessment', '$350.00', '', '$350.00'],
      ['Feb 10, 2026', 'PMT-17', 'Check 2041', '', '$350.00', '$0.00'],
      ['Mar 1, 2026', 'INV-1007', 'Invoice', '$350.00', '', '$350.00'],
    ]);
    expect(wrapper.get('[data-testid=ledger-closing]').text()).toBe('$350.00');
    expect(wrapper.get('[data-testid=unit-ledger] tbody a').attributes('href')).toBe(
      '/invoices/inv-1',
    );
    wrapper.unmount();
  });

  it('counts the whole list in the header and the footer, not only the rows loaded', async () => {
    installTestClient((req) =>
      req.operationName === 'Units'
        ? { body: { data: { units: connection('Unit', [twelve, fourteen], true, 1312) } } }
        : { body: { data: { assessmentGroups: [] } } },
    );
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
    );
    const router = await routerAt('/units', pinia);
    const wrapper = mountWithApp(withToast(UnitsPage), { pinia, router });
    await flushPromises();
    expect(wrapper.text()).toContain('1,312 units');
    expect(wrapper.find('[data-testid=list-shown]').text()).toBe('Showing 2 of 1,312');
    expect(wrapper.find('[data-testid=load-more]').exists()).toBe(true);
  });
});
