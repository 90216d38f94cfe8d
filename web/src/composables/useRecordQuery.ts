import type { TypedDocumentNode } from '@apollo/client/core';
import { useQuery } from '@vue/apollo-composable';
import { computed } from 'vue';
import { useRoute } from 'vue-router';
import { errorCode } from '@/apollo/errors';

/**
 * The record a detail page shows, read by the `:id` of the address. A NOT_FOUND answer is told
 * apart from other failures (the page says the record does not exist rather than "try again"),
 * and `loadError` is set only while there is nothing to show.
 */
export function useRecordQuery<TResult, TRecord>(
  document: TypedDocumentNode<TResult, { id: string }>,
  recordOf: (result: TResult) => TRecord | null | undefined,
) {
  const route = useRoute();
  const id = computed(() => String(route.params.id ?? ''));
  const query = useQuery(document, () => ({ id: id.value }));
  const record = computed<TRecord | null>(() =>
    query.result.value ? (recordOf(query.result.value) ?? null) : null,
  );
  const notFound = computed(() => errorCode(query.error.value) === 'NOT_FOUND');
  const loadError = computed(() => (record.value || notFound.value ? null : query.error.value));

  function refetch(): void {
    void query.refetch();
  }

  // Bound whole on the page's frame: <DetailState v-bind="states">.
  const states = computed(() => ({ notFound: notFound.value, error: loadError.value }));

  return { id, query, record, loading: query.loading, notFound, states, refetch };
}
