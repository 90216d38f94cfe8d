import { useQuery } from '@vue/apollo-composable';
import { computed } from 'vue';
import type { Account } from '@/features/accounts/accounts.graphql';
import { sortByNumber } from './accounts';
import { ACCOUNTS_QUERY } from './accounts.graphql';

/**
 * The chart of accounts for naming accounts in entries (archived ones included: old entries use
 * them) and for picking one (archived ones left out: they take no new postings).
 */
export function useAccounts() {
  const query = useQuery(ACCOUNTS_QUERY, { includeArchived: true });
  const all = computed<Account[]>(() => sortByNumber(query.result.value?.accounts ?? []));
  const byId = computed(() => new Map(all.value.map((a) => [a.id, a])));
  const active = computed(() => all.value.filter((a) => !a.archived));
  const ready = computed(() => !!query.result.value);
  return { all, byId, active, ready, loading: query.loading, error: query.error };
}
