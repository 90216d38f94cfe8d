/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

const TEMPLATE = `{ accountImportTemplate }`;
const ACCOUNTS = `{ accounts(includeArchived: true) { number name type fundType description } }`;
const BALANCES = `{ accountBalances { number fundType balance debit credit } }`;

describe('importing a chart of accounts from CSV', () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;

  async function upload(csv: string, opts: { token?: string; date?: string } = {}) {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: `mutation ($file: Upload!, $date: LocalDate) { importAccounts(file: $file, date: $date) {
          created sampleRowsSkipped errors { row field message } } }`,
        variables: { file: null, date: opts.date ?? null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([csv]), 'chart.csv');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${opts.token ?? t.admin}`,
        'apollo-require-preflight': 'true',
      },
      body: form,
    });
    return (await res.json()) as any;
  }
  const imported = async (csv: string, opts?: { token?: string; date?: string }) =>
    (await upload(csv, opts)).data.importAccounts;
  const chart = async (tenant = t) => (await tenant.ok(ACCOUNTS)).accounts;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Import Chart HOA');
    other = await createTenant(app, 'Other Chart HOA');
  });
  afterAll(() => app.close());

  it('offers a template whose example rows are never imported', async () => {
    const csv = (await t.ok(TEMPLATE)).accountImportTemplate as string;
    const [header, ...examples] = csv.trim().split(/\r?\n/);
    expect(header).toBe('number,name,type,fund,opening_balance,opening_date,description');
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const row of examples) expect(row).toMatch(/^# example: /);
    const res = await imported(csv);
    expect(res).toMatchObject({ created: 0, sampleRowsSkipped: examples.length });
    expect(res.errors[0].message).toContain('sample row');
    expect(await chart()).toEqual([]);
  });

  it('refuses a file with any bad row, row by row, and writes nothing', async () => {
    await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    const before = await chart();
    const res = await imported(
      [
        'number,name,type,fund,opening_balance,opening_date',
        '1010,Checking again,asset,operating,,', // 2: taken in the chart
        '4010,Dues,income,operating,,', // 3: fine alone
        '4010,Dues twice,income,operating,,', // 4: twice in the file
        '5010,Grounds,spending,operating,,', // 5: no such type
        '5020,Pool,expense,capital,,', // 6: no such fund
        '5030,Insurance,expense,operating,12.345,2026-01-01', // 7: three decimals
        '1520,Reserve Savings,asset,reserve,1000.00,', // 8: a balance without its date
        '1100,Assessments Receivable,asset,operating,5200.00,2026-01-01', // 9: a control account
        '1110,Accounts Receivable,Accounts Receivable (A/R),operating,,', // 10: a receivable
        '2100,Prepaid Assessments,liability,operating,,', // 11: a control account
        ',No number,expense,operating,,', // 12
        '5040,,expense,operating,,', // 13
        '5050,Dated,expense,operating,,2026-02-30', // 14: not a date
      ].join('\n'),
    );
    expect(res.created).toBe(0);
    expect(res.errors.map((e: any) => [e.row, e.field])).toEqual([
      [2, 'number'],
      [4, 'number'],
      [5, 'type'],
      [6, 'fund'],
      [7, 'opening_balance'],
      [8, 'opening_date'],
      [9, 'name'],
      [10, 'type'],
      [11, 'name'],
      [12, 'number'],
      [13, 'name'],
      [14, 'opening_date'],
    ]);
    expect(res.errors[0].message).toBe('Account number 1010 already exists');
    expect(res.errors[1].message).toBe('Account number 4010 is also on line 3');
    expect(res.errors[6].message).toMatch(
      /^Assessments Receivable is kept by invoices and payments/,
    );
    expect(res.errors[8].message).toMatch(/^Prepaid Assessments is kept by payments/);
    expect(await chart()).toEqual(before);
    expect((await t.ok(BALANCES)).accountBalances.every((b: any) => b.debit === '0.00')).toBe(true);
  });

  it("creates a migrated chart whole, other programs' names understood, balances per fund", async () => {
    const res = await imported(
      [
        // An export as another program writes it: its own column names and types, a BOM.
        '\ufeffAccount #,Full name,Type,Fund,Balance,Opening date,Description',
        '1000,Operating Cash,Bank,,"12,500.00",2026-01-01,',
        '1500,Reserve Money Market,Bank,Reserve,"80,000.00",,',
        '2000,Accounts Payable,Accounts Payable (A/P),,"1,250.00",2026-01-01,',
        '3000,Operating Fund Balance,Equity,Operating,"11,250.00",2026-01-01,',
        '4000,Dues,Income,,,,Monthly assessments',
        '5000,Grounds,Expense,operating,,,',
        '6500,Reserve Projects,Other Expense,reserve fund,,,',
      ].join('\r\n'),
      { date: '2026-01-31' },
    );
    expect(res).toEqual({ created: 7, sampleRowsSkipped: 0, errors: [] });
    const accounts = await chart();
    expect(
      accounts
        .filter((a: any) => a.number !== '1010')
        .map((a: any) => [a.number, a.name, a.type, a.fundType]),
    ).toEqual([
      ['1000', 'Operating Cash', 'ASSET', 'OPERATING'],
      ['1500', 'Reserve Money Market', 'ASSET', 'RESERVE'],
      ['2000', 'Accounts Payable', 'LIABILITY', 'OPERATING'],
      ['3000', 'Operating Fund Balance', 'EQUITY', 'OPERATING'],
      // Opening balance equity of each fund, created by the opening balances.
      ['3900', 'Opening Balance Equity (Operating)', 'EQUITY', 'OPERATING'],
      ['3910', 'Opening Balance Equity (Reserve)', 'EQUITY', 'RESERVE'],
      ['4000', 'Dues', 'INCOME', 'OPERATING'],
      ['5000', 'Grounds', 'EXPENSE', 'OPERATING'],
      ['6500', 'Reserve Projects', 'EXPENSE', 'RESERVE'],
    ]);
    expect(accounts.find((a: any) => a.number === '4000').description).toBe('Monthly assessments');
    const balances = Object.fromEntries(
      (await t.ok(BALANCES)).accountBalances.map((b: any) => [b.number, b.balance]),
    );
    // A balanced operating fund brings nothing to opening balance equity; the reserve's money
    // market (dated by the `date` argument) does.
    expect(balances).toMatchObject({
      '1000': '12500.00',
      '1500': '80000.00',
      '2000': '1250.00',
      '3000': '11250.00',
      '3900': '0.00',
      '3910': '80000.00',
    });
    // Another association's chart is its own.
    expect(await chart(other)).toEqual([]);
  });

  it('is for members who write; a viewer is refused', async () => {
    const res = await upload('number,name,type\n7000,Viewer,expense', { token: t.viewer });
    expect(res.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await chart()).some((a: any) => a.number === '7000')).toBe(false);
  });

  it('leaves nothing of a file whose account is taken while it is written', async () => {
    // Two files at once into a new association, both creating its opening balance equity and
    // ending with the same number: both pass their checks before either writes, and the one that
    // loses keeps none of its accounts.
    const fresh = await createTenant(app, 'Race HOA');
    const file = (prefix: string) =>
      [
        'number,name,type,fund,opening_balance,opening_date',
        ...Array.from(
          { length: 25 },
          (_, i) =>
            `${prefix}${String(i).padStart(2, '0')},Line ${i},expense,operating,10.00,2026-01-01`,
        ),
        '9999,Shared,expense,operating,,',
      ].join('\n');
    const [a, b] = await Promise.all([
      imported(file('71'), { token: fresh.admin }),
      imported(file('72'), { token: fresh.admin }),
    ]);
    const [won, lost] = a.created ? [a, b] : [b, a];
    expect(won).toMatchObject({ created: 26, errors: [] });
    expect(lost.created).toBe(0);
    expect(lost.errors).toHaveLength(1);
    expect(lost.errors[0].message).toMatch(
      /^(Account number 9999 already exists|The chart of accounts changed while this file was imported)/,
    );
    const numbers = (await chart(fresh)).map((x: any) => x.number);
    const loser = lost === a ? '71' : '72';
    expect(numbers.filter((n: string) => n.startsWith(loser))).toEqual([]);
    expect(numbers.filter((n: string) => /^7[12]/.test(n))).toHaveLength(25);
    // Its opening balances balance: nothing of the loser's entries stayed either.
    const obe = (await fresh.ok(BALANCES)).accountBalances.find((x: any) => x.number === '3900');
    expect(obe.balance).toBe('250.00');
  });
});
