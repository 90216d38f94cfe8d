import { describe, expect, it } from 'vitest';
import { nextTick, reactive, ref } from 'vue';
import { useFormDialog } from './useFormDialog';

const refusal = (details: { field?: string; message: string }[], message = 'Invalid input') => ({
  graphQLErrors: [{ message, extensions: { code: 'BAD_USER_INPUT', details } }],
});

describe('useFormDialog', () => {
  it('fills the form and forgets old errors each time the dialog opens', async () => {
    const visible = ref(false);
    let fills = 0;
    const dialog = useFormDialog({ visible, fields: ['name'], fill: () => fills++ });
    expect(fills).toBe(0);
    dialog.errors.value = { name: 'Enter a name.' };
    dialog.formError.value = 'Something went wrong';
    visible.value = true;
    await nextTick();
    expect(fills).toBe(1);
    expect(dialog.errors.value).toEqual({});
    expect(dialog.formError.value).toBeNull();
  });

  it('saves only when the check passes, and closes after a save', async () => {
    const visible = ref(true);
    const dialog = useFormDialog({ visible, fields: ['name'] });
    let saves = 0;
    await dialog.submit(
      async () => saves++,
      () => false,
    );
    expect(saves).toBe(0);
    expect(visible.value).toBe(true);
    await dialog.submit(async () => saves++);
    expect(saves).toBe(1);
    expect(visible.value).toBe(false);
  });

  it('stays open when the save says so', async () => {
    const visible = ref(true);
    const dialog = useFormDialog({ visible, fields: ['name'] });
    await dialog.submit(async () => false);
    expect(visible.value).toBe(true);
  });

  it('puts a refusal under its fields, or on top of the form, and stays open', async () => {
    const visible = ref(true);
    const dialog = useFormDialog({ visible, fields: ['name', 'email'] });
    await dialog.submit(async () => {
      throw refusal([{ field: 'email', message: 'Already a member' }]);
    });
    expect(dialog.errors.value).toEqual({ email: 'Already a member' });
    expect(dialog.formError.value).toBeNull();
    expect(visible.value).toBe(true);

    await dialog.submit(async () => {
      throw refusal([], 'The unit was deleted');
    });
    expect(dialog.errors.value).toEqual({});
    expect(dialog.formError.value).toContain('The unit was deleted');
  });

  it("forgets a field's message once that field changes, and only that field's", async () => {
    const visible = ref(true);
    const form = reactive({ number: '', name: '' });
    const dialog = useFormDialog({ visible, fields: ['number', 'name'], values: form });
    await dialog.submit(
      async () => true,
      () => {
        dialog.errors.value = { number: 'Enter an account number.', name: 'Enter a name.' };
        return false;
      },
    );
    expect(dialog.errors.value.number).toBe('Enter an account number.');

    form.number = '1010';
    await nextTick();
    expect(dialog.errors.value).toEqual({ name: 'Enter a name.' });

    // An API refusal about the current values stays until they change.
    await dialog.submit(async () => {
      throw refusal([{ field: 'number', message: 'Number 1010 is taken' }]);
    });
    await nextTick();
    expect(dialog.errors.value).toEqual({ number: 'Number 1010 is taken' });
    form.name = 'Operating Checking';
    await nextTick();
    expect(dialog.errors.value).toEqual({ number: 'Number 1010 is taken' });
    form.number = '1011';
    await nextTick();
    expect(dialog.errors.value).toEqual({});
  });

  it('takes another split of the refusal when given one', async () => {
    const visible = ref(true);
    const dialog = useFormDialog({
      visible,
      fields: [],
      refused: () => ({ fields: {}, form: 'Keep one admin' }),
    });
    await dialog.submit(async () => {
      throw new Error('CONFLICT');
    });
    expect(dialog.formError.value).toBe('Keep one admin');
  });
});
