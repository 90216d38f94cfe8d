import { errorMessage, fieldErrors } from './errors';

/**
 * A refused save, split for a form: the messages the API attached to the form's own fields (shown
 * under each field) and, when none of them is the form's, the error in words for the top of the
 * form (a conflict, a lost connection: anything not attached to a field still has to be said).
 */
export function formErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): { fields: Partial<Record<F, string>>; form: string | null } {
  const byField = fieldErrors(error);
  const mapped: Partial<Record<F, string>> = {};
  for (const field of fields) if (byField[field]) mapped[field] = byField[field];
  return {
    fields: mapped,
    form: Object.keys(mapped).length === 0 ? errorMessage(error) : null,
  };
}
