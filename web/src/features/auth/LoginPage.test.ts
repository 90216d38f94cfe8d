import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { apiError, installTestClient, mapleRidge, refreshRefused, treasurer } from '@/test/graphql';
import type { GraphQLHandler } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt } from '@/test/mount';
import LoginPage from './views/LoginPage.vue';

async function fillAndSubmit(wrapper: ReturnType<typeof mountWithApp>, password = 'secret') {
  await wrapper.get('#login-email').setValue('treasurer@example.com');
  await wrapper.get('#login-password').setValue(password);
  await wrapper.get('form').trigger('submit');
}

/** A guest (the start-up refresh finds no cookie) whose Login is answered by `login`. */
function guestWith(login: GraphQLHandler) {
  return installTestClient((req) => {
    if (req.operationName === 'RefreshSession') return refreshRefused;
    // The identity providers offered under the form (none here).
    if (req.operationName === 'SsoProviders') return { body: { data: { ssoProviders: [] } } };
    return login(req);
  });
}

async function mountLogin(path = '/login') {
  const pinia = freshPinia();
  const router = await routerAt(path, pinia);
  const wrapper = mountWithApp(LoginPage, { pinia, router });
  return { router, wrapper };
}

describe('LoginPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the API message when the credentials are wrong, and stays on /login', async () => {
    guestWith(() => ({
      status: 401,
      body: apiError('UNAUTHENTICATED', 'Invalid email or password'),
    }));
    const { router, wrapper } = await mountLogin();

    await fillAndSubmit(wrapper, 'wrong');
    await flushPromises();

    expect(wrapper.get('[data-testid=login-error]').text()).toContain('Invalid email or password');
    expect(router.currentRoute.value.name).toBe('login');
    expect(useAuthStore().isAuthenticated).toBe(false);
    wrapper.unmount();
  });

  it('asks for missing fields without calling the API', async () => {
    const { fetch } = guestWith(() => ({ body: {} }));
    const { wrapper } = await mountLogin();
    fetch.mockClear(); // the start-up refresh

    await wrapper.get('form').trigger('submit');

    expect(wrapper.text()).toContain('Enter your email address.');
    expect(wrapper.text()).toContain('Enter your password.');
    expect(fetch).not.toHaveBeenCalled();
    wrapper.unmount();
  });

  it('signs in and goes to the dashboard', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    guestWith(async () => {
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
    const { router, wrapper } = await mountLogin();

    await fillAndSubmit(wrapper);
    // Loading state while the API answers.
    expect(wrapper.get('[data-testid=login-submit]').text()).toContain('Signing in');
    release();

    // The dashboard is a lazy chunk: its first import can take a while in a cold run.
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('dashboard'), {
      timeout: 5000,
    });
    expect(useAuthStore().accessToken).toBe('token-abc');
    wrapper.unmount();
  });

  it('takes the platform owner to the admin panel, though they belong to an association', async () => {
    guestWith(() => ({
      body: {
        data: {
          login: {
            __typename: 'LoginPayload',
            accessToken: 'token-owner',
            hasSeenIntro: true,
            user: { ...treasurer, isSuperadmin: true, isPlatformOwner: true },
            organization: mapleRidge,
            organizations: [mapleRidge],
          },
        },
      },
    }));
    const { router, wrapper } = await mountLogin();
    await fillAndSubmit(wrapper);
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('platform-home'), {
      timeout: 5000,
    });
    wrapper.unmount();

    // Sent to sign in on the way to a page, they go on to that page.
    const again = await mountLogin('/login?redirect=/accounts');
    useAuthStore().clearSession();
    await fillAndSubmit(again.wrapper);
    await vi.waitFor(() => expect(again.router.currentRoute.value.fullPath).toBe('/accounts'), {
      timeout: 5000,
    });
    again.wrapper.unmount();
  });

  it('locks the form on RATE_LIMITED and counts down extensions.retryAfter', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let attempts = 0;
    guestWith(() => {
      attempts += 1;
      return {
        status: 429,
        body: {
          errors: [
            {
              message: 'Too many sign-in attempts',
              extensions: { code: 'RATE_LIMITED', retryAfter: 3 },
            },
          ],
        },
      };
    });
    const { wrapper } = await mountLogin();

    await fillAndSubmit(wrapper);
    await vi.waitFor(() => expect(wrapper.find('[data-testid=login-lockout]').exists()).toBe(true));

    const lockout = () => wrapper.get('[data-testid=login-lockout]').text();
    const submit = () => wrapper.get('[data-testid=login-submit]');
    expect(lockout()).toContain('Too many sign-in attempts. Try again in 3 seconds.');
    expect(submit().attributes('disabled')).toBeDefined();
    expect(wrapper.find('[data-testid=login-error]').exists()).toBe(false);

    // Submitting (Enter in a field) while locked asks nothing of the API.
    await wrapper.get('#login-password').setValue('again');
    await wrapper.get('form').trigger('submit');
    expect(attempts).toBe(1);

    await vi.advanceTimersByTimeAsync(1000);
    expect(lockout()).toContain('Try again in 2 seconds.');
    await vi.advanceTimersByTimeAsync(1000);
    expect(lockout()).toContain('Try again in 1 second.');
    await vi.advanceTimersByTimeAsync(1000);

    expect(wrapper.find('[data-testid=login-lockout]').exists()).toBe(false);
    expect(submit().attributes('disabled')).toBeUndefined();
    wrapper.unmount();
  });

  it('links to "Forgot password?", carrying the email typed so far', async () => {
    guestWith(() => ({ body: {} }));
    const { router, wrapper } = await mountLogin('/login?email=dana%40example.com');

    expect((wrapper.get('#login-email').element as HTMLInputElement).value).toBe(
      'dana@example.com',
    );
    const link = wrapper.get('[data-testid=forgot-password-link]');
    expect(link.text()).toBe('Forgot password?');
    expect(link.attributes('href')).toBe('/forgot-password?email=dana@example.com');
    await link.trigger('click');
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('forgot-password'));
    wrapper.unmount();
  });

  it('says the session expired only when there had been one', async () => {
    guestWith(() => ({ body: {} }));
    const { wrapper } = await mountLogin();
    expect(wrapper.text()).not.toContain('expired');

    useAuthStore().clearSession('expired');
    await flushPromises();
    expect(wrapper.text()).toContain('Your session has expired, please sign in again.');
    wrapper.unmount();
  });
});
