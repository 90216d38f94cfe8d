import { watchDebounced } from '@vueuse/core';
import { ref, watch } from 'vue';
import type { Ref } from 'vue';

/** How long typing must pause before a search box queries the API: the same on every page. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box that queries once the person pauses. `text` is bound to the input; `search` (the
 * given ref, e.g. a filter in the address) follows it trimmed after SEARCH_DEBOUNCE_MS, and a
 * `search` reset from elsewhere ("Clear filters") empties the box at once.
 */
export function useDebouncedSearch(search: Ref<string> = ref('')) {
  const text = ref(search.value);
  watchDebounced(text, (value) => (search.value = value.trim()), {
    debounce: SEARCH_DEBOUNCE_MS,
  });
  watch(search, (value) => {
    if (value !== text.value.trim()) text.value = value;
  });

  function clear(): void {
    text.value = '';
    search.value = '';
  }

  return { text, search, clear };
}
