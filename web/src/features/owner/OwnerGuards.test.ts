import { beforeEach, describe, expect, it } from 'vitest';
import { installTestClient, refreshRefused } from '@/test/graphql';
import { freshPinia, routerAt, signIn } from '@/test/mount';
import { owner, ownerMembership } from './ownerFixtures';

// Who opens which pages: an owner only the owner portal (and their own sign-in settings), staff
// never the owner portal.
describe('the owner portal’s routes', () => {
  beforeEach(() => {
    installTestClient(() => refreshRefused);
  });

  it('starts an owner on /owner, from / and from the sign-in page', async () => {
    const pinia = freshPinia();
    signIn(owner, ownerMembership);
    expect((await routerAt('/', pinia)).currentRoute.value.fullPath).toBe('/owner');
    expect((await routerAt('/login', pinia)).currentRoute.value.name).toBe('owner-home');
  });

  it('refuses an owner every staff page of the association, sending them to /owner', async () => {
    const pinia = freshPinia();
    signIn(owner, ownerMembership);
    for (const path of ['/accounts', '/dashboard', '/units/u-12', '/invoices', '/members']) {
      const router = await routerAt(path, pinia);
      expect(router.currentRoute.value.name, path).toBe('owner-home');
    }
    // The staff profile is the owner's own profile page.
    expect((await routerAt('/profile', pinia)).currentRoute.value.name).toBe('owner-profile');
  });

  it('opens the owner’s pages and their own Security page', async () => {
    const pinia = freshPinia();
    signIn(owner, ownerMembership);
    for (const [path, name] of [
      ['/owner', 'owner-home'],
      ['/owner/units/u-12', 'owner-unit'],
      ['/owner/units/u-12/pay', 'owner-pay'],
      ['/owner/statements', 'owner-statements'],
      ['/owner/documents', 'owner-documents'],
      ['/owner/profile', 'owner-profile'],
      ['/security', 'security'],
    ]) {
      expect((await routerAt(path!, pinia)).currentRoute.value.name, path).toBe(name);
    }
  });

  it('keeps staff of every role out of the owner portal', async () => {
    for (const role of ['ADMIN', 'USER', 'VIEWER'] as const) {
      const pinia = freshPinia();
      signIn({ email: 'treasurer@example.com' }, { ...ownerMembership, role });
      for (const path of ['/owner', '/owner/units/u-12/pay', '/owner/statements']) {
        const router = await routerAt(path, pinia);
        expect(router.currentRoute.value.name, `${role} ${path}`).toBe('dashboard');
      }
    }
  });

  it('sends an owner whose association requires two-step sign-in to Security first', async () => {
    const pinia = freshPinia();
    signIn(owner, { ...ownerMembership, settings: { requireMfa: true } });
    const router = await routerAt('/owner', pinia);
    expect(router.currentRoute.value.name).toBe('security');
    expect(router.currentRoute.value.query.mfa).toBe('required');
  });
});
