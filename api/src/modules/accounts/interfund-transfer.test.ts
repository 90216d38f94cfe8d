/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, withClient, withDatabase } from '../../db/connection.js';
import { migrate } from '../../db/migrations.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

// An account's interfund-transfer flag: what the reports read to keep transfers between funds out
// of income and expense. Said on the account (never read from its name), by the treasurer or by
// the rule for a new account; income and expense only; audited; one association's accounts only.

const CREATE = `mutation ($input: CreateAccountInput!) {
  createAccount(input: $input) { id number type interfundTransfer } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdateAccountInput!) {
  updateAccount(id: $id, input: $input) { id type interfundTransfer } }`;

describe('interfund transfer accounts', () => {
  let app: TestApp;
  let t: Tenant;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Transfer Flag HOA');
  });
  afterAll(() => app?.close());

  const create = async (input: Record<string, unknown>) =>
    (
      await t.ok(CREATE, {
        input: { name: `Account ${input.number}`, fundType: 'OPERATING', ...input },
      })
    ).createAccount;

  it('follows the forecast role when not said, and what the treasurer says when said', async () => {
    // The two sides of the reserve contribution are transfers by default.
    expect(
      (await create({ number: '5900', type: 'EXPENSE', forecastRole: 'RESERVE_TRANSFER' }))
        .interfundTransfer,
    ).toBe(true);
    expect(
      (
        await create({
          number: '4510',
          type: 'INCOME',
          fundType: 'RESERVE',
          forecastRole: 'RESERVE_CONTRIBUTION',
        })
      ).interfundTransfer,
    ).toBe(true);
    // Reserve contributions billed to owners directly are income: the treasurer says so.
    expect(
      (
        await create({
          number: '4520',
          type: 'INCOME',
          fundType: 'RESERVE',
          forecastRole: 'RESERVE_CONTRIBUTION',
          interfundTransfer: false,
        })
      ).interfundTransfer,
    ).toBe(false);
    // A name is not a rule: an ordinary account named like a transfer is ordinary.
    expect(
      (await create({ number: '5950', type: 'EXPENSE', name: 'Transfer to Reserves' }))
        .interfundTransfer,
    ).toBe(false);
    expect(
      (
        await create({
          number: '6950',
          type: 'EXPENSE',
          fundType: 'RESERVE',
          interfundTransfer: true,
        })
      ).interfundTransfer,
    ).toBe(true);
  });

  it('refuses the flag on an account that is neither income nor expense, writing nothing', async () => {
    const res = await t.gql(CREATE, {
      input: {
        number: '1090',
        name: 'Transfer clearing',
        type: 'ASSET',
        fundType: 'OPERATING',
        interfundTransfer: true,
      },
    });
    expect(res.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        {
          field: 'interfundTransfer',
          message: 'Only an income or expense account can be an interfund transfer account',
        },
      ],
    });
    const { accounts } = await t.ok('{ accounts(includeArchived: true) { number } }');
    expect(accounts.map((a: any) => a.number)).not.toContain('1090');

    // A transfer account keeps an income or expense type until it is unmarked.
    const id = (await create({ number: '5960', type: 'EXPENSE', interfundTransfer: true })).id;
    const change = await t.gql(UPDATE, { id, input: { type: 'LIABILITY' } });
    expect(change.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'type' }],
    });
    const unmarked = await t.ok(UPDATE, {
      id,
      input: { type: 'LIABILITY', interfundTransfer: false },
    });
    expect(unmarked.updateAccount).toMatchObject({ type: 'LIABILITY', interfundTransfer: false });
  });

  it('a treasurer marks and unmarks an account, audited; another association cannot', async () => {
    const id = (await create({ number: '5970', type: 'EXPENSE' })).id;
    const marked = await t.ok(UPDATE, { id, input: { interfundTransfer: true } });
    expect(marked.updateAccount.interfundTransfer).toBe(true);
    // Null leaves it as it is.
    const kept = await t.ok(UPDATE, { id, input: { name: 'Transfer to Operating Savings' } });
    expect(kept.updateAccount.interfundTransfer).toBe(true);
    await t.ok(UPDATE, { id, input: { interfundTransfer: false } });
    const { auditLog } = await t.ok(
      `query ($id: ID!) { auditLog(entityType: "Account", entityId: $id) { action changes } }`,
      { id },
    );
    expect(auditLog.map((e: any) => e.changes.interfundTransfer).filter(Boolean)).toEqual([
      { before: false, after: true },
      { before: true, after: false },
    ]);

    // Another association's admin: the id is not theirs.
    const other = await createTenant(app, 'Other Flag HOA');
    const foreign = await other.gql(UPDATE, { id, input: { interfundTransfer: true } });
    expect(foreign.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const { account } = await t.ok(`query ($id: ID!) { account(id: $id) { interfundTransfer } }`, {
      id,
    });
    expect(account.interfundTransfer).toBe(false);
    // Viewers read the flag and cannot set it.
    const viewer = await t.gql(UPDATE, { id, input: { interfundTransfer: true } }, t.viewer);
    expect(viewer.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

// Tenant migration 027 marks the existing books' transfer accounts by the same rule a new account
// follows (the two sides of the reserve contribution, by their forecast role), and audits each.
describe('tenant migration 027: interfund transfer accounts of existing books', () => {
  it('marks the reserve-transfer and reserve-contribution accounts, and only those', async () => {
    const { serverUrl, prefix } = inject('testDb');
    const name = `${prefix}_t${randomBytes(4).toString('hex')}`;
    await createDatabase(serverUrl, name);
    const url = withDatabase(serverUrl, name);
    await migrate(url, 'tenant');
    await withClient(url, async (c) => {
      // Back to before 027.
      await c.query(`ALTER TABLE accounts DROP COLUMN interfund_transfer`);
      await c.query(`DELETE FROM schema_migrations WHERE name = '027_interfund_transfer_accounts'`);
      const rows: [string, string, string, string, string | null][] = [
        ['5900', 'Reserve Contribution', 'expense', 'operating', 'reserve_transfer'],
        ['4510', 'Reserve Contributions', 'income', 'reserve', 'reserve_contribution'],
        ['4520', 'Reserve Interest', 'income', 'reserve', 'interest_income'],
        ['5950', 'Transfer to Reserves (old)', 'expense', 'operating', null],
        ['4010', 'Assessments', 'income', 'operating', null],
      ];
      for (const r of rows) {
        await c.query(
          `INSERT INTO accounts (id, number, name, type, fund_type, forecast_role)
           VALUES (gen_random_uuid(), $1, $2, $3, $4, $5)`,
          r,
        );
      }
    });
    await migrate(url, 'tenant');
    await withClient(url, async (c) => {
      const { rows } = await c.query<{ number: string; interfund_transfer: boolean }>(
        `SELECT number, interfund_transfer FROM accounts ORDER BY number`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.number, r.interfund_transfer]))).toEqual({
        '4010': false,
        '4510': true,
        '4520': false,
        '5900': true,
        // Named like one, but nothing says so: the treasurer marks it.
        '5950': false,
      });
      const audit = await c.query<{ number: string; changes: unknown }>(
        `SELECT a.number, l.changes FROM audit_log l JOIN accounts a ON a.id = l.entity_id
          WHERE l.entity_type = 'Account' ORDER BY a.number`,
      );
      expect(audit.rows).toEqual([
        { number: '4510', changes: { interfundTransfer: { before: false, after: true } } },
        { number: '5900', changes: { interfundTransfer: { before: false, after: true } } },
      ]);
      // Income and expense only, from now on.
      await expect(
        c.query(
          `INSERT INTO accounts (id, number, name, type, fund_type, interfund_transfer)
           VALUES (gen_random_uuid(), '1090', 'Clearing', 'asset', 'operating', true)`,
        ),
      ).rejects.toThrow(/accounts_interfund_transfer_income_or_expense/);
    });
  });
});
