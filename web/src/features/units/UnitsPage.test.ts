import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/apollo/types';
import { connection, ledgerRowJson, unitJson } from '@/features/invoices/receivablesFixtures';
import { toLocalDate } from '@/format';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import { installFakeXhr } from '@/test/xhr';
import UnitPage from './views/UnitPage.vue';
import { hasStandingOpening, ledgerDescription, openingBalanceInput } from './units';
import UnitsPage from './views/UnitsPage.vue';

const twelve = unitJson('unit-12', '12', 'Jordan Ellis', { balanceDue: '350.00', invoiceCount: 3 });
const fourteen = unitJson('unit-14', '14', null, { credit: '40.00' });

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector);

async function type(selector: string, value: string): Promise<void> {
  const input = $<HTMLInputElement>(selector);
  if (!input) throw new Error(`No ${selector}`);
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}
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

  it('keeps unit, owner and balance on a phone; the credit goes under the balance', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 640px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const { wrapper } = await mountUnits();
    const headers = wrapper
      .findAll('[data-testid=units-table] thead th')
      .map((th) => th.text().trim());
    expect(headers).toEqual(['Unit', 'Owner', 'Balance due', 'Actions']);
    const rows = wrapper
      .findAll('[data-testid=units-table] tbody tr')
      .map((tr) => tr.findAll('td').map((td) => td.text().replace(/\s+/g, ' ').trim()));
    expect(rows[0]?.slice(0, 3)).toEqual([
      '12',
      'Jordan Ellis12 Maple Ridge Dr · jordan@example.com',
      '$350.00',
    ]);
    expect(rows[1]?.[2]).toBe('$0.00$40.00 credit');
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

  it('imports opening balances with a date for rows without one; a refusal lists the rows', async () => {
    const { sent } = installFakeXhr((upload) =>
      upload.respond(200, {
        data: {
          importOpeningBalances:
            sent.length === 1
              ? {
                  created: 0,
                  errors: [
                    {
                      row: 3,
                      field: 'unit_number',
                      message:
                        'Unit 14 already has an opening credit (PMT-9); void it to enter another',
                    },
                  ],
                }
              : { created: 2, sampleRowsSkipped: 1, errors: [] },
        },
      }),
    );
    const { wrapper } = await mountUnits();
    $('[data-testid=import-opening-balances]')?.click();
    await flushPromises();
    expect(document.body.textContent).toContain('negative for a credit');
    const input = $<HTMLInputElement>('[data-testid=opening-balances-file]')!;
    const file = new File(['unit_number,amount\n12,450\n14,-120\n'], 'opening.csv', {
      type: 'text/csv',
    });
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    await flushPromises();
    await type('#opening-import-date', 'Jan 1, 2026');
    // A typed date is read when the field is left.
    $('#opening-import-date')!.dispatchEvent(new FocusEvent('blur'));
    await flushPromises();
    $('[data-testid=start-opening-import]')?.click();
    await vi.waitFor(() => expect($('[data-testid=import-errors]')).not.toBeNull());
    expect(sent[0]?.operations.operationName).toBe('ImportOpeningBalances');
    expect(sent[0]?.operations.variables).toEqual({ file: null, date: '2026-01-01' });
    expect(sent[0]?.file?.name).toBe('opening.csv');
    expect($('[data-testid=import-errors]')!.textContent).toContain(
      'already has an opening credit',
    );

    $('[data-testid=start-opening-import]')?.click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('2 opening balances imported'),
    );
    // The template's sample row left in the file was not imported, and the toast says so.
    expect(document.body.textContent).toContain('1 sample row skipped');
    wrapper.unmount();
  });
});

describe('opening balances and the ledger’s words', () => {
  it('reads a typed amount: positive owed, negative a credit, never zero', () => {
    expect(openingBalanceInput('u-1', { date: '2026-01-01', amount: '-120', memo: ' ' })).toEqual({
      ok: true,
      input: { unitId: 'u-1', date: '2026-01-01', amount: '-120.00', memo: null },
    });
    expect(openingBalanceInput('u-1', { date: null, amount: '0', memo: '' })).toEqual({
      ok: false,
      errors: {
        date: 'Choose the day the books start in Covenant.',
        amount: 'Enter what the owner owed, or a negative amount for a credit.',
      },
    });
  });

  it('knows a standing opening balance from a voided one', () => {
    const opening = ledgerRowJson('OPENING_BALANCE', '2026-01-01', 'INV-1', { invoiceId: 'i-1' });
    const voided = ledgerRowJson('VOID_INVOICE', '2026-01-05', 'INV-1', { invoiceId: 'i-1' });
    const credit = ledgerRowJson('OPENING_CREDIT', '2026-01-06', 'PMT-2', { paymentId: 'p-2' });
    expect(hasStandingOpening([opening])).toBe(true);
    expect(hasStandingOpening([opening, voided])).toBe(false);
    expect(hasStandingOpening([opening, voided, credit])).toBe(true);
    expect(ledgerDescription({ kind: 'WRITE_OFF', description: 'Written off: Bankrupt' })).toBe(
      'Bankrupt',
    );
    expect(ledgerDescription({ kind: 'WRITE_OFF', description: 'Written off' })).toBe('');
    expect(
      ledgerDescription({
        kind: 'VOID_WRITE_OFF',
        description: 'Write-off undone with the invoice',
      }),
    ).toBe('with the invoice');
    expect(ledgerDescription({ kind: 'OPENING_BALANCE', description: 'Carried over' })).toBe(
      'Carried over',
    );
    expect(ledgerDescription({ kind: 'INVOICE', description: null })).toBe('Invoice');
    // Beside the tag "Void": "Void of PMT-1017".
    expect(ledgerDescription({ kind: 'VOID_PAYMENT', description: 'Void of PMT-1017' })).toBe(
      'of PMT-1017',
    );
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
                  reference: 'PMT-1017',
                  description: 'Payment — check 2041',
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
      ['Feb 10, 2026', 'PMT-1017', 'Payment — check 2041', '', '$350.00', '$0.00'],
      ['Mar 1, 2026', 'INV-1007', 'Invoice', '$350.00', '', '$350.00'],
    ]);
    expect(wrapper.get('[data-testid=ledger-closing]').text()).toBe('$350.00');
    expect(wrapper.get('[data-testid=unit-ledger] tbody a').attributes('href')).toBe(
      '/invoices/inv-1',
    );
    wrapper.unmount();
  });

  it('names write-offs and opening balances in words, and offers no second opening balance', async () => {
    installTestClient((req) => {
      if (req.operationName === 'Unit') return { body: { data: { unit: twelve } } };
      if (req.operationName === 'UnitLedger')
        return {
          body: {
            data: {
              unitLedger: [
                ledgerRowJson('OPENING_BALANCE', '2026-01-01', 'INV-1000', {
                  description: 'Opening balance',
                  invoiceId: 'inv-0',
                  charge: '450.00',
                  balance: '450.00',
                }),
                ledgerRowJson('INVOICE', '2026-02-01', 'INV-1001', {
                  description: 'Feb 2026 assessment',
                  invoiceId: 'inv-1',
                  charge: '350.00',
                  balance: '800.00',
                }),
                ledgerRowJson('WRITE_OFF', '2026-04-10', 'INV-1001', {
                  description: 'Written off: Owner filed for bankruptcy',
                  invoiceId: 'inv-1',
                  payment: '350.00',
                  balance: '450.00',
                }),
                ledgerRowJson('VOID_WRITE_OFF', '2026-04-12', 'INV-1001', {
                  description: 'Write-off undone with the invoice',
                  invoiceId: 'inv-1',
                  payment: '-350.00',
                  balance: '800.00',
                }),
                ledgerRowJson('OPENING_CREDIT', '2026-04-15', 'PMT-9', {
                  description: 'Opening credit',
                  paymentId: 'pmt-9',
                  payment: '20.00',
                  balance: '780.00',
                }),
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
    const described = wrapper
      .findAll('[data-testid=unit-ledger] tbody tr')
      .map((tr) => tr.findAll('td')[2]!.text().replace(/\s+/g, ' ').trim());
    expect(described).toEqual([
      'Opening balance',
      'Feb 2026 assessment',
      'Written off Owner filed for bankruptcy',
      'Write-off undone with the invoice',
      'Opening credit',
    ]);
    expect(wrapper.findAll('[data-testid=ledger-kind]').map((t) => t.text())).toEqual([
      'Opening balance',
      'Written off',
      'Write-off undone',
      'Opening credit',
    ]);
    expect(wrapper.find('[data-testid=unit-opening-balance]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('enters an opening credit; the API’s refusal is shown in the dialog', async () => {
    const sent: GraphQLRequest[] = [];
    let ledger: unknown[] = [];
    installTestClient((req) => {
      if (req.operationName === 'Unit') return { body: { data: { unit: twelve } } };
      if (req.operationName === 'UnitLedger') return { body: { data: { unitLedger: ledger } } };
      if (req.operationName === 'SetUnitOpeningBalance') {
        sent.push(req);
        if (sent.length === 1)
          return {
            body: apiError(
              'CONFLICT',
              'Unit 12 already has an opening balance (INV-1000); void it to enter another',
              [
                {
                  field: 'unitId',
                  message:
                    'Unit 12 already has an opening balance (INV-1000); void it to enter another',
                },
              ],
            ),
          };
        ledger = [
          ledgerRowJson('OPENING_CREDIT', '2026-01-01', 'PMT-9', {
            description: 'Opening credit',
            paymentId: 'pmt-9',
            payment: '120.00',
            balance: '-120.00',
          }),
        ];
        return {
          body: {
            data: {
              setUnitOpeningBalance: {
                __typename: 'UnitOpeningBalance',
                unitId: 'unit-12',
                invoiceId: null,
                paymentId: 'pmt-9',
              },
            },
          },
        };
      }
      return { body: { data: null } };
    });
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
    );
    const router = await routerAt('/units/unit-12', pinia);
    const wrapper = mountWithApp(withToast(UnitPage), { pinia, router });
    await flushPromises();
    await wrapper.get('[data-testid=unit-opening-balance]').trigger('click');
    await flushPromises();
    expect($('#opening-amount-help')?.textContent).toContain('Negative for a credit the owner had');

    $<HTMLButtonElement>('[data-testid=opening-balance-submit]')?.click();
    await flushPromises();
    expect(sent).toHaveLength(0);
    expect(document.body.textContent).toContain('Enter what the owner owed');

    await type('#opening-amount', '-120');
    await type('#opening-memo', 'Prepaid January');
    expect($('[data-testid=opening-balance-meaning]')?.textContent).toContain('$120.00 of credit');
    $<HTMLButtonElement>('[data-testid=opening-balance-submit]')?.click();
    await vi.waitFor(() =>
      expect($('[data-testid=opening-balance-error]')?.textContent).toContain(
        'already has an opening balance (INV-1000)',
      ),
    );
    expect(sent[0]?.variables).toEqual({
      input: {
        unitId: 'unit-12',
        date: toLocalDate(new Date()),
        amount: '-120.00',
        memo: 'Prepaid January',
      },
    });

    $<HTMLButtonElement>('[data-testid=opening-balance-submit]')?.click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Opening credit of $120.00 entered'),
    );
    await vi.waitFor(() =>
      expect(wrapper.find('[data-testid=unit-opening-balance]').exists()).toBe(false),
    );
    expect(wrapper.get('[data-testid=ledger-kind]').text()).toBe('Opening credit');
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
