import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../core/dates.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  cents,
  money,
  mulberry32,
  readHledgerBalances,
  requireHledger,
} from '../../test/hledger.js';
import { createTenant, type AccountTypeName, type Tenant } from '../../test/tenant.js';
import { exportBooks } from './books-export.service.js';
import { BooksExportFormat } from './books-export.types.js';

// The books export, checked by an engine we did not write: generated books in both funds (many
// entries crossing funds, a reclassification to the other fund, amounts in the tens of billions)
// are exported for a period that starts and ends mid-month, through the signed link as a browser
// downloads it; `hledger bal` on the journal must equal our trial balance as of the period's end,
// account for account and fund by fund, and the CSV re-summed must equal it too.

const FROM = '2026-03-15';
const TO = '2026-10-20';
const OPENING = '2025-12-31';
const RECLASS = { number: '5040', date: '2026-07-01' };
const BIG = '12345678901.23';
const FUNDS = ['OPERATING', 'RESERVE'] as const;
type Fund = (typeof FUNDS)[number];

// Names a journal must not take as they are: ":" would nest, ";" would start a comment, two spaces
// would end the name, a dash is no letter.
const CHART: [string, AccountTypeName, Fund, string, string?][] = [
  ['1010', 'ASSET', 'OPERATING', 'Operating Cash', '25000.00'],
  ['1020', 'ASSET', 'OPERATING', 'Operating Savings'],
  ['2010', 'LIABILITY', 'OPERATING', 'Accounts Payable', '3200.00'],
  ['3010', 'EQUITY', 'OPERATING', 'Operating Fund Balance'],
  ['4010', 'INCOME', 'OPERATING', 'Assessments'],
  ['4020', 'INCOME', 'OPERATING', 'Late Fees'],
  ['5010', 'EXPENSE', 'OPERATING', 'Landscaping'],
  ['5020', 'EXPENSE', 'OPERATING', 'Repairs: roof & gutters'],
  ['5030', 'EXPENSE', 'OPERATING', 'Utilities;  water  & sewer'],
  ['5040', 'EXPENSE', 'OPERATING', 'Insurance'],
  ['1510', 'ASSET', 'RESERVE', 'Reserve Savings', '180000.00'],
  ['2510', 'LIABILITY', 'RESERVE', 'Reserve Payable'],
  ['3510', 'EQUITY', 'RESERVE', 'Reserve Fund Balance'],
  ['4510', 'INCOME', 'RESERVE', 'Reserve Contributions'],
  ['6510', 'EXPENSE', 'RESERVE', 'Roof Replacement'],
  ['6520', 'EXPENSE', 'RESERVE', 'Paving — phase 2 (résumé)'],
];
const POOL = CHART.map(([n]) => n);
const SAFE_NAMES: Record<string, string> = {
  5020: 'Operating:Expenses:5020 Repairs roof & gutters',
  5030: 'Operating:Expenses:5030 Utilities water & sewer',
  6520: 'Reserve:Expenses:6520 Paving phase 2 (résumé)',
};

const random = mulberry32(20260315);
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)];

const day = (iso: string, add: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + add);
  return d.toISOString().slice(0, 10);
};

// A balanced entry of 2 to 4 distinct accounts (funds mixed freely, so many cross).
function generateEntry(date: string): [string, string | null, string | null][] {
  const pool = date >= RECLASS.date ? POOL.filter((n) => n !== RECLASS.number) : POOL;
  const nd = int(1, 2);
  const nc = int(1, 2);
  const accounts: string[] = [];
  while (accounts.length < nd + nc) {
    const n = pick(pool);
    if (!accounts.includes(n)) accounts.push(n);
  }
  const debits = Array.from({ length: nd }, () =>
    random() < 0.1 ? int(1, 99) : int(100, 900_000),
  );
  const total = debits.reduce((a, b) => a + b, 0);
  const first = nc === 1 || total < 2 ? total : int(1, total - 1);
  const credits = nc === 1 || total < 2 ? [total] : [first, total - first];
  return [
    ...debits.map((d, i): [string, string, null] => [accounts[i], money(d), null]),
    ...credits.map((c, i): [string, null, string] => [accounts[nd + i], null, money(c)]),
  ];
}

const FUND_OF: Record<string, Fund> = { Operating: 'OPERATING', Reserve: 'RESERVE' };
const TYPE_OF: Record<string, string> = {
  Assets: 'ASSET',
  Liabilities: 'LIABILITY',
  Equity: 'EQUITY',
  Income: 'INCOME',
  Expenses: 'EXPENSE',
};

// hledger's names as our keys (fund:type:number); each name has exactly three parts.
function byKey(balances: Map<string, bigint>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, v] of balances) {
    const parts = name.split(':');
    expect(parts, name).toHaveLength(3);
    const [fund, type, rest] = parts;
    const key = `${FUND_OF[fund]}:${TYPE_OF[type]}:${rest.split(' ')[0]}`;
    expect(out[key], `${key} twice`).toBeUndefined();
    out[key] = money(v);
  }
  return out;
}

const hledgerBalances = (file: string, ...args: string[]) => readHledgerBalances(file, args, 'USD');

describe('exporting the books (CSV and an hledger journal)', () => {
  let app: TestApp;
  let t: Tenant;
  let dir: string;
  const ids: Record<string, string> = {};
  let bigEntryId = '';

  const link = async (format: 'CSV' | 'JOURNAL', from = FROM, to = TO, token?: string) => {
    const d = await t.ok(
      `query ($from: LocalDate!, $to: LocalDate!, $format: BooksExportFormat!) {
        booksExport(from: $from, to: $to, format: $format) { url filename } }`,
      { from, to, format },
      token,
    );
    return d.booksExport as { url: string; filename: string };
  };
  const download = async (url: string) => {
    const res = await fetch(`${app.url}${url}`);
    // The bytes as sent (res.text() would drop a BOM).
    return { res, text: Buffer.from(await res.arrayBuffer()).toString('utf8') };
  };
  // Our trial balance as of a date, by fund:type:number, debits positive.
  const trialBalance = async (asOf: string, fundType?: Fund) => {
    const { trialBalance: tb } = await t.ok(
      `query ($asOf: LocalDate!, $f: FundType) { trialBalance(asOf: $asOf, fundType: $f) {
        totalDebit totalCredit rows { number type fundType debitBalance creditBalance } } }`,
      { asOf, f: fundType ?? null },
    );
    const out: Record<string, string> = {};
    for (const r of tb.rows) {
      const v = cents(r.debitBalance) - cents(r.creditBalance);
      if (v !== 0n) out[`${r.fundType}:${r.type}:${r.number}`] = money(v);
    }
    return out;
  };

  beforeAll(async () => {
    requireHledger('the books export test');
    dir = mkdtempSync(join(tmpdir(), 'covenant-books-export-'));
    app = await startTestApp();
    t = await createTenant(app, 'Books Export HOA');
    for (const [number, type, fundType, name, initialBalance] of CHART) {
      ids[number] = await t.account(number, type, {
        fundType,
        name,
        ...(initialBalance ? { initialBalance, openingDate: OPENING } : {}),
      });
    }
    const post = (date: string, lines: [string, string | null, string | null][], memo?: string) =>
      t.post(
        date,
        lines.map(([n, d, c]) => [ids[n], d, c]),
        { memo },
      );
    // Postings on both sides of both ends of the period, and through the year.
    const dates = [
      ...[FROM, TO].flatMap((d) => [day(d, -1), d, day(d, 1)]),
      ...Array.from({ length: 260 }, () => day('2026-01-01', int(0, 364))),
    ];
    for (const date of dates) {
      if (date >= RECLASS.date && date < day(RECLASS.date, 1)) continue;
      await post(date, generateEntry(date), pick([undefined, 'Monthly;  dues', 'Repair — #12']));
    }
    // Amounts in the tens of billions: reserve savings against operating equity (both funds).
    for (const date of ['2026-02-02', '2026-04-01', '2026-09-30']) {
      bigEntryId = await post(
        date,
        [
          ['1510', BIG, null],
          ['3010', null, BIG],
        ],
        'Large transfer',
      );
    }
    // Insurance moves to the reserve fund inside the period, then posts there.
    await t.ok(
      `mutation ($id: ID!, $input: UpdateAccountInput!) { updateAccount(id: $id, input: $input) { fundType } }`,
      { id: ids[RECLASS.number], input: { fundType: 'RESERVE', effectiveDate: RECLASS.date } },
    );
    for (const date of ['2026-07-02', '2026-08-15', '2026-12-01']) {
      await post(date, [
        [RECLASS.number, '1234.56', null],
        [pick(['1010', '1510']), null, '1234.56'],
      ]);
    }
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('downloads a journal that hledger reads, equal to our trial balance account for account', async () => {
    const { url, filename } = await link('JOURNAL');
    expect(filename).toBe(`books-${FROM}-to-${TO}.journal`);
    const { res, text } = await download(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${filename}"`);
    const file = join(dir, filename);
    writeFileSync(file, text);

    // Every account, and each fund alone.
    expect(byKey(hledgerBalances(file))).toEqual(await trialBalance(TO));
    for (const fund of FUNDS) {
      const prefix = `${fund === 'OPERATING' ? 'Operating' : 'Reserve'}:`;
      const theirs = new Map([...hledgerBalances(file)].filter(([k]) => k.startsWith(prefix)));
      expect(byKey(theirs), fund).toEqual(await trialBalance(TO, fund));
    }
    // Each fund balances by itself.
    expect([...hledgerBalances(file, '--depth', '1')]).toEqual([]);
    // The opening transaction alone is the trial balance the day before the period.
    expect(byKey(hledgerBalances(file, '-e', FROM))).toEqual(await trialBalance(day(FROM, -1)));
    // The reclassified account sits in both funds, as our reports keep it.
    const names = execFileSync('hledger', ['-f', file, 'accounts'], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(names.filter((n) => n.includes(':5040 '))).toEqual([
      'Operating:Expenses:5040 Insurance',
      'Reserve:Expenses:5040 Insurance',
    ]);
    for (const name of Object.values(SAFE_NAMES)) expect(names).toContain(name);

    // One transaction per entry of the period, plus the opening one; an entry found by its tag.
    const { journalEntries } = await t.ok(
      `query ($f: JournalEntryFilter) { journalEntries(filter: $f) { totalCount } }`,
      { f: { from: FROM, to: TO } },
    );
    const printed = execFileSync('hledger', ['-f', file, 'print'], { encoding: 'utf8' });
    expect(printed.split('\n').filter((l) => /^\d{4}-\d{2}-\d{2} /.test(l))).toHaveLength(
      journalEntries.totalCount + 1,
    );
    const big = execFileSync(
      'hledger',
      ['-f', file, 'register', `tag:entry=${bigEntryId}`, '-O', 'csv'],
      { encoding: 'utf8' },
    );
    expect(big).toContain(`"Reserve:Assets:1510 Reserve Savings","${BIG} USD"`);
    expect(big).toContain(`"Operating:Equity:3010 Operating Fund Balance","-${BIG} USD"`);
    // Memos keep to one line without a comment start.
    expect(text).toMatch(/^2026-\d{2}-\d{2} \* \(JE-\d+\) Monthly, dues$/m);
  });

  it('downloads a CSV whose lines add up to the same trial balance', async () => {
    const { url, filename } = await link('CSV');
    expect(filename).toBe(`books-${FROM}-to-${TO}.csv`);
    const { res, text } = await download(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // One BOM, at the top.
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1)).not.toContain('\uFEFF');
    const rows: Record<string, string>[] = parse(text, { bom: true, columns: true });
    expect(Object.keys(rows[0])).toEqual([
      'Date',
      'Entry',
      'Entry ID',
      'Memo',
      'Source',
      'Account number',
      'Account name',
      'Account type',
      'Fund',
      'Debit',
      'Credit',
      'Line memo',
    ]);
    const sums: Record<string, bigint> = {};
    for (const r of rows) {
      expect(r.Date >= day(FROM, -1) && r.Date <= TO, r.Date).toBe(true);
      const key = `${r.Fund.toUpperCase()}:${r['Account type'].toUpperCase()}:${r['Account number']}`;
      sums[key] = (sums[key] ?? 0n) + cents(r.Debit || '0') - cents(r.Credit || '0');
    }
    const ours = Object.fromEntries(
      Object.entries(sums)
        .filter(([, v]) => v !== 0n)
        .map(([k, v]) => [k, money(v)]),
    );
    expect(ours).toEqual(await trialBalance(TO));
    // Every line of the period is a row, after the balances brought forward.
    const lines = rows.filter((r) => r.Source !== 'brought_forward');
    expect(rows.slice(0, rows.length - lines.length).every((r) => r.Date === day(FROM, -1))).toBe(
      true,
    );
    const big = rows.filter((r) => r['Entry ID'] === bigEntryId);
    expect(big.map((r) => [r['Account number'], r.Debit, r.Credit])).toEqual([
      ['1510', BIG, ''],
      ['3010', '', BIG],
      ...big.slice(2).map((r) => [r['Account number'], r.Debit, r.Credit]),
    ]);
    expect(big[0]).toMatchObject({ Memo: 'Large transfer', Source: 'manual', Fund: 'reserve' });
    expect(big[0].Entry).toMatch(/^JE-\d+$/);
  });

  it('writes the same file a page at a time, whatever the page size', async () => {
    const { em, org } = await openTenant(app.services, t.org.id);
    for (const format of [BooksExportFormat.JOURNAL, BooksExportFormat.CSV]) {
      let paged = '';
      for await (const chunk of exportBooks(em, {
        from: FROM,
        to: TO,
        format,
        organization: org.name,
        today: todayIn(org.timeZone),
        pageEntries: 7,
      })) {
        paged += chunk;
      }
      const { text } = await download((await link(format.toUpperCase() as 'CSV')).url);
      // (The journal's first line names the day it was written.)
      expect(paged.split('\n').slice(1).join('\n'), format).toBe(
        text.split('\n').slice(1).join('\n'),
      );
    }
  });

  it('refuses a reversed period as bad input, and a link that was changed or is not this association’s', async () => {
    const res = await t.gql(
      `{ booksExport(from: "2026-04-01", to: "2026-03-31", format: CSV) { url } }`,
    );
    expect(res.body.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'to', message: 'The period ends before it starts' }],
    });
    // Viewers read the books.
    const { url } = await link('CSV', FROM, TO, t.viewer);
    expect((await download(url)).res.status).toBe(200);
    const other = await createTenant(app, 'Other HOA');
    for (const changed of [
      url.replace(/sig=([^&])/, (_, c) => `sig=${c === 'x' ? 'y' : 'x'}`),
      url.replace(t.org.id, other.org.id),
      url.replace(TO, '2026-12-31'),
      url.replace('/csv?', '/journal?'),
    ]) {
      const { res, text } = await download(changed);
      expect(res.status, changed).toBe(403);
      expect(JSON.parse(text)).toEqual({ error: 'This link is not valid or has expired' });
    }
  });
});
