import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBaseSchema } from '../../server/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import { Role } from '../roles.js';
import { permissionTable } from './permissions.js';
import { isSuperadmin } from './rules.js';

// Every root field the permission table gives to super admins alone, called by an organization's
// ADMIN with arguments that look valid: each answers FORBIDDEN. The list is read from the table,
// so an admin operation added later is walked without touching this file.

const SCALARS: Record<string, unknown> = {
  ID: '00000000-0000-4000-8000-000000000000',
  String: 'x',
  Int: 1,
  Float: 1,
  Boolean: true,
  Money: '1.00',
  LocalDate: '2026-01-01',
  DateTimeISO: '2026-01-01T00:00:00.000Z',
  JSONObject: {},
};

// A value for a required argument: the first enum value, required input fields only, one item
// of a list.
function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [sample(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) {
      if (isNonNullType(f.type) && f.defaultValue === undefined) out[f.name] = sample(f.type);
    }
    return out;
  }
  if (isScalarType(type)) {
    if (!(type.name in SCALARS)) throw new Error(`No sample for scalar ${type.name}`);
    return SCALARS[type.name];
  }
  throw new Error(`No sample for ${String(type)}`);
}

function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const required = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
  const vars = required.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = required.map((a) => `${a.name}: $${a.name}`).join(', ');
  const named = getNamedType(field.type);
  const selection = isScalarType(named) || isEnumType(named) ? '' : ' { __typename }';
  const variables = Object.fromEntries(required.map((a) => [a.name, sample(a.type)]));
  return {
    query: `${kind}${vars ? ` (${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`,
    variables,
  };
}

describe('admin operations, walked as a tenant admin', () => {
  let app: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    app = await startTestApp();
    const org = await createOrg(app.services, 'Walk HOA');
    const admin = await createUser(app.services, { memberships: [{ org, role: Role.ADMIN }] });
    adminToken = tokenFor(app.services, admin, org);
  });
  afterAll(() => app.close());

  // Each super-admin-only root field called with `token`: `code` when the answer is exactly one
  // error with that code and no data, else the whole answer (so a failure shows what came back).
  async function walk(token: string | undefined, code: string) {
    const schema = await buildBaseSchema();
    const answers: Record<string, unknown> = {};
    for (const [root, kind] of [
      ['Query', 'query'],
      ['Mutation', 'mutation'],
    ] as const) {
      const type = root === 'Query' ? schema.getQueryType() : schema.getMutationType();
      const fields = type!.getFields();
      for (const [name, r] of Object.entries(permissionTable[root])) {
        if (r !== isSuperadmin) continue;
        const { query, variables } = operationFor(kind, fields[name]!);
        const res = await app.gql(query, variables, token);
        const codes = res.body.errors?.map((e) => e.extensions?.code) ?? [];
        const refused = codes.length === 1 && codes[0] === code && !res.body.data?.[name];
        answers[`${root}.${name}`] = refused ? code : { query, status: res.status, body: res.body };
      }
    }
    return answers;
  }

  it('every super-admin-only root field answers FORBIDDEN', async () => {
    const answers = await walk(adminToken, 'FORBIDDEN');
    const walked = Object.keys(answers);
    // The walk covers the admin operations this file was written against, and more as they land.
    expect(walked).toEqual(
      expect.arrayContaining([
        'Query.adminIdeas',
        'Mutation.setIdeaStatus',
        'Mutation.setIdeaAdminNote',
        'Mutation.impersonateUser',
      ]),
    );
    expect(answers).toEqual(Object.fromEntries(walked.map((w) => [w, 'FORBIDDEN'])));
  });

  it('and UNAUTHENTICATED for a signed-out caller', async () => {
    const answers = await walk(undefined, 'UNAUTHENTICATED');
    const walked = Object.keys(answers);
    expect(walked.length).toBeGreaterThan(3);
    expect(answers).toEqual(Object.fromEntries(walked.map((w) => [w, 'UNAUTHENTICATED'])));
  });
});
