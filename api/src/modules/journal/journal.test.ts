import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClient, withDatabase } from '../../db/connection.js';
import type { Organization } from '../../platform/organizations/organizations.entity.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { type AccountTypeName, createTenant, type Tenant } from '../../test/tenant.js';
import { checkLedger } from './ledger-check.service.js';
const POST = `mutation ($input: PostJournalEntryInput!) {
  postJournalEntry(input: $input) { id number date memo source reconciled total
    lines { lineNo accountId debit credit memo } } }`;
const TB = `query ($asOf: LocalDate) { trialBalance(asOf: $asOf) { totalDebit totalCredit
  rows { number debit credit balance debitBalance creditBalance } } }`;

function code(res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) {
  return res.body.errors?.[0]?.extensions?.code;
}

describe('journal', () => {
  let app: TestApp;
  let tenant: Tenant;
  let org: Organization;
  let token: string;
  let ids: Record<string, string>;

  const account = (number: string, type: AccountTypeName) => tenant.account(number, type);

  const post = (date: string, lines: [string, string | null, string | null][], memo = 'Test') =>
    app.gql(
      POST,
      {
        input: {
          date,
          memo,
          lines: lines.map(([accountId, debit, credit]) => ({ accountId, debit, credit })),
        },
      },
      token,
    );

  beforeAll(async () => {
    app = await startTestApp();
    tenant = await createTenant(app, 'Ledger HOA');
    org = tenant.org;
    token = tenant.admin;
    ids = {
      cash: await account('1010', 'ASSET'),
      ar: await account('1100', 'ASSET'),
      income: await account('4010', 'INCOME'),
      expense: await account('5010', 'EXPENSE'),
    };
  });
  afterAll(() => app.close());

  it('posts a balanced entry with sequential number, amounts as decimal strings', async () => {
    const res = await post('2026-03-05', [
      [ids.ar, '1250.00', null],
      [ids.income, null, '1250.00'],
    ]);
    expect(res.body.errors).toBeUndefined();
    const e = res.body.data!.postJournalEntry;
    expect(e).toMatchObject({
      date: '2026-03-05',
      source: 'MANUAL',
      reconciled: false,
      total: '1250.00',
    });
    expect(e.number).toBeGreaterThanOrEqual(1001);
    expect(e.lines).toEqual([
      { lineNo: 1, accountId: ids.ar, debit: '1250.00', credit: '0.00', memo: null },
      { lineNo: 2, accountId: ids.income, debit: '0.00', credit: '1250.00', memo: null },
    ]);
  });

  it('refuses an unbalanced entry, one-line entries and bad amounts, writing nothing', async () => {
    const before = (await app.gql('{ journalEntries { totalCount } }', {}, token)).body.data!
      .journalEntries.totalCount;
    const unbalanced = await post('2026-03-06', [
      [ids.cash, '100.00', null],
      [ids.income, null, '99.99'],
    ]);
    expect(unbalanced.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'lines', message: 'Debits and credits differ by 0.01' }],
    });
    const single = await post('2026-03-06', [[ids.cash, '1.00', null]]);
    expect(code(single)).toBe('BAD_USER_INPUT');
    const both = await post('2026-03-06', [
      [ids.cash, '1.00', '1.00'],
      [ids.income, null, '0.00'],
    ]);
    expect(both.body.errors![0].extensions!.details).toContainEqual({
      field: 'lines.0',
      message: 'Enter either a debit or a credit',
    });
    const negative = await post('2026-03-06', [
      [ids.cash, '-5.00', null],
      [ids.income, null, '-5.00'],
    ]);
    expect(code(negative)).toBe('BAD_USER_INPUT');
    const float = await post('2026-03-06', [
      [ids.cash, '1.005', null],
      [ids.income, null, '1.005'],
    ]);
    expect(code(float)).toBe('BAD_USER_INPUT');
    const after = (await app.gql('{ journalEntries { totalCount } }', {}, token)).body.data!
      .journalEntries.totalCount;
    expect(after).toBe(before);
  });

  it('is refused by the database itself when unbalanced, whatever code writes it', async () => {
    const url = withDatabase(app.services.clusterUrl('default'), org.dbName);
    await expect(
      withClient(url, async (c) => {
        await c.query('BEGIN');
        await c.query(
          `INSERT INTO journal_entries (id, entry_date, source) VALUES ('00000000-0000-4000-8000-0000000000e1', '2026-03-01', 'manual')`,
        );
        await c.query(
          `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit)
           VALUES (gen_random_uuid(), '00000000-0000-4000-8000-0000000000e1', 1, $1, '2026-03-01', 500, 0),
                  (gen_random_uuid(), '00000000-0000-4000-8000-0000000000e1', 2, $2, '2026-03-01', 0, 400)`,
          [ids.cash, ids.income],
        );
        await c.query('COMMIT');
      }),
    ).rejects.toThrow(/does not balance/);
    // A header without lines is refused too, and posted lines cannot be edited.
    await expect(
      withClient(url, (c) =>
        c.query(
          `INSERT INTO journal_entries (id, entry_date, source) VALUES (gen_random_uuid(), '2026-03-01', 'manual')`,
        ),
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      withClient(url, (c) => c.query('UPDATE journal_lines SET debit = debit + 1')),
    ).rejects.toThrow(/cannot be changed/);
    // Nor can lines join an entry committed earlier (that would unbalance it after its check).
    await expect(
      withClient(url, (c) =>
        c.query(
          `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit)
           SELECT gen_random_uuid(), id, 99, $1, entry_date, 1, 0 FROM journal_entries LIMIT 1`,
          [ids.cash],
        ),
      ),
    ).rejects.toThrow(/only be added to an entry in the transaction that creates it/);
    await expect(withClient(url, (c) => c.query('DELETE FROM journal_lines'))).rejects.toThrow(
      /cannot be changed/,
    );
    // References are checked once per statement: a line needs an existing entry and account, and
    // an account with lines cannot be deleted.
    const orphan = (entryId: string, accountId: string) =>
      withClient(url, async (c) => {
        await c.query('BEGIN');
        await c.query(
          `INSERT INTO journal_entries (id, entry_date, source) VALUES ('00000000-0000-4000-8000-0000000000e2', '2026-03-01', 'manual')`,
        );
        await c.query(
          `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit)
           VALUES (gen_random_uuid(), $1, 1, $2, '2026-03-01', 5, 0),
                  (gen_random_uuid(), $1, 2, $3, '2026-03-01', 0, 5)`,
          [entryId, accountId, ids.income],
        );
        await c.query('COMMIT');
      });
    await expect(orphan('00000000-0000-4000-8000-0000000000e3', ids.cash)).rejects.toThrow(
      /journal entry that does not exist/,
    );
    await expect(
      orphan('00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-0000000000a9'),
    ).rejects.toThrow(/account that does not exist/);
    await expect(
      withClient(url, (c) => c.query('DELETE FROM accounts WHERE id = $1', [ids.ar])),
    ).rejects.toThrow(/has journal lines; archive it instead/);
  });

  it("refuses another tenant's account id with NOT_FOUND", async () => {
    const other = await createTenant(app, 'Other Ledger HOA');
    const otherToken = other.admin;
    const theirs = await other.account('1010', 'ASSET', { name: 'Theirs' });
    const res = await post('2026-03-07', [
      [theirs, '10.00', null],
      [ids.income, null, '10.00'],
    ]);
    expect(code(res)).toBe('NOT_FOUND');
    expect(res.body.errors![0].extensions!.details).toEqual([
      { field: 'lines.0.accountId', message: 'Account not found' },
    ]);
    const garbage = await post('2026-03-07', [
      ['not-a-uuid', '10.00', null],
      [ids.income, null, '10.00'],
    ]);
    expect(code(garbage)).toBe('NOT_FOUND');
    // And an entry id of this tenant does not resolve in the other.
    const mine = (
      await post('2026-03-07', [
        [ids.cash, '3.00', null],
        [ids.income, null, '3.00'],
      ])
    ).body.data!.postJournalEntry.id;
    const cross = await app.gql(`{ journalEntry(id: "${mine}") { id } }`, {}, otherToken);
    expect(code(cross)).toBe('NOT_FOUND');
    const crossRev = await app.gql(
      `mutation { reverseJournalEntry(id: "${mine}", date: "2026-03-08") { id } }`,
      {},
      otherToken,
    );
    expect(code(crossRev)).toBe('NOT_FOUND');
  });

  it('reverses once, linking both entries, and the balances net to zero', async () => {
    const e = (
      await post('2026-04-10', [
        [ids.expense, '75.25', null],
        [ids.cash, null, '75.25'],
      ])
    ).body.data!.postJournalEntry;
    const REV = `mutation ($id: ID!) { reverseJournalEntry(id: $id, date: "2026-04-11") {
      id source reversesId lines { accountId debit credit } } }`;
    const rev = (await app.gql(REV, { id: e.id }, token)).body.data!.reverseJournalEntry;
    expect(rev).toMatchObject({ source: 'REVERSAL', reversesId: e.id });
    expect(rev.lines).toEqual([
      { accountId: ids.expense, debit: '0.00', credit: '75.25' },
      { accountId: ids.cash, debit: '75.25', credit: '0.00' },
    ]);
    const again = await app.gql(REV, { id: e.id }, token);
    expect(code(again)).toBe('CONFLICT');
    const orig = await app.gql(`{ journalEntry(id: "${e.id}") { reversedById } }`, {}, token);
    expect(orig.body.data!.journalEntry.reversedById).toBe(rev.id);
  });

  it('refuses postings to an archived account with a clear error', async () => {
    const archived = await account('1999', 'ASSET');
    const url = withDatabase(app.services.clusterUrl('default'), org.dbName);
    await withClient(url, (c) =>
      c.query('UPDATE accounts SET archived = true WHERE id = $1', [archived]),
    );
    const res = await post('2026-03-09', [
      [archived, '1.00', null],
      [ids.income, null, '1.00'],
    ]);
    expect(res.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        {
          field: 'lines.0.accountId',
          message: 'Account 1999 Account 1999 is archived and takes no new postings',
        },
      ],
    });
  });

  it('keeps monthly totals equal to the lines and the trial balance at zero under 20 concurrent writers', async () => {
    const writes = Array.from({ length: 20 }, (_, i) =>
      post(`2026-0${(i % 3) + 5}-1${i % 9}`, [
        [ids.cash, `${i + 1}.11`, null],
        [ids.ar, `${i + 2}.00`, null],
        [ids.income, null, `${2 * i + 3}.11`],
      ]),
    );
    const results = await Promise.all(writes);
    for (const r of results) expect(r.body.errors).toBeUndefined();

    const url = withDatabase(app.services.clusterUrl('default'), org.dbName);
    const drift = await withClient(
      url,
      async (c) =>
        (
          await c.query(`
          SELECT count(*)::int AS n FROM (
            SELECT account_id, date_trunc('month', entry_date)::date AS month, sum(debit) d, sum(credit) c
              FROM journal_lines GROUP BY 1, 2
          ) l FULL JOIN account_month_totals t USING (account_id, month)
          WHERE l.d IS DISTINCT FROM t.debit OR l.c IS DISTINCT FROM t.credit`)
        ).rows[0].n,
    );
    expect(drift).toBe(0);
    expect(await checkLedger(url)).toMatchObject({ driftRows: 0, unbalancedEntries: 0 });
    // And the check does see drift when the totals are tampered with.
    await withClient(url, (c) =>
      c.query('UPDATE account_month_totals SET debit = debit + 1 WHERE account_id = $1', [
        ids.cash,
      ]),
    );
    expect((await checkLedger(url)).driftRows).toBeGreaterThan(0);
    await withClient(url, (c) =>
      c.query('UPDATE account_month_totals SET debit = debit - 1 WHERE account_id = $1', [
        ids.cash,
      ]),
    );
    const tb = (await app.gql(TB, {}, token)).body.data!.trialBalance;
    expect(tb.totalDebit).toBe(tb.totalCredit);
    expect(Number(tb.totalDebit)).toBeGreaterThan(0);
  });

  it('computes balances as of a date from monthly totals plus the partial month', async () => {
    const fresh = await createTenant(app, 'As-of HOA');
    const t = fresh.admin;
    const mk = (n: string, type: AccountTypeName) => fresh.account(n, type, { name: n });
    const cash = await mk('1010', 'ASSET');
    const inc = await mk('4010', 'INCOME');
    const p = (date: string, amt: string) =>
      app.gql(
        POST,
        {
          input: {
            date,
            lines: [
              { accountId: cash, debit: amt },
              { accountId: inc, credit: amt },
            ],
          },
        },
        t,
      );
    await p('2026-01-15', '100.00');
    await p('2026-02-01', '20.00');
    await p('2026-02-14', '3.00');
    await p('2026-02-15', '0.50');
    await p('2026-03-01', '1000.00');
    const bal = async (asOf: string) =>
      (await app.gql(TB, { asOf }, t)).body.data!.trialBalance.rows.find(
        (r: { number: string }) => r.number === '1010',
      ).balance;
    expect(await bal('2026-01-31')).toBe('100.00');
    expect(await bal('2026-02-14')).toBe('123.00');
    expect(await bal('2026-02-28')).toBe('123.50');
    expect(await bal('2026-03-01')).toBe('1123.50');
    const incomeRow = (
      await app.gql(TB, { asOf: '2026-02-28' }, t)
    ).body.data!.trialBalance.rows.find((r: { number: string }) => r.number === '4010');
    expect(incomeRow).toMatchObject({
      balance: '123.50',
      creditBalance: '123.50',
      debitBalance: '0.00',
    });
  });

  it('pages entries newest first with filters', async () => {
    const res = await app.gql(
      `{ journalEntries(first: 5, filter: { accountId: "${ids.cash}" }) {
          totalCount pageInfo { hasNextPage endCursor } edges { cursor node { date number } } } }`,
      {},
      token,
    );
    const c = res.body.data!.journalEntries;
    expect(c.edges).toHaveLength(5);
    expect(c.pageInfo.hasNextPage).toBe(true);
    const dates = c.edges.map((e: { node: { date: string } }) => e.node.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const next = await app.gql(
      `query ($after: String) { journalEntries(first: 200, after: $after, filter: { accountId: "${ids.cash}" }) {
          edges { node { number } } } }`,
      { after: c.pageInfo.endCursor },
      token,
    );
    expect(next.body.data!.journalEntries.edges.length).toBe(c.totalCount - 5);
    const vt = tenant.viewer;
    expect((await app.gql('{ journalEntries { totalCount } }', {}, vt)).status).toBe(200);
    const write = await app.gql(
      POST,
      {
        input: {
          date: '2026-01-01',
          lines: [
            { accountId: ids.cash, debit: '1.00' },
            { accountId: ids.income, credit: '1.00' },
          ],
        },
      },
      vt,
    );
    expect(code(write)).toBe('FORBIDDEN');
  });

  it('shows an account ledger with a running balance from the opening balance', async () => {
    const fresh = await createTenant(app, 'Ledger View HOA');
    const t = fresh.admin;
    const mk = (n: string, type: AccountTypeName) => fresh.account(n, type, { name: n });
    const cash = await mk('1010', 'ASSET');
    const inc = await mk('4010', 'INCOME');
    const p = (date: string, debit: string | null, credit: string | null) =>
      app.gql(
        POST,
        {
          input: {
            date,
            lines: [
              { accountId: cash, debit, credit },
              { accountId: inc, debit: credit, credit: debit },
            ],
          },
        },
        t,
      );
    await p('2026-01-10', '100.00', null);
    await p('2026-02-10', '50.00', null);
    await p('2026-02-20', null, '30.00');
    await p('2026-03-05', '5.00', null);
    const L = `query ($id: ID!, $from: LocalDate) { accountLedger(accountId: $id, from: $from) {
      openingBalance closingBalance rows { date debit credit balance } } }`;
    const ledger = (await app.gql(L, { id: cash, from: '2026-02-01' }, t)).body.data!.accountLedger;
    expect(ledger.openingBalance).toBe('100.00');
    expect(ledger.rows.map((r: { balance: string }) => r.balance)).toEqual([
      '150.00',
      '120.00',
      '125.00',
    ]);
    expect(ledger.closingBalance).toBe('125.00');
    // Income is credit-normal: its balance grows with credits.
    const income = (await app.gql(L, { id: inc }, t)).body.data!.accountLedger;
    expect(income.closingBalance).toBe('125.00');

    const lines = await app.gql(
      `{ journalLines(first: 3, filter: { fundType: OPERATING }) { pageInfo { hasNextPage endCursor }
          edges { node { date accountNumber fundType debit credit } } } }`,
      {},
      t,
    );
    const conn = lines.body.data!.journalLines;
    expect(conn.edges).toHaveLength(3);
    expect(conn.pageInfo.hasNextPage).toBe(true);
    expect(conn.edges[0].node).toMatchObject({ date: '2026-01-10', fundType: 'OPERATING' });
    const rest = await app.gql(
      `query ($a: String) { journalLines(first: 100, after: $a) { edges { node { date } } } }`,
      { a: conn.pageInfo.endCursor },
      t,
    );
    expect(rest.body.data!.journalLines.edges).toHaveLength(5);
    // totalCount is every match of the filter, on the first page and after a cursor alike.
    const counted = await app.gql(
      `query ($a: String) {
        all: journalLines(first: 1) { totalCount }
        operating: journalLines(first: 1, filter: { fundType: OPERATING }) { totalCount }
        later: journalLines(first: 1, after: $a, filter: { fundType: OPERATING }) { totalCount } }`,
      { a: conn.pageInfo.endCursor },
      t,
    );
    expect(counted.body.errors).toBeUndefined();
    expect(counted.body.data!.all.totalCount).toBe(8);
    expect(counted.body.data!.later.totalCount).toBe(counted.body.data!.operating.totalCount);
  });
});
