import type { OperationVariables, TypedDocumentNode } from '@apollo/client/core';
import { useQuery } from '@vue/apollo-composable';
import type { UseQueryOptions } from '@vue/apollo-composable';
import { computed, ref } from 'vue';
import { plural } from '@/format';

/** The parts of a Relay connection a list page reads. */
export interface ConnectionPage<TNode> {
  edges: readonly { readonly node: TNode }[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  totalCount?: number | null;
}

/**
 * A Relay connection list: the first page, its loading and error state, "Load more" and the rows
 * as nodes. Pages after the first are read with `fetchMore` and appended by the cache policy of
 * the field (`pagedListPolicy` in apollo/client.ts), so a list and its filters stay one cache entry.
 */
export function useConnectionList<TResult, TVariables extends OperationVariables, TNode>(
  document: TypedDocumentNode<TResult, TVariables>,
  variables: () => TVariables,
  connectionOf: (result: TResult) => ConnectionPage<TNode> | null | undefined,
  options: () => UseQueryOptions<TResult, TVariables> = () => ({}),
) {
  const query = useQuery(document, variables, options);
  const connection = computed(() => (query.result.value ? connectionOf(query.result.value) : null));
  const rows = computed<TNode[]>(() => connection.value?.edges.map((e) => e.node) ?? []);
  const totalCount = computed(() => connection.value?.totalCount ?? null);
  const hasMore = computed(() => !!connection.value?.pageInfo.hasNextPage);
  // Skeleton and error only while there is nothing to show: a refetch keeps the rows on screen.
  const firstLoad = computed(() => query.loading.value && !connection.value);
  const loadError = computed(() => (connection.value ? null : query.error.value));
  const isEmpty = computed(() => !!connection.value && rows.value.length === 0);

  const loadingMore = ref(false);
  async function loadMore(): Promise<void> {
    const cursor = connection.value?.pageInfo.endCursor;
    if (!hasMore.value || !cursor || loadingMore.value) return;
    loadingMore.value = true;
    try {
      await query.fetchMore({ variables: { ...variables(), after: cursor } });
    } finally {
      loadingMore.value = false;
    }
  }

  function refetch(): void {
    void query.refetch();
  }

  // Bound whole: <ListState v-bind="states" :footer="footer" @more="loadMore">.
  const states = computed(() => ({
    loading: firstLoad.value,
    error: loadError.value,
    empty: isEmpty.value,
  }));
  const footer = computed(() => ({
    shown: rows.value.length,
    hasMore: hasMore.value,
    total: totalCount.value,
    loading: loadingMore.value,
  }));

  return {
    query,
    connection,
    rows,
    totalCount,
    hasMore,
    loading: query.loading,
    error: query.error,
    firstLoad,
    loadError,
    isEmpty,
    loadingMore,
    loadMore,
    refetch,
    states,
    footer,
  };
}

/**
 * The header's line of context for a counted list: "12 invoices · newest first", or "3 invoices
 * match the filters" ("1 invoice matches") while filters are on.
 */
export function countContext(
  total: number,
  noun: readonly [singular: string, plural: string],
  options: { filtered: boolean; locale?: string; suffix?: string },
): string {
  const n = plural(total, noun[0], noun[1], options.locale);
  if (options.filtered) return `${n} ${total === 1 ? 'matches' : 'match'} the filters`;
  return options.suffix ? `${n} · ${options.suffix}` : n;
}
