import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { installTestClient, refreshRefused, sessionPayload } from '@/test/graphql';
import { freshPinia, routerAt, signIn } from '@/test/mount';
import { safeRedirect } from '@/landing';

const maple = { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' } as const;

describe('router guards', () => {
  beforeEach(() => {
    installTestClient(() => refreshRefused);
  });

  it('sends a guest to /login, remembering where they were going', async () => {
    const router = await routerAt('/accounts', freshPinia());
    expect(router.currentRoute.value.name).toBe('login');
    expect(router.currentRoute.value.query.redirect).toBe('/accounts');
    // A visitor who never signed in is not told their session "expired".
    expect(useAuthStore().notice).toBeNull();
  });

  it('sends / to the dashboard for a member of an organization', async () => {
    const pinia = freshPinia();
    signIn({ email: 'viewer@example.com' }, maple);
    const router = await routerAt('/', pinia);
    expect(router.currentRoute.value.fullPath).toBe('/dashboard');
  });

  it('sends a super admin without an organization to the platform page, not tenant pages', async () => {
    const pinia = freshPinia();
    signIn({ email: 'owner@example.com', isSuperadmin: true }, null);
    expect((await routerAt('/', pinia)).currentRoute.value.name).toBe('platform-home');
    expect((await routerAt('/accounts', pinia)).currentRoute.value.name).toBe('platform-home');
  });

  it('starts the platform owner on the admin panel, even when they belong to an association', async () => {
    const pinia = freshPinia();
    signIn({ email: 'owner@example.com', isSuperadmin: true, isPlatformOwner: true }, maple);
    expect((await routerAt('/', pinia)).currentRoute.value.name).toBe('platform-home');
    expect((await routerAt('/login', pinia)).currentRoute.value.name).toBe('platform-home');
    // The association's pages stay theirs to open.
    expect((await routerAt('/accounts', pinia)).currentRoute.value.name).toBe('accounts');

    // Another super admin with an association starts in it.
    const other = freshPinia();
    signIn({ email: 'ops@example.com', isSuperadmin: true }, maple);
    expect((await routerAt('/', other)).currentRoute.value.name).toBe('dashboard');
  });

  it('keeps non-super-admins out of admin routes', async () => {
    const pinia = freshPinia();
    signIn({ email: 'viewer@example.com' }, maple);
    expect((await routerAt('/admin', pinia)).currentRoute.value.name).toBe('dashboard');
  });

  it('keeps the members page to tenant admins (route meta roles)', async () => {
    const pinia = freshPinia();
    signIn({ email: 'viewer@example.com' }, maple);
    expect((await routerAt('/members', pinia)).currentRoute.value.name).toBe('dashboard');

    const adminPinia = freshPinia();
    signIn({ email: 'admin@example.com' }, { ...maple, role: 'ADMIN' });
    expect((await routerAt('/members', adminPinia)).currentRoute.value.name).toBe('members');
  });

  it('sends a member without two-step sign-in to /security when the association requires it', async () => {
    const pinia = freshPinia();
    signIn({ email: 'viewer@example.com' }, { ...maple, settings: { requireMfa: true } });
    const router = await routerAt('/accounts', pinia);
    expect(router.currentRoute.value.name).toBe('security');
    expect(router.currentRoute.value.query.mfa).toBe('required');

    const withMfa = freshPinia();
    signIn(
      { email: 'viewer@example.com', mfaEnabled: true },
      { ...maple, settings: { requireMfa: true } },
    );
    expect((await routerAt('/accounts', withMfa)).currentRoute.value.name).toBe('accounts');
  });

  it('sends a signed-in user away from /login', async () => {
    const pinia = freshPinia();
    signIn({ email: 'viewer@example.com' }, maple);
    expect((await routerAt('/login', pinia)).currentRoute.value.name).toBe('dashboard');
  });

  it('leaves the public pages open to guests', async () => {
    for (const path of ['/forgot-password', '/reset-password?token=t', '/activate?token=t']) {
      const router = await routerAt(path, freshPinia());
      expect(router.currentRoute.value.fullPath).toBe(path);
    }
  });

  it('resumes the session from the refresh cookie before the first page is chosen', async () => {
    const operations: string[] = [];
    installTestClient((req) => {
      operations.push(`${req.operationName} ${req.url}`);
      return { body: { data: { refreshSession: sessionPayload({ accessToken: 'token-r' }) } } };
    });
    const pinia = freshPinia();
    const router = await routerAt('/accounts', pinia);

    expect(router.currentRoute.value.name).toBe('accounts');
    expect(useAuthStore(pinia).accessToken).toBe('token-r');
    expect(operations).toEqual(['RefreshSession http://localhost/auth/graphql']);

    // Once per app: later navigations do not refresh again.
    await router.push('/profile');
    expect(operations).toHaveLength(1);
  });

  it('tries the refresh cookie only once, and a guest stays a guest', async () => {
    const { fetch } = installTestClient(() => refreshRefused);
    const pinia = freshPinia();
    const router = await routerAt('/accounts', pinia);
    await router.push('/members');
    expect(router.currentRoute.value.name).toBe('login');
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('says so when the API cannot be reached while resuming a session', async () => {
    installTestClient(() => {
      throw new TypeError('Failed to fetch');
    });
    const pinia = freshPinia();
    const router = await routerAt('/accounts', pinia);
    expect(router.currentRoute.value.name).toBe('login');
    expect(useAuthStore(pinia).notice).toBe('unreachable');
  });

  it('follows only same-app redirects', () => {
    expect(safeRedirect('/accounts?x=1')).toBe('/accounts?x=1');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect(['/accounts'])).toBeNull();
  });
});
