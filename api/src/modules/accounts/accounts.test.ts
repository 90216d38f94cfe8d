import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant } from '../../test/tenant.js';

const CREATE = `mutation ($input: CreateAccountInput!) {
  createAccount(input: $input) { id number name type fundType description archived createdAt }
}`;
const LIST = `query ($all: Boolean) { accounts(includeArchived: $all) { number name type fundType } }`;

describe('accounts', () => {
  let app: TestApp;
  let admin: string;
  let user: string;
  let viewer: string;

  beforeAll(async () => {
    app = await startTestApp();
    ({ admin, user, viewer } = await createTenant(app));
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
