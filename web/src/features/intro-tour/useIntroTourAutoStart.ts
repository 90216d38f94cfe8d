import { useQuery } from '@vue/apollo-composable';
import { computed, onScopeDispose, watch } from 'vue';
import { ME_QUERY } from '@/apollo/session.graphql';
import { useAuthStore } from '@/stores/auth';
import { useOrganizationStore } from '@/stores/organization';
import { useIntroTour } from './useIntroTour';

// Users whose tour has started by itself since the page loaded: once per session, even if a
// renewed session still says "not seen" (markIntroSeen did not reach the API).
const autoStarted = new Set<string>();

/** For tests: as if the page had just loaded. */
export function resetIntroTourAutoStart(): void {
  autoStarted.clear();
}

/**
 * Called by the signed-in layout: starts the intro tour once when the signed-in user has not seen
 * it and works in an association — not on the platform admin's pages without one, and not while a
 * super admin impersonates them (me.impersonatedBy). Leaving the layout (signing out) ends it.
 */
export function useIntroTourAutoStart(): void {
  const auth = useAuthStore();
  const organization = useOrganizationStore();
  const tour = useIntroTour();
  // The impersonation band asks the same question (ImpersonationBanner): one request for both.
  const me = useQuery(ME_QUERY, {}, { fetchPolicy: 'cache-first' });

  const due = computed(() => {
    const user = auth.user;
    const session = me.result.value?.me;
    return (
      !!user &&
      !user.hasSeenIntro &&
      organization.hasOrganization &&
      !organization.inactive &&
      session?.user.id === user.id &&
      !session.impersonatedBy
    );
  });

  watch(
    due,
    (isDue) => {
      const id = auth.user?.id;
      if (!isDue || !id || autoStarted.has(id)) return;
      autoStarted.add(id);
      void tour.start();
    },
    { immediate: true },
  );

  onScopeDispose(() => tour.stop());
}
