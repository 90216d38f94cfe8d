/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL answers are read loosely, as a client would */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { cents, money, readHledgerBalances, requireHledger } from '../../test/hledger.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

// The CPA package of a closed fiscal year, end to end: refused while the year is open (saying how
// to close it), generated in the background once it is closed, downloaded by a viewer as one zip,
// and read with tools we did not write: the CSVs re-added, and hledger on the books journal.

const YEAR = 2025;
const FROM = '2025-01-01';
const TO = '2025-12-31';

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

const GENERATE = `mutation ($y: Int!) { generateCpaPackage(fiscalYear: $y) {
  id kind title status version draft fileName contentType periodStart periodEnd } }`;
const DOC = `query ($id: ID!) { document(id: $id) { id status error size url fileName draft } }`;
const YEARS = `{ yearEndFiscalYears { fiscalYear closed cpaPackages { id status version url } } }`;

const c = (s: string) => (s === '' ? 0n : cents(s));

describe('the CPA package', () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;
  let dir: string;
  const ids: Record<string, string> = {};
  let packageId = '';
  let files: Record<string, Uint8Array> = {};

  async function settled(id: string, tenant = t) {
    for (let i = 0; i < 400; i++) {
      const d = (await tenant.ok(DOC, { id })).document;
      if (d.status !== 'QUEUED') return d;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('document still queued');
  }

  beforeAll(async () => {
    requireHledger('the CPA package check');
    dir = mkdtempSync(join(tmpdir(), 'covenant-cpa-'));
    app = await startTestApp();
    [t, other] = await Promise.all([
      createTenant(app, 'Cedar Court HOA'),
      createTenant(app, 'Other HOA'),
    ]);
    const opening = { initialBalance: '12000.00', openingDate: '2024-12-31' };
    ids.cash = await t.account('1010', 'ASSET', { name: 'Operating Checking', ...opening });
    ids.payable = await t.account('2010', 'LIABILITY', { name: 'Accounts Payable' });
    ids.dues = await t.account('4010', 'INCOME', { name: 'Assessment Income' });
    ids.pool = await t.account('5050', 'EXPENSE', { name: 'Pool Maintenance' });
    ids.legal = await t.account('5080', 'EXPENSE', { name: 'Legal, "Audit" & Tax' });
    ids.transferOut = await t.account('5900', 'EXPENSE', {
      name: 'Transfer to Reserves',
      interfundTransfer: true,
    });
    ids.reserveCash = await t.account('1510', 'ASSET', {
      name: 'Reserve Savings',
      fundType: 'RESERVE',
      initialBalance: '40000.00',
      openingDate: '2024-12-31',
    });
    ids.transferIn = await t.account('4510', 'INCOME', {
      name: 'Reserve Contributions',
      fundType: 'RESERVE',
      interfundTransfer: true,
    });
    ids.roof = await t.account('6510', 'EXPENSE', {
      name: 'Roof Repairs',
      fundType: 'RESERVE',
    });
    // A year before (its income stays in the income account: the trial balance keeps it).
    await t.post('2024-06-01', [
      [ids.cash, '900.00', null],
      [ids.dues, null, '900.00'],
    ]);
    for (let m = 1; m <= 12; m++) {
      const month = String(m).padStart(2, '0');
      await t.post(
        `2025-${month}-05`,
        [
          [ids.cash, '4200.00', null],
          [ids.dues, null, '4200.00'],
        ],
        { memo: `Dues, ${month}/2025` },
      );
      await t.post(`2025-${month}-20`, [
        [ids.pool, '615.40', null],
        [ids.cash, null, '615.40'],
      ]);
      // The monthly transfer, crossing the funds (the ledger adds Due to / Due from).
      await t.post(
        `2025-${month}-28`,
        [
          [ids.transferOut, '500.00', null],
          [ids.transferIn, null, '500.00'],
        ],
        { memo: 'Reserve contribution' },
      );
    }
    await t.post(
      '2025-11-15',
      [
        [ids.legal, '1850.00', null],
        [ids.payable, null, '1850.00'],
      ],
      { memo: 'Audit engagement letter;\nretainer "50%"' },
    );
    await t.post('2025-09-10', [
      [ids.roof, '7300.00', null],
      [ids.reserveCash, null, '7300.00'],
    ]);
    // After the year: not in its package.
    await t.post('2026-01-05', [
      [ids.cash, '4200.00', null],
      [ids.dues, null, '4200.00'],
    ]);
    await t.ok(
      `mutation ($input: ReserveComponentInput!) { createReserveComponent(input: $input) { id } }`,
      {
        input: {
          name: 'Roof',
          category: 'ROOFING',
          usefulLifeYears: 25,
          remainingLifeYears: 12,
          currentReplacementCost: '185000.00',
          accountId: ids.reserveCash,
        },
      },
    );
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is refused while the fiscal year is open, saying how to close it; and to viewers', async () => {
    const open = await t.gql(GENERATE, { y: YEAR });
    expect(code(open)).toBe('CONFLICT');
    expect(open.body.errors![0].message).toBe(
      'FY 2025 is not closed (no month is closed yet). An admin closes its months through Dec 31, 2025 and then the fiscal year on the Close the Books page; then generate the CPA package again',
    );
    expect(code(await t.gql(GENERATE, { y: YEAR }, t.viewer))).toBe('FORBIDDEN');
    expect(code(await t.gql(GENERATE, { y: 0 }))).toBe('BAD_USER_INPUT');

    // Closed through November: still not the whole year.
    await t.ok(`mutation { closeMonth(input: { month: "2025-11" }) { closedThrough } }`);
    const partly = await t.gql(GENERATE, { y: YEAR });
    expect(code(partly)).toBe('CONFLICT');
    expect(partly.body.errors![0].message).toContain(
      'FY 2025 is not closed (the books are closed through Nov 30, 2025)',
    );
  });

  it('is generated in the background once the year is closed, one zip a viewer downloads', async () => {
    await t.ok(`mutation { closeMonth(input: { month: "2025-12" }) { closedThrough } }`);
    await t.ok(`mutation ($y: Int!) { closeFiscalYear(fiscalYear: $y) { closedThrough } }`, {
      y: YEAR,
    });
    const queued = (await t.ok(GENERATE, { y: YEAR }, t.user)).generateCpaPackage;
    expect(queued).toMatchObject({
      kind: 'CPA_PACKAGE',
      status: 'QUEUED',
      version: 1,
      draft: false,
      fileName: 'cpa-package-fy2025-v1.zip',
      contentType: 'application/zip',
      periodStart: FROM,
      periodEnd: TO,
    });
    packageId = queued.id;
    const d = await settled(queued.id);
    expect(d.error).toBeNull();
    expect(d.status).toBe('READY');
    // A closed year has one package: asking again answers it.
    expect((await t.ok(GENERATE, { y: YEAR })).generateCpaPackage.id).toBe(queued.id);

    // The Year-end page's list: the year is closed and has its package, which a viewer downloads.
    const years = (await t.ok(YEARS, {}, t.viewer)).yearEndFiscalYears;
    const fy = years.find((y: any) => y.fiscalYear === YEAR);
    expect(fy).toMatchObject({ closed: true, cpaPackages: [{ id: queued.id, status: 'READY' }] });
    const res = await fetch(`${app.url}${fy.cpaPackages[0].url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('cpa-package-fy2025-v1.zip');
    const zip = new Uint8Array(await res.arrayBuffer());
    expect(zip.length).toBe(d.size);
    files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'books.journal',
      'general-ledger.csv',
      'trial-balance.csv',
      'year-end-statements-fy2025.pdf',
    ]);
    // To look at it: CPA_PACKAGE_OUT=<dir> keeps the files.
    const out = process.env.CPA_PACKAGE_OUT;
    if (out) {
      mkdirSync(out, { recursive: true });
      for (const [name, bytes] of Object.entries(files)) writeFileSync(join(out, name), bytes);
    }
  });

  it('has a trial balance whose debits equal its credits, and a general ledger that adds up to it', () => {
    const tb = parse(strFromU8(files['trial-balance.csv']).replace(/^\uFEFF/, ''), {
      columns: true,
    }) as Record<string, string>[];
    const total = tb.pop()!;
    expect(total['Account number']).toBe('Total');
    const sum = (k: string) => tb.reduce((s, r) => s + c(r[k]), 0n);
    expect(sum('Debit balance')).toBe(sum('Credit balance'));
    expect(sum('Debit balance')).toBeGreaterThan(0n);
    for (const k of ['Balance forward (debit +)', 'Debits', 'Credits', 'Debit balance']) {
      expect(c(total[k]), k).toBe(sum(k));
    }
    expect(sum('Debits')).toBe(sum('Credits'));
    // Each account: brought forward + the year's debits − credits = its balance at the year end.
    for (const r of tb) {
      expect(
        c(r['Balance forward (debit +)']) + c(r.Debits) - c(r.Credits),
        r['Account number'],
      ).toBe(c(r['Debit balance']) - c(r['Credit balance']));
    }
    const row = (n: string, fund = 'Operating') =>
      tb.find((r) => r['Account number'] === n && r.Fund === fund)!;
    // Dues: 900.00 of 2024 brought forward, 12 × 4,200.00 in the year; January 2026 left out.
    expect(row('4010')).toMatchObject({
      Type: 'Income',
      'Balance forward (debit +)': '-900.00',
      Debits: '0.00',
      Credits: '50400.00',
      'Credit balance': '51300.00',
    });
    expect(row('5080')['Account name']).toBe('Legal, "Audit" & Tax');

    const gl = parse(strFromU8(files['general-ledger.csv']).replace(/^\uFEFF/, ''), {
      columns: true,
    }) as Record<string, string>[];
    const key = (r: Record<string, string>) => `${r['Account number']}|${r.Type}|${r.Fund}`;
    const accounts = new Map<string, { rows: Record<string, string>[] }>();
    for (const r of gl) {
      if (!accounts.has(key(r))) accounts.set(key(r), { rows: [] });
      accounts.get(key(r))!.rows.push(r);
    }
    expect([...accounts.keys()].sort()).toEqual(tb.map(key).sort());
    let debits = 0n;
    let credits = 0n;
    for (const r of tb) {
      const lines = accounts.get(key(r))!.rows;
      const [forward, ...rest] = lines;
      expect(forward).toMatchObject({
        Date: '2024-12-31',
        Entry: '',
        Memo: 'Balance forward as of 2024-12-31',
      });
      expect(c(forward['Balance (debit +)'])).toBe(c(r['Balance forward (debit +)']));
      const d = rest.reduce((s, l) => s + c(l.Debit), 0n);
      const cr = rest.reduce((s, l) => s + c(l.Credit), 0n);
      expect([d, cr], key(r)).toEqual([c(r.Debits), c(r.Credits)]);
      // The running balance runs line by line to the trial balance.
      let balance = c(forward['Balance (debit +)']);
      for (const l of rest) {
        expect(l.Date >= FROM && l.Date <= TO, l.Date).toBe(true);
        expect(l.Entry).toMatch(/^JE-\d+$/);
        balance += c(l.Debit) - c(l.Credit);
        expect(c(l['Balance (debit +)'])).toBe(balance);
      }
      expect(balance, key(r)).toBe(c(r['Debit balance']) - c(r['Credit balance']));
      debits += d;
      credits += cr;
    }
    expect(debits).toBe(credits);
    // The entry memo names the line when the line has none; a memo with a line break stays one cell.
    const legal = accounts.get('5080|Expense|Operating')!.rows[1];
    expect(legal).toMatchObject({
      Date: '2025-11-15',
      Memo: 'Audit engagement letter;\nretainer "50%"',
      Debit: '1850.00',
      Credit: '',
    });
  });

  it('has a books journal on which hledger agrees with the trial balance', () => {
    const file = join(dir, 'books.journal');
    writeFileSync(file, files['books.journal']);
    const h = readHledgerBalances(file, [], 'USD');
    const tb = parse(strFromU8(files['trial-balance.csv']).replace(/^\uFEFF/, ''), {
      columns: true,
    }) as Record<string, string>[];
    tb.pop();
    const TYPES: Record<string, string> = {
      Asset: 'Assets',
      Liability: 'Liabilities',
      Equity: 'Equity',
      Income: 'Income',
      Expense: 'Expenses',
    };
    const ours: Record<string, string> = {};
    for (const r of tb) {
      const v = c(r['Debit balance']) - c(r['Credit balance']);
      if (v !== 0n) ours[`${r.Fund}:${TYPES[r.Type]}:${r['Account number']}`] = money(v);
    }
    const theirs: Record<string, string> = {};
    for (const [name, v] of h) theirs[name.split(' ')[0]] = money(v);
    expect(theirs).toEqual(ours);
    // And nothing after the year is in it.
    expect(
      execFileSync('hledger', ['-f', file, 'print', '-b', '2026-01-01'], {
        encoding: 'utf8',
      }).trim(),
    ).toBe('');
  });

  it('has the statements as a PDF with the association, the period and the page on every page', () => {
    const file = join(dir, 'statements.pdf');
    writeFileSync(file, files['year-end-statements-fy2025.pdf']);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThanOrEqual(6);
    pages.forEach((p, i) => {
      expect(p, `page ${i + 1}`).toContain('Cedar Court HOA');
      expect(p, `page ${i + 1}`).toContain(
        'Year-end statements · FY 2025 (Jan 1, 2025 – Dec 31, 2025)',
      );
      expect(p, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(p).not.toContain('DRAFT');
    });
    for (const title of [
      'Balance sheet',
      'Statement of revenues, expenses and changes in fund balances',
      'Statement of cash flows',
      'Supplementary information on future major repairs and replacements',
      'Trial balance',
    ]) {
      expect(text).toContain(title);
    }
    // Figures of the statements: the year's dues, the roof, the reserve fund.
    expect(text).toMatch(/4010 Assessment Income\s+\$50,400\.00\s+\$0\.00\s+\$50,400\.00/);
    expect(text).toMatch(/Roof\s+25\s+12\s+FY 2038\s+\$185,000\.00/);
    expect(strFromU8(files['README.txt'])).toContain('hledger -f books.journal balance');
  });

  it('belongs to its association only', async () => {
    expect(code(await other.gql(DOC, { id: packageId }))).toBe('NOT_FOUND');
    const theirs = (await other.ok(YEARS)).yearEndFiscalYears;
    expect(theirs.flatMap((y: any) => y.cpaPackages)).toEqual([]);
    // Their year is open: refused, whatever ours is.
    expect(code(await other.gql(GENERATE, { y: YEAR }))).toBe('CONFLICT');
  });
});
