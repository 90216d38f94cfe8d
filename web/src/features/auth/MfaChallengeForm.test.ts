import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/format';
import { useAuthStore } from '@/stores/auth';
import { apiError, installTestClient, mapleRidge, refreshRefused, treasurer } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt } from '@/test/mount';
import LoginPage from './views/LoginPage.vue';

const challenge = {
  __typename: 'MfaChallenge',
  mfaRequired: true,
  challengeToken: 'challenge-1',
  expiresAt: '2026-11-25T12:05:00.000Z',
};
const session = {
  __typename: 'LoginPayload',
  mfaRequired: false,
  accessToken: 'token-after-code',
  hasSeenIntro: true,
  user: { ...treasurer, mfaEnabled: true },
  organization: mapleRidge,
  organizations: [mapleRidge],
};
const codeError = (reason: string, message: string) => ({
  status: 401,
  body: { errors: [{ message, extensions: { code: 'UNAUTHENTICATED', reason } }] },
});

/** A guest whose password is right and whose account has two-step sign-in on. */
function withMfa(verify: (req: GraphQLRequest) => { status?: number; body: unknown }) {
  return installTestClient((req) => {
    if (req.operationName === 'RefreshSession') return refreshRefused;
    if (req.operationName === 'Login') return { body: { data: { login: challenge } } };
    // The other ways in on the page (identity providers): none configured.
    if (req.operationName === 'SsoProviders') return { body: { data: { ssoProviders: [] } } };
    return verify(req);
  });
}

async function toCodeStep() {
  const pinia = freshPinia();
  const router = await routerAt('/login', pinia);
  const wrapper = mountWithApp(LoginPage, { pinia, router });
  await wrapper.get('#login-email').setValue('treasurer@example.com');
  await wrapper.get('#login-password').setValue('secret');
  await wrapper.get('form').trigger('submit');
  await vi.waitFor(() => expect(wrapper.find('[data-testid=mfa-challenge]').exists()).toBe(true));
  return { router, wrapper };
}

describe('the two-step sign-in step', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the app code (numeric, one-time-code), then signs in with it', async () => {
    const sent: Record<string, unknown>[] = [];
    withMfa((req) => {
      sent.push(req.variables);
      return { body: { data: { verifyMfa: session } } };
    });
    const { router, wrapper } = await toCodeStep();
    // No session from the password alone.
    expect(useAuthStore().isAuthenticated).toBe(false);
    expect(wrapper.text()).toContain('Enter the 6-digit code from your authenticator app.');
    const input = wrapper.get('#mfa-code');
    expect(input.attributes('autocomplete')).toBe('one-time-code');
    expect(input.attributes('inputmode')).toBe('numeric');
    // The password step and the other ways in are gone meanwhile.
    expect(wrapper.find('#login-password').exists()).toBe(false);

    await input.setValue('123456');
    await wrapper.get('[data-testid=mfa-challenge]').trigger('submit');
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('dashboard'), {
      timeout: 5000,
    });
    expect(sent).toEqual([{ challengeToken: 'challenge-1', code: '123456' }]);
    expect(useAuthStore().accessToken).toBe('token-after-code');
    wrapper.unmount();
  });

  it('says a wrong code is wrong and keeps the step; a recovery code can be used instead', async () => {
    const codes: unknown[] = [];
    withMfa((req) => {
      codes.push(req.variables.code);
      return codes.length === 1
        ? codeError('MFA_CODE_INVALID', 'That code is not valid')
        : { body: { data: { verifyMfa: session } } };
    });
    const { router, wrapper } = await toCodeStep();
    await wrapper.get('#mfa-code').setValue('000000');
    await wrapper.get('[data-testid=mfa-challenge]').trigger('submit');
    await vi.waitFor(() => expect(wrapper.find('[data-testid=mfa-error]').exists()).toBe(true));
    expect(wrapper.get('[data-testid=mfa-error]').text()).toContain('That code is not valid');
    // A wrong code is not a lost session: still on the code step.
    expect(router.currentRoute.value.name).toBe('login');

    await wrapper.get('[data-testid=mfa-switch]').trigger('click');
    expect(wrapper.text()).toContain('Enter one of the recovery codes');
    expect(wrapper.find('#mfa-code').exists()).toBe(false);
    await wrapper.get('#mfa-recovery-code').setValue('abcd-efgh-jkmn');
    await wrapper.get('[data-testid=mfa-challenge]').trigger('submit');
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('dashboard'), {
      timeout: 5000,
    });
    expect(codes).toEqual(['000000', 'abcd-efgh-jkmn']);
    wrapper.unmount();
  });

  it('when the app is locked, says so and asks for a recovery code, which signs in', async () => {
    const lockedUntil = '2026-11-26T12:00:00.000Z';
    const codes: unknown[] = [];
    withMfa((req) => {
      codes.push(req.variables.code);
      if (codes.length === 1) {
        return {
          status: 401,
          body: {
            errors: [
              {
                message: 'Codes from your authenticator app are locked',
                extensions: { code: 'UNAUTHENTICATED', reason: 'MFA_LOCKED', lockedUntil },
              },
            ],
          },
        };
      }
      return codes.length === 2
        ? codeError('MFA_CODE_INVALID', 'That code is not valid')
        : { body: { data: { verifyMfa: session } } };
    });
    const { router, wrapper } = await toCodeStep();
    await wrapper.get('#mfa-code').setValue('123456');
    await wrapper.get('[data-testid=mfa-challenge]').trigger('submit');
    await vi.waitFor(() =>
      expect(wrapper.find('[data-testid=mfa-app-locked]').exists()).toBe(true),
    );
    const notice = wrapper.get('[data-testid=mfa-app-locked]').text();
    expect(notice).toContain('codes from your authenticator app are locked');
    expect(notice).toContain('recovery codes');
    expect(notice).toContain(formatDateTime(lockedUntil));
    // Straight to the recovery code, focused; the app is no longer offered.
    const input = wrapper.get('#mfa-recovery-code');
    expect(document.activeElement).toBe(input.element);
    expect(wrapper.find('#mfa-code').exists()).toBe(false);
    expect(wrapper.find('[data-testid=mfa-switch]').exists()).toBe(false);
    expect(router.currentRoute.value.name).toBe('login');

    // A wrong recovery code says so, the lock notice stays.
    await input.setValue('aaaa-bbbb-cccc');
    await wrapper.get('[data-testid=mfa-challenge]').trigger('submit');
    await vi.waitFor(() => expect(wrapper.find('[data-testid=mfa-error]').exists()).toBe(true));
    expect(wrapper.get('[data-testid=mfa-error]').text()).toContain('recovery code is not valid');
    expect(wrapper.find('[data-testid=mfa-app-locked]').exists()).toBe(true);

    await wrapper.get('#mfa-recovery-code').setValue('abcd-efgh-jkmn');
    await wrapper.get('[data-testid=mfa-challenge]').trigger('submit');
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('dashboard'), {
      timeout: 5000,
    });
    expect(codes).toEqual(['123456', 'aaaa-bbbb-cccc', 'abcd-efgh-jkmn']);
    wrapper.unmount();
  });

  it('an expired challenge sends the person back to the password', async () => {
    withMfa(() => codeError('MFA_CHALLENGE_EXPIRED', 'This sign-in took too long'));
    const { wrapper } = await toCodeStep();
    await wrapper.get('#mfa-code').setValue('123456');
    await wrapper.get('[data-testid=mfa-challenge]').trigger('submit');
    await vi.waitFor(() => expect(wrapper.find('[data-testid=mfa-error]').exists()).toBe(true));
    expect(wrapper.get('[data-testid=mfa-error]').text()).toContain('took too long');
    expect(wrapper.get('[data-testid=mfa-submit]').attributes('disabled')).toBeDefined();

    await wrapper.get('button.mfa-challenge__link').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid=mfa-challenge]').exists()).toBe(false);
    expect(wrapper.find('#login-password').exists()).toBe(true);
    wrapper.unmount();
  });

  it('locks on RATE_LIMITED and counts down', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let attempts = 0;
    withMfa(() => {
      attempts += 1;
      return {
        status: 429,
        body: {
          errors: [{ message: 'Too many', extensions: { code: 'RATE_LIMITED', retryAfter: 2 } }],
        },
      };
    });
    const { wrapper } = await toCodeStep();
    await wrapper.get('#mfa-code').setValue('123456');
    await wrapper.get('[data-testid=mfa-challenge]').trigger('submit');
    await vi.waitFor(() => expect(wrapper.find('[data-testid=mfa-lockout]').exists()).toBe(true));
    expect(wrapper.get('[data-testid=mfa-lockout]').text()).toContain('Try again in 2 seconds.');
    await wrapper.get('#mfa-code').setValue('654321');
    await wrapper.get('[data-testid=mfa-challenge]').trigger('submit');
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(wrapper.find('[data-testid=mfa-lockout]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('asks for the code without calling the API when it is empty', async () => {
    const { fetch } = withMfa(() => ({ body: apiError('INTERNAL', 'should not be called') }));
    const { wrapper } = await toCodeStep();
    fetch.mockClear();
    await wrapper.get('[data-testid=mfa-challenge]').trigger('submit');
    expect(wrapper.text()).toContain('Enter the 6-digit code.');
    expect(fetch).not.toHaveBeenCalled();
    wrapper.unmount();
  });
});
