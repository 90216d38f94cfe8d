import { validate } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';
import { CreateAccountInput, UpdateAccountInput } from './accounts.inputs.js';

// The description's rule lives on the base both inputs extend: each must still check it.
const of = (Input: new () => object, values: Record<string, unknown>): object =>
  Object.assign(new Input(), values);

describe('the account inputs', () => {
  const tooLong = 'x'.repeat(L.accounts.description + 1);

  it.each([
    [
      'create',
      CreateAccountInput,
      { number: '1010', name: 'Checking', type: 'asset', fundType: 'operating' },
    ],
    ['update', UpdateAccountInput, {}],
  ] as const)('refuse a description over the limit (%s)', async (_, Input, rest) => {
    const errors = await validate(of(Input, { ...rest, description: tooLong }));
    expect(errors.map((e) => e.property)).toEqual(['description']);
    expect(Object.values(errors[0]!.constraints ?? {})).toEqual([
      `Description must be at most ${L.accounts.description} characters`,
    ]);
    expect(await validate(of(Input, { ...rest, description: 'Main account' }))).toEqual([]);
  });
});
