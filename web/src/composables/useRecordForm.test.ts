import { describe, expect, it } from 'vitest';
import { nextTick, ref } from 'vue';
import { useRecordForm } from './useRecordForm';

interface Plan {
  id: string;
  level: string;
  contract: string | null;
}

function planForm(plan: { value: Plan }) {
  return useRecordForm({
    record: () => plan.value,
    valuesOf: (p: Plan) => ({ level: p.level, contract: p.contract ?? '' }),
    fields: ['level', 'contract'] as const,
    check: (v) => (v.level ? {} : { level: 'Choose a plan' }),
  });
}

// What the API answers a refused save with, as Apollo hands it over.
function refusal(details: { field: string; message: string }[], message = 'Refused') {
  return Object.assign(new Error(message), {
    graphQLErrors: [{ message, extensions: { code: 'BAD_USER_INPUT', details } }],
  });
}

describe('useRecordForm', () => {
  it('fills the form from the record, again when the record changes, and is dirty while it differs', async () => {
    const plan = ref<Plan>({ id: 'o1', level: 'STANDARD', contract: null });
    const { form, dirty } = planForm(plan);
    expect(form).toEqual({ level: 'STANDARD', contract: '' });
    expect(dirty.value).toBe(false);
    form.level = 'PREMIUM';
    expect(dirty.value).toBe(true);
    plan.value = { id: 'o1', level: 'PREMIUM', contract: 'C-9' };
    await nextTick();
    expect(form).toEqual({ level: 'PREMIUM', contract: 'C-9' });
    expect(dirty.value).toBe(false);
  });

  it('checks before saving and saves nothing that fails the check', async () => {
    const { form, errors, submit } = planForm(ref({ id: 'o1', level: '', contract: null }));
    const saved: unknown[] = [];
    await submit(async (v) => void saved.push({ ...v }));
    expect(errors.value).toEqual({ level: 'Choose a plan' });
    expect(saved).toEqual([]);
    form.level = 'BASIC';
    await submit(async (v) => void saved.push({ ...v }));
    expect(errors.value).toEqual({});
    expect(saved).toEqual([{ level: 'BASIC', contract: '' }]);
  });

  it('puts a refusal under the field it names, or at the top when it names none', async () => {
    const { errors, formError, submit } = planForm(
      ref({ id: 'o1', level: 'BASIC', contract: null }),
    );
    await submit(async () => {
      throw refusal([{ field: 'contract', message: 'Contract numbers are 3 to 40 characters' }]);
    });
    expect(errors.value).toEqual({ contract: 'Contract numbers are 3 to 40 characters' });
    expect(formError.value).toBeNull();
    await submit(async () => {
      throw refusal([], 'The organization was archived meanwhile');
    });
    expect(errors.value).toEqual({});
    expect(formError.value).toContain('archived meanwhile');
  });
});
