// Documents of the tests' own (not the app's contract): parsed, not checked against the schema.
import { parse } from 'graphql';
import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Component } from 'vue';
import type { Router } from 'vue-router';
import { useAuthStore } from '@/stores/auth';
import { useOrganizationStore } from '@/stores/organization';
import { apiError, mapleRidge, sessionPayload, willowCreek } from '@/test/graphql';
import type { GraphQLHandler, GraphQLRequest } from '@/test/graphql';
import { freshPinia, installAppClient, mountWithApp, routerAt, withToast } from '@/test/mount';
import AppSidebar from './AppSidebar.vue';
import SuspendedScreen from './SuspendedScreen.vue';

const CACHED = parse(`
  query Accounts {
    accounts {
      id
      name
    }
  }
`);

const SidebarWithToast = withToast(AppSidebar);
const SuspendedWithToast = withToast(SuspendedScreen);

async function mountSwitcher(
  handler: GraphQLHandler,
  options: { at?: string; component?: Component } = {},
) {
  const app: { router?: Router } = {};
  const pinia = freshPinia();
  const { client } = installAppClient(handler, pinia, () => app.router);
  useAuthStore().setSession(
    sessionPayload({ accessToken: 'token-maple', organizations: [mapleRidge, willowCreek] }),
  );
  // Something from Maple Ridge's books is in the cache.
  client.writeQuery({
    query: CACHED,
    data: { accounts: [{ __typename: 'Account', id: 'acc-1', name: 'Maple Operating' }] },
  });
  const router = await routerAt(options.at ?? '/members', pinia);
  app.router = router;
  const wrapper = mountWithApp(options.component ?? SidebarWithToast, { pinia, router });
  return { wrapper, client, router };
}

function option(id: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-testid=org-option-${id}]`);
  if (!el) throw new Error(`No menu option for ${id}`);
  return el;
}

describe('organization switcher', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('is a plain title for someone in one association', async () => {
    const pinia = freshPinia();
    installAppClient(
      () => ({ body: { data: null } }),
      pinia,
      () => undefined,
    );
    useAuthStore().setSession(sessionPayload());
    const router = await routerAt('/accounts', pinia);
    const wrapper = mountWithApp(AppSidebar, { pinia, router });
    expect(wrapper.find('[data-testid=org-switcher]').exists()).toBe(false);
    expect(wrapper.get('[data-testid=org-name]').text()).toBe('Maple Ridge HOA');
    wrapper.unmount();
  });

  it('lists the associations with roles, the current one checked', async () => {
    const { wrapper } = await mountSwitcher(() => ({ body: { data: null } }));

    await wrapper.get('[data-testid=org-switcher]').trigger('click');

    const maple = option('org-1');
    const willow = option('org-2');
    expect(maple.textContent).toContain('Maple Ridge HOA');
    expect(maple.textContent).toContain('Admin');
    expect(maple.getAttribute('aria-current')).toBe('true');
    expect(maple.querySelector('.pi-check')).not.toBeNull();
    expect(willow.textContent).toContain('Willow Creek HOA');
    expect(willow.textContent).toContain('Viewer');
    expect(willow.getAttribute('aria-current')).toBeNull();
    wrapper.unmount();
  });

  it('switches: new token and organization (with settings), cache reset, then /dashboard', async () => {
    const requests: GraphQLRequest[] = [];
    const { wrapper, client, router } = await mountSwitcher((req) => {
      requests.push(req);
      return {
        body: {
          data: {
            switchOrganization: sessionPayload({
              accessToken: 'token-willow',
              organization: { ...willowCreek, settings: { locale: 'en-GB' } },
              organizations: [mapleRidge, willowCreek],
            }),
          },
        },
      };
    });

    await wrapper.get('[data-testid=org-switcher]').trigger('click');
    option('org-2').click();

    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('dashboard'), {
      timeout: 5000,
    });
    expect(requests.map((r) => r.operationName)).toEqual(['SwitchOrganization']);
    expect(requests[0]?.variables).toEqual({ organizationId: 'org-2' });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-maple');

    expect(useAuthStore().accessToken).toBe('token-willow');
    const organization = useOrganizationStore();
    expect(organization.current?.name).toBe('Willow Creek HOA');
    expect(organization.current?.settings).toEqual({ locale: 'en-GB' });
    expect(organization.role).toBe('VIEWER');
    // Nothing of Maple Ridge's books is left to show under Willow Creek's name.
    expect(JSON.stringify(client.cache.extract())).not.toContain('Maple Operating');
    await flushPromises();
    expect(wrapper.get('[data-testid=org-name]').text()).toBe('Willow Creek HOA');
    expect(document.body.textContent).toContain('Switched to Willow Creek HOA');
    wrapper.unmount();
  });

  it('says so in a toast when the association is suspended (ORG_INACTIVE), and stays', async () => {
    const { wrapper, router } = await mountSwitcher(() => ({
      status: 403,
      body: apiError('ORG_INACTIVE', 'Willow Creek HOA is suspended'),
    }));

    await wrapper.get('[data-testid=org-switcher]').trigger('click');
    option('org-2').click();

    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Willow Creek HOA is suspended'),
    );
    const organization = useOrganizationStore();
    expect(organization.current?.id).toBe('org-1');
    expect(organization.inactive).toBe(false);
    expect(useAuthStore().accessToken).toBe('token-maple');
    expect(router.currentRoute.value.name).toBe('members');
    wrapper.unmount();
  });

  it('is offered on the suspended screen to members of other associations', async () => {
    const { wrapper, router } = await mountSwitcher(
      () => ({
        body: {
          data: {
            switchOrganization: sessionPayload({
              accessToken: 'token-willow',
              organization: willowCreek,
              organizations: [mapleRidge, willowCreek],
            }),
          },
        },
      }),
      { at: '/accounts', component: SuspendedWithToast },
    );
    useOrganizationStore().markInactive();
    await flushPromises();

    await wrapper.get('[data-testid=suspended-switch]').trigger('click');
    option('org-2').click();

    await vi.waitFor(() => expect(useOrganizationStore().current?.id).toBe('org-2'));
    expect(useOrganizationStore().inactive).toBe(false);
    expect(router.currentRoute.value.name).toBe('dashboard');
    wrapper.unmount();
  });
});
