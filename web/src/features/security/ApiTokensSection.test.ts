import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import {
  apiError,
  installTestClient,
  mapleRidge,
  sessionPayload,
  willowCreek,
} from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, withToast } from '@/test/mount';
import ApiTokensSection from './components/ApiTokensSection.vue';

const TOKEN = `cov_pat_${'x'.repeat(43)}`;

interface Row {
  __typename: 'ApiToken';
  id: string;
  name: string;
  organizationId: string;
  organizationName: string;
  access: 'ROLE' | 'READ_ONLY';
  prefix: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  state: 'ACTIVE' | 'EXPIRED' | 'REVOKED';
}

const reports: Row = {
  __typename: 'ApiToken',
  id: 'tok-1',
  name: 'Monthly reports',
  organizationId: 'org-1',
  organizationName: 'Maple Ridge HOA',
  access: 'READ_ONLY',
  prefix: 'cov_pat_AbCd',
  createdAt: '2026-03-02T15:00:00.000Z',
  expiresAt: '2026-05-31T15:00:00.000Z',
  lastUsedAt: '2026-03-04T09:30:00.000Z',
  revokedAt: null,
  state: 'ACTIVE',
};

function api(initial: Row[], opts: { impersonating?: boolean } = {}) {
  let rows = [...initial];
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    const v = req.variables;
    switch (req.operationName) {
      case 'Me':
        return {
          body: {
            data: {
              me: {
                ...sessionPayload(),
                __typename: 'Me',
                impersonatedBy: opts.impersonating
                  ? { __typename: 'User', id: 'admin-1', email: 'root@example.com', name: null }
                  : null,
              },
            },
          },
        };
      case 'ApiTokens':
        return { body: { data: { apiTokens: rows } } };
      case 'CreateApiToken': {
        const input = v.input as { name: string; organizationId: string; access: Row['access'] };
        if (input.name === 'Taken') {
          return {
            body: apiError('CONFLICT', 'You already have a token with this name', [
              { field: 'name', message: 'You already have a token with this name; choose another' },
            ]),
          };
        }
        const added: Row = {
          ...reports,
          id: 'tok-2',
          name: input.name,
          organizationId: input.organizationId,
          access: input.access,
          lastUsedAt: null,
        };
        rows = [added, ...rows];
        return {
          body: {
            data: {
              createApiToken: { __typename: 'CreatedApiToken', token: TOKEN, apiToken: added },
            },
          },
        };
      }
      case 'RevokeApiToken': {
        rows = rows.map((r) =>
          r.id === v.id ? { ...r, state: 'REVOKED', revokedAt: '2026-03-06T10:00:00.000Z' } : r,
        );
        return { body: { data: { revokeApiToken: rows.find((r) => r.id === v.id) } } };
      }
      default:
        throw new Error(`Unexpected ${req.operationName}`);
    }
  });
  return requests;
}

async function mountSection() {
  const pinia = freshPinia();
  useAuthStore().setSession(sessionPayload({ organizations: [mapleRidge, willowCreek] }));
  const router = await routerAt('/security', pinia);
  const wrapper = mountWithApp(withToast(ApiTokensSection), { pinia, router });
  await flushPromises();
  return wrapper;
}

function byTestId(testid: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-testid="${testid}"]`);
  if (!el) throw new Error(`No ${testid}`);
  return el;
}

async function typeInto(testid: string, value: string) {
  const input = byTestId(testid) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

describe('ApiTokensSection', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists tokens with association, access, expiry, last use and state', async () => {
    api([
      reports,
      {
        ...reports,
        id: 'tok-3',
        name: 'Old script',
        access: 'ROLE',
        lastUsedAt: null,
        state: 'REVOKED',
        revokedAt: '2026-03-05T10:00:00.000Z',
      },
    ]);
    const wrapper = await mountSection();
    const rows = wrapper.findAll('[data-testid=api-tokens-list] li');
    expect(rows.map((r) => r.get('[data-testid=api-token-name]').text())).toEqual([
      'Monthly reports',
      'Old script',
    ]);
    expect(rows[0]!.text()).toContain('Maple Ridge HOA');
    expect(rows[0]!.text()).toContain('Read-only');
    expect(rows[0]!.text()).toContain('Expires May 31, 2026');
    expect(rows[0]!.text()).toContain('cov_pat_AbCd…');
    expect(rows[0]!.get('[data-testid=api-token-state]').text()).toBe('Active');
    expect(rows[1]!.get('[data-testid=api-token-state]').text()).toBe('Revoked');
    expect(rows[1]!.text()).toContain('Your role');
    expect(rows[1]!.get('[data-testid=api-token-last-used]').text()).toBe('Never used');
    // Only an active token has actions (revoke).
    expect(rows[0]!.find('[data-testid=api-token-actions-tok-1]').exists()).toBe(true);
    expect(rows[1]!.find('[data-testid=api-token-actions-tok-3]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('says what belongs here when there are none', async () => {
    api([]);
    const wrapper = await mountSection();
    expect(wrapper.get('[data-testid=api-tokens-empty]').text()).toContain('no API tokens');
    wrapper.unmount();
  });

  it('says in place how a token is sent, with this app’s own address', async () => {
    api([]);
    const wrapper = await mountSection();
    const usage = byTestId('api-tokens-usage').textContent ?? '';
    expect(usage).toContain(`POST ${window.location.origin}/graphql`);
    expect(usage).toContain('Authorization: Bearer <token>');
    expect(usage).toContain('docs/api.md');
    // Not sent off to a document the app does not show.
    expect(wrapper.text()).not.toContain('README');
    wrapper.unmount();
  });

  it('creates a token, shows it once with Copy and a warning, and forgets it on close', async () => {
    const requests = api([reports]);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const wrapper = await mountSection();

    await wrapper.get('[data-testid=new-api-token]').trigger('click');
    await flushPromises();
    // The name is required, checked before asking the API.
    byTestId('api-token-create').click();
    await flushPromises();
    expect(document.body.textContent).toContain('Give the token a name');
    expect(requests.some((r) => r.operationName === 'CreateApiToken')).toBe(false);

    // A name in use: the API's refusal under the field.
    await typeInto('api-token-name-input', 'Taken');
    byTestId('api-token-create').click();
    await flushPromises();
    expect(document.querySelector('#api-token-name-error')?.textContent).toContain(
      'already have a token with this name',
    );

    await typeInto('api-token-name-input', '  Budget export  ');
    byTestId('api-token-create').click();
    await flushPromises();
    const sent = requests.filter((r) => r.operationName === 'CreateApiToken').at(-1)!;
    // The current association, read-only and 90 days unless chosen otherwise.
    expect(sent.variables.input).toEqual({
      name: 'Budget export',
      organizationId: 'org-1',
      access: 'READ_ONLY',
      expiresInDays: 90,
    });

    expect((byTestId('api-token-value') as HTMLInputElement).value).toBe(TOKEN);
    expect(byTestId('api-token-warning').textContent).toContain('will not be shown again');
    byTestId('api-token-copy').click();
    await flushPromises();
    expect(writeText).toHaveBeenCalledWith(TOKEN);
    await vi.waitFor(() => expect(document.body.textContent).toContain('Token copied'));

    const rows = wrapper.findAll('[data-testid=api-tokens-list] li');
    expect(rows[0]!.get('[data-testid=api-token-name]').text()).toBe('Budget export');

    byTestId('api-token-done').click();
    await flushPromises();
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid=api-token-value]')).toBeNull(),
    );
    expect(document.body.innerHTML).not.toContain(TOKEN);
    wrapper.unmount();
  });

  it('names the association’s role in the access choice', async () => {
    api([]);
    const wrapper = await mountSection();
    await wrapper.get('[data-testid=new-api-token]').trigger('click');
    await flushPromises();
    byTestId('api-token-access').click();
    await flushPromises();
    const options = [...document.querySelectorAll('[role=option]')].map((o) => o.textContent);
    expect(options).toEqual(['My role (Admin)', 'Read-only']);
    wrapper.unmount();
  });

  it('revokes after a confirmation naming the token', async () => {
    const requests = api([reports]);
    const wrapper = await mountSection();
    await wrapper.get('[data-testid=api-token-actions-tok-1]').trigger('click');
    await flushPromises();
    const item = [
      ...document.querySelectorAll<HTMLElement>('#api-token-row-menu [role=menuitem]'),
    ].find((el) => el.textContent?.includes('Revoke'))!;
    item.querySelector<HTMLElement>('a, .p-menu-item-link, .p-menu-item-content')!.click();
    await flushPromises();
    expect(document.body.textContent).toContain('Revoke token “Monthly reports”?');
    byTestId('api-token-revoke-confirm').click();
    await flushPromises();
    expect(requests.find((r) => r.operationName === 'RevokeApiToken')?.variables).toEqual({
      id: 'tok-1',
    });
    await vi.waitFor(() =>
      expect(wrapper.get('[data-testid=api-token-state]').text()).toBe('Revoked'),
    );
    expect(wrapper.find('[data-testid=api-token-actions-tok-1]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('creates and revokes nothing while impersonating', async () => {
    api([reports], { impersonating: true });
    const wrapper = await mountSection();
    expect(wrapper.get('[data-testid=new-api-token]').attributes('disabled')).toBeDefined();
    wrapper.unmount();
  });
});
