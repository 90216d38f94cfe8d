import type { Pinia } from 'pinia';
import type { RouteLocationRaw } from 'vue-router';
import { useAuthStore } from '@/stores/auth';
import { useOrganizationStore } from '@/stores/organization';

// Where a session lands: read by the router's guards, by signing in (features/auth) and by
// switching sessions (composables/useSessionChange).

/** Where a signed-in user belongs when no page was asked for. */
export function homeLocation(pinia?: Pinia): RouteLocationRaw {
  const auth = useAuthStore(pinia);
  const organization = useOrganizationStore(pinia);
  // A homeowner's start is the owner portal; the association's books are not theirs to open.
  if (organization.role === 'OWNER') return { name: 'owner-home' };
  if (organization.hasOrganization) return { name: 'dashboard' };
  if (auth.isSuperadmin) return { name: 'platform-home' };
  return { name: 'no-organization' };
}

/**
 * Where signing in (or opening the app at `/`) lands when no page was asked for: the platform
 * owner runs the platform, so the admin panel, even when they also belong to an association.
 */
export function signedInLocation(pinia?: Pinia): RouteLocationRaw {
  if (useAuthStore(pinia).user?.isPlatformOwner === true) return { name: 'platform-home' };
  return homeLocation(pinia);
}

/** Only same-app paths are followed after login (no open redirect to another origin). */
export function safeRedirect(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
    ? value
    : null;
}
