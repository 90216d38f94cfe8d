import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Router } from 'vue-router';
import { useAuthStore } from '@/stores/auth';
import { useOrganizationStore } from '@/stores/organization';
import { mapleRidge, sessionPayload, treasurer } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, installAppClient, mountWithApp, routerAt } from '@/test/mount';
import ImpersonationBanner from './ImpersonationBanner.vue';

const owner = {
  __typename: 'User',
  id: 'admin-1',
  email: 'owner@covenant.test',
  name: 'Platform Owner',
  isSuperadmin: true,
  isPlatformOwner: true,
  hasSeenIntro: true,
};

function meReply(impersonatedBy: typeof owner | null, user: object = treasurer) {
  return {
    body: {
      data: {
        me: {
          __typename: 'Me',
          user,
          organization: impersonatedBy ? mapleRidge : null,
          organizations: impersonatedBy ? [mapleRidge] : [],
          impersonatedBy: impersonatedBy
            ? { __typename: 'User', id: owner.id, email: owner.email, name: owner.name }
            : null,
        },
      },
    },
  };
}

async function mountBanner(handler: (req: GraphQLRequest) => { status?: number; body: unknown }) {
  const app: { router?: Router } = {};
  const pinia = freshPinia();
  installAppClient(handler, pinia, () => app.router);
  useAuthStore().setSession(sessionPayload({ accessToken: 'token-impersonation' }));
  const router = await routerAt('/accounts', pinia);
  app.router = router;
  const wrapper = mountWithApp(ImpersonationBanner, { pinia, router });
  await flushPromises();
  return { wrapper, router };
}

describe('ImpersonationBanner', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    document.documentElement.className = '';
  });

  it('shows nothing in an ordinary session', async () => {
    const { wrapper } = await mountBanner(() => meReply(null));
    expect(wrapper.find('[data-testid=impersonation-banner]').exists()).toBe(false);
    expect(document.documentElement.classList.contains('cv-impersonating')).toBe(false);
    wrapper.unmount();
  });

  it('says whose eyes you are looking through, and stops: back to /admin without an org', async () => {
    let stopped = false;
    const operations: string[] = [];
    const { wrapper, router } = await mountBanner((req) => {
      operations.push(req.operationName);
      if (req.operationName === 'StopImpersonating') {
        stopped = true;
        return {
          body: {
            data: {
              stopImpersonating: sessionPayload({
                accessToken: 'token-owner',
                user: owner,
                organization: null,
                organizations: [],
              }),
            },
          },
        };
      }
      return stopped ? meReply(null, owner) : meReply(owner);
    });

    const banner = wrapper.get('[data-testid=impersonation-banner]');
    expect(banner.text()).toContain(
      'You are viewing Covenant as treasurer@example.com (Maple Ridge HOA).',
    );
    expect(document.documentElement.classList.contains('cv-impersonating')).toBe(true);

    await wrapper.get('[data-testid=stop-impersonating]').trigger('click');

    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('platform-home'), {
      timeout: 5000,
    });
    expect(useAuthStore().accessToken).toBe('token-owner');
    expect(useAuthStore().user?.email).toBe('owner@covenant.test');
    expect(useOrganizationStore().current).toBeNull();
    // The store was reset and `me` asked again: the band goes away.
    await vi.waitFor(() =>
      expect(wrapper.find('[data-testid=impersonation-banner]').exists()).toBe(false),
    );
    expect(document.documentElement.classList.contains('cv-impersonating')).toBe(false);
    expect(operations).toEqual(['Me', 'StopImpersonating', 'Me']);
    wrapper.unmount();
  });

  it('returns to /accounts when the admin has an organization of their own', async () => {
    const { wrapper, router } = await mountBanner((req) =>
      req.operationName === 'StopImpersonating'
        ? {
            body: {
              data: {
                stopImpersonating: sessionPayload({
                  accessToken: 'token-owner',
                  user: owner,
                  organization: { ...mapleRidge, id: 'org-9', name: 'Owner HOA' },
                }),
              },
            },
          }
        : meReply(owner),
    );
    await router.push('/profile');

    await wrapper.get('[data-testid=stop-impersonating]').trigger('click');

    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('accounts'), {
      timeout: 5000,
    });
    expect(useOrganizationStore().current?.name).toBe('Owner HOA');
    wrapper.unmount();
  });
});
