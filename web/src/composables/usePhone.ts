import type { Ref } from 'vue';
import { useMediaQuery } from './useMediaQuery';

/** The phone breakpoint, the same number as the `@media (max-width: 640px)` rules in app.css. */
export const PHONE_QUERY = '(max-width: 640px)';

/**
 * Whether the screen is a phone. Every table uses it the same way: on a phone it keeps its key
 * columns (who or what, amount, status) and drops the rest with `v-if="!phone"` — a totals row
 * spans one column fewer per dropped column, which CSS alone cannot do — and the row opens the
 * record that shows them, or a muted line under the key cell carries them where there is none.
 */
export function usePhone(): Ref<boolean> {
  return useMediaQuery(PHONE_QUERY);
}
