import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { chart, entryJson as ledgerEntryJson } from '@/test/ledger';
import type { EntryOptions } from '@/test/ledger';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import NewJournalEntryPage from './views/NewJournalEntryPage.vue';

// A posted manual entry as the API answers it: no record owns it.
function entryJson(o: EntryOptions = {}) {
  return { ...ledgerEntryJson(o), owner: null, invoice: null, payment: null };
}

const maple = { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' } as const;

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

async function mountForm(post: (req: GraphQLRequest) => GraphQLReply, path = '/transactions/new') {
  const posted: GraphQLRequest[] = [];
  installTestClient((req) => {
    if (req.operationName === 'Accounts') return { body: { data: { accounts: chart } } };
    if (req.operationName === 'Vendors') return { body: { data: { vendors } } };
    posted.push(req);
    return post(req);
  });
  const pinia = freshPinia();
  signIn({ email: 'treasurer@example.com' }, maple);
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(withToast(NewJournalEntryPage), { pinia, router });
  await flushPromises();
  return { wrapper, router, posted };
}

const $ = <T extends HTMLElement = HTMLElement>(selector: string) =>
  document.querySelector<T>(selector);

function options(): string[] {
  return [...document.querySelectorAll<HTMLElement>('[role=option]')].map(
    (o) => o.textContent?.trim() ?? '',
  );
}

async function chooseAccount(
  row: number,
  name: string,
  inspect?: (shown: string[]) => void,
): Promise<void> {
  $(`#line-${row}-account`)?.click();
  await flushPromises();
  inspect?.(options());
  const option = [...document.querySelectorAll<HTMLElement>('[role=option]')].find((o) =>
    o.textContent?.includes(name),
  );
  if (!option) throw new Error(`No account ${name} among ${options().join(', ')}`);
  option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  await flushPromises();
}

async function typeAmount(id: string, value: string): Promise<void> {
  const input = $<HTMLInputElement>(`#${id}`);
  if (!input) throw new Error(`No #${id}`);
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
  input.dispatchEvent(new FocusEvent('blur'));
  await flushPromises();
}

const postButton = () => $<HTMLButtonElement>('[data-testid=post-entry]');
const text = (testid: string) =>
  $(`[data-testid=${testid}]`)?.textContent?.replace(/\s+/g, ' ').trim();

describe('NewJournalEntryPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = '';
  });

  it('offers active accounts only, shows the difference live and enables posting once balanced', async () => {
    const { wrapper } = await mountForm(() => ({ body: { data: null } }));

    expect(postButton()?.disabled).toBe(true);
    expect(text('post-reason')).toBe(
      'An entry needs at least two lines with an account and an amount.',
    );

    await chooseAccount(0, 'Landscaping', (shown) => {
      expect(shown).toContain('1010Operating Checking');
      expect(shown.some((o) => o.includes('Old Petty Cash'))).toBe(false);
    });
    await typeAmount('line-0-debit', '1,250');
    expect($<HTMLInputElement>('#line-0-debit')?.value).toBe('1,250.00');
    await chooseAccount(1, 'Operating Checking');
    await typeAmount('line-1-credit', '1200.5');

    expect(text('total-debits')).toBe('$1,250.00');
    expect(text('total-credits')).toBe('$1,200.50');
    expect(text('difference')).toMatch(/^Difference\s*\$49\.50\s*more debits$/);
    expect($('[data-testid=difference]')?.classList).toContain('difference--off');
    expect(postButton()?.disabled).toBe(true);
    expect(text('post-reason')).toBe(
      'Debits and credits must be equal: debits exceed credits by $49.50.',
    );

    await typeAmount('line-1-credit', '1250');
    expect(text('difference')).toMatch(/^Difference\s*\$0\.00\s*balanced$/);
    expect($('[data-testid=difference]')?.classList).toContain('difference--zero');
    expect(postButton()?.disabled).toBe(false);
    expect(text('post-reason')).toBe('Ready to post 2 lines for $1,250.00.');

    // A third row appeared for the next line, and an amount on both sides is one side only.
    expect($('[data-testid=line-2]')).not.toBeNull();
    await typeAmount('line-1-debit', '5');
    expect($<HTMLInputElement>('#line-1-credit')?.value).toBe('');
    wrapper.unmount();
  });

  it('starts the closing entry of an account that holds a balance (archiving it needs one)', async () => {
    const { wrapper, posted } = await mountForm(
      (req) =>
        req.operationName === 'AccountClosingBalance'
          ? {
              body: {
                data: {
                  accountLedger: {
                    __typename: 'AccountLedger',
                    accountId: req.variables.id,
                    closingBalance: '1234.56',
                  },
                },
              },
            }
          : { body: { data: null } },
      '/transactions/new?close=acc-checking',
    );
    await vi.waitFor(() => expect($<HTMLInputElement>('#line-0-credit')?.value).toBe('1,234.56'));
    // An asset holding a debit balance is closed by a credit; the other side is the person's.
    expect(text('line-0')).toContain('Operating Checking');
    expect($<HTMLInputElement>('#line-0-debit')?.value).toBe('');
    expect($<HTMLInputElement>('#entry-memo')?.value).toBe(
      'Closing entry: 1010 Operating Checking',
    );
    expect(posted.map((r) => [r.operationName, r.variables.id])).toEqual([
      ['AccountClosingBalance', 'acc-checking'],
    ]);
    await chooseAccount(1, 'Utilities');
    await typeAmount('line-1-debit', '1234.56');
    expect(postButton()?.disabled).toBe(false);
    wrapper.unmount();
  });

  it('flags an amount that is not one under its cell', async () => {
    const { wrapper } = await mountForm(() => ({ body: { data: null } }));
    await typeAmount('line-0-debit', '12.345');
    expect($('[data-testid=line-0]')?.textContent).toContain('Use at most two decimals');
    await chooseAccount(0, 'Landscaping');
    expect(text('post-reason')).toBe('Fix the amount on line 1.');
    wrapper.unmount();
  });

  it('puts the API’s field errors on the rows they are about, then posts and opens the entry', async () => {
    let attempt = 0;
    const created = entryJson({ id: 'entry-new', number: 1066 });
    const { wrapper, router, posted } = await mountForm(() => {
      attempt += 1;
      if (attempt === 1) {
        return {
          body: apiError('BAD_USER_INPUT', 'Account 1010 Operating Checking is archived', [
            {
              field: 'lines.1.accountId',
              message: 'Account 1010 Operating Checking is archived and takes no new postings',
            },
            { field: 'lines', message: 'Debits and credits differ by 0.00' },
          ]),
        };
      }
      return { body: { data: { postJournalEntry: created } } };
    });

    // Row 2 is left blank: the API's "lines.1" is the third row on screen.
    (document.querySelector('[data-testid=add-line]') as HTMLElement).click();
    await flushPromises();
    await chooseAccount(0, 'Landscaping');
    await typeAmount('line-0-debit', '1250');
    await chooseAccount(2, 'Operating Checking');
    await typeAmount('line-2-credit', '1250');
    postButton()?.click();
    await flushPromises();

    expect(posted[0]?.variables.input).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      memo: null,
      lines: [
        { accountId: 'acc-landscaping', debit: '1250.00', credit: null, memo: null },
        { accountId: 'acc-checking', debit: null, credit: '1250.00', memo: null },
      ],
    });
    await vi.waitFor(() =>
      expect($('[data-testid=line-2]')?.textContent).toContain(
        'Account 1010 Operating Checking is archived and takes no new postings',
      ),
    );
    expect($('[data-testid=line-0]')?.textContent).not.toContain('archived');
    expect(text('line-errors')).toBe('The entry was not posted. Fix the line marked above.');
    expect(document.body.textContent).toContain('Debits and credits differ by 0.00');

    postButton()?.click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Journal entry JE-1066 posted'),
    );
    await vi.waitFor(
      () => expect(router.currentRoute.value.fullPath).toBe('/transactions/entry-new'),
      { timeout: 5000 },
    );
    wrapper.unmount();
  });

  it('names a vendor, pre-fills its expense account on an empty line and sends its id', async () => {
    const created = entryJson({ id: 'entry-v', number: 1070 });
    const { wrapper, posted } = await mountForm(() => ({
      body: { data: { postJournalEntry: created } },
    }));
    $('#entry-vendor')?.click();
    await flushPromises();
    const option = [...document.querySelectorAll<HTMLElement>('[role=option]')].find((o) =>
      o.textContent?.includes('Greenway Landscaping'),
    );
    option!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await flushPromises();
    expect($('[data-testid=line-0]')?.textContent).toContain('5010');
    await typeAmount('line-0-debit', '400');
    await chooseAccount(1, 'Operating Checking');
    await typeAmount('line-1-credit', '400');
    postButton()?.click();
    await flushPromises();
    expect(posted[0]?.variables.input).toMatchObject({
      vendorId: 'vendor-greenway',
      lines: [
        { accountId: 'acc-landscaping', debit: '400.00' },
        { accountId: 'acc-checking', credit: '400.00' },
      ],
    });
    wrapper.unmount();
  });
});
