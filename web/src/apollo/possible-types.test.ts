import { readFileSync } from 'node:fs';
import { buildSchema, isAbstractType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { POSSIBLE_TYPES } from './possible-types';

// Not `new URL('…', import.meta.url)` with a literal: the bundler would turn it into an asset URL.
const here = import.meta.url;

describe('the cache’s possible types', () => {
  it('name every abstract type of schema.graphql with exactly the types that implement it', () => {
    const schema = buildSchema(readFileSync(new URL('../../../schema.graphql', here), 'utf8'));
    const fromSchema = Object.fromEntries(
      Object.values(schema.getTypeMap())
        .filter(isAbstractType)
        .map((t) => [
          t.name,
          schema
            .getPossibleTypes(t)
            .map((o) => o.name)
            .sort(),
        ]),
    );
    expect(fromSchema).toHaveProperty('AccountColumns');
    expect(
      Object.fromEntries(Object.entries(POSSIBLE_TYPES).map(([k, v]) => [k, [...v].sort()])),
    ).toEqual(fromSchema);
  });
});
