import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/apollo/types';
import { toLocalDate } from '@/format';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { accountJson, chart } from '@/test/ledger';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import { badDebtAccount, invoiceFiltersFromQuery, kindLabel, statusLabel } from './invoices';
import { invoiceJson } from './receivablesFixtures';
import InvoicePage from './views/InvoicePage.vue';

const unit = { id: 'unit-12', number: '12', ownerName: 'Jordan Ellis' };
const open = invoiceJson('inv-1', 1001, unit, { daysOverdue: 40 });
const badDebt = accountJson('acc-bad-debt', '5900', 'Bad Debt Expense', 'EXPENSE');
const accounts = [...chart, badDebt, accountJson('acc-dues', '2150', 'Prepaid', 'LIABILITY')];
const writtenOff = invoiceJson('inv-1', 1001, unit, {
  status: 'WRITTEN_OFF',
  balance: '0.00',
  writtenOff: '350.00',
  writeOff: {
    id: 'wo-1',
    date: '2026-04-10',
    amount: '350.00',
    account: { id: 'acc-bad-debt', number: '5900', name: 'Bad Debt Expense' },
    memo: 'Owner filed for bankruptcy',
    journalEntryId: 'je-wo-1',
  },
});

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector);

async function type(selector: string, value: string): Promise<void> {
  const input = $<HTMLInputElement>(selector);
  if (!input) throw new Error(`No ${selector}`);
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

async function mountInvoice(
  invoice: () => unknown,
  role: Role = 'ADMIN',
  other: (req: GraphQLRequest) => GraphQLReply = () => ({ body: { data: null } }),
) {
  installTestClient((req) => {
    if (req.operationName === 'Invoice') return { body: { data: { invoice: invoice() } } };
    if (req.operationName === 'Accounts') return { body: { data: { accounts } } };
    return other(req);
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' },
  );
  const router = await routerAt('/invoices/inv-1', pinia);
  const wrapper = mountWithApp(withToast(InvoicePage), { pinia, router });
  await flushPromises();
  return wrapper;
}

describe('receivables words', () => {
  it('names the new status and kind, and the status filter reads them from the address', () => {
    expect(statusLabel('WRITTEN_OFF')).toBe('Written off');
    expect(kindLabel('OPENING_BALANCE')).toBe('Opening balance');
    expect(invoiceFiltersFromQuery({ status: 'written_off' }).status).toBe('WRITTEN_OFF');
  });

  it('suggests a bad-debt account for a write-off, or none', () => {
    expect(badDebtAccount(accounts.filter((a) => a.type === 'EXPENSE'))?.id).toBe('acc-bad-debt');
    expect(badDebtAccount(chart.filter((a) => a.type === 'EXPENSE'))).toBeNull();
  });
});

// Page mounts are slow on a busy machine: room beyond the default 5 s.
describe('InvoicePage write-off', { timeout: 30_000 }, () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('writes off the balance: shows the API’s field error, then the written-off invoice', async () => {
    const sent: GraphQLRequest[] = [];
    let current: unknown = open;
    const wrapper = await mountInvoice(
      () => current,
      'ADMIN',
      (req) => {
        if (req.operationName !== 'WriteOffInvoice') return { body: { data: null } };
        sent.push(req);
        if (sent.length === 1) {
          const message = 'INV-1001 was issued on 2026-03-01; write it off on or after that date';
          return { body: apiError('BAD_USER_INPUT', message, [{ field: 'date', message }]) };
        }
        current = writtenOff;
        return { body: { data: { writeOffInvoice: writtenOff } } };
      },
    );
    expect(wrapper.get('[data-testid=invoice-status]').text()).toContain('Open');
    expect(wrapper.find('[data-testid=invoice-write-off]').exists()).toBe(false);

    await wrapper.get('[data-testid=write-off-invoice]').trigger('click');
    await flushPromises();
    expect($('[data-testid=write-off-intro]')?.textContent?.replace(/\s+/g, ' ')).toContain(
      'The $350.00 still owed on INV-1001 (Unit 12)',
    );
    // The expense account named for bad debt is suggested; only expense accounts are offered.
    expect($('#write-off-account')?.textContent).toContain('5900');
    await type('#write-off-memo', '  Owner filed for bankruptcy ');

    $<HTMLButtonElement>('[data-testid=write-off-submit]')?.click();
    await vi.waitFor(() =>
      expect($('#write-off-date-error')?.textContent).toContain('on or after that date'),
    );
    expect(sent[0]?.variables).toEqual({
      input: {
        invoiceId: 'inv-1',
        accountId: 'acc-bad-debt',
        date: toLocalDate(new Date()),
        memo: 'Owner filed for bankruptcy',
      },
    });

    $<HTMLButtonElement>('[data-testid=write-off-submit]')?.click();
    await vi.waitFor(() =>
      expect(wrapper.get('[data-testid=invoice-status]').text()).toBe('Written off'),
    );
    expect(sent).toHaveLength(2);
    await vi.waitFor(() => expect($('[data-testid=write-off-submit]')).toBeNull());
    expect(document.body.textContent).toContain('$350.00 of INV-1001 written off');
    expect(wrapper.get('[data-testid=invoice-written-off]').text()).toBe('$350.00');
    expect(wrapper.get('[data-testid=invoice-balance]').text()).toBe('$0.00');
    expect(wrapper.get('[data-testid=invoice-write-off]').text().replace(/\s+/g, ' ')).toBe(
      'Written off on Apr 10, 2026 to 5900 Bad Debt Expense (Owner filed for bankruptcy). View the entry',
    );
    expect(wrapper.get('[data-testid=invoice-write-off-entry]').attributes('href')).toBe(
      '/transactions/je-wo-1',
    );
    const footer = wrapper
      .findAll('[data-testid=invoice-lines] tfoot tr')
      .map((tr) => tr.text().replace(/\s+/g, ' ').trim());
    expect(footer).toEqual(['Total$350.00', 'Written off($350.00)', 'Balance$0.00']);
    // Nothing is left to write off; voiding (which undoes the write-off) stays possible.
    expect(wrapper.find('[data-testid=write-off-invoice]').exists()).toBe(false);
    expect(wrapper.find('[data-testid=void-invoice]').exists()).toBe(true);
    wrapper.unmount();
  });

  it('shows a refusal that is no field’s (already written off) at the top of the dialog', async () => {
    const wrapper = await mountInvoice(
      () => open,
      'ADMIN',
      (req) =>
        req.operationName === 'WriteOffInvoice'
          ? { body: apiError('CONFLICT', 'INV-1001 is already written off') }
          : { body: { data: null } },
    );
    await wrapper.get('[data-testid=write-off-invoice]').trigger('click');
    await flushPromises();
    $<HTMLButtonElement>('[data-testid=write-off-submit]')?.click();
    await vi.waitFor(() =>
      expect($('[data-testid=write-off-error]')?.textContent).toContain(
        'INV-1001 is already written off',
      ),
    );
    wrapper.unmount();
  });

  it('offers no write-off for a paid invoice, and viewers see it disabled', async () => {
    const paid = await mountInvoice(() =>
      invoiceJson('inv-1', 1001, unit, { status: 'PAID', balance: '0.00', paid: '350.00' }),
    );
    expect(paid.find('[data-testid=write-off-invoice]').exists()).toBe(false);
    paid.unmount();

    const viewer = await mountInvoice(() => open, 'VIEWER');
    expect(viewer.get('[data-testid=write-off-invoice]').attributes('disabled')).toBeDefined();
    viewer.unmount();
  });
});
