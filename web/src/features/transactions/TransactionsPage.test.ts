import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { attachmentJson, chart, connectionJson, entryJson as ledgerEntryJson } from '@/test/ledger';
import type { EntryOptions } from '@/test/ledger';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import TransactionsPage from './views/TransactionsPage.vue';

// An entry as the list reads it: with the record that owns it (none unless given).
function entryJson(o: EntryOptions = {}, owned: Record<string, unknown> = {}) {
  return { ...ledgerEntryJson(o), owner: null, invoice: null, payment: null, ...owned };
}

const maple = { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' } as const;

const pageOne = [
  entryJson({
    number: 1042,
    memo: 'March landscaping',
    reconciled: true,
    attachments: [
      attachmentJson('att-1', 'entry-x', 'invoice.pdf', 'application/pdf'),
      attachmentJson('att-2', 'entry-x', 'photo.png', 'image/png'),
    ],
  }),
  entryJson({ number: 1041, memo: null, debitAccount: 'acc-utilities', amount: '-0.00' }),
];
const pageTwo = [entryJson({ number: 1040, memo: 'February utilities', amount: '310.40' })];

async function mountAt(path: string, answer?: (req: GraphQLRequest) => unknown) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'Accounts') return { body: { data: { accounts: chart } } };
    const custom = answer?.(req);
    if (custom) return { body: custom };
    const after = req.variables.after;
    return {
      body: {
        data: {
          journalEntries: after ? connectionJson(pageTwo, 3) : connectionJson(pageOne, 3, true),
        },
      },
    };
  });
  const pinia = freshPinia();
  signIn({ email: 'treasurer@example.com' }, maple);
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(TransactionsPage, { pinia, router });
  await flushPromises();
  const entryRequests = () => requests.filter((r) => r.operationName === 'JournalEntries');
  return { wrapper, router, entryRequests };
}

function rows(): string[] {
  return [...document.querySelectorAll('[data-testid=entries-table] tbody tr')].map(
    (tr) => tr.textContent?.replace(/\s+/g, ' ').trim() ?? '',
  );
}

describe('TransactionsPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = '';
  });

  it('lists entries with number, date, memo, accounts, amount, badges and the total count', async () => {
    const { wrapper } = await mountAt('/transactions');
    expect(wrapper.text()).toContain('3 entries · newest first');
    const [first, second] = rows();
    expect(first).toContain('JE-1042');
    expect(first).toContain('Mar 31, 2026');
    expect(first).toContain('March landscaping');
    expect(first).toContain('Reconciled');
    expect(first).toContain('5010 Landscaping, 1010 Operating Checking');
    expect(first).toContain('$1,250.00');
    expect(wrapper.get('[data-testid=attachment-count]').attributes('aria-label')).toBe(
      '2 attachments',
    );
    const badge = wrapper.get('[data-testid=reconciled-badge]');
    expect(badge.attributes('title')).toBe(
      'Posted from Monthly Actuals — not a bank reconciliation',
    );
    expect(badge.text()).toBe(
      'Reconciled: Posted from Monthly Actuals — not a bank reconciliation',
    );
    expect(second).toContain('No memo');
    expect(second).not.toContain('Reconciled');
    expect(wrapper.text()).toContain('Showing 2 of 3');
    wrapper.unmount();
  });

  it('builds the query variables from the filters in the address', async () => {
    const { wrapper, entryRequests } = await mountAt(
      '/transactions?from=2026-01-01&to=2026-03-31&account=acc-checking&q=landscaping&source=manual&reconciled=unreconciled',
    );
    expect(entryRequests()[0]?.variables).toEqual({
      filter: {
        from: '2026-01-01',
        to: '2026-03-31',
        accountId: 'acc-checking',
        text: 'landscaping',
        source: 'MANUAL',
        reconciled: false,
      },
      first: 50,
    });
    expect(wrapper.text()).toContain('3 entries match the filters');
    wrapper.unmount();
  });

  it('searches as the person types (once they pause) and keeps the filter in the address', async () => {
    const { wrapper, router, entryRequests } = await mountAt('/transactions');
    expect(entryRequests()[0]?.variables).toEqual({ first: 50 });

    const search = wrapper.get('[data-testid=filter-text]');
    await search.setValue('JE-1042');
    await vi.waitFor(() =>
      expect(entryRequests().at(-1)?.variables).toEqual({
        filter: { text: 'JE-1042' },
        first: 50,
      }),
    );
    expect(router.currentRoute.value.query).toEqual({ q: 'JE-1042' });

    wrapper.get('[data-testid=clear-filters]').trigger('click');
    await vi.waitFor(() => expect(entryRequests().at(-1)?.variables).toEqual({ first: 50 }));
    wrapper.unmount();
  });

  it('loads the next page after the last cursor and appends it', async () => {
    const { wrapper, entryRequests } = await mountAt('/transactions');
    await wrapper.get('[data-testid=load-more]').trigger('click');
    await flushPromises();
    expect(entryRequests().at(-1)?.variables).toEqual({ first: 50, after: 'cursor-1041' });
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]).toContain('JE-1040');
    expect(wrapper.text()).toContain('Showing 3 of 3');
    expect(wrapper.find('[data-testid=load-more]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('links an owned entry’s source to the invoice, payment or month of actuals it belongs to', async () => {
    const owned = [
      entryJson(
        { number: 1050, memo: 'Assessment Q1', source: 'INVOICE', date: '2026-01-01' },
        {
          owner: { __typename: 'EntryOwner', type: 'INVOICE', id: 'inv-1' },
          invoice: { __typename: 'Invoice', id: 'inv-1', number: 1042 },
        },
      ),
      entryJson(
        { number: 1051, memo: 'Check 311', source: 'PAYMENT', date: '2026-01-12' },
        {
          owner: { __typename: 'EntryOwner', type: 'PAYMENT', id: 'pay-7' },
          payment: { __typename: 'Payment', id: 'pay-7', number: 7, date: '2026-01-12' },
        },
      ),
      entryJson(
        { number: 1052, memo: 'Actuals', source: 'MONTHLY_ACTUALS', date: '2026-03-31' },
        { owner: { __typename: 'EntryOwner', type: 'MONTHLY_ACTUALS', id: 'month-3' } },
      ),
      entryJson({ number: 1053, memo: 'By hand' }),
    ];
    const { wrapper } = await mountAt('/transactions', () => ({
      data: { journalEntries: connectionJson(owned, 4) },
    }));
    const links = wrapper.findAll('[data-testid=entry-owner-link]').map((a) => ({
      text: a.text(),
      href: a.attributes('href'),
      title: a.attributes('title'),
    }));
    expect(links).toEqual([
      {
        text: 'Invoice INV-1042',
        href: '/invoices/inv-1',
        title: 'Belongs to invoice INV-1042',
      },
      {
        text: 'Payment PMT-7',
        href: '/payments?from=2026-01-12&to=2026-01-12',
        title: 'Belongs to payment PMT-7',
      },
      {
        text: 'Monthly actuals',
        href: '/actuals?year=2026',
        title: 'Belongs to Monthly Actuals, March 2026',
      },
    ]);
    // A manual entry's source is plain text.
    expect(rows()[3]).toContain('Manual');
    wrapper.unmount();
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    const { wrapper } = await mountAt('/transactions?source=late_fee', () => ({
      data: { journalEntries: connectionJson([], 0) },
    }));
    expect(wrapper.text()).toContain('No entries match these filters');
    wrapper.unmount();
  });

  it('opens an entry when its row is clicked', async () => {
    const { wrapper, router } = await mountAt('/transactions');
    await wrapper
      .findAll('[data-testid=entries-table] tbody tr')[0]!
      .find('td:nth-child(2)')
      .trigger('click');
    // The entry page is a lazy chunk: wait for the navigation to land.
    await vi.waitFor(
      () => expect(router.currentRoute.value.fullPath).toBe(`/transactions/${pageOne[0]!.id}`),
      { timeout: 5000 },
    );
    wrapper.unmount();
  });
});
