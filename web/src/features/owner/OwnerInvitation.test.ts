import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ActivateInvitationPage from '@/features/auth/views/ActivateInvitationPage.vue';
import { useAuthStore } from '@/stores/auth';
import { useOrganizationStore } from '@/stores/organization';
import { installTestClient, mapleRidge, refreshRefused, sessionPayload } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt } from '@/test/mount';

// A homeowner's invitation is the platform's own (role OWNER): accepting it, as a new account or
// an existing one, opens the owner portal rather than the association's books.
const ownerOfMaple = { ...mapleRidge, role: 'OWNER' as const };
const elsewhere = { ...mapleRidge, id: 'org-9', name: 'Cedar Court HOA', role: 'ADMIN' as const };

const invitation = (userExists: boolean): GraphQLReply => ({
  body: {
    data: {
      invitation: {
        __typename: 'InvitationInfo',
        email: 'jordan@example.com',
        organizationName: 'Maple Ridge HOA',
        role: 'OWNER',
        userExists,
      },
    },
  },
});

async function mountActivate(reply: (req: GraphQLRequest) => GraphQLReply, signedIn = false) {
  installTestClient((req) =>
    req.operationName === 'RefreshSession' ? refreshRefused : reply(req),
  );
  const pinia = freshPinia();
  if (signedIn) {
    useAuthStore().setSession(
      sessionPayload({ organization: elsewhere, organizations: [elsewhere] }),
    );
  }
  const router = await routerAt('/activate?token=inv-owner', pinia);
  const wrapper = mountWithApp(ActivateInvitationPage, { pinia, router });
  await flushPromises();
  return { wrapper, router };
}

describe('accepting an owner’s invitation', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('a new owner sets a password and lands on the owner portal', async () => {
    const { wrapper, router } = await mountActivate((req) => {
      if (req.operationName === 'Invitation') return invitation(false);
      return {
        body: {
          data: {
            acceptInvitation: {
              ...sessionPayload({
                user: { email: 'jordan@example.com', name: 'Jordan Alvarez' },
                organization: ownerOfMaple,
              }),
              __typename: 'LoginPayload',
              accessToken: 'token-owner',
              hasSeenIntro: false,
            },
          },
        },
      };
    });
    expect(wrapper.text()).toContain('as an owner');
    expect(wrapper.text()).toContain(
      'to see your balance, statements and the association’s documents',
    );
    expect(wrapper.text()).not.toContain('open its books');

    await wrapper.get('#activate-name').setValue('Jordan Alvarez');
    await wrapper.get('#activate-password').setValue('correct horse battery staple');
    await wrapper.get('#activate-confirm').setValue('correct horse battery staple');
    await wrapper.get('form').trigger('submit');
    await vi.waitFor(() => expect(router.currentRoute.value.fullPath).toBe('/owner'));
    expect(useOrganizationStore().role).toBe('OWNER');
    wrapper.unmount();
  });

  it('a signed-in person joins as an owner and the session moves to the owner portal', async () => {
    const { wrapper, router } = await mountActivate((req) => {
      if (req.operationName === 'Invitation') return invitation(true);
      if (req.operationName === 'JoinOrganization') {
        return { body: { data: { joinOrganization: ownerOfMaple } } };
      }
      if (req.operationName === 'SwitchOrganization') {
        return {
          body: {
            data: {
              switchOrganization: sessionPayload({
                organization: ownerOfMaple,
                organizations: [ownerOfMaple, elsewhere],
              }),
            },
          },
        };
      }
      return { body: {} };
    }, true);
    await wrapper.get('[data-testid=activate-join]').trigger('click');
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('owner-home'));
    wrapper.unmount();
  });
});
