import { randomUUID } from 'node:crypto';
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOpaqueToken } from '../../core/auth/opaque-tokens.js';
import { API_TOKEN_REFUSED, permissionTable } from '../../core/permissions/permissions.js';
import { isSuperadmin } from '../../core/permissions/rules.js';
import { Role } from '../../core/roles.js';
import { startTestApp, type GqlResponse, type TestApp } from '../../test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../../test/factories.js';
import type { Organization } from '../organizations/organizations.entity.js';
import type { User } from '../users/users.entity.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */

const CREATE = `mutation ($input: CreateApiTokenInput!) {
  createApiToken(input: $input) {
    token
    apiToken { id name organizationId organizationName access prefix expiresAt createdAt lastUsedAt state }
  }
}`;
const REVOKE = `mutation ($id: ID!) { revokeApiToken(id: $id) { id state revokedAt } }`;
const LIST = `{ apiTokens { id name organizationName access state lastUsedAt lastUsedIp revokedAt } }`;
const ACCOUNTS = `{ accounts { id number name type fundType } }`;
const CREATE_VENDOR = `mutation ($name: String!) { createVendor(input: { name: $name }) { id name } }`;

const code = (res: GqlResponse) => res.body.errors?.[0]?.extensions?.code;
const reason = (res: GqlResponse) => res.body.errors?.[0]?.extensions?.reason;

describe('personal API tokens', () => {
  let app: TestApp;
  let orgA: Organization;
  let orgB: Organization;
  let alice: User; // admin of A, viewer of B
  let aliceA: string; // her access token for A

  const sql = (query: string, params: unknown[] = []) =>
    app.services.platformOrm.em.fork().getConnection().execute(query, params);

  async function create(
    input: Record<string, unknown> = {},
    access = aliceA,
  ): Promise<{ token: string; apiToken: any }> {
    const res = await app.gql(
      CREATE,
      { input: { name: `t-${randomUUID().slice(0, 8)}`, organizationId: orgA.id, ...input } },
      access,
    );
    expect(res.body.errors).toBeUndefined();
    return res.body.data!.createApiToken;
  }

  beforeAll(async () => {
    app = await startTestApp();
    orgA = await createOrg(app.services);
    orgB = await createOrg(app.services);
    alice = await createUser(app.services, {
      memberships: [
        { org: orgA, role: Role.ADMIN },
        { org: orgB, role: Role.VIEWER },
      ],
    });
    aliceA = tokenFor(app.services, alice, orgA);
    // Something in each organization's books to tell them apart.
    await app.gql(
      `mutation { createAccount(input: { number: "1010", name: "A checking", type: ASSET, fundType: OPERATING }) { id } }`,
      {},
      aliceA,
    );
    const bAdmin = await createUser(app.services, { memberships: [{ org: orgB }] });
    await app.gql(
      `mutation { createAccount(input: { number: "1999", name: "B secret", type: ASSET, fundType: OPERATING }) { id } }`,
      {},
      tokenFor(app.services, bAdmin, orgB),
    );
  });
  afterAll(() => app.close());

  it('creates a token shown once, stores only its hash, and answers like an access token', async () => {
    const { token, apiToken } = await create({ name: 'Monthly reports' });
    expect(token).toMatch(/^cov_pat_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatchObject({
      name: 'Monthly reports',
      organizationId: orgA.id,
      organizationName: orgA.name,
      access: 'ROLE',
      state: 'ACTIVE',
      prefix: token.slice(0, 12),
      lastUsedAt: null,
    });
    // The default lifetime: 90 days.
    const days = (Date.parse(apiToken.expiresAt) - Date.parse(apiToken.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(90, 3);

    const [row] = await sql('SELECT * FROM api_tokens WHERE id = ?', [apiToken.id]);
    expect(row.token_hash).toBe(hashOpaqueToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(12));

    const viaToken = await app.gql(ACCOUNTS, {}, token);
    const viaAccess = await app.gql(ACCOUNTS, {}, aliceA);
    expect(viaToken.body.errors).toBeUndefined();
    expect(viaToken.body.data).toEqual(viaAccess.body.data);
    expect(viaToken.body.data!.accounts.map((a: any) => a.name)).toContain('A checking');
  });

  it('lets a role token write and refuses a read-only one (FORBIDDEN), admin reads included', async () => {
    const role = await create({ access: 'ROLE' });
    const readOnly = await create({ access: 'READ_ONLY' });
    const wrote = await app.gql(CREATE_VENDOR, { name: 'Role token vendor' }, role.token);
    expect(wrote.body.errors).toBeUndefined();

    const refused = await app.gql(CREATE_VENDOR, { name: 'Read-only vendor' }, readOnly.token);
    expect(refused.status).toBe(403);
    expect(code(refused)).toBe('FORBIDDEN');
    // An admin's read-only token is a viewer: the admins' own reads are refused too.
    expect(code(await app.gql('{ members { userId } }', {}, readOnly.token))).toBe('FORBIDDEN');
    expect((await app.gql(ACCOUNTS, {}, readOnly.token)).body.errors).toBeUndefined();
    const vendors = await app.gql('{ vendors { name } }', {}, aliceA);
    const names = vendors.body.data!.vendors.map((v: any) => v.name);
    expect(names).toContain('Role token vendor');
    expect(names).not.toContain('Read-only vendor');
  });

  it('refuses a revoked token at once, and an expired one', async () => {
    const { token, apiToken } = await create();
    expect((await app.gql(ACCOUNTS, {}, token)).body.errors).toBeUndefined();
    const revoked = await app.gql(REVOKE, { id: apiToken.id }, aliceA);
    expect(revoked.body.data!.revokeApiToken.state).toBe('REVOKED');
    const after = await app.gql(ACCOUNTS, {}, token);
    expect(after.status).toBe(401);
    expect(code(after)).toBe('UNAUTHENTICATED');
    expect(reason(after)).toBe('API_TOKEN_REVOKED');
    expect(after.body.errors![0].message).toMatch(/revoked/);

    const old = await create();
    await sql(
      `UPDATE api_tokens SET created_at = now() - interval '91 days', expires_at = now() - interval '1 day' WHERE id = ?`,
      [old.apiToken.id],
    );
    const expired = await app.gql(ACCOUNTS, {}, old.token);
    expect(expired.status).toBe(401);
    expect(reason(expired)).toBe('API_TOKEN_EXPIRED');
    const listed = (await app.gql(LIST, {}, aliceA)).body.data!.apiTokens;
    expect(listed.find((t: any) => t.id === old.apiToken.id).state).toBe('EXPIRED');
    expect(listed.find((t: any) => t.id === apiToken.id).state).toBe('REVOKED');

    const unknown = await app.gql(ACCOUNTS, {}, `cov_pat_${'A'.repeat(43)}`);
    expect(reason(unknown)).toBe('API_TOKEN_INVALID');
    expect(code(await app.gql(ACCOUNTS, {}, 'cov_pat_short'))).toBe('UNAUTHENTICATED');
  });

  it("reaches only its own organization's books; switchOrganization is refused", async () => {
    const { token } = await create();
    const a = await app.gql(ACCOUNTS, {}, token);
    const names = a.body.data!.accounts.map((x: any) => x.name);
    expect(names).toContain('A checking');
    expect(names).not.toContain('B secret');
    const sw = await app.gql(
      `mutation ($id: ID!) { switchOrganization(organizationId: $id) { accessToken } }`,
      { id: orgB.id },
      token,
    );
    expect(code(sw)).toBe('FORBIDDEN');
    expect(sw.body.data?.switchOrganization ?? null).toBeNull();
  });

  it('needs an active membership of the organization: another id is NOT_FOUND, a removed member is refused', async () => {
    const stranger = await createOrg(app.services);
    const res = await app.gql(
      CREATE,
      { input: { name: 'x', organizationId: stranger.id } },
      aliceA,
    );
    expect(code(res)).toBe('NOT_FOUND');
    expect(res.body.errors![0].extensions!.details).toEqual([
      expect.objectContaining({ field: 'organizationId' }),
    ]);

    const bob = await createUser(app.services, { memberships: [{ org: orgA, role: Role.USER }] });
    const bobA = tokenFor(app.services, bob, orgA);
    const { token } = await create({}, bobA);
    expect((await app.gql(ACCOUNTS, {}, token)).body.errors).toBeUndefined();
    const removed = await app.gql(
      'mutation ($u: ID!) { removeMember(userId: $u) }',
      { u: bob.id },
      aliceA,
    );
    expect(removed.body.errors).toBeUndefined();
    const after = await app.gql(ACCOUNTS, {}, token);
    expect(after.status).toBe(401);
    expect(code(after)).toBe('UNAUTHENTICATED');
  });

  it('checks its input: name, expiry, a name already in use', async () => {
    const bad = async (input: Record<string, unknown>) => {
      const res = await app.gql(
        CREATE,
        { input: { name: 'ok', organizationId: orgA.id, ...input } },
        aliceA,
      );
      return { code: code(res), fields: res.body.errors?.[0]?.extensions?.details };
    };
    expect(await bad({ expiresInDays: 0 })).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await bad({ expiresInDays: 366 })).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await bad({ name: '   ' })).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await bad({ name: 'n'.repeat(81) })).toMatchObject({ code: 'BAD_USER_INPUT' });
    await create({ name: 'Dashboard feed', expiresInDays: 30 });
    expect(await bad({ name: 'dashboard FEED' })).toMatchObject({
      code: 'CONFLICT',
      fields: [expect.objectContaining({ field: 'name' })],
    });
  });

  it("records the last use at most once a minute, and another user's token id is NOT_FOUND", async () => {
    const { token, apiToken } = await create();
    await app.gql(ACCOUNTS, {}, token);
    const [first] = await sql('SELECT last_used_at, last_used_ip FROM api_tokens WHERE id = ?', [
      apiToken.id,
    ]);
    expect(Date.now() - Date.parse(first.last_used_at)).toBeLessThan(60_000);
    expect(first.last_used_ip).toMatch(/127\.0\.0\.1/);
    await app.gql(ACCOUNTS, {}, token);
    const [second] = await sql('SELECT last_used_at FROM api_tokens WHERE id = ?', [apiToken.id]);
    expect(second.last_used_at).toBe(first.last_used_at);

    const carol = await createUser(app.services, { memberships: [{ org: orgA }] });
    const carolA = tokenFor(app.services, carol, orgA);
    const notHers = await app.gql(REVOKE, { id: apiToken.id }, carolA);
    expect(code(notHers)).toBe('NOT_FOUND');
    expect((await app.gql(LIST, {}, carolA)).body.data!.apiTokens).toEqual([]);
    expect((await app.gql(ACCOUNTS, {}, token)).body.errors).toBeUndefined();
  });

  it('writes audit rows for create and revoke', async () => {
    const { apiToken } = await create({ name: 'Audited' });
    await app.gql(REVOKE, { id: apiToken.id }, aliceA);
    const rows = await sql(
      `SELECT action, actor_user_id, organization_id FROM audit_log WHERE entity_id = ? ORDER BY created_at, action`,
      [apiToken.id],
    );
    expect(rows.map((r: any) => r.action).sort()).toEqual(['api-token.create', 'api-token.revoke']);
    expect(
      rows.every((r: any) => r.actor_user_id === alice.id && r.organization_id === orgA.id),
    ).toBe(true);
  });

  it('refuses the token operations to an impersonation session', async () => {
    const admin = await createUser(app.services, { isSuperadmin: true });
    const acting = app.services.tokens.sign({
      userId: alice.id,
      orgId: orgA.id,
      impersonatedBy: admin.id,
    });
    expect(code(await app.gql(LIST, {}, acting))).toBe('FORBIDDEN');
    const res = await app.gql(CREATE, { input: { name: 'x', organizationId: orgA.id } }, acting);
    expect(code(res)).toBe('FORBIDDEN');
  });

  it('applies the same limits (depth, aliases, cost) as to an access token', async () => {
    const { token } = await create();
    let deep = 'name';
    for (let i = 0; i < 16; i++) deep = `ofType { ${deep} }`;
    const queries = [
      `{ __schema { types { fields { type { ${deep} } } } } }`,
      `{ ${Array.from({ length: 16 }, (_, i) => `v${i}: version`).join(' ')} }`,
      `{ a: journalLines(first: 1000) { edges { node { id accountId debit credit memo lineNo fundType accountType } } }
         b: journalLines(first: 1000) { edges { node { id accountId debit credit memo lineNo fundType accountType } } }
         c: journalLines(first: 1000) { edges { node { id accountId debit credit memo lineNo fundType accountType } } }
         d: journalLines(first: 1000) { edges { node { id accountId debit credit memo lineNo fundType accountType } } }
         e: journalLines(first: 1000) { edges { node { id accountId debit credit memo lineNo fundType accountType } } }
         f: journalLines(first: 1000) { edges { node { id accountId debit credit memo lineNo fundType accountType } } } }`,
    ];
    for (const q of queries) {
      const viaAccess = await app.gql(q, {}, aliceA);
      const viaToken = await app.gql(q, {}, token);
      expect(viaAccess.body.errors, q).toBeDefined();
      expect(viaToken.status).toBe(viaAccess.status);
      expect(viaToken.body.errors!.map((e) => e.extensions?.code)).toEqual(
        viaAccess.body.errors!.map((e) => e.extensions?.code),
      );
      expect(viaToken.body.data ?? null).toBeNull();
    }
  });

  // The refusals walk the live schema: every credential mutation (those other features add
  // included), the token operations and every super-admin operation, each called with arguments
  // that would work for a session, must be refused and change nothing.
  describe('cannot mint sessions or reach credentials', () => {
    let schema: GraphQLSchema;
    const TABLES = [
      'users',
      'memberships',
      'refresh_tokens',
      'password_reset_tokens',
      'invitations',
      'login_history',
      'audit_log',
      'user_mfa',
      'mfa_recovery_codes',
      'mfa_challenges',
      'passkeys',
      'passkey_challenges',
      'user_identities',
      'sso_states',
      'api_tokens',
      'organizations',
    ];

    async function fingerprint() {
      const out: Record<string, string> = {};
      for (const t of TABLES) {
        const [exists] = await sql('SELECT to_regclass(?) IS NOT NULL AS ok', [t]);
        if (!exists.ok) continue;
        const [row] = await sql(
          `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${t} x`,
        );
        out[t] = `${row.n}:${row.h}`;
      }
      return out;
    }

    // A value of the type that a session's request could send (ids of real records where known).
    // `known` names values by argument or input field name, or by `operation.argument`.
    function sample(type: GraphQLInputType, name: string, known: Record<string, unknown>): unknown {
      if (name in known) return known[name];
      if (isNonNullType(type)) return sample(type.ofType, name, known);
      if (isListType(type)) return [sample(type.ofType, name, known)];
      if (isEnumType(type)) return type.getValues()[0].name;
      if (isInputObjectType(type)) {
        const obj: Record<string, unknown> = {};
        for (const f of Object.values(type.getFields())) {
          if (isNonNullType(f.type) && f.defaultValue === undefined) {
            obj[f.name] = sample(f.type, f.name, known);
          }
        }
        return obj;
      }
      switch (getNamedType(type).name) {
        case 'ID':
          return randomUUID();
        case 'Int':
        case 'Float':
          return 1;
        case 'Boolean':
          return true;
        case 'LocalDate':
          return '2026-01-01';
        case 'Money':
          return '1.00';
        case 'JSON':
        case 'JSONObject':
          return {};
        default:
          return 'x';
      }
    }

    function operation(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
      const required = field.args.filter(
        (a) => isNonNullType(a.type) && a.defaultValue === undefined,
      );
      const decl = required.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
      const args = required.map((a) => `${a.name}: $${a.name}`).join(', ');
      const leaf = isLeafType(getNamedType(field.type));
      return `${kind} ${decl ? `(${decl})` : ''} { ${field.name}${args ? `(${args})` : ''} ${leaf ? '' : '{ __typename }'} }`;
    }

    async function expectRefused(
      token: string,
      kind: 'query' | 'mutation',
      names: readonly string[],
      known: Record<string, unknown>,
      cookie?: string,
    ) {
      const type = kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
      for (const name of names) {
        const field = type.getFields()[name];
        expect(field, `${name} is in the schema`).toBeDefined();
        const vars = Object.fromEntries(
          field.args
            .filter((a) => isNonNullType(a.type) && a.defaultValue === undefined)
            .map((a) => [
              a.name,
              `${name}.${a.name}` in known
                ? known[`${name}.${a.name}`]
                : sample(a.type, a.name, known),
            ]),
        );
        const path = ['refreshSession', 'logout'].includes(name) ? '/auth/graphql' : '/graphql';
        const res = await app.request(path, operation(kind, field), vars, { token, cookie });
        expect(
          ['FORBIDDEN', 'UNAUTHENTICATED'],
          `${name}: ${JSON.stringify(res.body.errors)}`,
        ).toContain(code(res));
        expect(res.body.data?.[name] ?? null, name).toBeNull();
        expect(
          res.setCookie.filter((c) => c.startsWith('covenant_rt=')),
          name,
        ).toEqual([]);
      }
    }

    beforeAll(async () => {
      const res = await app.gql(getIntrospectionQuery());
      schema = buildClientSchema(res.body.data as any);
    });

    it('refuses every credential mutation and token operation, changing nothing', async () => {
      const { token, apiToken } = await create({ name: 'Walker' });
      const live = await create({ name: 'Live one' });
      await app.gql(ACCOUNTS, {}, token); // its first use is recorded now, not during the walk
      // A real refresh cookie of Alice: with it a session could refresh, sign out, and so on.
      const login = await app.request(
        '/graphql',
        'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { __typename } }',
        { e: alice.email, p: TEST_PASSWORD },
      );
      const cookie = login.setCookie.find((c) => c.startsWith('covenant_rt='))!.split(';')[0];
      const known = {
        email: alice.email,
        password: TEST_PASSWORD,
        currentPassword: TEST_PASSWORD,
        newPassword: 'a brand new passphrase 2026',
        organizationId: orgB.id,
        id: live.apiToken.id,
        'createApiToken.input': { name: 'Minted by a token', organizationId: orgA.id },
        organizationName: 'Minted association',
      };
      const before = await fingerprint();
      const mutations = API_TOKEN_REFUSED.Mutation;
      // The list covers what it must, whatever other features add to it.
      for (const m of [
        'login',
        'refreshSession',
        'logout',
        'changePassword',
        'resetPassword',
        'signOutEverywhere',
        'switchOrganization',
        'createApiToken',
        'revokeApiToken',
        'stopImpersonating',
      ]) {
        expect(mutations).toContain(m);
      }
      await expectRefused(token, 'mutation', mutations, known, cookie);
      await expectRefused(token, 'query', API_TOKEN_REFUSED.Query, known, cookie);
      expect(await fingerprint()).toEqual(before);
      // Both tokens and the session still work: nothing was revoked or rotated.
      expect((await app.gql(ACCOUNTS, {}, token)).body.errors).toBeUndefined();
      expect((await app.gql(ACCOUNTS, {}, live.token)).body.errors).toBeUndefined();
      const refreshed = await app.request(
        '/auth/graphql',
        'mutation { refreshSession { accessToken } }',
        {},
        { cookie },
      );
      expect(refreshed.body.data!.refreshSession.accessToken).toBeTruthy();
      expect(apiToken.state).toBe('ACTIVE');
    });

    it("refuses a super admin's token every platform administration operation", async () => {
      const root = await createUser(app.services, {
        isSuperadmin: true,
        memberships: [{ org: orgA, role: Role.ADMIN }],
      });
      const rootA = tokenFor(app.services, root, orgA);
      const { token } = await create({ name: 'Root script' }, rootA);
      await app.gql(ACCOUNTS, {}, token); // its first use is recorded now, not during the walk
      const known = { userId: alice.id, organizationId: orgB.id, id: randomUUID() };
      const adminOnly = (kind: 'Query' | 'Mutation') =>
        Object.entries(permissionTable[kind])
          .filter(([, r]) => r === isSuperadmin)
          .map(([name]) => name);
      expect(adminOnly('Mutation')).toContain('impersonateUser');
      const before = await fingerprint();
      await expectRefused(token, 'query', adminOnly('Query'), known);
      await expectRefused(token, 'mutation', adminOnly('Mutation'), known);
      expect(await fingerprint()).toEqual(before);
      // The same super admin's session may (the refusal is the token's, not the person's).
      const users = await app.gql('{ adminUsers { totalCount } }', {}, rootA);
      expect(users.body.errors).toBeUndefined();
    });
  });
});
