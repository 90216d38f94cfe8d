import { useQuery } from '@vue/apollo-composable';
import { computed } from 'vue';
import type { Vendor } from './vendors.graphql';
import { VENDORS_QUERY } from './vendors.graphql';

/** Active vendors, by name, for naming one on a new entry (inactive ones take no new entries). */
export function useActiveVendors() {
  const query = useQuery(VENDORS_QUERY, { filter: { includeInactive: false } });
  const vendors = computed<Vendor[]>(() =>
    (query.result.value?.vendors ?? []).filter((v) => v.active),
  );
  const byId = computed(() => new Map(vendors.value.map((v) => [v.id, v])));
  const ready = computed(() => !!query.result.value);
  return { vendors, byId, ready, error: query.error };
}
