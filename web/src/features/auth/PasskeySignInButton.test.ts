import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import type { Router } from 'vue-router';
import { apiError, mapleRidge, refreshRefused, treasurer } from '@/test/graphql';
import type { GraphQLHandler, GraphQLRequest } from '@/test/graphql';
import { freshPinia, installAppClient, mountWithApp, routerAt } from '@/test/mount';
import PasskeySignInButton from './components/PasskeySignInButton.vue';

// The browser's WebAuthn prompt is the outside world here; the API is answered over fetch.
const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const OPTIONS = { challenge: 'c2lnbi1pbg', rpId: 'localhost', allowCredentials: [] };
const ASSERTION = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} };

let finish: GraphQLHandler = () => ({ body: {} });
let requests: GraphQLRequest[] = [];

function api(handler: GraphQLHandler) {
  finish = handler;
  return requests;
}

// The client wired to the session as in the app: a 401 would try the refresh cookie, then end the
// session with an "expired" notice, which a refused sign-in must not do.
async function mountButton(path = '/login') {
  const pinia = freshPinia();
  const current: { router?: Router } = {};
  installAppClient(handler, pinia, () => current.router);
  const router = await routerAt(path, pinia);
  current.router = router;
  const wrapper = mountWithApp(PasskeySignInButton, { pinia, router });
  return { router, wrapper };
}

function handler(req: GraphQLRequest) {
  requests.push(req);
  if (req.operationName === 'RefreshSession') return refreshRefused;
  if (req.operationName === 'BeginPasskeySignIn') {
    return {
      body: {
        data: {
          beginPasskeySignIn: {
            __typename: 'PasskeyCeremony',
            challengeId: 'challenge-1',
            options: OPTIONS,
          },
        },
      },
    };
  }
  return finish(req);
}

describe('PasskeySignInButton', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    vi.clearAllMocks();
    requests = [];
    webauthn.browserSupportsWebAuthn.mockReturnValue(true);
  });

  it('signs in with a passkey, no email typed, and follows the redirect', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const requests = api(() => ({
      body: {
        data: {
          finishPasskeySignIn: {
            __typename: 'LoginPayload',
            mfaRequired: false,
            accessToken: 'token-passkey',
            hasSeenIntro: true,
            user: treasurer,
            organization: mapleRidge,
            organizations: [mapleRidge],
          },
        },
      },
    }));
    const { router, wrapper } = await mountButton('/login?redirect=%2Fsecurity');

    await wrapper.get('[data-testid=passkey-sign-in]').trigger('click');
    await flushPromises();

    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    const finish = requests.find((r) => r.operationName === 'FinishPasskeySignIn');
    expect(finish?.variables).toEqual({ challengeId: 'challenge-1', response: ASSERTION });
    expect(useAuthStore().accessToken).toBe('token-passkey');
    await vi.waitFor(() => expect(router.currentRoute.value.path).toBe('/security'));
    wrapper.unmount();
  });

  it('takes a dismissed prompt quietly: a note, no API call to finish, no session', async () => {
    webauthn.startAuthentication.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    const requests = api(() => ({ body: {} }));
    const { router, wrapper } = await mountButton();

    await wrapper.get('[data-testid=passkey-sign-in]').trigger('click');
    await flushPromises();

    const note = wrapper.get('[data-testid=passkey-sign-in-message]');
    expect(note.text()).toBe('Passkey sign-in was cancelled.');
    expect(note.attributes('role')).toBe('status');
    expect(requests.some((r) => r.operationName === 'FinishPasskeySignIn')).toBe(false);
    expect(useAuthStore().isAuthenticated).toBe(false);
    expect(router.currentRoute.value.name).toBe('login');
    wrapper.unmount();
  });

  it('shows the refusal of an unknown passkey in words, without ending any session', async () => {
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const requests = api(() => ({
      status: 401,
      body: apiError(
        'UNAUTHENTICATED',
        'This passkey is not registered with Covenant. Sign in with your password',
      ),
    }));
    const { router, wrapper } = await mountButton();

    await wrapper.get('[data-testid=passkey-sign-in]').trigger('click');
    await flushPromises();

    const error = wrapper.get('[data-testid=passkey-sign-in-message]');
    expect(error.text()).toContain('This passkey is not registered with Covenant');
    expect(error.attributes('role')).toBe('alert');
    // A refused sign-in is not a lost session: no refresh attempt, no "session expired" notice.
    expect(requests.filter((r) => r.operationName === 'RefreshSession')).toHaveLength(1);
    expect(useAuthStore().notice).toBeNull();
    expect(router.currentRoute.value.name).toBe('login');
    wrapper.unmount();
  });

  it('is not offered where the browser has no WebAuthn', async () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    api(() => ({ body: {} }));
    const { wrapper } = await mountButton();
    expect(wrapper.find('[data-testid=passkey-sign-in]').exists()).toBe(false);
    wrapper.unmount();
  });
});
