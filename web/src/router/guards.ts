import type { Pinia } from 'pinia';
import type { RouteLocationNormalized, RouteLocationRaw, Router } from 'vue-router';
import { isUnreachable } from '@/apollo/errors';
import { useAuthStore } from '@/stores/auth';
import { useOrganizationStore } from '@/stores/organization';
import { homeLocation, signedInLocation } from '@/landing';

export async function resolveNavigation(
  to: RouteLocationNormalized,
  pinia?: Pinia,
): Promise<true | RouteLocationRaw> {
  const auth = useAuthStore(pinia);
  const organization = useOrganizationStore(pinia);

  // Start-up: the access token is kept in memory only, so a reload (or a new tab) resumes the
  // session from the refresh cookie before the first page is chosen.
  if (!auth.isAuthenticated && !auth.restoreAttempted) {
    try {
      await auth.restore();
    } catch (error) {
      // No cookie, or one the API refused: a guest. Only an unreachable API is worth a word.
      if (isUnreachable(error)) auth.clearSession('unreachable');
    }
  }

  if (to.meta.guestOnly) {
    return auth.isAuthenticated ? signedInLocation(pinia) : true;
  }
  if (to.meta.requiresAuth && !auth.isAuthenticated) {
    return { name: 'login', query: to.fullPath === '/' ? {} : { redirect: to.fullPath } };
  }
  // `/` is no page of its own: where this person starts (an identity provider's sign-in comes
  // back to it too).
  if (to.name === 'home') return signedInLocation(pinia);
  if (to.meta.superAdmin && !auth.isSuperadmin) return homeLocation(pinia);
  if (to.meta.requiresOrganization && !organization.hasOrganization) return homeLocation(pinia);
  // A homeowner (OWNER) opens only the owner portal of the association: every other page of it
  // (the treasurer's, which the API refuses an owner anyway) and the staff profile send them
  // there, without each route saying so.
  if (organization.role === 'OWNER') {
    if (to.name === 'profile') return { name: 'owner-profile' };
    if (to.meta.requiresOrganization && !to.meta.roles?.includes('OWNER')) {
      return homeLocation(pinia);
    }
  }
  // The association requires two-step sign-in and this person has not turned it on: its pages
  // would all be refused (MFA_REQUIRED), so the Security page comes first, saying why.
  if (
    to.meta.requiresOrganization &&
    organization.current?.settings?.requireMfa === true &&
    auth.user?.mfaEnabled === false
  ) {
    return { name: 'security', query: { mfa: 'required' } };
  }
  // A feature the organization's settings leave off has no page (the API refuses it too).
  if (to.meta.ideation && organization.current?.settings?.ideationEnabled !== true) {
    return homeLocation(pinia);
  }
  if (to.meta.roles && !(organization.role && to.meta.roles.includes(organization.role))) {
    return homeLocation(pinia);
  }
  return true;
}

export function installGuards(router: Router, pinia?: Pinia): void {
  router.beforeEach((to) => resolveNavigation(to, pinia));
  router.afterEach((to) => {
    const title = [...to.matched].reverse().find((r) => r.meta.title)?.meta.title;
    document.title = title ? `${title} · Covenant` : 'Covenant';
  });
}
