import { describe, expect, it } from 'vitest';
import { nextTick, ref } from 'vue';
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
