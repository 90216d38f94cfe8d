/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClient, withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import { checkLedger, ledgerCheckPasses } from '../journal/ledger-check.service.js';
import { balanceSums } from '../journal/journal.repository.js';
import { FundType } from './accounts.entity.js';

// History does not change behind a report: an account's type or fund changes as of an effective
// date, every report as of an earlier date reads exactly as before, and the reclassification
// entry moves the balance from then on.

const UPDATE = `mutation ($id: ID!, $input: UpdateAccountInput!) {
  updateAccount(id: $id, input: $input) {
    id type fundType lastPostingDate
    reclassifications { effectiveDate fromType fromFundType toType toFundType entryId } } }`;

const REPORTS = `query ($asOf: LocalDate!) {
  fundBalances(asOf: $asOf) { fundType assets liabilities equity income expenses netAssets }
  operating: trialBalance(asOf: $asOf, fundType: OPERATING) {
    totalDebit totalCredit rows { number type fundType debitBalance creditBalance } }
  reserve: trialBalance(asOf: $asOf, fundType: RESERVE) {
    totalDebit totalCredit rows { number type fundType debitBalance creditBalance } }
  accountBalances(asOf: $asOf) { number type fundType debit credit balance } }`;

const ACTIVITY = `query ($from: LocalDate!, $to: LocalDate!) {
  accountActivity(from: $from, to: $to) {
    number type fundType openingBalance debit credit change closingBalance } }`;

const ENTRY = `query ($id: ID!) { journalEntry(id: $id) {
  date source memo total lines { lineNo accountId fundType accountType debit credit } } }`;

const LEDGER = `query ($id: ID!, $to: LocalDate) {
  accountLedger(accountId: $id, to: $to, first: 100) {
    openingBalance closingBalance rows { date source memo debit credit balance } } }`;

function refusal(res: { body: { errors?: { message: string; extensions?: any }[] } }) {
  const e = res.body.errors?.[0];
  return { code: e?.extensions?.code, message: e?.message, details: e?.extensions?.details };
}

describe('changing the type or fund of an account with postings', () => {
  let app: TestApp;
  let t: Tenant;
  let url: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
    url = withDatabase(app.services.clusterUrl('default'), t.org.dbName);
    ids.checking = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    ids.savings = await t.account('1020', 'ASSET', { name: 'Operating Savings' });
    ids.reserveCash = await t.account('1110', 'ASSET', {
      name: 'Reserve Savings',
      fundType: 'RESERVE',
    });
    ids.equity = await t.account('3010', 'EQUITY', { name: 'Fund Balance' });
    ids.reserveEquity = await t.account('3110', 'EQUITY', {
      name: 'Reserve Fund Balance',
      fundType: 'RESERVE',
    });
    ids.deposits = await t.account('4100', 'INCOME', { name: 'Move-in Deposits' });
    ids.repairs = await t.account('5010', 'EXPENSE', { name: 'Repairs' });
    await t.post('2026-01-02', [
      [ids.checking, '63560.28', null],
      [ids.savings, '11794.58', null],
      [ids.equity, null, '75354.86'],
    ]);
    await t.post('2026-01-02', [
      [ids.reserveCash, '30000.00', null],
      [ids.reserveEquity, null, '30000.00'],
    ]);
    await t.post('2026-02-10', [
      [ids.checking, '1250.00', null],
      [ids.deposits, null, '1250.00'],
    ]);
    await t.post('2026-03-12', [
      [ids.repairs, '400.00', null],
      [ids.checking, null, '400.00'],
    ]);
  });
  afterAll(() => app.close());

  const reports = async (asOf: string) => t.ok(REPORTS, { asOf });
  const fund = (r: any, f: string) => r.fundBalances.find((x: any) => x.fundType === f);

  it('moves an account to the reserve fund as of a date: earlier reports stay exactly as they were', async () => {
    const before = await reports('2026-03-31');
    // Moving the account by editing it used to take its savings out of the operating fund's
    // past: 64,410.28 as of this date.
    expect(fund(before, 'OPERATING').assets).toBe('76204.86');
    const { updateAccount } = await t.ok(UPDATE, {
      id: ids.savings,
      input: { fundType: 'RESERVE', effectiveDate: '2026-04-01' },
    });
    expect(updateAccount).toMatchObject({
      fundType: 'RESERVE',
      lastPostingDate: '2026-04-01',
      reclassifications: [
        {
          effectiveDate: '2026-04-01',
          fromType: 'ASSET',
          fromFundType: 'OPERATING',
          toType: 'ASSET',
          toFundType: 'RESERVE',
        },
      ],
    });
    // Every report as of a date before the change: unchanged to the cent and the row. (The
    // interfund accounts the ledger created on first use for the change are new to the chart:
    // like any new account they list with nothing in them.)
    const again = await reports('2026-03-31');
    const isNew = (r: any) => r.number.startsWith('DUE-');
    const amounts = (r: any) =>
      Object.values(r).filter((v) => typeof v === 'string' && /^-?\d+\.\d\d$/.test(v));
    for (const rows of [again.accountBalances, again.operating.rows, again.reserve.rows]) {
      for (const r of rows.filter(isNew)) expect(new Set(amounts(r))).toEqual(new Set(['0.00']));
    }
    const old = (rows: any[]) => rows.filter((r) => !isNew(r));
    expect({
      ...again,
      accountBalances: old(again.accountBalances),
      operating: { ...again.operating, rows: old(again.operating.rows) },
      reserve: { ...again.reserve, rows: old(again.reserve.rows) },
    }).toEqual(before);

    // From the effective date: the savings are the reserve's, which owes operating for them.
    const after = await reports('2026-04-01');
    expect(fund(after, 'OPERATING')).toMatchObject({
      assets: '76204.86',
      liabilities: '0.00',
      netAssets: '76204.86',
    });
    expect(fund(after, 'RESERVE')).toMatchObject({
      assets: '41794.58',
      liabilities: '11794.58',
      netAssets: '30000.00',
    });
    for (const tb of [before.operating, before.reserve, after.operating, after.reserve]) {
      expect(tb.totalDebit).toBe(tb.totalCredit);
    }
    expect(after.operating.rows.map((r: any) => r.number)).not.toContain('1020');
    expect(after.reserve.rows).toContainEqual({
      number: '1020',
      type: 'ASSET',
      fundType: 'RESERVE',
      debitBalance: '11794.58',
      creditBalance: '0.00',
    });
    expect(after.operating.rows).toContainEqual(
      expect.objectContaining({ number: 'DUE-RESERVE', debitBalance: '11794.58' }),
    );
    expect(after.reserve.rows).toContainEqual(
      expect.objectContaining({ number: 'DUE-OPERATING', creditBalance: '11794.58' }),
    );
    // One row per account in balances, in the fund of the date.
    const savingsRows = after.accountBalances.filter((r: any) => r.number === '1020');
    expect(savingsRows).toEqual([
      {
        number: '1020',
        type: 'ASSET',
        fundType: 'RESERVE',
        debit: '11794.58',
        credit: '0.00',
        balance: '11794.58',
      },
    ]);

    // The reclassification entry, with the interfund lines the ledger adds.
    const entryId = updateAccount.reclassifications[0].entryId;
    const { journalEntry } = await t.ok(ENTRY, { id: entryId });
    const due = (await t.ok('{ accounts { id number } }')).accounts.filter((a: any) =>
      a.number.startsWith('DUE-'),
    );
    const dueId = (n: string) => due.find((a: any) => a.number === n).id;
    expect(journalEntry).toEqual({
      date: '2026-04-01',
      source: 'RECLASSIFICATION',
      memo: 'Reclassification of 1020 Operating Savings: asset, operating fund → asset, reserve fund',
      total: '23589.16',
      lines: [
        {
          lineNo: 1,
          accountId: ids.savings,
          fundType: 'OPERATING',
          accountType: 'ASSET',
          debit: '0.00',
          credit: '11794.58',
        },
        {
          lineNo: 2,
          accountId: ids.savings,
          fundType: 'RESERVE',
          accountType: 'ASSET',
          debit: '11794.58',
          credit: '0.00',
        },
        {
          lineNo: 3,
          accountId: dueId('DUE-RESERVE'),
          fundType: 'OPERATING',
          accountType: 'ASSET',
          debit: '11794.58',
          credit: '0.00',
        },
        {
          lineNo: 4,
          accountId: dueId('DUE-OPERATING'),
          fundType: 'RESERVE',
          accountType: 'LIABILITY',
          debit: '0.00',
          credit: '11794.58',
        },
      ],
    });

    // Lines for custom reports carry the fund they were posted in.
    const { journalLines } = await t.ok(
      `query ($id: ID!) { journalLines(filter: { accountId: $id }) { edges { node { date fundType debit credit } } } }`,
      { id: ids.savings },
    );
    expect(journalLines.edges.map((e: any) => e.node)).toEqual([
      { date: '2026-01-02', fundType: 'OPERATING', debit: '11794.58', credit: '0.00' },
      { date: '2026-04-01', fundType: 'OPERATING', debit: '0.00', credit: '11794.58' },
      { date: '2026-04-01', fundType: 'RESERVE', debit: '11794.58', credit: '0.00' },
    ]);
    // The account's own ledger: its whole balance, the two lines cancelling out.
    const { accountLedger } = await t.ok(LEDGER, { id: ids.savings });
    expect(accountLedger.closingBalance).toBe('11794.58');
    expect(accountLedger.rows.map((r: any) => [r.memo, r.balance])).toEqual([
      [null, '11794.58'],
      ['Out of asset, operating fund', '0.00'],
      ['Into asset, reserve fund', '11794.58'],
    ]);
  });

  it('turns an income account into a liability: the income of the earlier period is unchanged, the liability appears from the effective date', async () => {
    const q1 = { from: '2026-01-01', to: '2026-03-31' };
    const before = await t.ok(ACTIVITY, q1);
    expect(before.accountActivity).toContainEqual(
      expect.objectContaining({ number: '4100', type: 'INCOME', change: '1250.00' }),
    );
    const beforeBalances = await reports('2026-03-31');
    const BVA = `{ budgetVsActual(year: 2026, month: 3, yearToDate: true) {
      rows { number type fundType actual } totalIncome { actual } } }`;
    const bva = await t.ok(BVA);
    expect(bva.budgetVsActual.totalIncome.actual).toBe('1250.00');

    await t.ok(UPDATE, {
      id: ids.deposits,
      input: { type: 'LIABILITY', effectiveDate: '2026-04-01' },
    });
    expect(await t.ok(ACTIVITY, q1)).toEqual(before);
    expect(await t.ok(BVA)).toEqual(bva);
    expect(await reports('2026-03-31')).toEqual(beforeBalances);
    expect(fund(beforeBalances, 'OPERATING')).toMatchObject({
      liabilities: '0.00',
      income: '1250.00',
    });

    const april = await reports('2026-04-01');
    expect(fund(april, 'OPERATING')).toMatchObject({ liabilities: '1250.00', income: '0.00' });
    expect(april.accountBalances.filter((r: any) => r.number === '4100')).toEqual([
      {
        number: '4100',
        type: 'LIABILITY',
        fundType: 'OPERATING',
        debit: '0.00',
        credit: '1250.00',
        balance: '1250.00',
      },
    ]);
    // A period across the change shows both: the income moved out, the liability in.
    const q2 = await t.ok(ACTIVITY, { from: '2026-01-01', to: '2026-06-30' });
    expect(q2.accountActivity.filter((r: any) => r.number === '4100')).toEqual([
      {
        number: '4100',
        type: 'LIABILITY',
        fundType: 'OPERATING',
        openingBalance: '0.00',
        debit: '0.00',
        credit: '1250.00',
        change: '1250.00',
        closingBalance: '1250.00',
      },
      {
        number: '4100',
        type: 'INCOME',
        fundType: 'OPERATING',
        openingBalance: '0.00',
        debit: '1250.00',
        credit: '1250.00',
        change: '0.00',
        closingBalance: '0.00',
      },
    ]);
    // A later period shows the liability alone.
    const q3 = await t.ok(ACTIVITY, { from: '2026-07-01', to: '2026-09-30' });
    expect(q3.accountActivity.filter((r: any) => r.number === '4100')).toEqual([
      expect.objectContaining({ type: 'LIABILITY', openingBalance: '1250.00' }),
    ]);
    // Its ledger up to before the change reads as an income account did.
    const { accountLedger } = await t.ok(LEDGER, { id: ids.deposits, to: '2026-03-31' });
    expect(accountLedger).toMatchObject({ openingBalance: '0.00', closingBalance: '1250.00' });
  });

  it('asks for an effective date after the latest posting, naming it', async () => {
    const none = await t.gql(UPDATE, { id: ids.repairs, input: { fundType: 'RESERVE' } });
    expect(refusal(none)).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        {
          field: 'effectiveDate',
          message:
            'Account 5010 Repairs has postings through 2026-03-12: give the date its new fund takes effect (2026-03-13 or later); reports before it keep the old one',
        },
      ],
    });
    const onTheDay = await t.gql(UPDATE, {
      id: ids.repairs,
      input: { type: 'ASSET', fundType: 'RESERVE', effectiveDate: '2026-03-12' },
    });
    expect(refusal(onTheDay).details).toEqual([
      {
        field: 'effectiveDate',
        message:
          'Account 5010 Repairs has postings through 2026-03-12: its new type and fund can take effect on 2026-03-13 or later',
      },
    ]);
    // Another reclassification of an account: after the last one.
    const again = await t.gql(UPDATE, {
      id: ids.savings,
      input: { fundType: 'OPERATING', effectiveDate: '2026-04-01' },
    });
    expect(refusal(again).details[0].message).toBe(
      'Account 1020 Operating Savings has postings through 2026-04-01: its new fund can take effect on 2026-04-02 or later',
    );
    // Nothing changed.
    const { account } = await t.ok(`query ($id: ID!) { account(id: $id) { type fundType } }`, {
      id: ids.repairs,
    });
    expect(account).toEqual({ type: 'EXPENSE', fundType: 'OPERATING' });

    // Without postings an account changes freely, and name and number always do.
    const fresh = await t.account('5020', 'EXPENSE', { name: 'Snow Removal' });
    const free = await t.ok(UPDATE, { id: fresh, input: { type: 'INCOME', fundType: 'RESERVE' } });
    expect(free.updateAccount).toMatchObject({
      type: 'INCOME',
      fundType: 'RESERVE',
      lastPostingDate: null,
      reclassifications: [],
    });
    const renamed = await t.ok(UPDATE, { id: ids.repairs, input: { name: 'Repairs & Upkeep' } });
    expect(renamed.updateAccount.reclassifications).toEqual([]);
  });

  it('refuses postings dated before the reclassification, and its reversal', async () => {
    const early = await t.gql(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
      {
        input: {
          date: '2026-03-20',
          lines: [
            { accountId: ids.checking, debit: '10.00' },
            { accountId: ids.savings, credit: '10.00' },
          ],
        },
      },
    );
    expect(refusal(early)).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        {
          field: 'lines.1.accountId',
          message:
            'Account 1020 Operating Savings was reclassified as of 2026-04-01: date the entry on or after it',
        },
      ],
    });
    // On the day and after, the account posts in its new fund.
    const onTime = await t.post('2026-04-01', [
      [ids.reserveCash, '10.00', null],
      [ids.savings, null, '10.00'],
    ]);
    const { journalEntry } = await t.ok(ENTRY, { id: onTime });
    expect(journalEntry.lines.map((l: any) => l.fundType)).toEqual(['RESERVE', 'RESERVE']);

    const { account } = await t.ok(
      `query ($id: ID!) { account(id: $id) { reclassifications { entryId } } }`,
      { id: ids.savings },
    );
    const reverse = await t.gql(
      `mutation ($id: ID!) { reverseJournalEntry(id: $id, date: "2026-05-01") { id } }`,
      { id: account.reclassifications[0].entryId },
    );
    expect(refusal(reverse)).toMatchObject({
      code: 'CONFLICT',
      message:
        "This entry reclassifies an account: change the account's type or fund again, with a later effective date",
    });
  });

  it('keeps the type and fund of the interfund and receivable accounts, and the interfund accounts in the chart', async () => {
    const accounts = (await t.ok('{ accounts { id number } }')).accounts;
    const dueFromReserve = accounts.find((a: any) => a.number === 'DUE-RESERVE').id;
    for (const input of [
      { fundType: 'RESERVE', effectiveDate: '2026-12-01' },
      { type: 'LIABILITY', effectiveDate: '2026-12-01' },
    ]) {
      const res = await t.gql(UPDATE, { id: dueFromReserve, input });
      expect(refusal(res)).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'Due from Reserve Fund is kept by the ledger: its type and fund cannot change',
      });
    }
    const archive = await t.gql(`mutation ($id: ID!) { archiveAccount(id: $id) { id } }`, {
      id: dueFromReserve,
    });
    expect(refusal(archive)).toMatchObject({
      code: 'CONFLICT',
      message: 'Due from Reserve Fund is kept by the ledger: it cannot be archived',
    });

    const receivable = await t.receivableAccount();
    const res = await t.gql(UPDATE, {
      id: receivable,
      input: { fundType: 'RESERVE', effectiveDate: '2026-12-01' },
    });
    expect(refusal(res).code).toBe('BAD_USER_INPUT');
    expect(refusal(res).details).toEqual([
      {
        field: 'fundType',
        message: expect.stringMatching(
          /is kept by invoices and payments: its type and fund cannot change$/,
        ),
      },
    ]);
  });

  it('a posting racing the reclassification lands before it, and moves with it, or is refused', async () => {
    const petty = await t.account('1030', 'ASSET', { name: 'Petty Cash' });
    await t.post('2026-06-01', [
      [petty, '100.00', null],
      [ids.checking, null, '100.00'],
    ]);
    const POST = `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`;
    const postings = Array.from({ length: 8 }, () =>
      t.gql(POST, {
        input: {
          date: '2026-06-01',
          lines: [
            { accountId: petty, debit: '1.00' },
            { accountId: ids.checking, credit: '1.00' },
          ],
        },
      }),
    );
    const change = t.gql(UPDATE, {
      id: petty,
      input: { fundType: 'RESERVE', effectiveDate: '2026-06-02' },
    });
    const [changed, ...posted] = await Promise.all([change, ...postings]);
    expect(changed.body.errors).toBeUndefined();
    const landed = posted.filter((r) => !r.body.errors).length;
    for (const r of posted.filter((x) => x.body.errors)) {
      expect(refusal(r).details[0].message).toMatch(/was reclassified as of 2026-06-02/);
    }
    // Whatever landed before the change moved with it: nothing is left in the operating fund.
    const rows = (await reports('2026-06-02')).accountBalances.filter(
      (r: any) => r.number === '1030',
    );
    expect(rows).toEqual([
      expect.objectContaining({ fundType: 'RESERVE', balance: `${100 + landed}.00` }),
    ]);
    const june1 = (await reports('2026-06-01')).accountBalances.filter(
      (r: any) => r.number === '1030',
    );
    expect(june1).toEqual([
      expect.objectContaining({ fundType: 'OPERATING', balance: `${100 + landed}.00` }),
    ]);
  });

  it("reads one account's sums as the whole chart's query does, reclassified or not", async () => {
    // One account alone takes a shorter query when it was never reclassified; both must agree.
    const { em } = await openTenant(app.services, t.org.id);
    const all = await withClient(url, (c) =>
      c.query<{ id: string; n: number }>(
        `SELECT a.id, (SELECT count(*)::int FROM account_reclassifications r WHERE r.account_id = a.id) AS n
           FROM accounts a`,
      ),
    );
    expect(all.rows.some((r) => r.n > 0)).toBe(true);
    expect(all.rows.some((r) => r.n === 0)).toBe(true);
    let compared = 0;
    for (const asOf of [
      null,
      '2025-12-31',
      '2026-03-15',
      '2026-04-01',
      '2026-06-30',
      '2030-12-31',
    ]) {
      for (const keep of ['balance', 'sums'] as const) {
        for (const fundType of [null, FundType.OPERATING, FundType.RESERVE]) {
          const chart = await balanceSums(em.fork(), { asOf, keep, fundType });
          for (const { id } of all.rows) {
            const one = await balanceSums(em.fork(), {
              asOf,
              keep,
              fundType,
              accountId: id,
            });
            const norm = (rows: typeof one) =>
              rows.map((r) => ({ ...r, d: String(r.d), c: String(r.c) }));
            expect(norm(one)).toEqual(norm(chart.filter((r) => r.id === id)));
            compared += one.length;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    // An id of no account: nothing.
    expect(
      await balanceSums(em.fork(), { accountId: '00000000-0000-4000-8000-000000000000' }),
    ).toEqual([]);
  });

  it('audits each reclassification with its date and entry', async () => {
    const { auditLog } = await t.ok(
      `query ($id: ID!) { auditLog(entityType: "Account", entityId: $id) { action changes } }`,
      { id: ids.savings },
    );
    const { account } = await t.ok(
      `query ($id: ID!) { account(id: $id) { reclassifications { entryId } } }`,
      { id: ids.savings },
    );
    expect(auditLog.map((a: any) => a.action)).toEqual(['create', 'reclassify']);
    expect(auditLog[1].changes).toEqual({
      fundType: { before: 'operating', after: 'reserve' },
      effectiveDate: '2026-04-01',
      entryId: account.reclassifications[0].entryId,
    });
    const entryAudit = await t.ok(
      `query ($id: ID!) { auditLog(entityType: "JournalEntry", entityId: $id) { action changes } }`,
      { id: account.reclassifications[0].entryId },
    );
    expect(entryAudit.auditLog[0]).toMatchObject({
      action: 'post',
      changes: expect.objectContaining({ source: 'reclassification', lines: 4 }),
    });
  });

  it('is backed by the database, and ledger:check stays clean', async () => {
    // A type or fund changed behind the service's back, without a reclassification.
    await expect(
      withClient(url, (c) =>
        c.query(`UPDATE accounts SET fund_type = 'reserve' WHERE id = $1`, [ids.checking]),
      ),
    ).rejects.toThrow(/through a reclassification with an effective date/);
    // A line classified unlike its account, or dated before its reclassification.
    const write = (accountId: string, date: string, fund: string | null) =>
      withClient(url, async (c) => {
        await c.query('BEGIN');
        const e = await c.query<{ id: string }>(
          `INSERT INTO journal_entries (id, entry_date, source) VALUES (gen_random_uuid(), $1, 'manual') RETURNING id`,
          [date],
        );
        await c.query(
          `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit, fund_type)
           VALUES (gen_random_uuid(), $1, 1, $2, $3, 5, 0, $4),
                  (gen_random_uuid(), $1, 2, $5, $3, 0, 5, $4)`,
          [e.rows[0].id, accountId, date, fund, ids.reserveEquity],
        );
        await c.query('COMMIT');
      });
    await expect(write(ids.reserveCash, '2026-05-01', 'operating')).rejects.toThrow(
      /is classified operating \w+, the account is reserve/,
    );
    await expect(write(ids.savings, '2026-03-01', null)).rejects.toThrow(
      /account 1020 was reclassified as of 2026-04-01/,
    );

    const check = await checkLedger(url);
    expect(check).toMatchObject({
      driftRows: 0,
      unbalancedEntries: 0,
      fundUnbalancedEntries: 0,
      misclassifiedLines: 0,
      controlDifferences: [],
    });
    expect(ledgerCheckPasses(check)).toBe(true);
  });
});
