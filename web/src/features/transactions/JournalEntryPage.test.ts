import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/apollo/types';
import { installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { attachmentJson, chart, entryJson as ledgerEntryJson } from '@/test/ledger';
import type { EntryOptions } from '@/test/ledger';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import { installFakeXhr, refusedType } from '@/test/xhr';
import JournalEntryPage from './views/JournalEntryPage.vue';

// An entry as the page reads it: with the record that owns it (none unless given).
function entryJson(o: EntryOptions = {}, owned: Record<string, unknown> = {}) {
  return { ...ledgerEntryJson(o), owner: null, invoice: null, payment: null, ...owned };
}

const ownerJson = (type: string, id: string) => ({ __typename: 'EntryOwner', type, id });

const receipt = attachmentJson('att-1', 'entry-42', 'receipt.png', 'image/png');
const entry = entryJson({ id: 'entry-42', number: 1042, attachments: [receipt] });

async function mountEntry(
  options: {
    role?: Role;
    journalEntry?: ReturnType<typeof entryJson>;
    linked?: Record<string, number>;
    mutations?: (req: GraphQLRequest) => GraphQLReply;
  } = {},
) {
  const requests: GraphQLRequest[] = [];
  const shown = options.journalEntry ?? entry;
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'Accounts') return { body: { data: { accounts: chart } } };
    if (req.operationName === 'JournalEntry') return { body: { data: { journalEntry: shown } } };
    if (req.operationName === 'EntryNumber') {
      const id = String(req.variables.id);
      const number = options.linked?.[id] ?? 0;
      return { body: { data: { journalEntry: { __typename: 'JournalEntry', id, number } } } };
    }
    return options.mutations?.(req) ?? { body: { data: null } };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role: options.role ?? 'ADMIN', status: 'ACTIVE' },
  );
  const router = await routerAt(`/transactions/${shown.id}`, pinia);
  const wrapper = mountWithApp(withToast(JournalEntryPage), { pinia, router });
  await flushPromises();
  return { wrapper, requests };
}

function chooseFile(file: File): void {
  const input = document.querySelector<HTMLInputElement>('[data-testid=file-input]');
  if (!input) throw new Error('No file input');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change'));
}

describe('JournalEntryPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = '';
  });

  it('shows the entry: number, date, memo, lines with debit and credit columns and totals', async () => {
    const { wrapper } = await mountEntry();
    expect(wrapper.get('h1').text()).toBe('JE-1042');
    expect(wrapper.text()).toContain('Mar 31, 2026 · Manual · $1,250.00');
    expect(wrapper.text()).toContain('March landscaping');
    const rows = wrapper
      .findAll('[data-testid=entry-lines] tbody tr')
      .map((tr) => tr.findAll('td').map((td) => td.text()));
    expect(rows).toEqual([
      ['5010Landscaping', 'Spring cleanup', '$1,250.00', ''],
      ['1010Operating Checking', '—', '', '$1,250.00'],
    ]);
    const totals = wrapper.findAll('[data-testid=entry-lines] tfoot td').map((td) => td.text());
    expect(totals).toEqual(['Totals', '$1,250.00', '$1,250.00']);
    expect(wrapper.find('[data-testid=reverse-entry]').exists()).toBe(true);
    wrapper.unmount();
  });

  it('links a reversed entry to its reversal and offers no second reversal', async () => {
    const { wrapper } = await mountEntry({
      journalEntry: entryJson({ id: 'entry-7', number: 1007, reversedById: 'entry-9' }),
      linked: { 'entry-9': 1009 },
    });
    await vi.waitFor(() =>
      expect(wrapper.get('[data-testid=reversed-by]').text()).toBe('Reversed by JE-1009'),
    );
    expect(wrapper.get('[data-testid=reversed-by] a').attributes('href')).toBe(
      '/transactions/entry-9',
    );
    expect(wrapper.find('[data-testid=reverse-entry]').exists()).toBe(false);
    wrapper.unmount();

    const reversal = await mountEntry({
      journalEntry: entryJson({
        id: 'entry-9',
        number: 1009,
        source: 'REVERSAL',
        reversesId: 'entry-7',
      }),
      linked: { 'entry-7': 1007 },
    });
    await vi.waitFor(() =>
      expect(reversal.wrapper.get('[data-testid=reverses]').text()).toBe('Reverses JE-1007'),
    );
    expect(reversal.wrapper.find('[data-testid=reverse-entry]').exists()).toBe(false);
    reversal.wrapper.unmount();
  });

  it('links an invoice’s entry to its invoice and offers Reverse disabled, saying to void the invoice', async () => {
    const { wrapper } = await mountEntry({
      journalEntry: entryJson(
        { id: 'entry-50', number: 1050, source: 'INVOICE' },
        {
          owner: ownerJson('INVOICE', 'inv-1'),
          invoice: { __typename: 'Invoice', id: 'inv-1', number: 1042 },
        },
      ),
    });
    const owner = wrapper.get('[data-testid=entry-owner]');
    expect(owner.text()).toBe('Belongs to invoice INV-1042');
    expect(owner.get('a').attributes('href')).toBe('/invoices/inv-1');
    expect(wrapper.find('[data-testid=reverse-entry]').exists()).toBe(false);
    const owned = wrapper.get('[data-testid=reverse-owned]');
    expect(owned.get('button').attributes('disabled')).toBeDefined();
    expect(owned.attributes('aria-label')).toBe(
      'Reverse is not available. Void the invoice instead.',
    );
    wrapper.unmount();
  });

  it('links a payment’s entry to the payment, and a month of actuals to Monthly Actuals', async () => {
    const payment = await mountEntry({
      journalEntry: entryJson(
        { id: 'entry-60', number: 1060, source: 'PAYMENT', date: '2026-03-12' },
        {
          owner: ownerJson('PAYMENT', 'pay-7'),
          payment: { __typename: 'Payment', id: 'pay-7', number: 7, date: '2026-03-12' },
        },
      ),
    });
    const paymentOwner = payment.wrapper.get('[data-testid=entry-owner]');
    expect(paymentOwner.text()).toBe('Belongs to payment PMT-7');
    expect(paymentOwner.get('a').attributes('href')).toBe(
      '/payments?from=2026-03-12&to=2026-03-12',
    );
    expect(payment.wrapper.find('[data-testid=reverse-entry]').exists()).toBe(false);
    expect(payment.wrapper.get('[data-testid=reverse-owned]').attributes('aria-label')).toBe(
      'Reverse is not available. Void the payment instead.',
    );
    payment.wrapper.unmount();

    const actuals = await mountEntry({
      journalEntry: entryJson(
        { id: 'entry-70', number: 1070, source: 'MONTHLY_ACTUALS', reconciled: true },
        { owner: ownerJson('MONTHLY_ACTUALS', 'month-3') },
      ),
    });
    const actualsOwner = actuals.wrapper.get('[data-testid=entry-owner]');
    expect(actualsOwner.text()).toBe('Belongs to Monthly Actuals, March 2026');
    expect(actualsOwner.get('a').attributes('href')).toBe('/actuals?year=2026');
    expect(actuals.wrapper.get('[data-testid=reverse-owned]').attributes('aria-label')).toBe(
      'Reverse is not available. Change the amounts in Monthly Actuals.',
    );
    actuals.wrapper.unmount();
  });

  it('says a reconciled entry was posted from Monthly Actuals, not reconciled with the bank', async () => {
    const { wrapper } = await mountEntry({
      journalEntry: entryJson(
        { id: 'entry-71', number: 1071, source: 'MONTHLY_ACTUALS', reconciled: true },
        { owner: ownerJson('MONTHLY_ACTUALS', 'month-3') },
      ),
    });
    const badge = wrapper.get('[data-testid=reconciled-badge]');
    expect(badge.attributes('title')).toBe(
      'Posted from Monthly Actuals — not a bank reconciliation',
    );
    // Read aloud with the badge, not only on hover.
    expect(badge.text()).toBe(
      'Reconciled: Posted from Monthly Actuals — not a bank reconciliation',
    );
    expect(wrapper.get('[data-testid=reconciled-note]').text()).toBe(
      'Posted from Monthly Actuals — not a bank reconciliation',
    );
    wrapper.unmount();
  });

  it('reverses on a chosen date (today by default) and says so', async () => {
    const reversal = entryJson({
      id: 'entry-43',
      number: 1043,
      source: 'REVERSAL',
      reversesId: 'entry-42',
    });
    const { wrapper, requests } = await mountEntry({
      mutations: () => ({ body: { data: { reverseJournalEntry: reversal } } }),
    });
    await wrapper.get('[data-testid=reverse-entry]').trigger('click');
    await flushPromises();
    expect(document.body.textContent).toContain('Reverse JE-1042?');
    document.querySelector<HTMLButtonElement>('[data-testid=reverse-confirm]')?.click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Journal entry JE-1043 posted'),
    );
    const sent = requests.find((r) => r.operationName === 'ReverseJournalEntry');
    expect(sent?.variables).toEqual({
      id: 'entry-42',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      memo: null,
    });
    wrapper.unmount();
  });

  it('shows the API’s refusal of an upload under the file, without a pointless "Try again"', async () => {
    const { sent } = installFakeXhr((upload) => {
      upload.progress(10, 15);
      upload.respond(200, refusedType);
    });
    const { wrapper } = await mountEntry();
    // Named a PDF, so the picker passes it on; the API reads the bytes and refuses them.
    chooseFile(new File(['just some notes'], 'notes.pdf', { type: 'application/pdf' }));
    await vi.waitFor(() =>
      expect(wrapper.get('[data-testid=upload-error]').text()).toContain(
        'This type of file cannot be attached',
      ),
    );
    expect(wrapper.get('[data-testid=upload-error]').text()).toContain(
      'Attach a PDF, an image (PNG, JPEG, WebP, GIF, HEIC) or a spreadsheet (XLSX, XLS, ODS, CSV)',
    );
    expect(wrapper.get('[data-testid=upload]').text()).toContain('notes.pdf');
    expect(wrapper.get('[data-testid=upload]').text()).not.toContain('Try again');
    expect(sent[0]?.operations.variables).toEqual({ entryId: 'entry-42', file: null });
    // Nothing was attached.
    expect(wrapper.findAll('[data-testid=attachment-list] li')).toHaveLength(1);
    wrapper.unmount();
  });

  it('refuses a file of another type at the picker, before any upload', async () => {
    const { sent } = installFakeXhr((upload) => upload.respond(200, refusedType));
    const { wrapper } = await mountEntry();
    chooseFile(new File(['just some notes'], 'notes.txt', { type: 'text/plain' }));
    await flushPromises();
    expect(wrapper.get('[data-testid=file-input-error]').text()).toBe(
      'notes.txt is not a PDF, an image or a spreadsheet.',
    );
    expect(sent).toHaveLength(0);
    expect(wrapper.find('[data-testid=upload]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('adds an uploaded file to the list with a summary toast', async () => {
    const invoice = attachmentJson('att-2', 'entry-42', 'invoice.pdf', 'application/pdf');
    installFakeXhr((upload) => upload.respond(200, { data: { uploadAttachment: invoice } }));
    const { wrapper } = await mountEntry();
    chooseFile(new File(['%PDF-1.7'], 'invoice.pdf', { type: 'application/pdf' }));
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('invoice.pdf attached to JE-1042'),
    );
    const names = wrapper.findAll('[data-testid=attachment-list] li').map((li) => li.text());
    expect(names).toHaveLength(2);
    expect(names[1]).toContain('invoice.pdf');
    expect(names[1]).toContain('PDF');
    expect(names[1]).toContain('18 KB');
    wrapper.unmount();
  });

  it('deletes an attachment after a confirmation naming it', async () => {
    const { wrapper, requests } = await mountEntry({
      mutations: () => ({ body: { data: { deleteAttachment: true } } }),
    });
    await wrapper.get('[data-testid=attachment-actions-att-1]').trigger('click');
    await flushPromises();
    const item = [
      ...document.querySelectorAll<HTMLElement>('#attachment-row-menu [role=menuitem]'),
    ].find((el) => el.textContent?.includes('Delete'));
    item?.querySelector<HTMLElement>('a')?.click();
    await flushPromises();
    expect(document.body.textContent).toContain('Delete receipt.png?');
    expect(document.body.textContent).toContain('receipt.png will be removed from JE-1042');
    document.querySelector<HTMLButtonElement>('[data-testid=delete-attachment-confirm]')?.click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('receipt.png deleted from JE-1042'),
    );
    expect(requests.find((r) => r.operationName === 'DeleteAttachment')?.variables).toEqual({
      id: 'att-1',
    });
    expect(wrapper.find('[data-testid=attachment-list]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('gives viewers the files to read but no upload, and a disabled Reverse that says why', async () => {
    const { wrapper } = await mountEntry({ role: 'VIEWER' });
    expect(wrapper.find('[data-testid=dropzone]').exists()).toBe(false);
    expect(wrapper.findAll('[data-testid=attachment-list] li')).toHaveLength(1);
    const readonly = wrapper.get('[data-testid=reverse-readonly]');
    expect(readonly.get('button').attributes('disabled')).toBeDefined();
    expect(readonly.attributes('aria-label')).toMatch(/Viewer \(read-only\)/);
    wrapper.unmount();
  });
});
