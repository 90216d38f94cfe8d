import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganizationMembership } from '@/apollo/types';
import DateField from '@/components/DateField.vue';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import AccountsPage from './views/AccountsPage.vue';

const membership = (role: OrganizationMembership['role']): OrganizationMembership => ({
  id: 'org-1',
  name: 'Maple Ridge HOA',
  role,
  status: 'ACTIVE',
  settings: {},
});

let nextId = 1;
const account = (
  number: string,
  name: string,
  type: string,
  fundType = 'OPERATING',
  archived = false,
  forecastRole: string | null = null,
) => ({
  __typename: 'Account',
  id: `acc-${nextId++}`,
  number,
  name,
  type,
  fundType,
  description: null,
  forecastRole,
  archived,
  createdAt: '2026-11-22T10:00:00.000Z',
});
type AccountJson = ReturnType<typeof account>;

// What accountBalances answers: every account, balance in its normal direction.
const balances = (accounts: AccountJson[], amounts: Record<string, string> = {}) => ({
  data: {
    accountBalances: accounts.map((a) => ({
      __typename: 'AccountBalance',
      accountId: a.id,
      number: a.number,
      name: a.name,
      type: a.type,
      fundType: a.fundType,
      archived: a.archived,
      debit: '0.00',
      credit: '0.00',
      balance: amounts[a.number] ?? '0.00',
    })),
  },
});

// What the archive dialog asks first: the balance after every posting.
const closingBalance = (a: AccountJson, balance: string): GraphQLReply => ({
  body: {
    data: {
      accountLedger: { __typename: 'AccountLedger', accountId: a.id, closingBalance: balance },
    },
  },
});

const PageWithToast = withToast(AccountsPage);

async function mountPage(
  role: OrganizationMembership['role'],
  accounts: AccountJson[],
  mutations: (req: GraphQLRequest) => GraphQLReply = () => ({ body: { data: null } }),
  amounts: Record<string, string> = {},
) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'Accounts') {
      const all = req.variables.includeArchived === true;
      return { body: { data: { accounts: accounts.filter((a) => all || !a.archived) } } };
    }
    if (req.operationName === 'AccountBalances') return { body: balances(accounts, amounts) };
    // The account dialog reads the flag of the account it edits (none is a transfer account here).
    if (req.operationName === 'AccountInterfundTransfer') {
      const account = { __typename: 'Account', id: req.variables.id, interfundTransfer: false };
      return { body: { data: { account } } };
    }
    return mutations(req);
  });
  const pinia = freshPinia();
  signIn({ email: 'someone@example.com' }, membership(role));
  const router = await routerAt('/accounts', pinia);
  const wrapper = mountWithApp(PageWithToast, { pinia, router });
  await flushPromises();
  return { wrapper, requests, router };
}

const $ = <T extends HTMLElement = HTMLElement>(selector: string) =>
  document.querySelector<T>(selector);

function type(selector: string, value: string): void {
  const input = $<HTMLInputElement>(selector);
  if (!input) throw new Error(`No ${selector}`);
  input.value = value;
  input.dispatchEvent(new Event('input'));
}

async function choose(comboboxId: string, label: string): Promise<void> {
  // The overlay opens on click; one still closing from the last pick can swallow it, so open again
  // until the option shows.
  const option = await vi.waitFor(async () => {
    if (!document.querySelector('[role=option]')) {
      $(`#${comboboxId}`)?.click();
      await flushPromises();
    }
    const found = [...document.querySelectorAll<HTMLElement>('[role=option]')].find(
      (o) => o.textContent?.trim() === label,
    );
    if (!found) throw new Error(`No option ${label}`);
    return found;
  });
  // PrimeVue's Select picks an option on mousedown.
  option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  await flushPromises();
}

// The account form is fetched the first time it opens (a lazy chunk).
async function formOpen(): Promise<void> {
  await flushPromises();
  await vi.waitFor(() => expect($('#account-number')).toBeTruthy());
}

function rowMenuItem(label: string): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>('#account-row-menu [role=menuitem]')].find(
    (el) => el.textContent?.includes(label),
  );
}

describe('AccountsPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = '';
  });

  it('groups accounts by type and fund, with current balances (negatives in parentheses)', async () => {
    const { wrapper, requests } = await mountPage(
      'ADMIN',
      [
        account('4010', 'Regular Assessments', 'INCOME'),
        account('1510', 'Reserve Savings', 'ASSET', 'RESERVE'),
        account('1010', 'Operating Checking', 'ASSET'),
        account('1020', 'Operating Savings', 'ASSET'),
      ],
      undefined,
      { '1010': '25000.00', '1020': '-12.50', '1510': '80000.00', '4010': '1200.00' },
    );

    expect(wrapper.text()).toContain('4 accounts · Operating and reserve funds');
    const numbers = wrapper
      .findAll('[data-testid=accounts-table] tbody tr td:first-child')
      .map((td) => td.text())
      .filter((t) => /^\d+$/.test(t));
    expect(numbers).toEqual(['1010', '1020', '1510', '4010']);

    const groups = wrapper.findAll('.accounts-table__group').map((g) => g.text());
    expect(groups).toEqual([
      expect.stringMatching(/^Assets · Operating\s*2\s*\$24,987\.50$/),
      expect.stringMatching(/^Assets · Reserve\s*1\s*\$80,000\.00$/),
      expect.stringMatching(/^Income · Operating\s*1\s*\$1,200\.00$/),
    ]);
    const shown = wrapper.findAll('[data-testid=account-balance]').map((b) => b.text());
    expect(shown).toEqual(['$25,000.00', '($12.50)', '$80,000.00', '$1,200.00']);

    // Current balances: as of today, not counting entries dated in the future.
    const asked = requests.find((r) => r.operationName === 'AccountBalances');
    expect(asked?.variables.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    wrapper.unmount();
  });

  it('shows archived accounts, muted and tagged, only with "Show archived"', async () => {
    const { wrapper, requests } = await mountPage('ADMIN', [
      account('1010', 'Operating Checking', 'ASSET'),
      account('1090', 'Old Petty Cash', 'ASSET', 'OPERATING', true),
    ]);
    expect(wrapper.text()).not.toContain('Old Petty Cash');

    $('#show-archived')?.click();
    await flushPromises();

    expect(requests.filter((r) => r.operationName === 'Accounts').at(-1)?.variables).toEqual({
      includeArchived: true,
    });
    const archivedRow = wrapper
      .findAll('[data-testid=accounts-table] tbody tr')
      .find((tr) => tr.text().includes('Old Petty Cash'));
    expect(archivedRow?.classes()).toContain('accounts-table__row--archived');
    expect(archivedRow?.text()).toContain('Archived');
    expect(wrapper.text()).toContain('1 archived');
    wrapper.unmount();
  });

  it('shows an empty state with a button when there are no accounts', async () => {
    const { wrapper } = await mountPage('USER', []);
    expect(wrapper.text()).toContain('No accounts yet');
    expect(wrapper.findAll('button').filter((b) => b.text() === 'New account')).toHaveLength(2);
    wrapper.unmount();
  });

  it('disables "New account" and the row menu’s changes for viewers, and says why', async () => {
    const { wrapper } = await mountPage('VIEWER', [account('1010', 'Operating Checking', 'ASSET')]);
    expect(wrapper.find('[data-testid=new-account]').exists()).toBe(false);
    const readonly = wrapper.get('[data-testid=new-account-readonly]');
    expect(readonly.get('button').attributes('disabled')).toBeDefined();
    expect(readonly.attributes('aria-label')).toMatch(/Viewer \(read-only\)/);

    $('[data-testid=account-actions-1010]')?.click();
    await flushPromises();
    expect(rowMenuItem('Edit')?.getAttribute('aria-disabled')).toBe('true');
    expect(rowMenuItem('Archive')?.getAttribute('aria-disabled')).toBe('true');
    expect(rowMenuItem('Archive')?.textContent).toContain('Viewers cannot change accounts');
    expect(rowMenuItem('View ledger')?.getAttribute('aria-disabled')).not.toBe('true');
    wrapper.unmount();
  });

  it('opens the account ledger when a row is clicked', async () => {
    const checking = account('1010', 'Operating Checking', 'ASSET');
    const { wrapper, router } = await mountPage('ADMIN', [checking]);
    const row = wrapper
      .findAll('[data-testid=accounts-table] tbody tr')
      .find((tr) => tr.text().includes('Operating Checking'));
    await row?.find('td:nth-child(3)').trigger('click');
    await vi.waitFor(
      () => expect(router.currentRoute.value.fullPath).toBe(`/accounts/${checking.id}`),
      { timeout: 5000 },
    );
    wrapper.unmount();
  });

  it('creates an account: field error from a CONFLICT, then a toast and the new row', async () => {
    const created: unknown[] = [];
    const { wrapper } = await mountPage(
      'ADMIN',
      [account('1010', 'Operating Checking', 'ASSET')],
      (req) => {
        const input = req.variables.input as { number: string; name: string };
        created.push(input);
        if (input.number === '1010') {
          return {
            body: apiError('CONFLICT', 'Account number 1010 already exists', [
              { field: 'number', message: 'Account number 1010 already exists' },
            ]),
          };
        }
        return { body: { data: { createAccount: account(input.number, input.name, 'ASSET') } } };
      },
    );

    $('[data-testid=new-account]')?.click();
    await formOpen();
    expect($('#account-number') && $('#account-name')).toBeTruthy();

    // Required fields are checked before any request.
    $('[data-testid=create-account-submit]')?.click();
    await flushPromises();
    expect(document.body.textContent).toContain('Choose the account type.');
    expect($('#account-number-error')?.textContent).toContain('Enter an account number.');
    expect(created).toHaveLength(0);

    // A message about an empty field goes once the field is filled (not only on the next submit).
    type('#account-number', '1010');
    await flushPromises();
    expect($('#account-number-error')).toBeNull();
    expect(document.body.textContent).toContain('Enter a name for the account.');
    type('#account-name', 'Operating Checking');
    await choose('account-type', 'Asset');
    expect($('#account-type')?.textContent).toBe('Asset');

    $('[data-testid=create-account-submit]')?.click();
    await vi.waitFor(() =>
      expect($('#account-number-error')?.textContent).toContain(
        'Account number 1010 already exists',
      ),
    );
    expect(created).toEqual([
      {
        number: '1010',
        name: 'Operating Checking',
        type: 'ASSET',
        fundType: 'OPERATING',
        description: null,
      },
    ]);

    type('#account-number', '1020');
    type('#account-name', 'Operating Money Market');
    await flushPromises();
    $('[data-testid=create-account-submit]')?.click();

    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Account 1020 Operating Money Market created'),
    );
    await vi.waitFor(() => expect(wrapper.text()).toContain('2 accounts'));
    expect(wrapper.text()).toContain('Operating Money Market');
    wrapper.unmount();
  });

  it('opening balance: optional, needs an "As of" date once given, toast names the amount', async () => {
    const created: Record<string, unknown>[] = [];
    const { wrapper } = await mountPage('ADMIN', [], (req) => {
      const input = req.variables.input as Record<string, string>;
      created.push(input);
      return { body: { data: { createAccount: account(input.number!, input.name!, 'ASSET') } } };
    });

    $('[data-testid=new-account]')?.click();
    await formOpen();
    type('#account-number', '1010');
    type('#account-name', 'Operating Checking');
    await choose('account-type', 'Asset');

    // A balance that is not an amount.
    type('#account-opening-balance', '25,000.001');
    $('[data-testid=create-account-submit]')?.click();
    await flushPromises();
    expect(document.body.textContent).toContain('Use at most two decimals');
    expect(created).toHaveLength(0);

    // A balance without its date.
    type('#account-opening-balance', '25,000');
    $('[data-testid=create-account-submit]')?.click();
    await flushPromises();
    expect($('#account-opening-date-error')?.textContent).toContain(
      'Choose the date of the opening balance.',
    );
    expect(created).toHaveLength(0);

    // With the date: sent as Money and LocalDate.
    const dateField = wrapper.findAllComponents(DateField).at(-1);
    dateField?.vm.$emit('update:modelValue', '2026-01-01');
    await flushPromises();
    $('[data-testid=create-account-submit]')?.click();
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      number: '1010',
      initialBalance: '25000.00',
      openingDate: '2026-01-01',
    });
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain(
        'Account 1010 Operating Checking created with an opening balance of $25,000.00',
      ),
    );
    wrapper.unmount();
  });

  it('edits every field from the row menu, sending only what changed', async () => {
    const checking = account('1010', 'Operating Checking', 'ASSET');
    const updates: unknown[] = [];
    const { wrapper } = await mountPage('ADMIN', [checking], (req) => {
      updates.push(req.variables);
      return {
        body: {
          data: {
            updateAccount: { ...checking, name: 'Main Checking', description: 'First Bank' },
          },
        },
      };
    });

    $('[data-testid=account-actions-1010]')?.click();
    await flushPromises();
    rowMenuItem('Edit')?.querySelector<HTMLElement>('a')?.click();
    await formOpen();

    expect($<HTMLInputElement>('#account-number')?.value).toBe('1010');
    expect($<HTMLInputElement>('#account-name')?.value).toBe('Operating Checking');
    expect($('#account-opening-balance')).toBeNull();
    type('#account-name', 'Main Checking');
    type('#account-description', 'First Bank');
    $('[data-testid=save-account-submit]')?.click();

    await vi.waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toEqual({
      id: checking.id,
      input: { name: 'Main Checking', description: 'First Bank' },
    });
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Account 1010 Main Checking updated'),
    );
    expect(wrapper.text()).toContain('Main Checking');
    wrapper.unmount();
  });

  it('asks for an effective date when the fund of an account with postings changes, and shows refusals under their fields', async () => {
    const savings = account('1020', 'Operating Savings', 'ASSET');
    const updates: Record<string, unknown>[] = [];
    let postingsAsked = 0;
    const { wrapper } = await mountPage('ADMIN', [savings], (req) => {
      if (req.operationName === 'AccountPostings') {
        postingsAsked += 1;
        return {
          body: {
            data: {
              account: {
                __typename: 'Account',
                id: savings.id,
                lastPostingDate: '2026-03-12',
                reclassifications: [],
              },
            },
          },
        };
      }
      const input = req.variables.input as Record<string, unknown>;
      updates.push(input);
      if (input.effectiveDate === '2026-04-01') {
        const message =
          'Account 1020 Operating Savings has postings through 2026-04-01: its new fund can take effect on 2026-04-02 or later';
        return {
          body: apiError('BAD_USER_INPUT', message, [{ field: 'effectiveDate', message }]),
        };
      }
      return { body: { data: { updateAccount: { ...savings, fundType: 'RESERVE' } } } };
    });

    $('[data-testid=account-actions-1020]')?.click();
    await flushPromises();
    rowMenuItem('Edit')?.querySelector<HTMLElement>('a')?.click();
    await formOpen();
    // A plain edit asks nothing more.
    expect($('[data-testid=account-effective-date]')).toBeNull();
    expect(postingsAsked).toBe(0);

    await choose('account-fund', 'Reserve');
    await vi.waitFor(() => expect($('[data-testid=account-effective-date]')).toBeTruthy());
    expect($('#account-effective-date-help')?.textContent).toContain(
      'This account has postings through Mar 12, 2026: reports before the effective date keep its old type and fund, and an entry on that date moves its balance; choose Mar 13, 2026 or later.',
    );

    // Checked before any request: a date is needed, after the latest posting.
    $('[data-testid=save-account-submit]')?.click();
    await flushPromises();
    expect($('#account-effective-date-error')?.textContent).toContain(
      'Choose the date the change takes effect.',
    );
    const dateField = () => wrapper.findAllComponents(DateField).at(-1);
    dateField()?.vm.$emit('update:modelValue', '2026-03-12');
    await flushPromises();
    $('[data-testid=save-account-submit]')?.click();
    await flushPromises();
    expect($('#account-effective-date-error')?.textContent).toContain(
      'Choose Mar 13, 2026 or later.',
    );
    expect(updates).toHaveLength(0);

    // The API's refusal goes under the field it names.
    dateField()?.vm.$emit('update:modelValue', '2026-04-01');
    await flushPromises();
    $('[data-testid=save-account-submit]')?.click();
    await vi.waitFor(() =>
      expect($('#account-effective-date-error')?.textContent).toContain(
        'its new fund can take effect on 2026-04-02 or later',
      ),
    );

    dateField()?.vm.$emit('update:modelValue', '2026-04-02');
    await flushPromises();
    $('[data-testid=save-account-submit]')?.click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Account 1020 Operating Savings updated'),
    );
    expect(updates).toEqual([
      { fundType: 'RESERVE', effectiveDate: '2026-04-01' },
      { fundType: 'RESERVE', effectiveDate: '2026-04-02' },
    ]);
    wrapper.unmount();
  });

  it('changes the fund of an account without postings at once, and shows a control account’s refusal under the fund', async () => {
    const receivable = account('1200', 'Assessments Receivable', 'ASSET');
    const updates: Record<string, unknown>[] = [];
    const { wrapper } = await mountPage('ADMIN', [receivable], (req) => {
      if (req.operationName === 'AccountPostings') {
        return {
          body: {
            data: {
              account: {
                __typename: 'Account',
                id: receivable.id,
                lastPostingDate: null,
                reclassifications: [],
              },
            },
          },
        };
      }
      updates.push(req.variables.input as Record<string, unknown>);
      const message =
        'Assessments Receivable is kept by invoices and payments: its type and fund cannot change';
      return { body: apiError('BAD_USER_INPUT', message, [{ field: 'fundType', message }]) };
    });

    $('[data-testid=account-actions-1200]')?.click();
    await flushPromises();
    rowMenuItem('Edit')?.querySelector<HTMLElement>('a')?.click();
    await formOpen();
    await choose('account-fund', 'Reserve');
    await flushPromises();
    expect($('[data-testid=account-effective-date]')).toBeNull();
    $('[data-testid=save-account-submit]')?.click();
    await vi.waitFor(() =>
      expect($('#account-fund-error')?.textContent).toContain(
        'is kept by invoices and payments: its type and fund cannot change',
      ),
    );
    expect(updates).toEqual([{ fundType: 'RESERVE' }]);
    wrapper.unmount();
  });

  it('offers a role in forecasts only where the type and fund allow one, and sends it', async () => {
    const created: Record<string, unknown>[] = [];
    const { wrapper } = await mountPage('ADMIN', [], (req) => {
      const input = req.variables.input as Record<string, string>;
      created.push(input);
      const a = account(input.number!, input.name!, input.type!, input.fundType!);
      return { body: { data: { createAccount: { ...a, forecastRole: input.forecastRole } } } };
    });
    const roleField = () => $('[data-testid=account-forecast-role]');
    const options = async () => {
      $('#account-forecast-role')?.click();
      await flushPromises();
      const labels = [...document.querySelectorAll('[role=option]')].map((o) =>
        o.textContent?.trim(),
      );
      $('#account-forecast-role')?.click();
      await vi.waitFor(() => expect(document.querySelector('[role=option]')).toBeNull());
      return labels;
    };

    $('[data-testid=new-account]')?.click();
    await formOpen();
    type('#account-number', '5950');
    type('#account-name', 'Board savings');
    // No type yet, an asset: no role is possible.
    expect(roleField()).toBeNull();
    await choose('account-type', 'Asset');
    expect(roleField()).toBeNull();

    await choose('account-type', 'Expense');
    expect(await options()).toEqual(['None', 'Transfer to reserves']);
    expect($('#account-forecast-role-help')?.textContent).toBe(
      'None: an ordinary account in the forecasts.',
    );
    await choose('account-forecast-role', 'Transfer to reserves');
    expect($('#account-forecast-role-help')?.textContent).toBe(
      'Transfer to reserves: the operating side of the reserve contribution — the forecast moves it to the reserve fund.',
    );
    // A reserve expense cannot carry it: the field goes, and the role with it.
    await choose('account-fund', 'Reserve');
    expect(roleField()).toBeNull();
    await choose('account-type', 'Income');
    expect(await options()).toEqual(['None', 'Reserve contribution', 'Interest income']);
    expect($('#account-forecast-role')?.textContent).toBe('None');
    await choose('account-forecast-role', 'Reserve contribution');

    $('[data-testid=create-account-submit]')?.click();
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      number: '5950',
      name: 'Board savings',
      type: 'INCOME',
      fundType: 'RESERVE',
      description: null,
      forecastRole: 'RESERVE_CONTRIBUTION',
    });
    wrapper.unmount();
  });

  it('clears a role when editing, and shows the API’s refusal under the role', async () => {
    const transfer = account(
      '5900',
      'Reserve Contribution',
      'EXPENSE',
      'OPERATING',
      false,
      'RESERVE_TRANSFER',
    );
    const updates: Record<string, unknown>[] = [];
    const { wrapper } = await mountPage('ADMIN', [transfer], (req) => {
      const input = req.variables.input as Record<string, unknown>;
      updates.push(input);
      if (updates.length === 1) {
        const message = 'Transfer to reserves needs an expense account of the operating fund';
        return {
          body: apiError('BAD_USER_INPUT', message, [{ field: 'forecastRole', message }]),
        };
      }
      return { body: { data: { updateAccount: { ...transfer, forecastRole: null } } } };
    });

    $('[data-testid=account-actions-5900]')?.click();
    await flushPromises();
    rowMenuItem('Edit')?.querySelector<HTMLElement>('a')?.click();
    await formOpen();
    expect($('#account-forecast-role')?.textContent).toBe('Transfer to reserves');

    // Saved unchanged first, the API refuses it (the rule could have changed under the form).
    type('#account-name', 'Transfer to Reserves');
    await flushPromises();
    $('[data-testid=save-account-submit]')?.click();
    await vi.waitFor(() =>
      expect($('#account-forecast-role-error')?.textContent).toContain(
        'needs an expense account of the operating fund',
      ),
    );
    await choose('account-forecast-role', 'None');
    $('[data-testid=save-account-submit]')?.click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Account 5900 Reserve Contribution updated'),
    );
    expect(updates).toEqual([
      { name: 'Transfer to Reserves' },
      { name: 'Transfer to Reserves', forecastRole: null },
    ]);
    wrapper.unmount();
  });

  // The reports keep interfund transfers out of income and expense by this flag.
  it('marks an account as a transfer between funds, defaulting from its role', async () => {
    const landscaping = account('5010', 'Landscaping', 'EXPENSE');
    const sent: { op: string; input: Record<string, unknown> }[] = [];
    const { wrapper } = await mountPage('ADMIN', [landscaping], (req) => {
      const input = req.variables.input as Record<string, string>;
      sent.push({ op: req.operationName ?? '', input });
      if (req.operationName === 'UpdateAccount') {
        return { body: { data: { updateAccount: landscaping } } };
      }
      const a = account(input.number!, input.name!, input.type!, input.fundType!);
      return { body: { data: { createAccount: a } } };
    });
    const box = () => $<HTMLInputElement>('#account-interfund-transfer');

    // A new account: the box appears for income and expense, ticked by the reserve-transfer role.
    $('[data-testid=new-account]')?.click();
    await formOpen();
    type('#account-number', '5900');
    type('#account-name', 'Transfer to Reserves');
    await choose('account-type', 'Asset');
    expect(box()).toBeNull();
    await choose('account-type', 'Expense');
    expect(box()?.checked).toBe(false);
    await choose('account-forecast-role', 'Transfer to reserves');
    expect(box()?.checked).toBe(true);
    expect($('#account-interfund-transfer-help')?.textContent).toContain('not in total expense');
    $('[data-testid=create-account-submit]')?.click();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // The role's own default: nothing more to say.
    expect(sent[0]!.input).not.toHaveProperty('interfundTransfer');
    await vi.waitFor(() => expect($('#account-number')).toBeNull());

    // An existing account: its flag is read, and a change is sent.
    $('[data-testid=account-actions-5010]')?.click();
    await flushPromises();
    rowMenuItem('Edit')?.querySelector<HTMLElement>('a')?.click();
    await formOpen();
    await vi.waitFor(() => expect(box()).not.toBeNull());
    expect(box()!.checked).toBe(false);
    box()!.click();
    await flushPromises();
    $('[data-testid=save-account-submit]')?.click();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ op: 'UpdateAccount', input: { interfundTransfer: true } });
    wrapper.unmount();
  });

  it('archives after a confirmation naming the account', async () => {
    const checking = account('1010', 'Operating Checking', 'ASSET');
    const calls: string[] = [];
    const { wrapper } = await mountPage('ADMIN', [checking], (req) => {
      calls.push(`${req.operationName} ${String(req.variables.id)}`);
      if (req.operationName === 'AccountClosingBalance') return closingBalance(checking, '0.00');
      return { body: { data: { archiveAccount: { ...checking, archived: true } } } };
    });

    $('[data-testid=account-actions-1010]')?.click();
    await flushPromises();
    rowMenuItem('Archive')?.querySelector<HTMLElement>('a')?.click();
    await flushPromises();

    expect(document.body.textContent).toContain('Archive 1010 Operating Checking?');
    await vi.waitFor(() =>
      expect($<HTMLButtonElement>('[data-testid=archive-account-confirm]')?.disabled).toBe(false),
    );
    expect(calls).toEqual([`AccountClosingBalance ${checking.id}`]);
    $('[data-testid=archive-account-confirm]')?.click();

    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Account 1010 Operating Checking archived'),
    );
    expect(calls).toEqual([
      `AccountClosingBalance ${checking.id}`,
      `ArchiveAccount ${checking.id}`,
    ]);
    // Gone from the list of active accounts.
    await vi.waitFor(() =>
      expect(wrapper.find('[data-testid=accounts-table]').exists()).toBe(false),
    );
    wrapper.unmount();
  });

  it('says before confirming that an account holding a balance needs its closing entry first', async () => {
    const checking = account('1010', 'Old Checking', 'ASSET');
    const calls: string[] = [];
    const { wrapper, router } = await mountPage('ADMIN', [checking], (req) => {
      calls.push(`${req.operationName} ${String(req.variables.id)}`);
      if (req.operationName === 'AccountClosingBalance') return closingBalance(checking, '250.00');
      return { body: apiError('CONFLICT', 'Old Checking has a balance of $250.00') };
    });

    $('[data-testid=account-actions-1010]')?.click();
    await flushPromises();
    rowMenuItem('Archive')?.querySelector<HTMLElement>('a')?.click();
    await vi.waitFor(() => expect($('[data-testid=archive-account-blocked]')).not.toBeNull());

    // No promise that the balance stays in the books: what must happen first, and the way to it.
    const text = document.body.textContent ?? '';
    expect(text).toContain('1010 Old Checking holds $250.00');
    expect(text).toContain('First post a closing entry');
    expect(text).not.toContain('balance stay');
    expect($<HTMLButtonElement>('[data-testid=archive-account-confirm]')?.disabled).toBe(true);
    $('[data-testid=archive-account-confirm]')?.click();
    await flushPromises();
    expect(calls).toEqual([`AccountClosingBalance ${checking.id}`]);

    $('[data-testid=archive-account-close-entry]')?.click();
    // The entry form is a lazy chunk: its first import can take a while in a cold run.
    await vi.waitFor(
      () =>
        expect(router.currentRoute.value.fullPath).toBe(`/transactions/new?close=${checking.id}`),
      { timeout: 5000 },
    );
    wrapper.unmount();
  });
});
