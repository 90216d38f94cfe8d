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
import { Role } from '../../platform/users/membership.entity.js';
import { buildBaseSchema } from '../../server/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createOrg, createUser, tokenFor } from '../../test/factories.js';
import { CREDENTIAL_MUTATIONS, VIEWER_MUTATION_ALLOW_LIST } from './permissions.js';

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
      default:
        return 'x';
    }
  }
  throw new Error(`no sample for ${String(type)}`);
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

  it('refuses every mutation to a viewer except the allow-list and own-credential operations', async () => {
    const schema = await buildBaseSchema();
    const mutation = schema.getMutationType()!;
    const exempt = new Set<string>([...VIEWER_MUTATION_ALLOW_LIST, ...CREDENTIAL_MUTATIONS]);
    const checked: string[] = [];
    for (const field of Object.values(mutation.getFields())) {
      if (exempt.has(field.name)) continue;
      const vars = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
      const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
      const named = getNamedType(field.type);
      const selection = isObjectType(named) ? ' { __typename }' : '';
      const doc = `mutation${vars ? `(${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
      const variables = Object.fromEntries(field.args.map((a) => [a.name, sample(a.type)]));
      const res = await app.gql(doc, variables, viewer);
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
