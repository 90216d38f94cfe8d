import { flushPromises } from '@vue/test-utils';
import Toast from 'primevue/toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import type { OrganizationMembership } from '@/apollo/types';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import AccountsPage from './views/AccountsPage.vue';

const membership = (role: OrganizationMembership['role']): OrganizationMembership => ({
  id: 'org-1',
  name: 'Maple Ridge HOA',
  role,
  status: 'ACTIVE',
});

let nextId = 1;
const account = (number: string, name: string, type: string, fundType = 'OPERATING') => ({
  __typename: 'Account',
  id: `acc-${nextId++}`,
  number,
  name,
  type,
  fundType,
  description: null,
  archived: false,
  createdAt: '2026-11-22T10:00:00.000Z',
});

// The page plus the app's Toast outlet, as App.vue renders them.
const PageWithToast = defineComponent({
  setup: () => () => [h(Toast), h(AccountsPage)],
});

async function mountPage(
  role: OrganizationMembership['role'],
  handler: (req: GraphQLRequest) => { status?: number; body: unknown },
) {
  installTestClient(handler);
  const pinia = freshPinia();
  signIn({ email: 'someone@example.com' }, membership(role));
  const router = await routerAt('/accounts', pinia);
  const wrapper = mountWithApp(PageWithToast, { pinia, router });
  await flushPromises();
  return wrapper;
}

function openDialogButton(): HTMLButtonElement {
  const button = document.querySelector<HTMLButtonElement>('[data-testid=new-account]');
  if (!button) throw new Error('New account button missing');
  return button;
}

describe('AccountsPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = '';
  });

  it('lists accounts by type then number, with a context line', async () => {
    const wrapper = await mountPage('ADMIN', () => ({
      body: {
        data: {
          accounts: [
            account('4010', 'Regular Assessments', 'INCOME'),
            account('1510', 'Reserve Savings', 'ASSET', 'RESERVE'),
            account('1010', 'Operating Checking', 'ASSET'),
          ],
        },
      },
    }));

    expect(wrapper.text()).toContain('3 accounts · Operating and reserve funds');
    const numbers = wrapper
      .findAll('[data-testid=accounts-table] tbody tr td:first-child')
      .map((td) => td.text())
      .filter((t) => /^\d+$/.test(t));
    expect(numbers).toEqual(['1010', '1510', '4010']);
    expect(wrapper.text()).toContain('Assets');
    expect(wrapper.text()).toContain('Reserve');
    wrapper.unmount();
  });

  it('shows an empty state with a button when there are no accounts', async () => {
    const wrapper = await mountPage('USER', () => ({ body: { data: { accounts: [] } } }));
    expect(wrapper.text()).toContain('No accounts yet');
    expect(wrapper.findAll('button').filter((b) => b.text() === 'New account')).toHaveLength(2);
    wrapper.unmount();
  });

  it('disables "New account" for viewers and says why', async () => {
    const wrapper = await mountPage('VIEWER', () => ({
      body: { data: { accounts: [account('1010', 'Operating Checking', 'ASSET')] } },
    }));
    expect(wrapper.find('[data-testid=new-account]').exists()).toBe(false);
    const readonly = wrapper.get('[data-testid=new-account-readonly]');
    expect(readonly.get('button').attributes('disabled')).toBeDefined();
    expect(readonly.attributes('aria-label')).toMatch(/Viewer \(read-only\)/);
    wrapper.unmount();
  });

  it('creates an account: field error from a CONFLICT, then a toast and the new row', async () => {
    const created: unknown[] = [];
    const wrapper = await mountPage('ADMIN', (req) => {
      if (req.operationName === 'Accounts') {
        return { body: { data: { accounts: [account('1010', 'Operating Checking', 'ASSET')] } } };
      }
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
    });

    openDialogButton().click();
    await flushPromises();
    const number = document.querySelector<HTMLInputElement>('#account-number');
    const name = document.querySelector<HTMLInputElement>('#account-name');
    expect(number && name).toBeTruthy();

    // Required fields are checked before any request.
    document.querySelector<HTMLButtonElement>('[data-testid=create-account-submit]')?.click();
    await flushPromises();
    expect(document.body.textContent).toContain('Choose the account type.');
    expect(created).toHaveLength(0);

    number!.value = '1010';
    number!.dispatchEvent(new Event('input'));
    name!.value = 'Operating Checking';
    name!.dispatchEvent(new Event('input'));
    document.querySelector<HTMLElement>('#account-type')?.click();
    await flushPromises();
    const asset = [...document.querySelectorAll<HTMLElement>('[role=option]')].find(
      (o) => o.textContent?.trim() === 'Asset',
    );
    // PrimeVue's Select picks an option on mousedown.
    asset?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await flushPromises();
    expect(document.querySelector('#account-type')?.textContent).toBe('Asset');

    document.querySelector<HTMLButtonElement>('[data-testid=create-account-submit]')?.click();
    await vi.waitFor(() =>
      expect(document.querySelector('#account-number-error')?.textContent).toContain(
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

    number!.value = '1020';
    number!.dispatchEvent(new Event('input'));
    name!.value = 'Operating Money Market';
    name!.dispatchEvent(new Event('input'));
    await flushPromises();
    document.querySelector<HTMLButtonElement>('[data-testid=create-account-submit]')?.click();

    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Account 1020 Operating Money Market created'),
    );
    await vi.waitFor(() => expect(wrapper.text()).toContain('2 accounts'));
    expect(wrapper.text()).toContain('Operating Money Market');
    wrapper.unmount();
  });
});
