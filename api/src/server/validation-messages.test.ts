import { parse, specifiedRules, validate, type GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { withoutSuggestions } from './format-error.js';
import { buildBaseSchema } from './schema.js';

// Every graphql-js validation rule, each with a query that breaks it; where graphql-js words the
// refusal with a guess at what was meant, the query is a near miss that provokes one.
const BROKEN: Record<string, string | null> = {
  ExecutableDefinitionsRule: 'type Foo { a: Int } query { version }',
  UniqueOperationNamesRule: 'query A { version } query A { version }',
  LoneAnonymousOperationRule: '{ version } { version }',
  // The schema has no subscriptions: the rule has nothing to check.
  SingleFieldSubscriptionsRule: null,
  KnownTypeNamesRule: 'query ($a: Strin) { version }',
  FragmentsOnCompositeTypesRule: '{ ... on String { version } }',
  VariablesAreInputTypesRule: 'query ($a: Account) { version }',
  ScalarLeafsRule: '{ me }',
  FieldsOnCorrectTypeRule: '{ verison }',
  UniqueFragmentNamesRule:
    'fragment F on Query { version } fragment F on Query { version } { ...F }',
  KnownFragmentNamesRule: '{ ...Missing }',
  NoUnusedFragmentsRule: 'fragment F on Query { version } { version }',
  PossibleFragmentSpreadsRule:
    '{ ... on Mutation { login(email: "a", password: "b") { __typename } } }',
  NoFragmentCyclesRule: 'fragment A on Query { ...B } fragment B on Query { ...A } { ...A }',
  UniqueVariableNamesRule: 'query ($a: Int, $a: Int) { version }',
  NoUndefinedVariablesRule: '{ journalLines(first: $n) { totalCount } }',
  NoUnusedVariablesRule: 'query ($a: Int) { version }',
  KnownDirectivesRule: '{ version @inclde(if: true) }',
  UniqueDirectivesPerLocationRule: '{ version @include(if: true) @include(if: true) }',
  KnownArgumentNamesRule: '{ journalLines(frist: 1) { totalCount } }',
  UniqueArgumentNamesRule: '{ journalLines(first: 1, first: 2) { totalCount } }',
  ValuesOfCorrectTypeRule:
    'mutation { createAccount(input: { nmae: "Cash", number: "1", type: ASSETS, fundType: OPERATING }) { id } }',
  ProvidedRequiredArgumentsRule: '{ account { id } }',
  VariablesInAllowedPositionRule: 'query ($x: ID) { account(id: $x) { id } }',
  OverlappingFieldsCanBeMergedRule: '{ a: version a: supportWidget { __typename } }',
  UniqueInputFieldNamesRule:
    'mutation { createAccount(input: { name: "A", name: "B", number: "1", type: ASSET, fundType: OPERATING }) { id } }',
  MaxIntrospectionDepthRule:
    '{ __schema { types { fields { type { fields { type { fields { type { fields { name } } } } } } } } } }',
};

// Beyond the validation rules: near misses in the query text graphql-js answers with a guess, and
// variables, which graphql-js coerces (and words its refusals) as the operation starts.
const NEAR_MISSES: { query: string; variables?: Record<string, unknown> }[] = [
  // The example: the union's member type named as a guess.
  { query: 'mutation { login(email: "a@b.c", password: "x") { accessToken } }' },
  { query: '{ me { usr { id } } }' },
  {
    query: 'mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id } }',
    variables: { input: { nmae: 'Cash', number: '1', type: 'ASSET', fundType: 'OPERATING' } },
  },
  {
    query: 'mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id } }',
    variables: { input: { name: 'Cash', number: '1', type: 'ASSETS', fundType: 'OPERATING' } },
  },
];

const SUGGESTS = /Did you mean|Suggestion hidden/;

describe('validation messages: no suggestions, in production', () => {
  let schema: GraphQLSchema;
  let app: TestApp;
  beforeAll(async () => {
    schema = await buildBaseSchema();
    app = await startTestApp({ env: 'production', production: true });
  });
  afterAll(() => app.close());

  it('has a query breaking every validation rule graphql-js runs', () => {
    const untried = specifiedRules.map((r) => r.name).filter((n) => !(n in BROKEN));
    expect(untried, 'validation rules without a query here').toEqual([]);
    for (const rule of specifiedRules) {
      const query = BROKEN[rule.name];
      if (query === null) continue;
      expect(validate(schema, parse(query), [rule]).length, rule.name).toBeGreaterThan(0);
    }
  });

  it('answers each broken query BAD_USER_INPUT without a guess at what was meant', async () => {
    const queries = [
      ...Object.values(BROKEN)
        .filter((q): q is string => q !== null)
        .map((query) => ({ query, variables: undefined })),
      ...NEAR_MISSES,
    ];
    // graphql-js itself guesses for many of them: the test asks what a guess would give away.
    const guesses = Object.values(BROKEN)
      .filter((q): q is string => q !== null)
      .flatMap((q) => validate(schema, parse(q)).map((e) => e.message))
      .filter((m) => /Did you mean/.test(m));
    expect(guesses.length).toBeGreaterThanOrEqual(6);
    for (const { query, variables } of queries) {
      const res = await app.gql(query, variables);
      const label = `${query} ${JSON.stringify(res.body)}`;
      expect(res.status, label).toBe(400);
      expect(res.body.errors?.length, label).toBeGreaterThan(0);
      for (const e of res.body.errors!) {
        expect(e.extensions?.code, label).toBe('BAD_USER_INPUT');
        expect(e.message, label).not.toMatch(SUGGESTS);
        expect(e.message, label).not.toBe('');
      }
    }
    const login = await app.gql(NEAR_MISSES[0].query);
    expect(login.body.errors![0].message).toBe(
      'Cannot query field "accessToken" on type "LoginResult".',
    );
    expect(login.body.errors![0].message).not.toContain('LoginPayload');
  });

  it('strips every form of guess graphql-js and graphql-armor write', () => {
    expect(
      withoutSuggestions('Cannot query field "verison" on type "Query". Did you mean "version"?'),
    ).toBe('Cannot query field "verison" on type "Query".');
    expect(withoutSuggestions('Unknown type "Strin". Did you mean "String", "ID", or "Int"?')).toBe(
      'Unknown type "Strin".',
    );
    expect(
      withoutSuggestions(
        'Value "ASSETS" does not exist in "AccountType" enum. Did you mean the enum value "ASSET"?',
      ),
    ).toBe('Value "ASSETS" does not exist in "AccountType" enum.');
    expect(
      withoutSuggestions(
        'Field "me" of type "Me!" must have a selection of subfields. Did you mean "me { ... }"?',
      ),
    ).toBe('Field "me" of type "Me!" must have a selection of subfields.');
    expect(withoutSuggestions('Cannot query field "x" on type "Query". [Suggestion hidden]?')).toBe(
      'Cannot query field "x" on type "Query".',
    );
    expect(withoutSuggestions('Use a month like 2026-03 (month)')).toBe(
      'Use a month like 2026-03 (month)',
    );
  });
});
