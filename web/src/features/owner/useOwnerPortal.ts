import { useQuery } from '@vue/apollo-composable';
import { computed } from 'vue';
import { todayIn } from '@/composables/useOrganizationToday';
import { DEFAULT_CALENDAR, useOrganizationStore } from '@/stores/organization';
import { OWNER_PORTAL_QUERY } from './owner.graphql';

/**
 * The portal as every owner page reads it (one query, one cached copy): the association, the
 * owner's units and what they owe. Shown from the cache at once, refreshed from the API.
 */
export function useOwnerPortal() {
  const { result, loading, error, refetch } = useQuery(
    OWNER_PORTAL_QUERY,
    {},
    { fetchPolicy: 'cache-and-network' },
  );
  const portal = computed(() => result.value?.ownerPortal ?? null);
  const units = computed(() => portal.value?.units ?? []);
  const association = computed(() => portal.value?.association ?? null);
  return { portal, units, association, loading, error, refetch };
}

/** Today in the association's time zone ("2026-03-04"): what is past due is read against it. */
export function useOwnerToday() {
  const organization = useOrganizationStore();
  return computed(() => todayIn(organization.calendar?.timeZone ?? DEFAULT_CALENDAR.timeZone));
}
