import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  installTestClient,
  mapleRidge,
  refreshRefused,
  sessionPayload,
  treasurer,
} from '@/test/graphql';
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
    localStorage.clear();
    setActivePinia(createPinia());
  });

  it('login keeps the token in memory only, with the user and organization', async () => {
    const { fetch } = installTestClient((req) => {
      expect(req.operationName).toBe('Login');
      expect(req.url).toBe('http://localhost/graphql');
      expect(req.variables).toEqual({ email: 'treasurer@example.com', password: 'hunter2' });
      return { body: loginReply };
    });
    const auth = useAuthStore();

    await auth.login('  treasurer@example.com ', 'hunter2');

    expect(fetch).toHaveBeenCalledOnce();
    expect(auth.accessToken).toBe('token-abc');
    expect(auth.isAuthenticated).toBe(true);
    expect(auth.user?.email).toBe('treasurer@example.com');
    // The token never reaches storage a script could read (the refresh cookie is httpOnly); only
    // the association's id is kept so a reload resumes there.
    const stored = [sessionStorage, localStorage].flatMap((s) =>
      Object.keys(s).map((k) => s.getItem(k)),
    );
    expect(stored).toEqual(['org-1']);
    const organization = useOrganizationStore();
    expect(organization.current?.name).toBe('Maple Ridge HOA');
    expect(organization.current?.settings).toEqual({ locale: 'en-US', currency: 'USD' });
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
  });

  it('logout revokes the cookie on /auth/graphql, then clears the token, user and organization', async () => {
    const calls: { operation: string; url: string; authorization: string | null }[] = [];
    installTestClient(
      (req) => {
        calls.push({
          operation: req.operationName,
          url: req.url,
          authorization: req.headers.get('authorization'),
        });
        return req.operationName === 'Logout'
          ? { body: { data: { logout: true } } }
          : { body: loginReply };
      },
      { getToken: () => useAuthStore().accessToken },
    );
    const auth = useAuthStore();
    await auth.login('treasurer@example.com', 'hunter2');

    await auth.logout();

    expect(calls[1]).toEqual({
      operation: 'Logout',
      url: 'http://localhost/auth/graphql',
      authorization: null,
    });
    expect(auth.accessToken).toBeNull();
    expect(auth.user).toBeNull();
    expect(auth.isAuthenticated).toBe(false);
    expect(auth.notice).toBe('signed-out');
    expect(useOrganizationStore().current).toBeNull();
  });

  it('logout still signs out locally when the API cannot be reached', async () => {
    installTestClient(() => {
      throw new TypeError('Failed to fetch');
    });
    const auth = useAuthStore();
    auth.setSession(sessionPayload({ accessToken: 'token-abc' }));

    await auth.logout();

    expect(auth.isAuthenticated).toBe(false);
    expect(auth.notice).toBe('signed-out');
  });

  it('restore resumes a session from the refresh cookie (POST /auth/graphql, no Bearer)', async () => {
    const { fetch } = installTestClient((req) => {
      expect(req.operationName).toBe('RefreshSession');
      expect(req.url).toBe('http://localhost/auth/graphql');
      expect(req.headers.get('apollo-require-preflight')).toBe('true');
      expect(req.headers.has('authorization')).toBe(false);
      return { body: { data: { refreshSession: sessionPayload({ accessToken: 'token-new' }) } } };
    });
    const auth = useAuthStore();
    expect(auth.isAuthenticated).toBe(false);

    await expect(auth.restore()).resolves.toBe(true);

    expect(fetch).toHaveBeenCalledOnce();
    expect(fetch.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
    expect(auth.accessToken).toBe('token-new');
    expect(auth.user?.id).toBe('user-1');
    expect(useOrganizationStore().current?.id).toBe('org-1');
  });

  it('a reload resumes in the association the tab was in', async () => {
    const requests: unknown[] = [];
    installTestClient((req) => {
      requests.push(req.variables);
      return { body: { data: { refreshSession: sessionPayload() } } };
    });
    useOrganizationStore().setOrganizations({ ...mapleRidge, id: 'org-7' }, []);
    setActivePinia(createPinia()); // the reload: memory is gone, sessionStorage is not

    await useAuthStore().restore();

    expect(requests).toEqual([{ organizationId: 'org-7' }]);
  });

  it('a mid-session refresh never continues as another user (e.g. an impersonation ending)', async () => {
    installTestClient(() => ({
      body: {
        data: {
          refreshSession: sessionPayload({
            user: { id: 'admin-1', email: 'owner@covenant.test', isSuperadmin: true },
          }),
        },
      },
    }));
    const auth = useAuthStore();
    auth.setSession(sessionPayload({ accessToken: 'token-impersonation' }));

    await expect(auth.refresh()).rejects.toThrow(/another user or association/);
    expect(auth.accessToken).toBe('token-impersonation');
  });

  it('restore rejects for a guest the API answers with a null session (no cookie, no 401)', async () => {
    installTestClient(() => ({ body: { data: { refreshSession: null } } }));
    const auth = useAuthStore();
    await expect(auth.restore()).rejects.toThrow('No session');
    expect(auth.isAuthenticated).toBe(false);
    expect(auth.restoreAttempted).toBe(true);
  });

  it('restore rejects for a refused cookie and leaves no session', async () => {
    installTestClient(() => refreshRefused);
    const auth = useAuthStore();
    await expect(auth.restore()).rejects.toThrow();
    expect(auth.isAuthenticated).toBe(false);
    expect(auth.restoreAttempted).toBe(true);
  });

  it('concurrent refreshes share one request, which asks for the current organization', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetch } = installTestClient(async (req) => {
      expect(req.variables).toEqual({ organizationId: 'org-1' });
      await gate;
      return { body: { data: { refreshSession: sessionPayload({ accessToken: 'token-2' }) } } };
    });
    const auth = useAuthStore();
    auth.setSession(sessionPayload({ accessToken: 'token-1' }));

    const all = Promise.all([auth.refresh(), auth.refresh(), auth.refresh()]);
    release();
    await all;

    expect(fetch).toHaveBeenCalledOnce();
    expect(auth.accessToken).toBe('token-2');
  });

  it('refreshes under a Web Lock, so tabs sharing the cookie never present it twice', async () => {
    const request = vi.fn((_name: string, work: () => Promise<unknown>) => work());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    installTestClient(() => ({ body: { data: { refreshSession: sessionPayload() } } }));

    await useAuthStore().restore();

    expect(request).toHaveBeenCalledOnce();
    expect(request.mock.calls[0]?.[0]).toBe('covenant.refresh-session');
  });

  it('a refresh answered after sign-out does not bring the session back', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    installTestClient(async () => {
      await gate;
      return { body: { data: { refreshSession: sessionPayload({ accessToken: 'late' }) } } };
    });
    const auth = useAuthStore();
    auth.setSession(sessionPayload({ accessToken: 'token-1' }));

    const refresh = auth.refresh();
    auth.clearSession('signed-out');
    release();

    await expect(refresh).rejects.toThrow();
    expect(auth.accessToken).toBeNull();
  });
});
