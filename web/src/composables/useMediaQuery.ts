import { onScopeDispose, ref } from 'vue';
import type { Ref } from 'vue';

/**
 * Whether a media query matches, kept up to date. For layouts that CSS alone cannot reflow, e.g.
 * a table dropping a column (its totals row must span one column fewer).
 */
export function useMediaQuery(query: string): Ref<boolean> {
  const list = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query) : null;
  const matches = ref(list?.matches ?? false);
  if (list) {
    const onChange = (event: MediaQueryListEvent) => (matches.value = event.matches);
    list.addEventListener('change', onChange);
    onScopeDispose(() => list.removeEventListener('change', onChange));
  }
  return matches;
}
