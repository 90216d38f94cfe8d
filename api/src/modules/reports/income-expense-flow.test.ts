/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { type AccountTypeName, createTenant, type Tenant } from '../../test/tenant.js';

// The income and expense flow (a Sankey): exact figures on books with known entries in both funds, a cross-fund
// payment, an account reclassified to the other fund inside the period, a refund and a rebate
// (flows that run backwards); every node balances; and its flows tie to the period reports.

const FLOW = `query ($from: LocalDate!, $to: LocalDate!) { incomeExpenseFlow(from: $from, to: $to) {
  from to totalIncome totalExpenses
  nodes { id label kind accountId accountNumber fundType amount }
  links { source target kind amount actual accountId fundType }
  funds { fundType income expenses transfersIn transfersOut drawnFromFundBalance addedToFundBalance } } }`;

const ACTIVITY = `query ($from: LocalDate!, $to: LocalDate!) {
  accountActivity(from: $from, to: $to) { accountId number type fundType debit credit } }`;

const INCOME_STATEMENT = `query ($from: LocalDate!, $to: LocalDate!) { incomeStatement(from: $from, to: $to) {
  funds { fundType income { actual } expenses { actual } }
  total { income { actual } expenses { actual } }
  lines { accountId actual } } }`;

const PERIOD = { from: '2026-01-15', to: '2026-04-20' };

// Money as bigint cents, never floats.
function cents(s: string): bigint {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(s);
  if (!m) throw new Error(`not an amount: "${s}"`);
  const v = BigInt(m[2]) * 100n + BigInt(m[3]);
  return m[1] ? -v : v;
}
function money(c: bigint): string {
  const a = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}
const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

describe('income and expense flow (Sankey)', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Record<string, string> = {};
  const flow = async (from: string, to: string) =>
    (await t.ok(FLOW, { from, to })).incomeExpenseFlow;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Flow HOA');
    const chart: [string, AccountTypeName, 'OPERATING' | 'RESERVE', string][] = [
      ['1010', 'ASSET', 'OPERATING', 'Operating Cash'],
      ['1510', 'ASSET', 'RESERVE', 'Reserve Cash'],
      ['4010', 'INCOME', 'OPERATING', 'Assessments'],
      ['4030', 'INCOME', 'OPERATING', 'Interest'],
      ['4510', 'INCOME', 'RESERVE', 'Reserve Contributions'],
      ['5010', 'EXPENSE', 'OPERATING', 'Landscaping'],
      ['5020', 'EXPENSE', 'OPERATING', 'Utilities'],
      ['5030', 'EXPENSE', 'OPERATING', 'Insurance'],
      ['6510', 'EXPENSE', 'RESERVE', 'Roof Repairs'],
    ];
    for (const [number, type, fundType, name] of chart) {
      ids[number] = await t.account(number, type, { fundType, name });
    }
    const post = (date: string, lines: [string, string | null, string | null][]) =>
      t.post(
        date,
        lines.map(([n, d, c]) => [ids[n], d, c]),
      );
    // Before and after the period: not in it.
    await post('2026-01-14', [
      ['1010', '1000.00', null],
      ['4010', null, '1000.00'],
    ]);
    await post('2026-04-21', [
      ['5020', '999.00', null],
      ['1010', null, '999.00'],
    ]);
    // The period's first and last days count.
    await post('2026-01-15', [
      ['1010', '5000.00', null],
      ['4010', null, '5000.00'],
    ]);
    await post('2026-04-20', [
      ['5020', '400.00', null],
      ['1010', null, '400.00'],
    ]);
    await post('2026-02-01', [
      ['1510', '2000.00', null],
      ['4510', null, '2000.00'],
    ]);
    await post('2026-02-10', [
      ['5010', '1200.00', null],
      ['1010', null, '1200.00'],
    ]);
    await post('2026-02-14', [
      ['1010', '300.00', null],
      ['4030', null, '300.00'],
    ]);
    // A reserve expense paid partly from operating cash: the ledger adds the interfund lines
    // (operating advances 3,500.00 to the reserve fund).
    await post('2026-02-20', [
      ['6510', '8500.00', null],
      ['1010', null, '3500.00'],
      ['1510', null, '5000.00'],
    ]);
    // Interest moves to the reserve fund on March 1: its 300.00 moves with it (operating now owes
    // the reserve fund the money it holds), and later interest is reserve income.
    await t.ok(
      `mutation ($id: ID!, $input: UpdateAccountInput!) { updateAccount(id: $id, input: $input) { fundType } }`,
      { id: ids['4030'], input: { fundType: 'RESERVE', effectiveDate: '2026-03-01' } },
    );
    await post('2026-03-05', [
      ['1510', '150.00', null],
      ['4030', null, '150.00'],
    ]);
    // A refund of a reserve contribution and an insurance rebate: flows that run backwards.
    await post('2026-03-10', [
      ['4510', '50.00', null],
      ['1510', null, '50.00'],
    ]);
    await post('2026-03-31', [
      ['1010', '75.00', null],
      ['5030', null, '75.00'],
    ]);
    const { accounts } = await t.ok('{ accounts { id number } }');
    ids.due = accounts.find((a: any) => a.number === 'DUE-RESERVE').id;
  }, 60_000);
  afterAll(() => app?.close());

  it('has the exact flows of the period, and every node balances', async () => {
    const cf = await flow(PERIOD.from, PERIOD.to);
    expect(cf.from).toBe(PERIOD.from);
    expect(cf.to).toBe(PERIOD.to);
    const label = new Map(cf.nodes.map((n: any) => [n.id, n.label]));
    const shown = cf.links.map(
      (l: any) => `${label.get(l.source)} → ${label.get(l.target)}: ${l.amount} (${l.actual})`,
    );
    expect(shown).toEqual([
      '4010 Assessments → Operating fund: 5000.00 (5000.00)',
      '4030 Interest → Reserve fund: 450.00 (450.00)',
      '4510 Reserve Contributions → Reserve fund: 1950.00 (1950.00)',
      'Operating fund → Reserve fund: 3200.00 (3200.00)',
      'Operating fund → 5010 Landscaping: 1200.00 (1200.00)',
      'Operating fund → 5020 Utilities: 400.00 (400.00)',
      '5030 Insurance → Operating fund: 75.00 (-75.00)',
      'Reserve fund → 6510 Roof Repairs: 8500.00 (8500.00)',
      'Operating fund → Added to operating fund balance: 275.00 (275.00)',
      'Drawn from reserve fund balance → Reserve fund: 2900.00 (2900.00)',
    ]);
    // The reclassified account's operating income (300.00 posted, 300.00 moved out) nets to
    // nothing: no flow.
    expect(cf.nodes.some((n: any) => n.id === `income:${ids['4030']}:operating`)).toBe(false);
    const transfer = cf.links.find((l: any) => l.kind === 'TRANSFER');
    expect(transfer).toMatchObject({ accountId: ids.due, fundType: 'OPERATING' });
    const rebate = cf.links.find((l: any) => l.accountId === ids['5030']);
    expect(rebate).toMatchObject({ kind: 'EXPENSE', fundType: 'OPERATING' });

    expect(cf.funds).toEqual([
      {
        fundType: 'OPERATING',
        income: '5000.00',
        expenses: '1525.00',
        transfersIn: '0.00',
        transfersOut: '3200.00',
        drawnFromFundBalance: '0.00',
        addedToFundBalance: '275.00',
      },
      {
        fundType: 'RESERVE',
        income: '2400.00',
        expenses: '8500.00',
        transfersIn: '3200.00',
        transfersOut: '0.00',
        drawnFromFundBalance: '2900.00',
        addedToFundBalance: '0.00',
      },
    ]);
    expect([cf.totalIncome, cf.totalExpenses]).toEqual(['7400.00', '10025.00']);

    // Every node: what reaches it equals what leaves it, unless it is a leaf; its amount is that.
    for (const n of cf.nodes) {
      const into = sum(
        cf.links.filter((l: any) => l.target === n.id).map((l: any) => cents(l.amount)),
      );
      const out = sum(
        cf.links.filter((l: any) => l.source === n.id).map((l: any) => cents(l.amount)),
      );
      if (n.kind === 'FUND') expect(into, n.label).toBe(out);
      else expect(into === 0n || out === 0n, n.label).toBe(true);
      expect(n.amount, n.label).toBe(money(into > out ? into : out));
    }
    const nodeIds = new Set(cf.nodes.map((n: any) => n.id));
    for (const l of cf.links)
      expect([nodeIds.has(l.source), nodeIds.has(l.target)]).toEqual([true, true]);
    expect(cf.nodes.find((n: any) => n.id === `income:${ids['4030']}:reserve`)).toMatchObject({
      kind: 'INCOME_ACCOUNT',
      accountId: ids['4030'],
      accountNumber: '4030',
      fundType: 'RESERVE',
    });
  });

  it('shows an account reclassified inside the period in each fund it posted in', async () => {
    // The interest's operating side holds only the 300.00 the reclassification moved out.
    const cf = await flow('2026-02-15', '2026-03-31');
    const label = new Map(cf.nodes.map((n: any) => [n.id, n.label]));
    expect(
      cf.links.map(
        (l: any) => `${label.get(l.source)} → ${label.get(l.target)}: ${l.amount} (${l.actual})`,
      ),
    ).toEqual([
      'Operating fund → 4030 Interest (operating): 300.00 (-300.00)',
      '4030 Interest (reserve) → Reserve fund: 450.00 (450.00)',
      'Reserve fund → 4510 Reserve Contributions: 50.00 (-50.00)',
      'Operating fund → Reserve fund: 3200.00 (3200.00)',
      '5030 Insurance → Operating fund: 75.00 (-75.00)',
      'Reserve fund → 6510 Roof Repairs: 8500.00 (8500.00)',
      'Drawn from operating fund balance → Operating fund: 3425.00 (3425.00)',
      'Drawn from reserve fund balance → Reserve fund: 4900.00 (4900.00)',
    ]);
    expect(
      cf.nodes.filter((n: any) => n.accountId === ids['4030']).map((n: any) => n.fundType),
    ).toEqual(['OPERATING', 'RESERVE']);
  });

  // Whole months only (monthly totals), a single day, one day in a month, a period across years.
  it.each([
    PERIOD,
    { from: '2026-02-01', to: '2026-03-31' },
    { from: '2026-02-20', to: '2026-02-20' },
    { from: '2026-03-01', to: '2026-03-04' },
    { from: '2025-12-01', to: '2026-12-31' },
    { from: '2026-01-14', to: '2026-04-21' },
  ])('ties to account activity per account and fund, $from to $to', async ({ from, to }) => {
    const cf = await flow(from, to);
    const { accountActivity } = await t.ok(ACTIVITY, { from, to });
    // The activity report's figures in the account's natural direction, per account and fund.
    const theirs: Record<string, string> = {};
    const perFund: Record<string, { income: bigint; expenses: bigint }> = {
      OPERATING: { income: 0n, expenses: 0n },
      RESERVE: { income: 0n, expenses: 0n },
    };
    for (const r of accountActivity) {
      if (r.type !== 'INCOME' && r.type !== 'EXPENSE') continue;
      const net = cents(r.debit) - cents(r.credit);
      if (net === 0n) continue;
      const actual = r.type === 'INCOME' ? -net : net;
      theirs[`${r.type}:${r.number}:${r.fundType}`] = money(actual);
      perFund[r.fundType][r.type === 'INCOME' ? 'income' : 'expenses'] += actual;
    }
    const ours: Record<string, string> = {};
    for (const l of cf.links.filter((x: any) => x.kind === 'INCOME' || x.kind === 'EXPENSE')) {
      const n = cf.nodes.find((x: any) => x.accountId === l.accountId && x.fundType === l.fundType);
      ours[`${l.kind}:${n.accountNumber}:${l.fundType}`] = l.actual;
      // A flow runs from income to its fund and from the fund to expense, backwards when negative.
      const fromAccount = cents(l.actual) > 0n === (l.kind === 'INCOME');
      expect(fromAccount ? l.source : l.target).toBe(n.id);
      expect(cents(l.amount)).toBe(cents(l.actual) < 0n ? -cents(l.actual) : cents(l.actual));
    }
    expect(ours).toEqual(theirs);
    for (const f of cf.funds) {
      expect([f.income, f.expenses], f.fundType).toEqual([
        money(perFund[f.fundType].income),
        money(perFund[f.fundType].expenses),
      ]);
      const net =
        cents(f.income) + cents(f.transfersIn) - cents(f.expenses) - cents(f.transfersOut);
      expect(cents(f.addedToFundBalance) - cents(f.drawnFromFundBalance)).toBe(net);
    }
  });

  it('has nothing for a period without postings, and nothing of another association', async () => {
    const empty = await flow('2025-01-01', '2025-12-31');
    expect([empty.nodes, empty.links, empty.totalIncome]).toEqual([[], [], '0.00']);
    const other = await createTenant(app, 'Other HOA');
    const theirs = (await other.ok(FLOW, PERIOD)).incomeExpenseFlow;
    expect([theirs.nodes, theirs.links]).toEqual([[], []]);
    // Viewers read reports.
    const viewer = await t.gql(FLOW, PERIOD, t.viewer);
    expect(viewer.body.errors).toBeUndefined();
    expect(viewer.body.data!.incomeExpenseFlow.links).toHaveLength(10);
    // The name it shipped under still answers, with the same figures.
    const old = await t.ok(FLOW.replace('incomeExpenseFlow(', 'cashFlow('), PERIOD);
    expect(old.cashFlow).toEqual(await flow(PERIOD.from, PERIOD.to));
  });

  it('refuses a period that ends before it starts, and a date that is not one, as bad input', async () => {
    const res = await t.gql(FLOW, { from: '2026-04-01', to: '2026-03-31' });
    expect(res.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'to', message: 'The period ends before it starts' }],
    });
    const bad = await t.gql(FLOW, { from: '2026-02-30', to: '2026-03-31' });
    expect(bad.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.body.data ?? null).toBeNull();
  });

  // The income statement is being built alongside (issue #14): its fixed shape is used here. Until
  // it exists this query does not validate and the test fails; the activity test above holds the
  // same figures meanwhile.
  it.each([PERIOD, { from: '2026-01-01', to: '2026-12-31' }])(
    'ties to the income statement of the same period, $from to $to',
    async ({ from, to }) => {
      const cf = await flow(from, to);
      const { incomeStatement: is } = await t.ok(INCOME_STATEMENT, { from, to });
      const links = cf.links.filter((l: any) => l.kind === 'INCOME' || l.kind === 'EXPENSE');
      const of = (kind: string, fund?: string) =>
        money(
          sum(
            links
              .filter((l: any) => l.kind === kind && (!fund || l.fundType === fund))
              .map((l: any) => cents(l.actual)),
          ),
        );
      for (const f of is.funds) {
        expect(of('INCOME', f.fundType), `${f.fundType} income`).toBe(f.income.actual);
        expect(of('EXPENSE', f.fundType), `${f.fundType} expenses`).toBe(f.expenses.actual);
      }
      expect(of('INCOME')).toBe(is.total.income.actual);
      expect(of('EXPENSE')).toBe(is.total.expenses.actual);
      // Per account (both funds of a reclassified account together).
      const byAccount = (rows: { accountId: string; actual: string }[]) => {
        const m: Record<string, bigint> = {};
        for (const r of rows) m[r.accountId] = (m[r.accountId] ?? 0n) + cents(r.actual);
        return Object.fromEntries(
          Object.entries(m)
            .filter(([, v]) => v !== 0n)
            .map(([k, v]) => [k, money(v)]),
        );
      };
      expect(byAccount(links)).toEqual(byAccount(is.lines));
    },
  );
});
