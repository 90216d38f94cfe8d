import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { selectAccounts } from './accounts.repository.js';

const CREATE = `mutation ($input: CreateAccountInput!) {
  createAccount(input: $input) { id number name type fundType description archived createdAt }
}`;
const LIST = `query ($all: Boolean) { accounts(includeArchived: $all) { number name type fundType } }`;

describe('accounts', () => {
  let app: TestApp;
  let admin: string;
  let user: string;
  let viewer: string;
  let tenant: Tenant;

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await createTenant(app);
    ({ admin, user, viewer } = tenant);
  });
  afterAll(() => app.close());

  it('creates accounts (admins and users) and lists them by number', async () => {
    const a = await app.gql(
      CREATE,
      {
        input: {
          number: '4010',
          name: ' Assessment Income ',
          type: 'INCOME',
          fundType: 'OPERATING',
          description: 'Regular assessments',
        },
      },
      admin,
    );
    expect(a.body.errors).toBeUndefined();
    expect(a.body.data!.createAccount).toMatchObject({
      number: '4010',
      name: 'Assessment Income',
      type: 'INCOME',
      fundType: 'OPERATING',
      description: 'Regular assessments',
      archived: false,
    });
    const b = await app.gql(
      CREATE,
      {
        input: { number: '1510', name: 'Reserve Money Market', type: 'ASSET', fundType: 'RESERVE' },
      },
      user,
    );
    expect(b.body.errors).toBeUndefined();
    const list = await app.gql(LIST, {}, viewer);
    expect(list.body.data!.accounts).toEqual([
      { number: '1510', name: 'Reserve Money Market', type: 'ASSET', fundType: 'RESERVE' },
      { number: '4010', name: 'Assessment Income', type: 'INCOME', fundType: 'OPERATING' },
    ]);
  });

  it('reads the columns a query asks for, through fragments, and only those', async () => {
    const id = await tenant.account('5010', 'EXPENSE', {
      name: 'Landscaping',
      description: 'Grounds contract',
    });
    const find = (list: unknown) =>
      (list as { id: string; createdAt?: string }[]).find((a) => a.id === id);
    const viaFragments = await app.gql(
      `query { accounts { id ...Dated ... on Account { description forecastRole } } }
       fragment Dated on Account { createdAt number }`,
      {},
      viewer,
    );
    expect(viaFragments.body.errors).toBeUndefined();
    const createdAt = find(viaFragments.body.data!.accounts)?.createdAt;
    expect(find(viaFragments.body.data!.accounts)).toEqual({
      id,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      number: '5010',
      description: 'Grounds contract',
      forecastRole: null,
    });
    const narrow = await app.gql(`query { accounts { id lastPostingDate } }`, {}, viewer);
    expect(narrow.body.errors).toBeUndefined();
    expect(find(narrow.body.data!.accounts)).toEqual({ id, lastPostingDate: null });
    // The repository reads a column only for a field asked: without `fields`, all of them.
    const { em } = await openTenant(app.services, tenant.org.id);
    const only = (await selectAccounts(em, { fields: new Set(['id', 'number']) })).find(
      (a) => a.id === id,
    )!;
    expect(Object.entries(only).filter(([, v]) => v !== undefined)).toEqual([
      ['id', id],
      ['number', '5010'],
      ['name', 'Landscaping'],
      ['type', 'expense'],
      ['fundType', 'operating'],
      ['archived', false],
    ]);
    const all = (await selectAccounts(em)).find((a) => a.id === id)!;
    expect(all).toMatchObject({ description: 'Grounds contract', forecastRole: null });
    expect(all.createdAt.toISOString()).toBe(createdAt);
    expect(all.updatedAt).toBeInstanceOf(Date);
  });

  it('refuses a duplicate number with CONFLICT on the number field', async () => {
    const input = {
      number: '2010',
      name: 'Accounts Payable',
      type: 'LIABILITY',
      fundType: 'OPERATING',
    };
    expect((await app.gql(CREATE, { input }, admin)).body.errors).toBeUndefined();
    const dup = await app.gql(CREATE, { input: { ...input, name: 'Other' } }, admin);
    expect(dup.body.errors![0].extensions).toEqual({
      code: 'CONFLICT',
      details: [{ field: 'number', message: 'Account number 2010 already exists' }],
    });
  });

  it('reports every bad field at once and writes nothing', async () => {
    const before = (await app.gql(LIST, {}, admin)).body.data!.accounts.length;
    const res = await app.gql(
      CREATE,
      {
        input: {
          number: '#bad number',
          name: '',
          type: 'ASSET',
          fundType: 'OPERATING',
          description: 'x'.repeat(1001),
        },
      },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    const fields = (res.body.errors![0].extensions!.details as { field: string }[]).map(
      (d) => d.field,
    );
    expect(fields.sort()).toEqual(['description', 'name', 'number']);
    const blank = await app.gql(
      CREATE,
      { input: { number: '7000', name: '   ', type: 'ASSET', fundType: 'OPERATING' } },
      admin,
    );
    expect(blank.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'name', message: 'Name is required' }],
    });
    expect((await app.gql(LIST, {}, admin)).body.data!.accounts.length).toBe(before);
  });

  it('sets a role in forecasts that suits the type and fund, audited; refuses one that does not', async () => {
    const ROLE = `mutation ($input: CreateAccountInput!) {
      createAccount(input: $input) { id forecastRole } }`;
    const UPDATE = `mutation ($id: ID!, $input: UpdateAccountInput!) {
      updateAccount(id: $id, input: $input) { type fundType forecastRole } }`;
    const refused = (res: Awaited<ReturnType<TestApp['gql']>>, message: string) =>
      expect(res.body.errors![0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', details: [{ field: 'forecastRole', message }] },
      });
    const before = (await app.gql(LIST, {}, admin)).body.data!.accounts.length;
    const input = (number: string, type: string, fundType: string, forecastRole: string) => ({
      input: { number, name: `Account ${number}`, type, fundType, forecastRole },
    });
    refused(
      await app.gql(ROLE, input('4600', 'INCOME', 'OPERATING', 'RESERVE_CONTRIBUTION'), admin),
      'Reserve contribution needs an income account of the reserve fund',
    );
    refused(
      await app.gql(ROLE, input('5950', 'EXPENSE', 'RESERVE', 'RESERVE_TRANSFER'), admin),
      'Transfer to reserves needs an expense account of the operating fund',
    );
    refused(
      await app.gql(ROLE, input('1200', 'ASSET', 'RESERVE', 'INTEREST_INCOME'), admin),
      'Interest income needs an income account',
    );
    expect((await app.gql(LIST, {}, admin)).body.data!.accounts.length).toBe(before);

    const created = await app.gql(
      ROLE,
      input('5950', 'EXPENSE', 'OPERATING', 'RESERVE_TRANSFER'),
      admin,
    );
    const { id, forecastRole } = created.body.data!.createAccount;
    expect(forecastRole).toBe('RESERVE_TRANSFER');
    // Interest income in either fund.
    for (const [number, fund] of [
      ['4910', 'OPERATING'],
      ['4920', 'RESERVE'],
    ]) {
      const res = await app.gql(ROLE, input(number, 'INCOME', fund, 'INTEREST_INCOME'), admin);
      expect(res.body.data!.createAccount.forecastRole).toBe('INTEREST_INCOME');
    }

    // A new fund under the kept role, a role of another type: refused, nothing changes.
    refused(
      await app.gql(UPDATE, { id, input: { fundType: 'RESERVE' } }, admin),
      'Its role in forecasts, Transfer to reserves, needs an expense account of the operating fund: clear the role to change its type or fund',
    );
    refused(
      await app.gql(UPDATE, { id, input: { forecastRole: 'INTEREST_INCOME' } }, admin),
      'Interest income needs an income account',
    );
    // Type and role together; then the role cleared.
    const changed = await app.gql(
      UPDATE,
      { id, input: { type: 'INCOME', fundType: 'RESERVE', forecastRole: 'RESERVE_CONTRIBUTION' } },
      admin,
    );
    expect(changed.body.data!.updateAccount).toEqual({
      type: 'INCOME',
      fundType: 'RESERVE',
      forecastRole: 'RESERVE_CONTRIBUTION',
    });
    const cleared = await app.gql(UPDATE, { id, input: { forecastRole: null } }, admin);
    expect(cleared.body.data!.updateAccount.forecastRole).toBeNull();
    // Omitted: unchanged.
    await app.gql(UPDATE, { id, input: { forecastRole: 'INTEREST_INCOME' } }, admin);
    const named = await app.gql(UPDATE, { id, input: { name: 'Bank interest' } }, admin);
    expect(named.body.data!.updateAccount.forecastRole).toBe('INTEREST_INCOME');

    const listed = await app.gql(`{ accounts { number forecastRole } }`, {}, viewer);
    expect(
      listed.body.data!.accounts.filter((a: { forecastRole: string | null }) => a.forecastRole),
    ).toEqual([
      { number: '4910', forecastRole: 'INTEREST_INCOME' },
      { number: '4920', forecastRole: 'INTEREST_INCOME' },
      { number: '5950', forecastRole: 'INTEREST_INCOME' },
    ]);

    const history = (
      await app.gql(
        `query ($id: ID!) { auditLog(entityType: "Account", entityId: $id) { action changes } }`,
        { id },
        admin,
      )
    ).body.data!.auditLog;
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'update',
      'update',
      'update',
      'update',
    ]);
    expect(history[0].changes).toMatchObject({ forecastRole: 'reserve_transfer' });
    expect(history[1].changes).toEqual({
      type: { before: 'expense', after: 'income' },
      fundType: { before: 'operating', after: 'reserve' },
      forecastRole: { before: 'reserve_transfer', after: 'reserve_contribution' },
    });
    expect(history[2].changes).toEqual({
      forecastRole: { before: 'reserve_contribution', after: null },
    });
  });

  it('refuses viewers with FORBIDDEN and HTTP 403', async () => {
    const res = await app.gql(
      CREATE,
      { input: { number: '9000', name: 'Nope', type: 'EXPENSE', fundType: 'OPERATING' } },
      viewer,
    );
    expect(res.status).toBe(403);
    expect(res.body.errors![0].extensions!.code).toBe('FORBIDDEN');
  });

  it('requires a token', async () => {
    const res = await app.gql(LIST);
    expect(res.status).toBe(401);
  });
});
