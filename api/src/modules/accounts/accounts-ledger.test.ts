import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENING_EQUITY_RENUMBER } from '../../../../tenant-migrations/015_numeric_opening_equity_payment_numbers.js';
import { withClient, withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

const CREATE = `mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id number } }`;
const ENTRIES = `query ($id: ID) { journalEntries(filter: { accountId: $id }) { totalCount
  edges { node { source date memo lines { accountId debit credit } } } } }`;

function code(res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) {
  return res.body.errors?.[0]?.extensions?.code;
}

describe('accounts in the ledger', () => {
  let app: TestApp;
  let tenant: Tenant;
  let token: string;
  let other: string;
  beforeAll(async () => {
    app = await startTestApp();
    tenant = await createTenant(app);
    token = tenant.admin;
    other = (await createTenant(app)).admin;
  });
  afterAll(() => app.close());

  it('an initial balance posts exactly one balanced opening entry against the fund equity account', async () => {
    const res = await app.gql(
      CREATE,
      {
        input: {
          number: '1510',
          name: 'Reserve Money Market',
          type: 'ASSET',
          fundType: 'RESERVE',
          initialBalance: '25000.00',
          openingDate: '2026-01-01',
        },
      },
      token,
    );
    expect(res.body.errors).toBeUndefined();
    const id = res.body.data!.createAccount.id;
    const entries = (await app.gql(ENTRIES, { id }, token)).body.data!.journalEntries;
    expect(entries.totalCount).toBe(1);
    const e = entries.edges[0].node;
    expect(e).toMatchObject({ source: 'OPENING_BALANCE', date: '2026-01-01' });
    const accounts = (await app.gql('{ accounts { id number name type fundType } }', {}, token))
      .body.data!.accounts;
    // Numbered in the equity range like the rest of the chart.
    const obe = accounts.find((a: { number: string }) => a.number === '3910');
    expect(obe).toMatchObject({
      type: 'EQUITY',
      fundType: 'RESERVE',
      name: 'Opening Balance Equity (Reserve)',
    });
    expect(e.lines).toEqual([
      { accountId: id, debit: '25000.00', credit: '0.00' },
      { accountId: obe.id, debit: '0.00', credit: '25000.00' },
    ]);
    // A liability's opening balance is a credit.
    const loan = await app.gql(
      CREATE,
      {
        input: {
          number: '2500',
          name: 'Loan',
          type: 'LIABILITY',
          fundType: 'RESERVE',
          initialBalance: '1000.00',
          openingDate: '2026-01-01',
        },
      },
      token,
    );
    const loanEntry = (await app.gql(ENTRIES, { id: loan.body.data!.createAccount.id }, token)).body
      .data!.journalEntries.edges[0].node;
    expect(loanEntry.lines[0]).toMatchObject({ debit: '0.00', credit: '1000.00' });
    const bal = (await app.gql('{ trialBalance { totalDebit totalCredit } }', {}, token)).body.data!
      .trialBalance;
    expect(bal).toEqual({ totalDebit: '25000.00', totalCredit: '25000.00' });
    const funds = (
      await app.gql('{ fundBalances { fundType assets liabilities equity netAssets } }', {}, token)
    ).body.data!.fundBalances;
    expect(funds).toEqual([
      {
        fundType: 'OPERATING',
        assets: '0.00',
        liabilities: '0.00',
        equity: '0.00',
        netAssets: '0.00',
      },
      {
        fundType: 'RESERVE',
        assets: '25000.00',
        liabilities: '1000.00',
        equity: '24000.00',
        netAssets: '24000.00',
      },
    ]);
  });

  it('creates nothing when the opening entry cannot be posted', async () => {
    const res = await app.gql(
      CREATE,
      {
        input: {
          number: '1600',
          name: 'No date',
          type: 'ASSET',
          fundType: 'OPERATING',
          initialBalance: '5.00',
        },
      },
      token,
    );
    expect(res.body.errors![0].extensions!.details).toEqual([
      { field: 'openingDate', message: 'Give the date of the opening balance' },
    ]);
    const list = (await app.gql('{ accounts { number } }', {}, token)).body.data!.accounts;
    expect(list.map((a: { number: string }) => a.number)).not.toContain('1600');
  });

  it('edits every field, archives and restores, with a history of who changed what', async () => {
    const id = await tenant.account('5020', 'EXPENSE', { name: 'Utilites' });
    const upd = await app.gql(
      `mutation ($id: ID!) { updateAccount(id: $id, input: { name: "Utilities", number: "5021", description: "Water and power" }) { number name description } }`,
      { id },
      token,
    );
    expect(upd.body.data!.updateAccount).toEqual({
      number: '5021',
      name: 'Utilities',
      description: 'Water and power',
    });
    const arch = await app.gql(
      `mutation ($id: ID!) { archiveAccount(id: $id) { archived } }`,
      { id },
      token,
    );
    expect(arch.body.data!.archiveAccount.archived).toBe(true);
    const visible = (await app.gql('{ accounts { id } }', {}, token)).body.data!.accounts;
    expect(visible.map((a: { id: string }) => a.id)).not.toContain(id);
    const all = (await app.gql('{ accounts(includeArchived: true) { id } }', {}, token)).body.data!
      .accounts;
    expect(all.map((a: { id: string }) => a.id)).toContain(id);
    await app.gql(`mutation ($id: ID!) { restoreAccount(id: $id) { archived } }`, { id }, token);

    const history = (
      await app.gql(
        `query ($id: ID!) { auditLog(entityType: "Account", entityId: $id) { action userEmail changes } }`,
        { id },
        token,
      )
    ).body.data!.auditLog;
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'update',
      'archive',
      'restore',
    ]);
    expect(history[1].changes).toEqual({
      number: { before: '5020', after: '5021' },
      name: { before: 'Utilites', after: 'Utilities' },
      description: { before: null, after: 'Water and power' },
    });
    expect(history[0].userEmail).toMatch(/@example\.test$/);

    const dup = await app.gql(
      `mutation ($id: ID!) { updateAccount(id: $id, input: { number: "1510" }) { id } }`,
      { id },
      token,
    );
    expect(code(dup)).toBe('CONFLICT');
  });

  it("answers NOT_FOUND for another tenant's account id", async () => {
    const id = await tenant.account('7000', 'EXPENSE', { name: 'Mine' });
    for (const op of [
      `{ account(id: "${id}") { id } }`,
      `mutation { updateAccount(id: "${id}", input: { name: "x" }) { id } }`,
      `mutation { archiveAccount(id: "${id}") { id } }`,
    ]) {
      expect(code(await app.gql(op, {}, other)), op).toBe('NOT_FOUND');
    }
    const hist = await app.gql(
      `{ auditLog(entityType: "Account", entityId: "${id}") { id } }`,
      {},
      other,
    );
    expect(hist.body.data!.auditLog).toEqual([]);
  });

  it('refuses to archive an account that still has a balance, naming it, until the closing entry', async () => {
    const checking = await tenant.account('1020', 'ASSET', { name: 'Operating Checking' });
    const savings = await tenant.account('1030', 'ASSET', { name: 'Operating Savings' });
    const dues = await tenant.account('4020', 'INCOME', { name: 'Dues' });
    await tenant.post('2026-01-05', [
      [checking, '1234.56', null],
      [dues, null, '1234.56'],
    ]);
    const ARCHIVE = `mutation ($id: ID!) { archiveAccount(id: $id) { archived } }`;
    const refused = await app.gql(ARCHIVE, { id: checking }, token);
    expect(code(refused)).toBe('CONFLICT');
    expect(refused.body.errors![0].message).toBe(
      'Operating Checking has a balance of $1,234.56: post the closing entry first',
    );
    // Dated in the future, it counts too: the account would still hold it.
    await tenant.post('2099-01-05', [
      [checking, null, '1234.56'],
      [savings, '1234.56', null],
    ]);
    const later = await app.gql(ARCHIVE, { id: savings }, token);
    expect(later.body.errors![0].message).toBe(
      'Operating Savings has a balance of $1,234.56: post the closing entry first',
    );
    const { account } = await tenant.ok(`query ($id: ID!) { account(id: $id) { archived } }`, {
      id: checking,
    });
    expect(account.archived).toBe(false);

    // After the closing entry the balance is zero, and archiving goes through.
    const archived = await app.gql(ARCHIVE, { id: checking }, token);
    expect(archived.body.errors).toBeUndefined();
    expect(archived.body.data!.archiveAccount.archived).toBe(true);
    const history = (
      await tenant.ok(
        `query ($id: ID!) { auditLog(entityType: "Account", entityId: $id) { action } }`,
        {
          id: savings,
        },
      )
    ).auditLog;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['create']);
  });

  it('takes the next number of its ten when 3900 is another account, never posting to that one', async () => {
    const t = await createTenant(app);
    const income = await t.account('3900', 'INCOME', { name: 'Misnumbered income' });
    const cash = await t.account('1010', 'ASSET', {
      initialBalance: '100.00',
      openingDate: '2026-01-01',
    });
    const { accounts } = await t.ok('{ accounts { id number name } }');
    const obe = accounts.find((a: { name: string }) => a.name.startsWith('Opening Balance'));
    expect(obe.number).toBe('3901');
    const { journalEntries } = await t.ok(ENTRIES, { id: cash });
    expect(
      journalEntries.edges[0].node.lines.map((l: { accountId: string }) => l.accountId),
    ).toEqual([cash, obe.id]);
    // The next opening balance finds the same account, by its name.
    const savings = await t.account('1020', 'ASSET', {
      initialBalance: '5.00',
      openingDate: '2026-01-01',
    });
    const next = (await t.ok(ENTRIES, { id: savings })).journalEntries.edges[0].node;
    expect(next.lines.map((l: { accountId: string }) => l.accountId)).not.toContain(income);
    expect(next.lines[1].accountId).toBe(obe.id);
  });

  it('renumbers the old OBE-OPERATING / OBE-RESERVE accounts in the migration where the number is free', async () => {
    const t = await createTenant(app);
    await t.account('1010', 'ASSET', { initialBalance: '100.00', openingDate: '2026-01-01' });
    await t.account('1510', 'ASSET', {
      fundType: 'RESERVE',
      initialBalance: '200.00',
      openingDate: '2026-01-01',
    });
    const numbers = async () =>
      Object.fromEntries(
        (await t.ok('{ accounts { id number } }')).accounts.map(
          (a: { id: string; number: string }) => [a.number, a.id],
        ),
      ) as Record<string, string>;
    const before = await numbers();
    const [operating, reserve] = [before['3900']!, before['3910']!];
    // The books as the old code left them; then an account of the treasurer's takes 3910.
    const url = withDatabase(app.services.clusterUrl('default'), t.org.dbName);
    await withClient(url, async (c) => {
      await c.query(`UPDATE accounts SET number = 'OBE-OPERATING' WHERE number = '3900'`);
      await c.query(`UPDATE accounts SET number = 'OBE-RESERVE' WHERE number = '3910'`);
    });
    const cd = await t.account('3910', 'EQUITY', { fundType: 'RESERVE', name: 'Reserve equity' });
    await withClient(url, async (c) => {
      await c.query('BEGIN');
      for (const q of OPENING_EQUITY_RENUMBER) await c.query(q);
      await c.query('COMMIT');
    });
    const after = await numbers();
    expect(after['3900']).toBe(operating);
    expect(after['OBE-OPERATING']).toBeUndefined();
    // 3910 was taken: the old number stays, and opening balances still go to that account.
    expect(after['OBE-RESERVE']).toBe(reserve);
    expect(after['3910']).toBe(cd);
    const { auditLog } = await t.ok(
      `query ($id: ID!) { auditLog(entityType: "Account", entityId: $id) { action changes } }`,
      { id: operating },
    );
    expect(auditLog.at(-1)).toEqual({
      action: 'update',
      changes: { number: { before: 'OBE-OPERATING', after: '3900' } },
    });
    const savings = await t.account('1520', 'ASSET', {
      fundType: 'RESERVE',
      initialBalance: '50.00',
      openingDate: '2026-01-01',
    });
    const lines = (await t.ok(ENTRIES, { id: savings })).journalEntries.edges[0].node.lines;
    expect(lines[1]).toEqual({ accountId: reserve, debit: '0.00', credit: '50.00' });
    const checking = await t.account('1020', 'ASSET', {
      initialBalance: '10.00',
      openingDate: '2026-01-01',
    });
    const op = (await t.ok(ENTRIES, { id: checking })).journalEntries.edges[0].node.lines;
    expect(op[1]).toEqual({ accountId: operating, debit: '0.00', credit: '10.00' });
  });
});
