import { describe, expect, it } from 'vitest';
import { formErrors } from './formErrors';

const refusal = (details: { field?: string; message: string }[], message = 'Invalid input') => ({
  graphQLErrors: [{ message, extensions: { code: 'BAD_USER_INPUT', details } }],
});

describe('formErrors', () => {
  it('puts the messages for the form’s fields under those fields, and nothing on top', () => {
    const result = formErrors(
      refusal([
        { field: 'email', message: 'Enter an email address' },
        { field: 'number', message: 'Unit 12 already exists' },
      ]),
      ['number', 'email', 'phone'] as const,
    );
    expect(result).toEqual({
      fields: { email: 'Enter an email address', number: 'Unit 12 already exists' },
      form: null,
    });
  });

  it('says on top of the form what no field of the form can show', () => {
    const result = formErrors(
      refusal([{ field: 'somethingElse', message: 'Not here' }], 'This unit was deleted'),
      ['number'] as const,
    );
    expect(result).toEqual({ fields: {}, form: 'This unit was deleted' });
  });

  it('says a failure without details on top of the form', () => {
    const result = formErrors(
      { graphQLErrors: [{ message: 'Already a member', extensions: { code: 'CONFLICT' } }] },
      ['email', 'role'] as const,
    );
    expect(result).toEqual({ fields: {}, form: 'Already a member' });
  });
});
