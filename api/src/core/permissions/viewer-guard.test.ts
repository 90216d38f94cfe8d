import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../roles.js';
import { buildBaseSchema } from '../../server/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import {
  CREDENTIAL_MUTATIONS,
  OWN_CHOICE_MUTATIONS,
  VIEWER_MUTATION_ALLOW_LIST,
} from './permissions.js';

// A value of the right shape for any input type, so that only the permission rule can refuse.
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
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID':
        return '00000000-0000-4000-8000-000000000000';
      case 'Int':
        return 1;
      case 'Float':
        return 1.5;
      case 'Boolean':
        return true;
      case 'JSONObject':
        return {};
      case 'LocalDate':
        return '2026-01-01';
      case 'Money':
        return '1.00';
      default:
        return 'x';
    }
  }
  throw new Error(`no sample for ${String(type)}`);
}

// Upload arguments travel as multipart requests (the GraphQL multipart request spec).
async function multipart(
  app: TestApp,
  query: string,
  variables: Record<string, unknown>,
  fileArg: string,
  token: string,
) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables }));
  form.append('map', JSON.stringify({ 0: [`variables.${fileArg}`] }));
  form.append('0', new Blob([new TextEncoder().encode('%PDF-1.4\n')]), 'x.pdf');
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
    body: form,
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

describe('viewer write guard', () => {
  let app: TestApp;
  let viewer: string;
  beforeAll(async () => {
    app = await startTestApp();
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org, role: Role.VIEWER }] });
    viewer = tokenFor(app.services, user, org);
  });
  afterAll(() => app.close());

  it('refuses every mutation to a viewer except the allow-list, own choices and own credentials', async () => {
    const schema = await buildBaseSchema();
    const mutation = schema.getMutationType()!;
    const exempt = new Set<string>([
      ...VIEWER_MUTATION_ALLOW_LIST,
      ...OWN_CHOICE_MUTATIONS,
      ...CREDENTIAL_MUTATIONS,
    ]);
    const checked: string[] = [];
    for (const field of Object.values(mutation.getFields())) {
      if (exempt.has(field.name)) continue;
      const vars = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
      const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
      const named = getNamedType(field.type);
      const selection = isObjectType(named) ? ' { __typename }' : '';
      const doc = `mutation${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
      const uploads = field.args.filter((a) => getNamedType(a.type).name === 'Upload');
      const variables = Object.fromEntries(
        field.args.map((a) => [a.name, uploads.includes(a) ? null : sample(a.type)]),
      );
      const res = uploads.length
        ? await multipart(app, doc, variables, uploads[0].name, viewer)
        : await app.gql(doc, variables, viewer);
      expect(
        res.body.errors?.[0]?.extensions?.code,
        `${field.name}: ${JSON.stringify(res.body)}`,
      ).toBe('FORBIDDEN');
      expect(res.status).toBe(403);
      checked.push(field.name);
    }
    expect(checked).toContain('createAccount');
    expect(checked).toContain('inviteMember');
    expect(checked.length).toBeGreaterThanOrEqual(6);
  });

  it('lets a viewer call what the allow-list names', async () => {
    const res = await app.gql('mutation { markIntroSeen { hasSeenIntro } }', {}, viewer);
    expect(res.body.data).toEqual({ markIntroSeen: { hasSeenIntro: true } });
  });
});
