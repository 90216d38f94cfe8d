import { computed, reactive, ref, watch } from 'vue';
import { formErrors } from '@/apollo/formErrors';

/**
 * A form that edits a record in place, on its page rather than in a dialog (an organization's plan,
 * its settings): filled from the record, and again whenever the record changes (a save's answer);
 * `dirty` while its values differ from the record's. `submit` checks the values first, then saves;
 * a refusal goes under the fields it names, or at the top of the form when it names none.
 */
export function useRecordForm<F extends string, V extends Record<F, unknown>, R>(options: {
  record: () => R;
  /** The form's values for a record, in the order the form lists them. */
  valuesOf: (record: R) => V;
  /** The fields the API's per-field details may name. */
  fields: readonly F[];
  /** Messages for values the API would refuse, by field; empty when there are none. */
  check: (values: V) => Partial<Record<F, string>>;
}) {
  const form = reactive({ ...options.valuesOf(options.record()) }) as V;
  watch(options.record, (record) => Object.assign(form, options.valuesOf(record)));
  const dirty = computed(
    () => JSON.stringify(form) !== JSON.stringify(options.valuesOf(options.record())),
  );
  const errors = ref<Partial<Record<F, string>>>({});
  const formError = ref<string | null>(null);

  async function submit(save: (values: V) => Promise<void>): Promise<void> {
    formError.value = null;
    errors.value = options.check(form);
    if (Object.keys(errors.value).length) return;
    try {
      await save(form);
    } catch (e) {
      const refused = formErrors(e, options.fields);
      errors.value = refused.fields;
      formError.value = refused.form;
    }
  }

  return { form, dirty, errors, formError, submit };
}
