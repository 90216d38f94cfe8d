import { randomUUID } from 'node:crypto';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../core/roles.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { createOrg, createUser, tokenFor } from '../test/factories.js';
import type { User } from '../platform/users/users.entity.js';
import type { Organization } from '../platform/organizations/organizations.entity.js';
import { buildAppSchema } from './schema.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- values are built loosely, as a client would */

// The schema, fuzzed from outside: every argument of every query and mutation, and every field of
// every input nested in them, is sent hostile values one at a time (the rest of the call plausible),
// by a super admin who administers an association with books. Whatever the answer, it is typed:
// never INTERNAL, never an HTTP 5xx, and nothing reaches the server's error log.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const deep = (levels: number): Json => {
  let v: Json = { leaf: true };
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};

const HOSTILE_TEXT: Json[] = [
  '',
  '   ',
  'a\u0000b',
  '\u0007\u001b[31m',
  'a\ud800b',
  'x'.repeat(10_001),
  '🏠'.repeat(300),
  "'; DROP TABLE accounts; --",
  '=HYPERLINK("http://evil","x")',
  '\u202Egnp.exe',
  '../../../etc/passwd',
];

// Plausible values: what a careful client sends.
function sample(type: GraphQLInputType, depth = 0): Json {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [sample(inner.ofType, depth + 1)];
  if (isEnumType(inner)) return inner.getValues()[0].value as Json;
  if (isInputObjectType(inner)) {
    const out: Record<string, Json> = {};
    for (const f of Object.values(inner.getFields())) {
      if (isNonNullType(f.type) && f.defaultValue === undefined && depth < 6) {
        out[f.name] = sample(f.type, depth + 1);
      }
    }
    return out;
  }
  switch (inner.name) {
    case 'ID':
      return randomUUID();
    case 'Int':
    case 'Float':
      return 1;
    case 'Boolean':
      return true;
    case 'LocalDate':
      return '2026-01-15';
    case 'DateTimeISO':
      return '2026-01-15T12:00:00.000Z';
    case 'Money':
      return '1.00';
    case 'JSONObject':
      return {};
    default:
      return 'x';
  }
}

// Hostile values for a leaf (or a list) of the given type.
function hostile(type: GraphQLInputType): Json[] {
  const inner = isNonNullType(type) ? type.ofType : type;
  const nullable = isNonNullType(type) ? [] : [null];
  if (isListType(inner)) {
    const item = sample(inner.ofType);
    return [...nullable, [], Array.from({ length: 1001 }, () => item)];
  }
  if (isEnumType(inner)) return [...nullable, 'NOT_A_VALUE', ''];
  if (!isScalarType(inner)) return nullable;
  switch (inner.name) {
    case 'ID':
      return ['', 'not-an-id', `${randomUUID()}\u0000`, 'x'.repeat(1000), 0, randomUUID()];
    case 'Int':
      return [0, -1, 2147483647, -2147483648, 2147483648, 1.5, '1'];
    case 'Float':
      return [0, -1, 1e308, -1e308];
    case 'Boolean':
      return ['true', 0];
    case 'LocalDate':
      return ['0000-01-01', '9999-12-31', '2026-02-30', '', '2026-1-1', 'a\u0000'];
    case 'DateTimeISO':
      return ['0000-01-01T00:00:00Z', 'x', ''];
    case 'Money':
      return [
        '0',
        '-1.00',
        '-0',
        '1e400',
        '99999999999999999999999999.99',
        '92233720368547758.08',
        'abc',
        '1.001',
        '',
        1,
      ];
    case 'JSONObject':
      return [deep(200), { 'a\u0000': 1 }, [], 'x', { big: 'y'.repeat(200_000) }];
    case 'Upload':
      return ['a.csv', { filename: 'a.csv' }, 1];
    default:
      return [...nullable, ...HOSTILE_TEXT];
  }
}

interface Case {
  field: string;
  path: string;
  value: Json;
}

// Paths to every leaf an argument holds: the argument itself, the fields of nested inputs (once
// per input type on a path, so recursive inputs end), and the list itself where there is one.
function leaves(
  type: GraphQLInputType,
  path: string,
  seen: Set<string>,
): [string, GraphQLInputType][] {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    return [[path, type], ...leaves(inner.ofType, `${path}.0`, seen)];
  }
  if (isInputObjectType(inner)) {
    if (seen.has(inner.name)) return [];
    const next = new Set(seen).add(inner.name);
    return [
      [path, type],
      ...Object.values(inner.getFields()).flatMap((f) => leaves(f.type, `${path}.${f.name}`, next)),
    ];
  }
  return [[path, type]];
}

// Puts a value at a path (a0.lines.0.memo), filling what leads there with plausible values.
function setAt(root: Record<string, Json>, path: string, value: Json, rootType: GraphQLInputType) {
  const keys = path.split('.');
  let at: any = root;
  let type: GraphQLInputType = rootType;
  for (let k = 0; k < keys.length - 1; k++) {
    if (at[keys[k]] === undefined || at[keys[k]] === null) at[keys[k]] = sample(type);
    at = at[keys[k]];
    const inner = isNonNullType(type) ? type.ofType : type;
    if (isListType(inner)) type = inner.ofType;
    else if (isInputObjectType(inner)) type = inner.getFields()[keys[k + 1]].type;
  }
  at[keys[keys.length - 1]] = value;
}

function operation(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const defs = field.args.map((a, i) => `$a${i}: ${String(a.type)}`);
  const args = field.args.map((a, i) => `${a.name}: $a${i}`);
  const returns = getNamedType(field.type);
  const selection = isScalarType(returns) || isEnumType(returns) ? '' : ' { __typename }';
  const vars = defs.length ? `(${defs.join(', ')})` : '';
  const call = args.length ? `(${args.join(', ')})` : '';
  return `${kind} Fuzz${vars} { ${field.name}${call}${selection} }`;
}

function baseVariables(args: readonly GraphQLArgument[]): Record<string, Json> {
  const vars: Record<string, Json> = {};
  args.forEach((a, i) => {
    if (isNonNullType(a.type)) vars[`a${i}`] = sample(a.type);
  });
  return vars;
}

describe('the schema, fuzzed', () => {
  let app: TestApp;
  let org: Organization;
  let user: User;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp();
    org = await createOrg(app.services);
    user = await createUser(app.services, {
      isSuperadmin: true,
      memberships: [{ org, role: Role.ADMIN }],
    });
    token = await tokenFor(app.services, user, org);
    // Books to find: an account, a unit, an entry (fuzzed ids are random, so this is what a
    // successful plausible call can touch).
    const gql = (q: string, v?: Record<string, unknown>) => app.gql(q, v, token);
    const cash = await gql(
      `mutation { createAccount(input: { number: "1000", name: "Cash", type: ASSET, fundType: OPERATING }) { id } }`,
    );
    const dues = await gql(
      `mutation { createAccount(input: { number: "4000", name: "Dues", type: INCOME, fundType: OPERATING }) { id } }`,
    );
    await gql(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
      {
        input: {
          date: '2026-01-15',
          lines: [
            { accountId: cash.body.data!.createAccount.id, debit: '100.00' },
            { accountId: dues.body.data!.createAccount.id, credit: '100.00' },
          ],
        },
      },
    );
  }, 120_000);
  afterAll(() => app.close());

  it('answers every hostile argument with a typed error or data, never INTERNAL or 5xx', async () => {
    const schema = await buildAppSchema();
    const roots: ['query' | 'mutation', GraphQLObjectType | null | undefined][] = [
      ['query', schema.getQueryType()],
      ['mutation', schema.getMutationType()],
    ];
    const cases: { kind: 'query' | 'mutation'; field: GraphQLField<unknown, unknown>; c: Case }[] =
      [];
    for (const [kind, root] of roots) {
      for (const field of Object.values(root!.getFields())) {
        field.args.forEach((arg, i) => {
          for (const [path, type] of leaves(arg.type, `a${i}`, new Set())) {
            for (const value of hostile(type)) {
              cases.push({ kind, field, c: { field: field.name, path, value } });
            }
          }
        });
      }
    }

    const failures: string[] = [];
    let sent = 0;
    const run = async ({ kind, field, c }: (typeof cases)[number]) => {
      const variables = baseVariables(field.args);
      const arg = field.args[Number(c.path.split('.')[0].slice(1))];
      setAt(variables, c.path, c.value, arg.type);
      const before = app.loggedErrors.length;
      const res = await app.gql(operation(kind, field), variables, token);
      sent++;
      const internal = res.body.errors?.find((e) => e.extensions?.code === 'INTERNAL');
      const shown = JSON.stringify(c.value)?.slice(0, 60);
      if (res.status >= 500 || internal || app.loggedErrors.length > before) {
        failures.push(
          `${c.field} ${c.path.replace(/^a\d+/, arg.name)} = ${shown}: HTTP ${res.status} ${
            internal ? 'INTERNAL' : ''
          } ${JSON.stringify(String(app.loggedErrors.slice(before)[0] ?? '').slice(0, 160))}`,
        );
      }
      // A fuzzed call may end the session (sign out everywhere): sign in again and go on.
      if (res.body.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) {
        token = await tokenFor(app.services, user, org);
      }
    };

    // One at a time, so each logged error belongs to the call that caused it.
    for (const next of cases) await run(next);

    expect(failures).toEqual([]);
    // Every argument was reached (about 1,900 calls today): a schema walk that found nothing
    // would pass the line above.
    expect(sent).toBeGreaterThan(1500);
  }, 600_000);
});
