import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { installTestClient } from '@/test/graphql';
import { freshPinia, routerAt, signIn } from '@/test/mount';
import { safeRedirect } from './guards';

const maple = { id: 'org-1', name: 'Maple Ridge HOA', role: 'VIEWER', status: 'ACTIVE' } as const;

describe('router guards', () => {
  beforeEach(() => {
    sessionStorage.clear();
    installTestClient(() => ({ body: { data: null } }));
  });

  it('sends a guest to /login, remembering where they were going', async () => {
    const router = await routerAt('/accounts', freshPinia());
    expect(router.currentRoute.value.name).toBe('login');
    expect(router.currentRoute.value.query.redirect).toBe('/accounts');
  });

  it('sends / to /accounts for a member of an organization', async () => {
    const pinia = freshPinia();
    signIn({ email: 'viewer@example.com' }, maple);
    const router = await routerAt('/', pinia);
    expect(router.currentRoute.value.fullPath).toBe('/accounts');
  });

  it('sends a super admin without an organization to the platform page, not tenant pages', async () => {
    const pinia = freshPinia();
    signIn({ email: 'owner@example.com', isSuperadmin: true }, null);
    expect((await routerAt('/', pinia)).currentRoute.value.name).toBe('platform-home');
    expect((await routerAt('/accounts', pinia)).currentRoute.value.name).toBe('platform-home');
  });

  it('keeps non-super-admins out of admin routes', async () => {
    const pinia = freshPinia();
    signIn({ email: 'viewer@example.com' }, maple);
    expect((await routerAt('/admin', pinia)).currentRoute.value.name).toBe('accounts');
  });

  it('sends a signed-in user away from /login', async () => {
    const pinia = freshPinia();
    signIn({ email: 'viewer@example.com' }, maple);
    expect((await routerAt('/login', pinia)).currentRoute.value.name).toBe('accounts');
  });

  it('restores a reloaded session, or starts over at /login when the token is refused', async () => {
    sessionStorage.setItem('covenant.accessToken', 'stale');
    installTestClient(() => ({
      status: 401,
      body: {
        errors: [{ message: 'Invalid access token', extensions: { code: 'UNAUTHENTICATED' } }],
      },
    }));
    const pinia = freshPinia();
    const router = await routerAt('/accounts', pinia);
    expect(router.currentRoute.value.name).toBe('login');
    expect(useAuthStore(pinia).notice).toBe('expired');
    expect(sessionStorage.getItem('covenant.accessToken')).toBeNull();
  });

  it('says so when the API cannot be reached while restoring a session', async () => {
    sessionStorage.setItem('covenant.accessToken', 'token');
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
