/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClient, withDatabase } from '../../db/connection.js';
import type { Organization } from '../../platform/organizations/organizations.entity.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { type AccountTypeName, createTenant } from '../../test/tenant.js';

type Result = {
  committed: boolean;
  entryCount: number;
  lineCount: number;
  totalDebit: string;
  from: string | null;
  to: string | null;
  entries: {
    reference: string;
    date: string;
    memo: string | null;
    lineCount: number;
    total: string;
  }[];
  errors: { row: number; field: string | null; message: string }[];
};

describe('journal import', () => {
  let app: TestApp;
  let org: Organization;
  let token: string;
  let viewer: string;

  const gql = async (query: string, variables: Record<string, unknown> = {}, t = token) => {
    const res = await app.gql(query, variables, t);
    expect(res.body.errors, query).toBeUndefined();
    return res.body.data as Record<string, any>;
  };

  const upload = async (csv: string, dryRun = false, t = token) => {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: `mutation ($file: Upload!, $dryRun: Boolean!) { importJournalEntries(file: $file, dryRun: $dryRun) {
          committed entryCount lineCount totalDebit from to sampleRowsSkipped
          entries { reference date memo lineCount total } errors { row field message } } }`,
        variables: { file: null, dryRun },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([csv]), 'journal.csv');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    return (await res.json()) as {
      data?: { importJournalEntries: Result };
      errors?: { extensions: { code: string } }[];
    };
  };
  const imported = async (csv: string, dryRun = false) => {
    const res = await upload(csv, dryRun);
    expect(res.errors).toBeUndefined();
    return res.data!.importJournalEntries;
  };
  const entryCount = async () =>
    (await gql('{ journalEntries { totalCount } }')).journalEntries.totalCount as number;
  const balances = async () =>
    Object.fromEntries(
      (await gql('{ accountBalances(asOf: "2030-12-31") { number balance } }')).accountBalances.map(
        (b: any) => [b.number, b.balance],
      ),
    );

  beforeAll(async () => {
    app = await startTestApp();
    const tenant = await createTenant(app, 'Import HOA');
    org = tenant.org;
    token = tenant.admin;
    viewer = tenant.viewer;
    for (const [number, type] of [
      ['1010', 'ASSET'],
      ['4010', 'INCOME'],
      ['5010', 'EXPENSE'],
      ['5020', 'EXPENSE'],
      ['5990', 'EXPENSE'],
    ] as [string, AccountTypeName][]) {
      await tenant.account(number, type);
    }
    const old = (await gql('{ accounts { id number } }')).accounts.find(
      (a: any) => a.number === '5990',
    );
    await gql(`mutation ($id: ID!) { archiveAccount(id: $id) { id } }`, { id: old.id });
  });
  afterAll(() => app.close());

  const GOOD = [
    'Date,Reference,Account,Debit,Credit,Memo,Line memo',
    '2025-01-05,GJ-1,4010,,"1,200.00",January dues,',
    '2025-01-05,GJ-1,1010,"1,200.00",,January dues,Deposit',
    '1/31/2025,GJ-2,5010,250.00,,Landscaping,Greenway 4411',
    '1/31/2025,GJ-2,5020,49.99,,Landscaping,Water',
    '1/31/2025,GJ-2,1010,,299.99,Landscaping,Check 2087',
  ].join('\n');

  it('checks a file without posting, then posts it as one entry per reference', async () => {
    const template = (await gql('{ journalImportTemplate }')).journalImportTemplate as string;
    expect(template.split('\r\n')[0]).toBe(
      '\uFEFFdate,reference,account,debit,credit,memo,line_memo',
    );
    // The template's example entry is marked as a sample: left as it is, nothing is imported.
    const untouched = await imported(template, true);
    expect(untouched).toMatchObject({ entryCount: 0, sampleRowsSkipped: 2 });
    expect(untouched.errors).toEqual([
      { row: 2, field: null, message: expect.stringMatching(/^The file holds only 2 sample rows/) },
    ]);
    // Made real (the mark taken off), it imports: its example balances on this association's
    // accounts.
    const example = await imported(template.replaceAll('# example: ', ''), true);
    expect(example).toMatchObject({ entryCount: 1, sampleRowsSkipped: 0, errors: [] });
    // The sample left in above real rows: only the real entry is read.
    const withReal = await imported(
      `${template}${GOOD.split('\n').slice(1, 3).join('\r\n')}`,
      true,
    );
    expect(withReal).toMatchObject({
      entryCount: 1,
      lineCount: 2,
      sampleRowsSkipped: 2,
      errors: [],
    });
    expect(withReal.entries).toEqual([expect.objectContaining({ reference: 'GJ-1' })]);

    const before = await entryCount();
    const dry = await imported(GOOD, true);
    expect(dry).toMatchObject({
      committed: false,
      entryCount: 2,
      lineCount: 5,
      totalDebit: '1499.99',
      from: '2025-01-05',
      to: '2025-01-31',
      errors: [],
    });
    expect(dry.entries).toEqual([
      {
        reference: 'GJ-1',
        date: '2025-01-05',
        memo: 'January dues',
        lineCount: 2,
        total: '1200.00',
      },
      { reference: 'GJ-2', date: '2025-01-31', memo: 'Landscaping', lineCount: 3, total: '299.99' },
    ]);
    expect(await entryCount()).toBe(before);

    const done = await imported(GOOD);
    expect(done.committed).toBe(true);
    expect(await entryCount()).toBe(before + 2);
    const posted = (
      await gql(
        `{ journalEntries(filter: { source: IMPORT }) { edges { node { date memo source importReference total
            lines { accountId debit credit memo } } } } }`,
      )
    ).journalEntries.edges.map((e: any) => e.node);
    expect(posted.map((e: any) => [e.importReference, e.date, e.total])).toEqual([
      ['GJ-2', '2025-01-31', '299.99'],
      ['GJ-1', '2025-01-05', '1200.00'],
    ]);
    const ids = Object.fromEntries(
      (await gql('{ accounts { id number } }')).accounts.map((a: any) => [a.number, a.id]),
    );
    expect(posted[0].lines).toEqual([
      { accountId: ids['5010'], debit: '250.00', credit: '0.00', memo: 'Greenway 4411' },
      { accountId: ids['5020'], debit: '49.99', credit: '0.00', memo: 'Water' },
      { accountId: ids['1010'], debit: '0.00', credit: '299.99', memo: 'Check 2087' },
    ]);
    expect(await balances()).toMatchObject({
      '1010': '900.01',
      '4010': '1200.00',
      '5010': '250.00',
      '5020': '49.99',
    });

    // The same file again is refused, naming the entries it already posted; nothing changes.
    const again = await imported(GOOD);
    expect(again.committed).toBe(false);
    expect(again.errors.map((e) => [e.row, e.message.replace(/JE-\d+/, 'JE-n')])).toEqual([
      [2, 'Entry GJ-1 of 2025-01-05 was imported before, as JE-n'],
      [4, 'Entry GJ-2 of 2025-01-31 was imported before, as JE-n'],
    ]);
    expect(await entryCount()).toBe(before + 2);
    // The database refuses a duplicate whatever code writes it.
    const url = withDatabase(app.services.clusterUrl('default'), org.dbName);
    await expect(
      withClient(url, (c) =>
        c.query(
          `INSERT INTO journal_entries (id, entry_date, source, import_ref) VALUES (gen_random_uuid(), '2025-01-05', 'import', 'GJ-1')`,
        ),
      ),
    ).rejects.toThrow(/journal_entries_import_ref_idx/);
  });

  it('reports every bad row with its line number and field, and posts nothing', async () => {
    const before = await entryCount();
    const ledger = await balances();
    const res = await imported(
      [
        'date,reference,account,debit,credit,memo',
        '2025-02-01,B-1,1010,100.00,,ok',
        '2025-02-01,B-1,4010,,90.00,does not balance',
        '2025-02-30,B-2,1010,10.00,,bad date',
        '2025-02-03,B-2,9999,,10.00,unknown account',
        '2025-02-04,B-3,5990,5.00,,archived account',
        '2025-02-04,B-3,1010,,5.00,',
        '2025-02-05,B-4,1010,abc,,not an amount',
        '2025-02-05,B-4,4010,-5.00,,negative',
        '2025-02-06,B-5,1010,5.00,5.00,both sides',
        '2025-02-06,,1010,5.00,,no reference',
        '2025-02-07,B-6,1010,5.00,,one line only',
        '2025-02-08,B-7,1010,5.00,,two dates',
        '2025-02-09,B-7,4010,,5.00,two dates',
      ].join('\n'),
    );
    expect(res.committed).toBe(false);
    expect(res.errors).toEqual([
      {
        row: 2,
        field: 'reference',
        message: 'Entry B-1 does not balance: debits 100.00, credits 90.00',
      },
      { row: 4, field: 'date', message: '"2025-02-30" is not a date; use 2026-03-31 or 3/31/2026' },
      { row: 5, field: 'account', message: 'No account numbered 9999' },
      {
        row: 6,
        field: 'account',
        message: 'Account 5990 Account 5990 is archived and takes no new postings',
      },
      { row: 8, field: 'debit', message: '"abc" is not an amount' },
      {
        row: 9,
        field: 'debit',
        message: 'Amounts must be positive: put a credit in the credit column',
      },
      { row: 10, field: 'debit', message: 'Give either a debit or a credit' },
      {
        row: 11,
        field: 'reference',
        message: 'Give the reference of the entry this line belongs to',
      },
      { row: 12, field: 'reference', message: 'Entry B-6 needs at least two lines' },
      { row: 14, field: 'date', message: 'Entry B-7 is dated 2025-02-08 on line 13' },
    ]);
    expect(await entryCount()).toBe(before);
    expect(await balances()).toEqual(ledger);

    const missing = await imported('date,account,amount\n2025-01-01,1010,5');
    expect(missing.errors).toEqual([
      { row: 1, field: 'reference', message: 'Missing the reference column' },
      { row: 1, field: 'debit', message: 'Missing the debit column' },
      { row: 1, field: 'credit', message: 'Missing the credit column' },
    ]);
  });

  it('posts a large file in one transaction through the bulk path', async () => {
    const before = await entryCount();
    const rows = ['date,reference,account,debit,credit'];
    for (let i = 0; i < 2500; i++) {
      const amount = ((i % 97) + 1).toFixed(2);
      rows.push(`2024-03-${String((i % 28) + 1).padStart(2, '0')},H-${i},5010,${amount},`);
      rows.push(`2024-03-${String((i % 28) + 1).padStart(2, '0')},H-${i},1010,,${amount}`);
    }
    const res = await imported(rows.join('\n'));
    expect(res).toMatchObject({ committed: true, entryCount: 2500, lineCount: 5000 });
    expect(await entryCount()).toBe(before + 2500);
    const tb = (await gql('{ trialBalance(asOf: "2030-12-31") { totalDebit totalCredit } }'))
      .trialBalance;
    expect(tb.totalDebit).toBe(tb.totalCredit);
  });

  it('is refused to a viewer', async () => {
    const res = await upload(GOOD, true, viewer);
    expect(res.errors![0].extensions.code).toBe('FORBIDDEN');
  });
});
