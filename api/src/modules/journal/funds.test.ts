/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClient, withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { INTERFUND_BACKFILL } from '../../../../tenant-migrations/011_funds_self_balancing.js';

// Every fund balances by itself: an entry crossing funds carries the interfund lines the ledger
// adds ("Due from Reserve Fund" in operating, "Due to Operating Fund" in reserve), the database
// refuses an entry that does not balance per fund, and existing books get their lines.
describe('self-balancing funds', () => {
  let app: TestApp;
  let t: Tenant;
  let url: string;
  const ids: Record<string, string> = {};

  const ENTRY = `query ($id: ID!) { journalEntry(id: $id) { id lines { lineNo accountId debit credit } } }`;
  const entry = async (id: string) => (await t.ok(ENTRY, { id })).journalEntry;
  const accounts = async () =>
    (await t.ok('{ accounts { id number name type fundType } }')).accounts as any[];
  const interfund = async () => {
    const all = await accounts();
    return {
      op: all.find((a) => a.number === 'DUE-RESERVE'),
      res: all.find((a) => a.number === 'DUE-OPERATING'),
    };
  };
  const trial = async (fundType: string) =>
    (
      await t.ok(
        `query ($f: FundType) { trialBalance(asOf: "2030-12-31", fundType: $f) { totalDebit totalCredit } }`,
        { f: fundType },
      )
    ).trialBalance;
  const balances = async () =>
    Object.fromEntries(
      (
        await t.ok('{ accountBalances(asOf: "2030-12-31") { number balance } }')
      ).accountBalances.map((b: any) => [b.number, b.balance]),
    );
  const expectFundsBalance = async () => {
    for (const fund of ['OPERATING', 'RESERVE']) {
      const tb = await trial(fund);
      expect(tb.totalDebit, fund).toBe(tb.totalCredit);
    }
  };
  // Entries whose lines do not balance within a fund, read from the database.
  const fundUnbalanced = () =>
    withClient(url, async (c) => {
      const r = await c.query(`
        SELECT count(DISTINCT entry_id)::int AS n FROM (
          SELECT l.entry_id FROM journal_lines l JOIN accounts a ON a.id = l.account_id
           GROUP BY l.entry_id, a.fund_type HAVING sum(l.debit) <> sum(l.credit)) x`);
      return r.rows[0].n as number;
    });

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Funds HOA');
    url = withDatabase(app.services.clusterUrl('default'), t.org.dbName);
    for (const [number, name, type, fundType] of [
      ['1010', 'Operating Checking', 'ASSET', 'OPERATING'],
      ['1510', 'Reserve Money Market', 'ASSET', 'RESERVE'],
      ['4010', 'Assessments', 'INCOME', 'OPERATING'],
      ['4510', 'Reserve Contributions', 'INCOME', 'RESERVE'],
      ['5010', 'Landscaping', 'EXPENSE', 'OPERATING'],
      ['6010', 'Roof Repairs', 'EXPENSE', 'RESERVE'],
    ] as const) {
      ids[number] = await t.account(number, type, { name, fundType });
    }
  });
  afterAll(() => app.close());

  it('adds the interfund lines to an entry crossing funds, and none to one that does not', async () => {
    const plain = await t.post('2026-01-05', [
      [ids['1010'], '500.00', null],
      [ids['4010'], null, '500.00'],
    ]);
    expect((await entry(plain)).lines).toHaveLength(2);
    expect((await interfund()).op).toBeUndefined();

    // The reserve pays an operating bill.
    const cross = await t.post('2026-01-10', [
      [ids['5010'], '100.00', null],
      [ids['1510'], null, '100.00'],
    ]);
    const { op, res } = await interfund();
    expect(op).toMatchObject({
      name: 'Due from Reserve Fund',
      type: 'ASSET',
      fundType: 'OPERATING',
    });
    expect(res).toMatchObject({
      name: 'Due to Operating Fund',
      type: 'LIABILITY',
      fundType: 'RESERVE',
    });
    expect((await entry(cross)).lines).toEqual([
      { lineNo: 1, accountId: ids['5010'], debit: '100.00', credit: '0.00' },
      { lineNo: 2, accountId: ids['1510'], debit: '0.00', credit: '100.00' },
      { lineNo: 3, accountId: op.id, debit: '0.00', credit: '100.00' },
      { lineNo: 4, accountId: res.id, debit: '100.00', credit: '0.00' },
    ]);

    // Operating moves cash to the reserve, with a reserve expense on the side: the same accounts,
    // the other direction, one line per fund for the fund's net.
    const transfer = await t.post('2026-01-20', [
      [ids['1510'], '250.00', null],
      [ids['6010'], '30.00', null],
      [ids['1010'], null, '280.00'],
    ]);
    expect((await entry(transfer)).lines.slice(3)).toEqual([
      { lineNo: 4, accountId: op.id, debit: '280.00', credit: '0.00' },
      { lineNo: 5, accountId: res.id, debit: '0.00', credit: '280.00' },
    ]);
    ids.cross = cross;
    ids.transfer = transfer;
    // Due from Reserve: -100 + 280; Due to Operating: the mirror.
    const b = await balances();
    expect([b['DUE-RESERVE'], b['DUE-OPERATING']]).toEqual(['180.00', '180.00']);
    await expectFundsBalance();
  });

  it('refuses a manual posting to an interfund account', async () => {
    const { op } = await interfund();
    const res = await t.gql(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
      {
        input: {
          date: '2026-02-01',
          lines: [
            { accountId: op.id, debit: '5.00' },
            { accountId: ids['1010'], credit: '5.00' },
          ],
        },
      },
    );
    const e = res.body.errors![0];
    expect(e.extensions?.code).toBe('BAD_USER_INPUT');
    expect(e.message).toMatch(/Due from Reserve Fund is kept by the ledger/);
  });

  it('reverses the interfund lines with the rest', async () => {
    const d = await t.ok(
      `mutation ($id: ID!) { reverseJournalEntry(id: $id, date: "2026-02-15") { id lines { accountId debit credit } } }`,
      { id: ids.cross },
    );
    const { op, res } = await interfund();
    expect(d.reverseJournalEntry.lines).toEqual([
      { accountId: ids['5010'], debit: '0.00', credit: '100.00' },
      { accountId: ids['1510'], debit: '100.00', credit: '0.00' },
      { accountId: op.id, debit: '100.00', credit: '0.00' },
      { accountId: res.id, debit: '0.00', credit: '100.00' },
    ]);
    const b = await balances();
    expect([b['DUE-RESERVE'], b['DUE-OPERATING']]).toEqual(['280.00', '280.00']);
    await expectFundsBalance();
  });

  it('balances imports and monthly actuals per fund', async () => {
    const csv = [
      'Date,Reference,Account,Debit,Credit,Memo,Line memo',
      '2026-03-05,X-1,6010,75.25,,Roof patch,',
      '2026-03-05,X-1,1010,,75.25,Roof patch,Paid from operating',
    ].join('\n');
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: `mutation ($file: Upload!) { importJournalEntries(file: $file, dryRun: false) { committed errors { message } } }`,
        variables: { file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([csv]), 'journal.csv');
    const up = (await (
      await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
        body: form,
      })
    ).json()) as any;
    expect(up.data.importJournalEntries).toEqual({ committed: true, errors: [] });

    const saved = await t.ok(
      `mutation ($i: SaveMonthlyActualsInput!) { saveMonthlyActuals(input: $i) { posted { id } } }`,
      {
        i: {
          year: 2026,
          months: [
            {
              month: 4,
              lines: [
                { accountId: ids['4010'], amount: '900.00' },
                { accountId: ids['6010'], amount: '120.00' },
              ],
            },
          ],
        },
      },
    );
    expect(saved.saveMonthlyActuals.posted.length).toBeGreaterThan(0);
    // Operating paid the reserve's bill: the reserve owes operating 75.25 more. Monthly actuals
    // post each fund against its own cash account, so they add no interfund lines.
    const b = await balances();
    expect([b['DUE-RESERVE'], b['DUE-OPERATING']]).toEqual(['355.25', '355.25']);
    await expectFundsBalance();
    expect(await fundUnbalanced()).toBe(0);
  });

  it('balances an invoice with a reserve line, and its void, per fund', async () => {
    const propertyTypeId = await t.propertyType('House');
    const groupId = await t.group({
      name: 'Dues',
      frequency: 'MONTHLY',
      rates: [{ propertyTypeId, regular: '100.00' }],
      regularIncomeAccountId: ids['4010'],
    });
    const unitId = await t.unit('U-1', { groupId, propertyTypeId });
    // Operating receivable, reserve income: the invoice's entry crosses funds.
    const invoiceId = await t.invoice(unitId, '2026-03-01', [[ids['4510'], '40.00', 'Reserve']]);
    const inv = await t.ok(`query ($id: ID!) { invoice(id: $id) { journalEntryId } }`, {
      id: invoiceId,
    });
    expect((await entry(inv.invoice.journalEntryId)).lines).toHaveLength(4);
    await t.ok(`mutation ($id: ID!) { voidInvoice(id: $id, date: "2026-03-20") { id } }`, {
      id: invoiceId,
    });
    await expectFundsBalance();
    expect(await fundUnbalanced()).toBe(0);
  });

  it('refuses at commit an entry written by hand that does not balance per fund', async () => {
    await withClient(url, async (c) => {
      await c.query('BEGIN');
      const {
        rows: [e],
      } = await c.query(
        `INSERT INTO journal_entries (id, entry_date, source) VALUES (gen_random_uuid(), '2026-05-01', 'manual') RETURNING id`,
      );
      await c.query(
        `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit)
         VALUES (gen_random_uuid(), $1, 1, $2, '2026-05-01', 1000, 0),
                (gen_random_uuid(), $1, 2, $3, '2026-05-01', 0, 1000)`,
        [e.id, ids['5010'], ids['1510']],
      );
      await expect(c.query('COMMIT')).rejects.toThrow(/does not balance in the operating fund/);
    });
  });

  // Books posted before funds balanced by themselves: the migration adds the missing lines (and
  // their monthly totals), and nothing else moves.
  it('adds the interfund lines to existing books in the migration', async () => {
    const before = await balances();
    const { op, res } = await interfund();
    // Back to the state before the migration: no interfund lines, totals or accounts.
    await withClient(url, async (c) => {
      await c.query('BEGIN');
      await c.query('ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_immutable');
      await c.query('DELETE FROM journal_lines WHERE account_id = ANY($1::uuid[])', [
        [op.id, res.id],
      ]);
      await c.query('ALTER TABLE journal_lines ENABLE TRIGGER journal_lines_immutable');
      await c.query('DELETE FROM account_month_totals WHERE account_id = ANY($1::uuid[])', [
        [op.id, res.id],
      ]);
      await c.query(`DELETE FROM control_accounts WHERE role LIKE 'interfund%'`);
      await c.query('DELETE FROM accounts WHERE id = ANY($1::uuid[])', [[op.id, res.id]]);
      await c.query('COMMIT');
    });
    expect(await fundUnbalanced()).toBe(6);

    await withClient(url, async (c) => {
      await c.query('BEGIN');
      for (const q of INTERFUND_BACKFILL) await c.query(q);
      await c.query('COMMIT');
    });
    expect(await fundUnbalanced()).toBe(0);
    await expectFundsBalance();
    expect(await balances()).toEqual(before);
    const { op: op2 } = await interfund();
    expect((await entry(ids.transfer)).lines.slice(3)).toEqual([
      { lineNo: 4, accountId: op2.id, debit: '280.00', credit: '0.00' },
      expect.objectContaining({ lineNo: 5, debit: '0.00', credit: '280.00' }),
    ]);
    await withClient(url, async (c) => {
      // The monthly totals agree with the lines again, and each entry's fix is audited.
      const drift = await c.query(`
        SELECT count(*)::int AS n FROM (
          SELECT account_id, date_trunc('month', entry_date)::date AS month,
                 sum(debit) AS d, sum(credit) AS c FROM journal_lines GROUP BY 1, 2
        ) l FULL JOIN account_month_totals t USING (account_id, month)
        WHERE coalesce(l.d, 0) <> coalesce(t.debit, 0) OR coalesce(l.c, 0) <> coalesce(t.credit, 0)`);
      expect(drift.rows[0].n).toBe(0);
      const audit = await c.query(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'interfund_lines'`,
      );
      expect(audit.rows[0].n).toBe(6);
    });
    // Posting goes on with the recreated accounts.
    await t.post('2026-06-01', [
      [ids['6010'], '10.00', null],
      [ids['1010'], null, '10.00'],
    ]);
    await expectFundsBalance();
  });
});
