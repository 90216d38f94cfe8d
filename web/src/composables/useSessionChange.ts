import { useRouter } from 'vue-router';
import type { RouteLocationRaw } from 'vue-router';
import { apolloClient } from '@/apollo/client';
import type { SessionPayload } from '@/apollo/types';
import { homeLocation } from '@/landing';
import { useAuthStore } from '@/stores/auth';

/**
 * Moves the app to another session (another organization, the end of an impersonation, a freshly
 * accepted invitation): the new token and organization go to the stores, nothing cached for the
 * previous one may show for even a frame, and every query still on screen is fetched again.
 */
export function useSessionChange() {
  const auth = useAuthStore();
  const router = useRouter();

  async function enterSession(session: SessionPayload, to?: RouteLocationRaw): Promise<void> {
    const client = apolloClient();
    await client.clearStore();
    auth.setSession(session);
    await router.push(to ?? homeLocation());
    // The layout's queries (and the page, when the route did not change) ask again with the new
    // token; a newly mounted page's identical query is deduplicated with these.
    await client.reFetchObservableQueries().catch(() => undefined);
  }

  return { enterSession };
}
