import { USER_NAME_MAX } from '@covenant/shared/text-limits';
import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { useOrganizationStore } from '@/stores/organization';
import {
  apiError,
  installTestClient,
  mapleRidge,
  refreshRefused,
  sessionPayload,
  treasurer,
} from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt } from '@/test/mount';
import ActivateInvitationPage from './views/ActivateInvitationPage.vue';

const invitation = (userExists: boolean) => ({
  body: {
    data: {
      invitation: {
        __typename: 'InvitationInfo',
        email: 'treasurer@example.com',
        organizationName: 'Maple Ridge HOA',
        role: 'ADMIN',
        userExists,
      },
    },
  },
});

// Where a signed-in existing user is working when they open the link.
const elsewhere = { ...mapleRidge, id: 'org-9', name: 'Cedar Court HOA' };

async function mountActivate(
  reply: (req: GraphQLRequest) => GraphQLReply,
  path = '/activate?token=inv-1',
  signedIn = false,
) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    if (req.operationName === 'RefreshSession') return refreshRefused;
    requests.push(req);
    return reply(req);
  });
  const pinia = freshPinia();
  if (signedIn)
    useAuthStore().setSession(
      sessionPayload({ organization: elsewhere, organizations: [elsewhere] }),
    );
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(ActivateInvitationPage, { pinia, router });
  await flushPromises();
  return { wrapper, requests, router };
}

describe('ActivateInvitationPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('a new user sets name and password, is signed in and lands in the association', async () => {
    const { wrapper, requests, router } = await mountActivate((req) => {
      if (req.operationName === 'Invitation') return invitation(false);
      if (req.variables.password === 'short') {
        return {
          body: apiError('BAD_USER_INPUT', 'Invalid input', [
            { field: 'password', message: 'Use at least 12 characters' },
          ]),
        };
      }
      return {
        body: {
          data: {
            acceptInvitation: {
              __typename: 'LoginPayload',
              accessToken: 'token-new-user',
              hasSeenIntro: false,
              user: treasurer,
              organization: mapleRidge,
              organizations: [mapleRidge],
            },
          },
        },
      };
    });

    expect(wrapper.text()).toContain('Join Maple Ridge HOA');
    expect(wrapper.text()).toContain('as an admin');
    expect((wrapper.get('#activate-email').element as HTMLInputElement).value).toBe(
      'treasurer@example.com',
    );

    // The name stops where the API's does (it would otherwise be cut there without a word).
    expect(wrapper.get('#activate-name').attributes('maxlength')).toBe(String(USER_NAME_MAX));
    await wrapper.get('#activate-name').setValue('Dana Whitfield');
    await wrapper.get('#activate-password').setValue('short');
    await wrapper.get('#activate-confirm').setValue('short');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.get('#activate-password-error').text()).toBe('Use at least 12 characters');

    await wrapper.get('#activate-password').setValue('correct horse battery staple');
    await wrapper.get('#activate-confirm').setValue('correct horse battery staple');
    await wrapper.get('form').trigger('submit');

    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('dashboard'), {
      timeout: 5000,
    });
    expect(requests.at(-1)?.variables).toEqual({
      token: 'inv-1',
      password: 'correct horse battery staple',
      name: 'Dana Whitfield',
    });
    expect(useAuthStore().accessToken).toBe('token-new-user');
    expect(useOrganizationStore().current?.name).toBe('Maple Ridge HOA');
    wrapper.unmount();
  });

  it('asks an existing user to sign in first, coming back to this page (nothing joined yet)', async () => {
    const { wrapper, requests } = await mountActivate(() => invitation(true));
    const box = wrapper.get('[data-testid=activate-existing-user]');
    expect(box.text()).toContain('Join Maple Ridge HOA');
    expect(box.text()).not.toContain("You've joined");
    expect(box.text()).toContain('treasurer@example.com');
    const href = wrapper.get('[data-testid=activate-sign-in]').attributes('href')!;
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('email')).toBe('treasurer@example.com');
    expect(url.searchParams.get('redirect')).toBe('/activate?token=inv-1');
    expect(wrapper.find('form').exists()).toBe(false);
    expect(requests.map((r) => r.operationName)).toEqual(['Invitation']);
    wrapper.unmount();
  });

  it('a signed-in existing user accepts, then the session moves to the association', async () => {
    const { wrapper, requests, router } = await mountActivate(
      (req) => {
        if (req.operationName === 'Invitation') return invitation(true);
        if (req.operationName === 'JoinOrganization') {
          return { body: { data: { joinOrganization: { ...mapleRidge } } } };
        }
        if (req.operationName === 'SwitchOrganization') {
          return { body: { data: { switchOrganization: sessionPayload() } } };
        }
        return { body: {} };
      },
      '/activate?token=inv-1',
      true,
    );
    await wrapper.get('[data-testid=activate-join]').trigger('click');
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('dashboard'), {
      timeout: 5000,
    });
    const join = requests.find((r) => r.operationName === 'JoinOrganization');
    expect(join?.variables).toEqual({ token: 'inv-1' });
    expect(requests.find((r) => r.operationName === 'SwitchOrganization')?.variables).toEqual({
      organizationId: 'org-1',
    });
    expect(useOrganizationStore().current?.name).toBe('Maple Ridge HOA');
    wrapper.unmount();
  });

  it('tells someone signed in as another person that the invitation is not theirs', async () => {
    const { wrapper } = await mountActivate(
      (req) =>
        req.operationName === 'Invitation'
          ? invitation(true)
          : { body: apiError('FORBIDDEN', 'This invitation is for another email address') },
      '/activate?token=inv-1',
      true,
    );
    await wrapper.get('[data-testid=activate-join]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid=activate-join-error]').text()).toContain(
      'Sign out, then sign in as treasurer@example.com to accept.',
    );
    wrapper.unmount();
  });

  it('explains an expired invitation', async () => {
    const { wrapper } = await mountActivate(() => ({
      body: {
        errors: [
          {
            message: 'Invitation expired',
            extensions: { code: 'BAD_USER_INPUT', reason: 'TOKEN_EXPIRED' },
          },
        ],
      },
    }));
    expect(wrapper.get('[data-testid=activate-token-problem]').text()).toContain(
      'This invitation has expired',
    );
    wrapper.unmount();
  });
});
