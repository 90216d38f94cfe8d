import {
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  parse,
  type GraphQLArgument,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { allow, rule } from 'graphql-shield';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import { Role } from '../roles.js';
import { openTenant } from '../tenancy/tenant-door.js';
import { buildBaseSchema } from '../../server/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import { decidableFromContext } from './decide.js';
import { fieldRulesGuard, guardedSelections } from './field-guard.js';
import { fieldRules } from './permissions.js';

const code = (res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) =>
  res.body.errors?.[0]?.extensions?.code;

function paths(schema: GraphQLSchema, query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
  )!;
  return guardedSelections(schema, document, operation, variables, fieldRules).map(
    (f) => `${f.path} ${f.typeName}.${f.fieldName}`,
  );
}

// A value of the right shape for an input type (valid text, so a mutation would run and write).
function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [sample(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, sample(f.type)]),
    );
  }
  const scalars: Record<string, unknown> = {
    ID: '00000000-0000-4000-8000-000000000000',
    Int: 1,
    Float: 1.5,
    Boolean: true,
    JSONObject: {},
    LocalDate: '2026-01-01',
    Money: '1.00',
  };
  return getNamedType(type).name in scalars ? scalars[getNamedType(type).name] : 'An idea';
}

function sampleArguments(args: readonly GraphQLArgument[]) {
  const required = args.filter((a) => isNonNullType(a.type));
  if (!required.length) return { declarations: '', args: '', variables: {} };
  return {
    declarations: `(${required.map((a) => `$${a.name}: ${String(a.type)}`).join(', ')})`,
    args: `(${required.map((a) => `${a.name}: $${a.name}`).join(', ')})`,
    variables: Object.fromEntries(required.map((a) => [a.name, sample(a.type)])),
  };
}

// Every table's content, hashed: equal before and after means nothing was written.
async function fingerprint(em: EntityManager): Promise<Record<string, string>> {
  const tables = await sql(em).all<{ name: string }>(
    `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name
       FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await sql(em).all<{ h: string }>(
      `SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS h FROM ${name} t`,
    );
    out[name] = row.h;
  }
  return out;
}

// A selection from a type down to `target.field`, through fields without required arguments
// (inline fragments into the object types of an interface or union): breadth first, shortest.
function selectionTo(
  schema: GraphQLSchema,
  from: GraphQLNamedType,
  target: string,
  field: string,
): string | null {
  const queue: { type: GraphQLNamedType; wrap: (inner: string) => string }[] = [
    { type: from, wrap: (s) => s },
  ];
  const seen = new Set<string>();
  while (queue.length) {
    const { type, wrap } = queue.shift()!;
    if (seen.has(type.name)) continue;
    seen.add(type.name);
    if (type.name === target) return wrap(`{ ${field} }`);
    if (isAbstractType(type)) {
      for (const t of schema.getPossibleTypes(type)) {
        queue.push({ type: t, wrap: (s) => wrap(`{ ... on ${t.name} ${s} }`) });
      }
      continue;
    }
    if (!isObjectType(type)) continue;
    for (const f of Object.values(type.getFields())) {
      if (f.args.some((a) => isNonNullType(a.type))) continue;
      const next = getNamedType(f.type);
      queue.push({ type: next, wrap: (s) => wrap(`{ ${f.name} ${s} }`) });
    }
  }
  return null;
}

describe('field rules in a mutation: refused before it runs', () => {
  let schema: GraphQLSchema;
  let app: TestApp;
  let memberToken: string;
  let superToken: string;
  let orgId: string;

  const countIdeas = async () => {
    const [{ n }] = await sql(app.services.platformOrm.em.fork() as EntityManager).all<{
      n: number;
    }>('SELECT count(*)::int AS n FROM ideas WHERE organization_id = ?', [orgId]);
    return n;
  };

  beforeAll(async () => {
    schema = await buildBaseSchema();
    app = await startTestApp();
    const org = await createOrg(app.services, 'Field Guard HOA');
    orgId = org.id;
    await sql(app.services.platformOrm.em.fork() as EntityManager).run(
      `UPDATE organizations SET settings = '{"ideationEnabled": true}' WHERE id = ?`,
      [org.id],
    );
    const member = await createUser(app.services, { memberships: [{ org, role: Role.USER }] });
    const sup = await createUser(app.services, {
      isSuperadmin: true,
      memberships: [{ org, role: Role.USER }],
    });
    memberToken = tokenFor(app.services, member, org);
    superToken = tokenFor(app.services, sup, org);
  });
  afterAll(() => app.close());

  it('finds a ruled field however it is selected: alias, fragments, nesting, @include/@skip', () => {
    expect(paths(schema, 'mutation { submitIdea(input: {}) { id adminNote } }')).toEqual([
      'submitIdea.adminNote Idea.adminNote',
    ]);
    expect(paths(schema, 'mutation { s: submitIdea(input: {}) { id n: adminNote } }')).toEqual([
      's.n Idea.adminNote',
    ]);
    const fragments = `mutation { submitIdea(input: {}) { ...A ... on Idea { b: adminNote } } }
      fragment A on Idea { ...B }
      fragment B on Idea { adminNote }`;
    expect(paths(schema, fragments)).toEqual([
      'submitIdea.adminNote Idea.adminNote',
      'submitIdea.b Idea.adminNote',
    ]);
    const conditional = `mutation ($with: Boolean!) {
      submitIdea(input: {}) { id adminNote @include(if: $with) n: adminNote @skip(if: true) } }`;
    expect(paths(schema, conditional, { with: true })).toEqual([
      'submitIdea.adminNote Idea.adminNote',
    ]);
    expect(paths(schema, conditional, { with: false })).toEqual([]);
    // A plain field of a type with rules is open; __typename is never a rule's.
    expect(paths(schema, 'mutation { submitIdea(input: {}) { id title __typename } }')).toEqual([]);
  });

  it('takes only field rules that depend on the caller alone (decidable before the operation)', () => {
    for (const [type, fields] of Object.entries(fieldRules)) {
      for (const [field, r] of Object.entries(fields)) {
        expect(decidableFromContext(r), `${type}.${field}`).toBe(true);
      }
    }
    const byParent = rule({ cache: 'strict' })((parent: { mine?: boolean }) => !!parent.mine);
    expect(() => fieldRulesGuard({ Idea: { id: allow, adminNote: byParent } })).toThrow(
      /Idea\.adminNote/,
    );
  });

  it('submitIdea { adminNote } by a member: FORBIDDEN, nothing stored; the retry stores one', async () => {
    const before = await countIdeas();
    const input = { title: 'Bike racks', description: 'By the pool' };
    for (const query of [
      'mutation ($input: SubmitIdeaInput!) { submitIdea(input: $input) { id adminNote } }',
      'mutation ($input: SubmitIdeaInput!) { a: submitIdea(input: $input) { id n: adminNote } }',
      'mutation ($input: SubmitIdeaInput!) { submitIdea(input: $input) { ...F } } fragment F on Idea { id adminNote }',
      'mutation ($input: SubmitIdeaInput!) { submitIdea(input: $input) { id ... on Idea { adminNote } } }',
    ]) {
      const res = await app.gql(query, { input }, memberToken);
      expect(res.status, query).toBe(403);
      expect(code(res), query).toBe('FORBIDDEN');
      expect(res.body.data ?? null, query).toBeNull();
      // Refused before execution: no field path, the guarded field named in the details.
      expect(res.body.errors![0].path, query).toBeUndefined();
      expect(res.body.errors![0].extensions!.details).toEqual([
        { field: expect.stringMatching(/adminNote$|\.n$/), message: 'Super admins only' },
      ]);
    }
    expect(await countIdeas()).toBe(before);
    const retry = await app.gql(
      'mutation ($input: SubmitIdeaInput!) { submitIdea(input: $input) { id title } }',
      { input },
      memberToken,
    );
    expect(retry.body.errors).toBeUndefined();
    expect(await countIdeas()).toBe(before + 1);
  });

  it('lets a caller who may read the field run the mutation; queries are answered as before', async () => {
    const mine = await app.gql(
      'mutation { submitIdea(input: { title: "Dog park", description: "" }) { title adminNote } }',
      {},
      superToken,
    );
    expect(mine.body).toEqual({ data: { submitIdea: { title: 'Dog park', adminNote: '' } } });
    // A read changes nothing: it runs, and the field answers FORBIDDEN at its path as before (the
    // note is non-null, so the answer's data is null); without the field it is the member's.
    const read = await app.gql(
      '{ ideas(first: 1) { edges { node { title adminNote } } } }',
      {},
      memberToken,
    );
    expect(code(read)).toBe('FORBIDDEN');
    expect(read.body.errors![0].path).toEqual(['ideas', 'edges', 0, 'node', 'adminNote']);
    const plain = await app.gql(
      '{ ideas(first: 1) { edges { node { title } } } }',
      {},
      memberToken,
    );
    expect(plain.body).toEqual({ data: { ideas: { edges: [{ node: { title: 'Dog park' } }] } } });
  });

  it('walks every field rule: each mutation that can select it is refused with nothing written', async () => {
    const mutations = Object.values(schema.getMutationType()!.getFields());
    const tenantEm = (await openTenant(app.services, orgId)).em;
    const platformEm = app.services.platformOrm.em.fork() as EntityManager;
    const checked: string[] = [];
    for (const [typeName, fields] of Object.entries(fieldRules)) {
      for (const [field, r] of Object.entries(fields)) {
        if (r === allow) continue;
        for (const m of mutations) {
          const selection = selectionTo(schema, getNamedType(m.type), typeName, field);
          if (!selection) continue;
          const { declarations, args, variables } = sampleArguments(m.args);
          const query = `mutation${declarations} { ${m.name}${args} ${selection} }`;
          const before = [await fingerprint(platformEm), await fingerprint(tenantEm)];
          const res = await app.gql(query, variables, memberToken);
          expect(code(res), `${query}: ${JSON.stringify(res.body)}`).toBe('FORBIDDEN');
          expect(res.body.errors![0].path, query).toBeUndefined();
          expect(res.body.data ?? null, query).toBeNull();
          expect([await fingerprint(platformEm), await fingerprint(tenantEm)], query).toEqual(
            before,
          );
          checked.push(`${m.name} → ${typeName}.${field}`);
        }
      }
    }
    // submitIdea would store an idea for this member if it ran (ideation is on).
    expect(checked).toContain('submitIdea → Idea.adminNote');
    expect(checked.length).toBeGreaterThanOrEqual(3);
  });
});
