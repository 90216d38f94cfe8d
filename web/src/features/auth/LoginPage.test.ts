import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { apiError, installTestClient, mapleRidge, treasurer } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt } from '@/test/mount';
import LoginPage from './views/LoginPage.vue';

async function fillAndSubmit(wrapper: ReturnType<typeof mountWithApp>, password = 'secret') {
  await wrapper.get('#login-email').setValue('treasurer@example.com');
  await wrapper.get('#login-password').setValue(password);
  await wrapper.get('form').trigger('submit');
}

describe('LoginPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = '';
  });

  it('shows the API message when the credentials are wrong, and stays on /login', async () => {
    installTestClient(() => ({
      status: 401,
      body: apiError('UNAUTHENTICATED', 'Invalid email or password'),
    }));
    const pinia = freshPinia();
    const router = await routerAt('/login', pinia);
    const wrapper = mountWithApp(LoginPage, { pinia, router });

    await fillAndSubmit(wrapper, 'wrong');
    await flushPromises();

    expect(wrapper.get('[data-testid=login-error]').text()).toContain('Invalid email or password');
    expect(router.currentRoute.value.name).toBe('login');
    expect(useAuthStore().isAuthenticated).toBe(false);
    wrapper.unmount();
  });

  it('asks for missing fields without calling the API', async () => {
    const { fetch } = installTestClient(() => ({ body: {} }));
    const pinia = freshPinia();
    const router = await routerAt('/login', pinia);
    const wrapper = mountWithApp(LoginPage, { pinia, router });

    await wrapper.get('form').trigger('submit');

    expect(wrapper.text()).toContain('Enter your email address.');
    expect(wrapper.text()).toContain('Enter your password.');
    expect(fetch).not.toHaveBeenCalled();
    wrapper.unmount();
  });

  it('signs in and goes to the accounts page', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    installTestClient(async () => {
      await gate;
      return {
        body: {
          data: {
            login: {
              __typename: 'LoginPayload',
              accessToken: 'token-abc',
              hasSeenIntro: true,
              user: treasurer,
              organization: mapleRidge,
              organizations: [mapleRidge],
            },
          },
        },
      };
    });
    const pinia = freshPinia();
    const router = await routerAt('/login', pinia);
    const wrapper = mountWithApp(LoginPage, { pinia, router });

    await fillAndSubmit(wrapper);
    // Loading state while the API answers.
    expect(wrapper.get('[data-testid=login-submit]').text()).toContain('Signing in');
    release();

    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('accounts'));
    expect(useAuthStore().accessToken).toBe('token-abc');
    wrapper.unmount();
  });
});
