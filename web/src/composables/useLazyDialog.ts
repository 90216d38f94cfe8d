import { ref, watch } from 'vue';

/**
 * A dialog whose component is fetched when it is first opened (defineAsyncComponent): `visible`
 * opens and closes it, and `opened` turns true at the first opening and stays so, for the
 * template's `v-if` — the dialog is not fetched before anyone asks for it, and once mounted it
 * stays mounted so it can close with its animation and open again at once.
 */
export function useLazyDialog() {
  const visible = ref(false);
  const opened = ref(false);
  watch(visible, (open) => {
    if (open) opened.value = true;
  });
  return { visible, opened };
}
