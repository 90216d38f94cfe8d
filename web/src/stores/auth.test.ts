import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, installTestClient, mapleRidge, treasurer } from '@/test/graphql';
import { useAuthStore } from './auth';
import { useOrganizationStore } from './organization';

const loginReply = {
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
};

describe('auth store', () => {
  beforeEach(() => {
    sessionStorage.clear();
    setActivePinia(createPinia());
  });

  it('login stores the token in memory and sessionStorage, with the user and organization', async () => {
    const { fetch } = installTestClient((req) => {
      expect(req.operationName).toBe('Login');
      expect(req.variables).toEqual({ email: 'treasurer@example.com', password: 'hunter2' });
      return { body: loginReply };
    });
    const auth = useAuthStore();

    await auth.login('  treasurer@example.com ', 'hunter2');

    expect(fetch).toHaveBeenCalledOnce();
    expect(auth.accessToken).toBe('token-abc');
    expect(auth.isAuthenticated).toBe(true);
    expect(auth.user?.email).toBe('treasurer@example.com');
    expect(sessionStorage.getItem('covenant.accessToken')).toBe('token-abc');
    const organization = useOrganizationStore();
    expect(organization.current?.name).toBe('Maple Ridge HOA');
    expect(organization.canWrite).toBe(true);
  });

  it('a wrong password leaves no session and surfaces the API message (HTTP 401)', async () => {
    installTestClient(() => ({
      status: 401,
      body: apiError('UNAUTHENTICATED', 'Invalid email or password'),
    }));
    const auth = useAuthStore();

    await expect(auth.login('treasurer@example.com', 'nope')).rejects.toThrow();
    expect(auth.isAuthenticated).toBe(false);
    expect(sessionStorage.getItem('covenant.accessToken')).toBeNull();
  });

  it('logout clears the token, the user, the organization and sessionStorage', async () => {
    installTestClient(() => ({ body: loginReply }));
    const auth = useAuthStore();
    await auth.login('treasurer@example.com', 'hunter2');

    await auth.logout();

    expect(auth.accessToken).toBeNull();
    expect(auth.user).toBeNull();
    expect(auth.isAuthenticated).toBe(false);
    expect(auth.notice).toBe('signed-out');
    expect(sessionStorage.getItem('covenant.accessToken')).toBeNull();
    expect(useOrganizationStore().current).toBeNull();
  });

  it('restores a session after a reload from the stored token via `me`', async () => {
    sessionStorage.setItem('covenant.accessToken', 'token-abc');
    const auth = useAuthStore();
    const { fetch } = installTestClient(
      (req) => {
        expect(req.operationName).toBe('Me');
        expect(req.headers.get('authorization')).toBe('Bearer token-abc');
        return {
          body: {
            data: {
              me: {
                __typename: 'Me',
                user: treasurer,
                organization: mapleRidge,
                organizations: [mapleRidge],
              },
            },
          },
        };
      },
      { getToken: () => auth.accessToken },
    );

    expect(auth.isAuthenticated).toBe(true);
    expect(auth.user).toBeNull();
    await expect(auth.restore()).resolves.toBe(true);

    expect(fetch).toHaveBeenCalledOnce();
    expect(auth.user?.id).toBe('user-1');
    expect(useOrganizationStore().current?.id).toBe('org-1');
  });
});
