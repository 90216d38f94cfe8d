import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

// Every sum of money is exact above 2^53 cents (about 90 trillion dollars): ten entries of the
// largest accepted amount already exceed it, and a JS number there rounds to even cents.
const MAX = '9999999999999.99';
// 10 × 9,999,999,999,999.99 + 0.01: as a float this is …992, two cents off one way or the other.
const CASH = '99999999999999.91';
const BEFORE_FEBRUARY = '99999999999999.90';
const dated = (day: number) => `2026-01-${String(day).padStart(2, '0')}`;

describe('exact sums above 2^53 cents', () => {
  let app: TestApp;
  let t: Tenant;
  let cash: string;
  let income: string;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Exact Sums HOA');
    cash = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    income = await t.account('4010', 'INCOME', { name: 'Assessment Income' });
    for (let day = 1; day <= 10; day++) {
      await t.post(dated(day), [
        [cash, MAX, null],
        [income, null, MAX],
      ]);
    }
    await t.post('2026-02-03', [
      [cash, '0.01', null],
      [income, null, '0.01'],
    ]);
  });
  afterAll(() => app.close());

  it('accepts the largest amount and refuses one cent more', async () => {
    const res = await t.gql(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
      {
        input: {
          date: '2026-03-01',
          lines: [
            { accountId: cash, debit: '10000000000000.00' },
            { accountId: income, credit: '10000000000000.00' },
          ],
        },
      },
    );
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('trial balance, account balances and fund balances add to the cent', async () => {
    const d = await t.ok(
      `query ($asOf: LocalDate) {
        trialBalance(asOf: $asOf) { totalDebit totalCredit
          rows { number debit credit balance debitBalance creditBalance } }
        accountBalances(asOf: $asOf) { number debit credit balance }
        fundBalances(asOf: $asOf) { fundType assets liabilities equity income expenses netAssets }
      }`,
      { asOf: '2026-03-31' },
    );
    expect(d.trialBalance.totalDebit).toBe(CASH);
    expect(d.trialBalance.totalCredit).toBe(CASH);
    const tb = Object.fromEntries(
      d.trialBalance.rows.map((r: { number: string }) => [r.number, r]),
    );
    expect(tb['1010']).toEqual({
      number: '1010',
      debit: CASH,
      credit: '0.00',
      balance: CASH,
      debitBalance: CASH,
      creditBalance: '0.00',
    });
    expect(tb['4010']).toMatchObject({ credit: CASH, balance: CASH, creditBalance: CASH });
    const bal = Object.fromEntries(
      d.accountBalances.map((r: { number: string; balance: string }) => [r.number, r.balance]),
    );
    expect(bal['1010']).toBe(CASH);
    expect(bal['4010']).toBe(CASH);
    const operating = d.fundBalances.find((f: { fundType: string }) => f.fundType === 'OPERATING');
    expect(operating).toEqual({
      fundType: 'OPERATING',
      assets: CASH,
      liabilities: '0.00',
      equity: '0.00',
      income: CASH,
      expenses: '0.00',
      netAssets: CASH,
    });
  });

  it('the account ledger runs and opens exactly', async () => {
    const L = `query ($id: ID!, $from: LocalDate) { accountLedger(accountId: $id, from: $from) {
      openingBalance closingBalance rows { date balance } } }`;
    const all = (await t.ok(L, { id: cash })).accountLedger;
    expect(all.openingBalance).toBe('0.00');
    expect(all.rows.at(-1)).toEqual({ date: '2026-02-03', balance: CASH });
    expect(all.closingBalance).toBe(CASH);
    const feb = (await t.ok(L, { id: cash, from: '2026-02-01' })).accountLedger;
    expect(feb.openingBalance).toBe(BEFORE_FEBRUARY);
    expect(feb.rows).toEqual([{ date: '2026-02-03', balance: CASH }]);
    expect(feb.closingBalance).toBe(CASH);
  });

  it('an entry whose debits and credits differ by a cent above 2^53 is refused', async () => {
    // As floats both sides come to 99,999,999,999,999.92.
    const lines = [
      ...Array.from({ length: 10 }, () => ({ accountId: cash, debit: MAX })),
      { accountId: cash, debit: '0.03' },
      ...Array.from({ length: 10 }, () => ({ accountId: income, credit: MAX })),
      { accountId: income, credit: '0.02' },
    ];
    const res = await t.gql(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id } }`,
      { input: { date: '2026-03-02', lines } },
    );
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(res.body.errors)).toContain('Debits and credits differ by 0.01');
  });

  it('an entry total above 2^53 cents is exact', async () => {
    const lines = [
      ...Array.from({ length: 10 }, () => ({ accountId: cash, debit: MAX })),
      { accountId: cash, debit: '0.01' },
      ...Array.from({ length: 10 }, () => ({ accountId: income, credit: MAX })),
      { accountId: income, credit: '0.01' },
    ];
    const d = await t.ok(
      `mutation ($input: PostJournalEntryInput!) { postJournalEntry(input: $input) { id total } }`,
      { input: { date: '2026-03-02', lines } },
    );
    expect(d.postJournalEntry.total).toBe(CASH);
    const list = await t.ok(`{ journalEntries(first: 1) { edges { node { id total } } } }`);
    expect(list.journalEntries.edges[0].node).toEqual({ id: d.postJournalEntry.id, total: CASH });
  });
});

describe('module totals above 2^53 cents', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Exact Totals HOA');
    ids.cash = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    ids.income = await t.account('4010', 'INCOME', { name: 'Assessments' });
    ids.repairs = await t.account('5010', 'EXPENSE', { name: 'Repairs' });
    ids.vendor = await t.vendor('Big Build Co');
    for (let day = 1; day <= 10; day++) {
      await t.post(
        dated(day),
        [
          [ids.repairs, MAX, null],
          [ids.cash, null, MAX],
        ],
        { vendorId: ids.vendor },
      );
    }
    await t.post(
      '2026-02-03',
      [
        [ids.repairs, '0.01', null],
        [ids.cash, null, '0.01'],
      ],
      { vendorId: ids.vendor },
    );
  });
  afterAll(() => app.close());

  it('vendor spend', async () => {
    const d = await t.ok(
      `query ($id: ID!) { vendorSpend(from: "2026-01-01", to: "2026-12-31") { total entryCount }
        vendor(id: $id) { spend } }`,
      { id: ids.vendor },
    );
    expect(d.vendorSpend).toEqual([{ total: CASH, entryCount: 11 }]);
    expect(d.vendor.spend).toBe(CASH);
  });

  it('budget totals and Budget vs Actual', async () => {
    // Eleven months of the largest amount and 0.02: 109,999,999,999,999.91, not a float.
    const amounts = [...Array.from({ length: 11 }, () => MAX), '0.02'];
    const saved = await t.ok(
      `mutation ($input: SaveBudgetInput!) { saveBudget(input: $input) { totalExpense totalIncome
        lines { total } } }`,
      { input: { year: 2026, lines: [{ accountId: ids.repairs, amounts }] } },
    );
    expect(saved.saveBudget).toEqual({
      totalExpense: '109999999999999.91',
      totalIncome: '0.00',
      lines: [{ total: '109999999999999.91' }],
    });
    const { budgetVsActual: bva } = await t.ok(
      `{ budgetVsActual(year: 2026) { rows { number budget actual variance variancePercent }
        totalExpense { budget actual variance } months { month expenseActual expenseBudget } } }`,
    );
    expect(bva.rows.find((r: { number: string }) => r.number === '5010')).toEqual({
      number: '5010',
      budget: '109999999999999.91',
      actual: CASH,
      variance: '-10000000000000.00',
      variancePercent: -9.1,
    });
    expect(bva.totalExpense).toEqual({
      budget: '109999999999999.91',
      actual: CASH,
      variance: '-10000000000000.00',
    });
    expect(bva.months[0]).toEqual({
      month: 1,
      expenseActual: BEFORE_FEBRUARY,
      expenseBudget: MAX,
    });
  });

  it("invoices: a unit's balance, ledger and aging add exactly; an invoice is one amount", async () => {
    const house = await t.propertyType('House');
    const group = await t.group({
      name: 'Dues',
      regularIncomeAccountId: ids.income,
      rates: [{ propertyTypeId: house, regular: '1.00' }],
    });
    const unit = await t.unit('U-1', { groupId: group, propertyTypeId: house });
    const CREATE = `mutation ($input: CreateInvoiceInput!) { createInvoice(input: $input) { total } }`;
    const invoice = (date: string, amounts: string[]) =>
      t.gql(CREATE, {
        input: {
          unitId: unit,
          issueDate: date,
          dueDate: date,
          lines: amounts.map((amount) => ({ accountId: ids.income, amount, description: 'Work' })),
        },
      });
    const tooBig = await invoice('2026-01-01', [MAX, '0.01']);
    expect(tooBig.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(tooBig.body.errors?.[0]?.message).toBe('An invoice totals at most 9999999999999.99');
    for (let day = 1; day <= 10; day++) {
      const res = await invoice(dated(day), [MAX]);
      expect(res.body.errors).toBeUndefined();
    }
    await invoice('2026-02-03', ['0.01']);
    const d = await t.ok(
      `query ($id: ID!) { unit(id: $id) { balanceDue credit } unitLedger(unitId: $id) { balance }
        agingReport(asOf: "2026-03-31") { receivableBalance totals { over90 days31to60 total } } }`,
      { id: unit },
    );
    expect(d.unit).toEqual({ balanceDue: CASH, credit: '0.00' });
    expect(d.unitLedger.at(-1).balance).toBe(CASH);
    expect(d.agingReport).toEqual({
      receivableBalance: CASH,
      totals: { over90: '0.00', days31to60: '0.01', total: CASH },
    });
  });

  it('journal import totals', async () => {
    const csv = [
      'Date,Reference,Account,Debit,Credit,Memo,Line memo',
      ...Array.from({ length: 10 }, () => `2026-03-01,BIG-1,5010,${MAX},,Big,`),
      '2026-03-01,BIG-1,5010,0.01,,Big,',
      ...Array.from({ length: 10 }, () => `2026-03-01,BIG-1,1010,,${MAX},Big,`),
      '2026-03-01,BIG-1,1010,,0.01,Big,',
    ].join('\n');
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: `mutation ($file: Upload!) { importJournalEntries(file: $file, dryRun: true) {
          totalDebit entries { total } errors { message } } }`,
        variables: { file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([csv]), 'journal.csv');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    const body = (await res.json()) as { data: { importJournalEntries: unknown } };
    expect(body.data.importJournalEntries).toEqual({
      totalDebit: CASH,
      entries: [{ total: CASH }],
      errors: [],
    });
  });
});
