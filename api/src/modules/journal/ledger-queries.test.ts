/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClient, withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import {
  checkLedger,
  describeLedgerCheck,
  ledgerCheckPasses,
  type LedgerCheck,
} from './ledger-check.service.js';

// The power user's queries: the account ledger a page at a time with true balances, activity for
// a period, journal lines with their entry, lists in either order; and the ledger check's fund and
// control-account checks.

const LEDGER = `query ($id: ID!, $from: LocalDate, $to: LocalDate, $first: Int!, $after: String) {
  accountLedger(accountId: $id, from: $from, to: $to, first: $first, after: $after) {
    openingBalance closingBalance pageOpeningBalance truncated
    pageInfo { hasNextPage endCursor }
    rows { date entryNumber lineNo debit credit balance } } }`;

const ACTIVITY = `query ($from: LocalDate!, $to: LocalDate!, $fundType: FundType) {
  accountActivity(from: $from, to: $to, fundType: $fundType) {
    accountId number type fundType openingBalance debit credit change closingBalance } }`;

function code(res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) {
  return res.body.errors?.[0]?.extensions?.code;
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('ledger queries', () => {
  let t: Tenant;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTenant(app, 'Power User HOA');
    ids.cash = await t.account('1010', 'ASSET');
    ids.income = await t.account('4010', 'INCOME');
    ids.expense = await t.account('5010', 'EXPENSE');
    ids.big = await t.account('1900', 'ASSET');
    ids.bigEquity = await t.account('3900', 'EQUITY');
    ids.reserveCash = await t.account('1020', 'ASSET', { fundType: 'RESERVE' });
    await t.post('2026-01-05', [
      [ids.cash, '100.00', null],
      [ids.income, null, '100.00'],
    ]);
    await t.post('2026-01-20', [
      [ids.cash, '50.00', null],
      [ids.income, null, '50.00'],
    ]);
    await t.post('2026-02-03', [
      [ids.expense, '30.00', null],
      [ids.cash, null, '30.00'],
    ]);
    // Two lines on the cash account in one entry: the ledger orders them by line number.
    await t.post(
      '2026-02-03',
      [
        [ids.cash, '10.00', null],
        [ids.cash, '5.00', null],
        [ids.income, null, '15.00'],
      ],
      { memo: 'Two deposits' },
    );
    await t.post('2026-03-10', [
      [ids.cash, '200.00', null],
      [ids.income, null, '200.00'],
    ]);
  });

  const ledger = (vars: Record<string, unknown>) =>
    t.ok(LEDGER, { first: 500, ...vars }).then((d) => d.accountLedger);

  it('pages the account ledger with a cursor; every page keeps the true balances', async () => {
    const all = await ledger({ id: ids.cash });
    expect(all.rows.map((r: { balance: string }) => r.balance)).toEqual([
      '100.00',
      '150.00',
      '120.00',
      '130.00',
      '135.00',
      '335.00',
    ]);
    expect(all.rows.slice(3, 5).map((r: { lineNo: number }) => r.lineNo)).toEqual([1, 2]);

    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    let page: Record<string, any>;
    do {
      page = await ledger({ id: ids.cash, first: 2, after });
      pages++;
      // The closing balance is the account's, not the page's last row's.
      expect(page.closingBalance).toBe('335.00');
      expect(page.openingBalance).toBe('0.00');
      expect(page.pageOpeningBalance).toBe(seen.at(-1) ?? '0.00');
      expect(page.truncated).toBe(page.pageInfo.hasNextPage);
      seen.push(...page.rows.map((r: { balance: string }) => r.balance));
      after = page.pageInfo.endCursor;
    } while (page.pageInfo.hasNextPage);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.rows.map((r: { balance: string }) => r.balance));
  });

  it('pages a period: opening before it, closing on its last day, rows inside it', async () => {
    const feb = { id: ids.cash, from: '2026-02-01', to: '2026-02-28' };
    const first = await ledger({ ...feb, first: 1 });
    expect(first).toMatchObject({
      openingBalance: '150.00',
      closingBalance: '135.00',
      pageOpeningBalance: '150.00',
      truncated: true,
    });
    expect(first.rows).toEqual([
      expect.objectContaining({ date: '2026-02-03', credit: '30.00', balance: '120.00' }),
    ]);
    const second = await ledger({ ...feb, first: 1, after: first.pageInfo.endCursor });
    expect(second.pageOpeningBalance).toBe('120.00');
    expect(second.rows.map((r: { balance: string }) => r.balance)).toEqual(['130.00']);
    const third = await ledger({ ...feb, first: 5, after: second.pageInfo.endCursor });
    expect(third.rows.map((r: { balance: string }) => r.balance)).toEqual(['135.00']);
    expect(third.pageInfo.hasNextPage).toBe(false);
    expect(third.closingBalance).toBe('135.00');

    // A credit-normal account: balances in its own direction, the closing one the account's.
    const income = await ledger({ id: ids.income, first: 1 });
    expect(income.rows[0].balance).toBe('100.00');
    expect(income.closingBalance).toBe('365.00');
  });

  it('refuses a page size out of range and a cursor it did not make', async () => {
    const big = await t.gql(LEDGER, { id: ids.cash, first: 5001 });
    expect(code(big)).toBe('BAD_USER_INPUT');
    expect(big.body.errors?.[0]?.extensions?.details).toEqual([
      expect.objectContaining({ field: 'first' }),
    ]);
    const bad = await t.gql(LEDGER, { id: ids.cash, first: 10, after: 'bm9wZQ' });
    expect(code(bad)).toBe('BAD_USER_INPUT');
    expect(bad.body.errors?.[0]?.extensions?.details).toEqual([
      expect.objectContaining({ field: 'after' }),
    ]);
  });

  it('reports activity for a period per account: opening, debits, credits, closing', async () => {
    const rows = (await t.ok(ACTIVITY, { from: '2026-02-01', to: '2026-02-28' })).accountActivity;
    const by = (id: string) => rows.find((r: { accountId: string }) => r.accountId === id);
    expect(by(ids.cash)).toMatchObject({
      openingBalance: '150.00',
      debit: '15.00',
      credit: '30.00',
      change: '-15.00',
      closingBalance: '135.00',
    });
    expect(by(ids.income)).toMatchObject({
      type: 'INCOME',
      openingBalance: '150.00',
      debit: '0.00',
      credit: '15.00',
      change: '15.00',
      closingBalance: '165.00',
    });
    expect(by(ids.expense)).toMatchObject({ openingBalance: '0.00', debit: '30.00' });

    // Partial months at both ends (lines), whole months between (monthly totals).
    const span = (await t.ok(ACTIVITY, { from: '2026-01-10', to: '2026-03-09' })).accountActivity;
    expect(span.find((r: { accountId: string }) => r.accountId === ids.cash)).toMatchObject({
      openingBalance: '100.00',
      debit: '65.00',
      credit: '30.00',
      closingBalance: '135.00',
    });
    // One day.
    const day = (await t.ok(ACTIVITY, { from: '2026-03-10', to: '2026-03-10' })).accountActivity;
    expect(day.find((r: { accountId: string }) => r.accountId === ids.cash)).toMatchObject({
      openingBalance: '135.00',
      debit: '200.00',
      closingBalance: '335.00',
    });

    const reserve = (
      await t.ok(ACTIVITY, { from: '2026-01-01', to: '2026-12-31', fundType: 'RESERVE' })
    ).accountActivity;
    expect(reserve.every((r: { fundType: string }) => r.fundType === 'RESERVE')).toBe(true);
    expect(reserve.some((r: { accountId: string }) => r.accountId === ids.reserveCash)).toBe(true);

    // A viewer reads it.
    const viewer = await t.gql(ACTIVITY, { from: '2026-02-01', to: '2026-02-28' }, t.viewer);
    expect(viewer.body.errors).toBeUndefined();
  });

  it('sums activity exactly above 2^53 cents', async () => {
    const max = '9999999999999.99';
    const lines: [string, string | null, string | null][] = [];
    for (let i = 0; i < 10; i++) lines.push([ids.big, max, null], [ids.bigEquity, null, max]);
    await t.post('2026-04-15', lines);
    for (const from of ['2026-04-01', '2026-04-10']) {
      const rows = (await t.ok(ACTIVITY, { from, to: '2026-04-30' })).accountActivity;
      expect(rows.find((r: { accountId: string }) => r.accountId === ids.big)).toMatchObject({
        openingBalance: '0.00',
        debit: '99999999999999.90',
        closingBalance: '99999999999999.90',
      });
      expect(rows.find((r: { accountId: string }) => r.accountId === ids.bigEquity)).toMatchObject({
        credit: '99999999999999.90',
        change: '99999999999999.90',
      });
    }
  });

  it('refuses a period that ends before it starts, naming the field', async () => {
    const res = await t.gql(ACTIVITY, { from: '2026-03-01', to: '2026-02-01' });
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(res.body.errors?.[0]?.message).toMatch(/ends before it starts/);
    expect(res.body.errors?.[0]?.extensions?.details).toEqual([
      expect.objectContaining({ field: 'to' }),
    ]);
  });

  it('journal lines carry their entry memo, source, owner and line number, in either order', async () => {
    const house = await t.propertyType('House');
    const group = await t.group({
      name: 'Monthly',
      regularIncomeAccountId: ids.income,
      rates: [{ propertyTypeId: house, regular: '100.00' }],
    });
    const unit = await t.unit('U-1', { groupId: group, propertyTypeId: house });
    const inv = await t.invoice(unit, '2026-05-01', [[ids.income, '80.00']], { memo: 'Gate fob' });
    const LINES = `query ($filter: JournalLineFilter, $first: Int!, $after: String, $order: ListOrder) {
      journalLines(filter: $filter, first: $first, after: $after, order: $order) {
        edges { node { id date entryNumber lineNo memo entryMemo source owner { type id } accountId } }
        pageInfo { hasNextPage endCursor } } }`;
    const may = (await t.ok(LINES, { filter: { from: '2026-05-01' }, first: 10 })).journalLines;
    const nodes = may.edges.map((e: { node: Record<string, unknown> }) => e.node);
    expect(nodes).toHaveLength(2);
    for (const n of nodes) {
      expect(n).toMatchObject({ source: 'INVOICE', owner: { type: 'INVOICE', id: inv } });
      expect(typeof n.entryMemo === 'string' || n.entryMemo === null).toBe(true);
    }
    expect(nodes.map((n: { lineNo: number }) => n.lineNo).sort()).toEqual([1, 2]);

    const manual = (
      await t.ok(LINES, {
        filter: { accountId: ids.cash, from: '2026-02-03', to: '2026-02-03' },
        first: 10,
      })
    ).journalLines.edges.map((e: { node: Record<string, unknown> }) => e.node);
    expect(manual.find((n: { entryMemo: string }) => n.entryMemo === 'Two deposits')).toMatchObject(
      { source: 'MANUAL', owner: null },
    );

    // Newest first, a page at a time: the same lines as oldest first, reversed.
    const walk = async (order?: string) => {
      const out: string[] = [];
      let after: string | null = null;
      for (;;) {
        const page: Record<string, any> = (
          await t.ok(LINES, { filter: { accountId: ids.cash }, first: 2, after, order })
        ).journalLines;
        out.push(...page.edges.map((e: { node: { id: string } }) => e.node.id));
        if (!page.pageInfo.hasNextPage) return out;
        after = page.pageInfo.endCursor;
      }
    };
    const oldest = await walk();
    expect(oldest).toHaveLength(6);
    expect(await walk('OLDEST_FIRST')).toEqual(oldest);
    expect(await walk('NEWEST_FIRST')).toEqual([...oldest].reverse());
  });

  it('journal entries read oldest first when asked, the cursor following the order', async () => {
    const ENTRIES = `query ($first: Int!, $after: String, $order: ListOrder) {
      journalEntries(first: $first, after: $after, order: $order, filter: { accountId: "${ids.cash}" }) {
        edges { node { number date } } pageInfo { hasNextPage endCursor } } }`;
    const walk = async (order?: string) => {
      const out: number[] = [];
      let after: string | null = null;
      for (;;) {
        const page: Record<string, any> = (await t.ok(ENTRIES, { first: 2, after, order }))
          .journalEntries;
        out.push(...page.edges.map((e: { node: { number: number } }) => e.node.number));
        if (!page.pageInfo.hasNextPage) return out;
        after = page.pageInfo.endCursor;
      }
    };
    const newest = await walk();
    expect(newest).toHaveLength(5);
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    expect(await walk('NEWEST_FIRST')).toEqual(newest);
    expect(await walk('OLDEST_FIRST')).toEqual([...newest].reverse());
  });
});

describe('ledger check: funds and control accounts', () => {
  let t: Tenant;
  let url: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTenant(app, 'Checked HOA');
    url = withDatabase(app.services.clusterUrl('default'), t.org.dbName);
    ids.cash = await t.account('1010', 'ASSET');
    ids.reserveCash = await t.account('1020', 'ASSET', { fundType: 'RESERVE' });
    ids.income = await t.account('4010', 'INCOME');
    const house = await t.propertyType('House');
    const group = await t.group({
      name: 'Monthly',
      regularIncomeAccountId: ids.income,
      rates: [{ propertyTypeId: house, regular: '100.00' }],
    });
    ids.unit = await t.unit('U-1', { groupId: group, propertyTypeId: house });
    ids.ar = await t.receivableAccount();
  });

  it('passes books whose receivable account equals its subledger, and reports a tampered one', async () => {
    const inv = await t.invoice(ids.unit, '2026-02-01', [[ids.income, '80.00']]);
    await t.payment(ids.unit, '2026-02-05', '30.00', {
      depositAccountId: ids.cash,
      invoiceIds: [inv],
    });
    // An overpayment: an unapplied credit (20.00 in Prepaid Assessments, the receivable at 0).
    await t.payment(ids.unit, '2026-02-06', '70.00', { depositAccountId: ids.cash });
    const good = await checkLedger(url);
    expect(good).toMatchObject({ driftRows: 0, unbalancedEntries: 0, controlDifferences: [] });
    expect(ledgerCheckPasses(good)).toBe(true);
    expect(describeLedgerCheck(good)).toMatch(/2 control accounts equal their subledgers/);

    // An entry written behind the service's back: balanced, its monthly totals kept by the
    // triggers, but no invoice explains it.
    await withClient(url, async (c) => {
      await c.query('BEGIN');
      const e = await c.query<{ id: string }>(
        `INSERT INTO journal_entries (id, entry_date, memo, source) VALUES (gen_random_uuid(), '2026-02-10', 'Tampered', 'manual') RETURNING id`,
      );
      await c.query(
        `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit)
         VALUES (gen_random_uuid(), $1, 1, $2, '2026-02-10', 500, 0),
                (gen_random_uuid(), $1, 2, $3, '2026-02-10', 0, 500)`,
        [e.rows[0].id, ids.ar, ids.income],
      );
      await c.query('COMMIT');
    });
    const bad = await checkLedger(url);
    expect(bad).toMatchObject({ driftRows: 0, unbalancedEntries: 0 });
    expect(bad.controlDifferences).toEqual([
      expect.objectContaining({
        role: 'receivable',
        ledger: 500n,
        subledger: 0n,
        difference: 500n,
      }),
    ]);
    expect(ledgerCheckPasses(bad)).toBe(false);
    expect(describeLedgerCheck(bad)).toMatch(/is 5\.00, its subledger 0\.00 \(difference 5\.00\)/);
  });

  it('counts entries unbalanced in a fund, failing on them once interfund accounts exist', async () => {
    await t.post('2026-03-01', [
      [ids.reserveCash, '25.00', null],
      [ids.cash, null, '25.00'],
    ]);
    const r = await checkLedger(url);
    if (r.interfund) {
      // The ledger adds the interfund lines itself: nothing crosses funds unbalanced.
      expect(r.fundUnbalancedEntries).toBe(0);
    } else {
      expect(r).toMatchObject({ fundUnbalancedEntries: 1, crossFundEntries: 1 });
      expect(describeLedgerCheck(r)).toMatch(/1 cross funds without interfund lines/);
    }
    const clean: LedgerCheck = {
      driftRows: 0,
      unbalancedEntries: 0,
      fundUnbalancedEntries: 1,
      crossFundEntries: 1,
      interfund: false,
      misclassifiedLines: 0,
      controlAccountsChecked: [],
      controlDifferences: [],
      receivablesDatesChecked: 0,
      receivablesDateProblems: [],
      invoicesBelowZero: 0,
    };
    expect(ledgerCheckPasses(clean)).toBe(true);
    expect(ledgerCheckPasses({ ...clean, interfund: true })).toBe(false);
    expect(ledgerCheckPasses({ ...clean, misclassifiedLines: 1 })).toBe(false);
  });
});

describe('ledger check: investment holding accounts', () => {
  let t: Tenant;
  let url: string;
  const ids: Record<string, string> = {};
  const inv: Record<string, string> = {};
  const PURCHASE = `mutation ($input: PurchaseInvestmentInput!) { purchaseInvestment(input: $input) { id } }`;
  const reserve = { fundType: 'RESERVE' as const };
  const investmentDifferences = async () =>
    (await checkLedger(url)).controlDifferences.filter((d) => d.role === 'investment');

  beforeAll(async () => {
    t = await createTenant(app, 'Invested HOA');
    url = withDatabase(app.services.clusterUrl('default'), t.org.dbName);
    ids.savings = await t.account('1050', 'ASSET', {
      ...reserve,
      name: 'Reserve Savings',
      initialBalance: '500000.00',
      openingDate: '2026-01-01',
    });
    ids.cds = await t.account('1620', 'ASSET', { ...reserve, name: 'Reserve CDs' });
    ids.rolled = await t.account('1630', 'ASSET', { ...reserve, name: 'Reserve CDs (Harbor)' });
    ids.interest = await t.account('4910', 'INCOME', {
      ...reserve,
      name: 'Reserve Interest',
      forecastRole: 'INTEREST_INCOME',
    });
    const buy = async (input: Record<string, unknown>) =>
      (
        await t.ok(PURCHASE, {
          input: { institution: 'First Federal', cashAccountId: ids.savings, ...input },
        })
      ).purchaseInvestment.id as string;
    inv.cd = await buy({
      kind: 'CD',
      accountId: ids.cds,
      principal: '50000.00',
      apy: '4.50',
      purchaseDate: '2026-02-01',
      maturityDate: '2026-05-01',
    });
    inv.mm = await buy({
      kind: 'MONEY_MARKET',
      accountId: ids.cds,
      principal: '20000.00',
      apy: '3.00',
      purchaseDate: '2026-02-01',
    });
    // Reinvested interest raises the carrying amount; a rollover into the other holding account
    // takes the CD's balance out of 1620 and puts the proceeds into 1630, in one entry.
    await t.ok(
      `mutation ($id: ID!, $input: RecordInvestmentInterestInput!) {
        recordInvestmentInterest(id: $id, input: $input) { id } }`,
      { id: inv.mm, input: { date: '2026-03-31', amount: '150.00', reinvested: true } },
    );
    await t.ok(
      `mutation ($id: ID!, $input: MatureInvestmentInput!) { matureInvestment(id: $id, input: $input) { id } }`,
      {
        id: inv.cd,
        input: {
          interest: '550.00',
          rollover: { accountId: ids.rolled, apy: '4.25', maturityDate: '2027-05-01' },
        },
      },
    );
  });

  it('passes when each holding account equals its investments, and checks every one', async () => {
    const r = await checkLedger(url);
    expect(r.controlAccountsChecked).toEqual(
      expect.arrayContaining([
        '1620 Reserve CDs (investment)',
        '1630 Reserve CDs (Harbor) (investment)',
      ]),
    );
    expect(r.controlDifferences).toEqual([]);
    expect(ledgerCheckPasses(r)).toBe(true);
    expect(describeLedgerCheck(r)).toMatch(/control accounts equal their subledgers/);
  });

  it("reports a tampered carrying amount, and an investment moved to another account's subledger", async () => {
    const tamper = (sql: string, params: unknown[]) =>
      withClient(url, async (c) => {
        await c.query(sql, params);
      });
    // The money market's purchase row says 1.00 more than its entry posted.
    await tamper(
      `UPDATE investment_entries SET holding = holding + 100 WHERE investment_id = $1 AND kind = 'purchase'`,
      [inv.mm],
    );
    const bad = await checkLedger(url);
    expect(bad).toMatchObject({ driftRows: 0, unbalancedEntries: 0 });
    expect(bad.controlDifferences).toEqual([
      {
        role: 'investment',
        account: '1620 Reserve CDs',
        ledger: 2_015_000n,
        subledger: 2_015_100n,
        difference: -100n,
      },
    ]);
    expect(ledgerCheckPasses(bad)).toBe(false);
    expect(describeLedgerCheck(bad)).toMatch(
      /control account 1620 Reserve CDs \(investment\) is 20150\.00, its subledger 20151\.00 \(difference -1\.00\)/,
    );
    await tamper(
      `UPDATE investment_entries SET holding = holding - 100 WHERE investment_id = $1 AND kind = 'purchase'`,
      [inv.mm],
    );
    expect(await investmentDifferences()).toEqual([]);

    // Each account against its own investments, not the holdings in total.
    await tamper(`UPDATE investments SET account_id = $2 WHERE id = $1`, [inv.mm, ids.rolled]);
    expect(await investmentDifferences()).toEqual([
      expect.objectContaining({ account: '1620 Reserve CDs', difference: 2_015_000n }),
      expect.objectContaining({ account: '1630 Reserve CDs (Harbor)', difference: -2_015_000n }),
    ]);
    await tamper(`UPDATE investments SET account_id = $2 WHERE id = $1`, [inv.mm, ids.cds]);
    expect(ledgerCheckPasses(await checkLedger(url))).toBe(true);
  });
});
