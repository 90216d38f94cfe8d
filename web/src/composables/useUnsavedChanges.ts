import {
  getCurrentScope,
  onScopeDispose,
  shallowRef,
  toValue,
  watch,
  type MaybeRefOrGetter,
} from 'vue';
import { onBeforeRouteLeave } from 'vue-router';

/**
 * The one open "Discard unsaved changes?" question; UnsavedChangesDialog (mounted once, in
 * App.vue) shows it and answers it.
 */
export const discardQuestion = shallowRef<{ answer: (discard: boolean) => void } | null>(null);
let pending: Promise<boolean> | null = null;

/**
 * Asks, in the app's own dialog, whether to drop what is not saved: true for Discard, false for
 * Keep editing. A second ask while one is open waits for the same answer (Escape reaches both a
 * form dialog and the question over it).
 */
export function askDiscard(): Promise<boolean> {
  if (pending) return pending;
  pending = new Promise<boolean>((resolve) => {
    discardQuestion.value = {
      answer: (discard) => {
        discardQuestion.value = null;
        pending = null;
        resolve(discard);
      },
    };
  });
  return pending;
}

// The browser's own prompt is the only one it allows when a tab closes or reloads.
function holdUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  event.returnValue = '';
}

/**
 * One guard for work not saved yet (a journal entry half typed, grid cells, a dialog's edited
 * fields): while `dirty`, leaving the page asks in the app's dialog, closing or reloading the tab
 * gets the browser's prompt, and `confirmDiscard()` asks before anything else drops the work
 * (another budget year, closing a dialog). `routeLeave: false` for callers that are not a page.
 */
export function useUnsavedChanges(
  dirty: MaybeRefOrGetter<boolean>,
  options: { routeLeave?: boolean } = {},
) {
  function confirmDiscard(): Promise<boolean> {
    return toValue(dirty) ? askDiscard() : Promise.resolve(true);
  }

  let holding = false;
  function hold(on: boolean): void {
    if (on === holding) return;
    holding = on;
    if (on) window.addEventListener('beforeunload', holdUnload);
    else window.removeEventListener('beforeunload', holdUnload);
  }
  watch(() => toValue(dirty), hold, { immediate: true });
  if (getCurrentScope()) onScopeDispose(() => hold(false));

  if (options.routeLeave !== false) onBeforeRouteLeave(() => confirmDiscard());

  return { confirmDiscard };
}
