import {
  computed,
  getCurrentInstance,
  nextTick,
  provide,
  ref,
  watch,
  type InjectionKey,
  type Ref,
} from 'vue';
import { formErrors } from '@/apollo/formErrors';
import { useUnsavedChanges } from './useUnsavedChanges';

/** How FormDialog asks before a close drops edited values (true: close). */
export const CONFIRM_CLOSE: InjectionKey<() => Promise<boolean>> = Symbol('confirm close');

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** How a refused save is split between the fields and the top of the form. */
export type RefusalMapper<F extends string> = (error: unknown) => {
  fields: FieldErrors<F>;
  form: string | null;
};

/**
 * The state and flow every create/edit dialog shares: each opening starts from `fill` with no
 * errors; a submit checks first, saves, closes on success, and on a refusal puts the API's
 * messages under their fields (or, when none is a field's, at the top of the form).
 */
export function useFormDialog<F extends string>(options: {
  visible: Ref<boolean>;
  /** The fields the API's per-field details may name. */
  fields: readonly F[];
  /** Fills the form for an opening (the record being edited, or blanks). */
  fill?: () => void;
  /** Replaces the default split of a refusal (formErrors over `fields`). */
  refused?: RefusalMapper<F>;
  /**
   * The form's values by field name (the reactive form object). A field's message goes as soon
   * as that field changes: a message about the old value must not stay under the new one.
   */
  values?: Partial<Record<F, unknown>>;
}) {
  const errors = ref({}) as Ref<FieldErrors<F>>;
  const formError = ref<string | null>(null);

  const values = options.values;
  if (values) {
    watch(
      () => options.fields.map((field) => values[field]),
      (now, before) => {
        const stale = options.fields.filter(
          (field, i) => now[i] !== before[i] && errors.value[field],
        );
        if (stale.length === 0) return;
        const kept = { ...errors.value };
        for (const field of stale) delete kept[field];
        errors.value = kept;
      },
      // At the change itself: a value typed and a submit in the same tick must not lose the
      // submit's fresh message to a late comparison.
      { flush: 'sync' },
    );
  }

  function clear(): void {
    errors.value = {};
    formError.value = null;
  }

  // Edited: the values differ from what the opening filled in. Taken a tick after `fill`, so
  // defaults the form's own watchers derive from it count as filled, not typed.
  const current = () =>
    values ? JSON.stringify(options.fields.map((field) => values[field] ?? null)) : '';
  const filled = ref<string | null>(null);
  const dirty = computed(
    () => options.visible.value && filled.value !== null && current() !== filled.value,
  );
  // FormDialog (the one shell of every form dialog) asks before Cancel, Escape or × drop edits.
  const { confirmDiscard } = useUnsavedChanges(dirty, { routeLeave: false });
  if (getCurrentInstance()) provide(CONFIRM_CLOSE, confirmDiscard);

  // Each opening starts afresh; `immediate` covers a dialog mounted already open.
  watch(
    options.visible,
    (open) => {
      filled.value = null;
      if (!open) return;
      options.fill?.();
      clear();
      void nextTick(() => {
        if (options.visible.value) filled.value = current();
      });
    },
    { immediate: true },
  );

  /**
   * Runs `save` unless `check` (which sets `errors` itself) says no. `save` may return false to
   * keep the dialog open; anything it throws is shown in the form.
   */
  async function submit(save: () => Promise<unknown>, check?: () => boolean): Promise<void> {
    formError.value = null;
    if (check && !check()) return;
    try {
      if ((await save()) === false) return;
      options.visible.value = false;
    } catch (e) {
      const refusal = options.refused ? options.refused(e) : formErrors(e, options.fields);
      errors.value = refusal.fields;
      formError.value = refusal.form;
    }
  }

  return { errors, formError, clear, submit, dirty };
}
