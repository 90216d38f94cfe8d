/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import { boardPacketData } from '../documents/board-packet.service.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  cents,
  money,
  mulberry32,
  readHledgerBalances,
  requireHledger,
} from '../../test/hledger.js';
import { lateFeePolicy, receivablesChart, receivablesKit } from '../../test/receivables.js';
import { createTenant, type AccountTypeName, type Tenant } from '../../test/tenant.js';

// An independent double-entry engine checks our books. Generated books (a fixed seed, so every run
// builds the same ones) go in through the public API only: manual entries, many of them crossing
// funds, a bulk CSV import, a year of receivables, a year of payables (bills, payments by check,
// ACH and card, voided payments and bills) and a reclassification to the other fund. Every
// journal line is then read back through `journalLines` and written as an hledger journal (one
// transaction per entry, each line under its own fund and type: `operating:asset:1010`), and our
// reports must equal hledger's balances to the cent.

const YEAR = 2025;
const MID = `${YEAR}-06-30`;
const END = `${YEAR}-12-31`;
const OPENING = `${YEAR - 1}-12-31`;
// The reclassified account moves to the reserve fund on this day, after its last posting.
const RECLASS = { number: '5040', date: `${YEAR}-10-01` };
// The period of the activity report: month ends on neither side, the reclassification inside.
const PERIOD = { from: `${YEAR}-03-15`, to: `${YEAR}-10-20` };
const FUNDS = ['OPERATING', 'RESERVE'] as const;

// The chart beyond the receivables chart (1010 cash, 4010, 4020, 4090 from `receivablesChart`):
// every account type in both funds. 1200 and 2100 are the receivables' control accounts.
const CHART: [string, AccountTypeName, 'OPERATING' | 'RESERVE', string?][] = [
  ['1020', 'ASSET', 'OPERATING', '25000.00'],
  ['1300', 'ASSET', 'OPERATING'],
  ['2010', 'LIABILITY', 'OPERATING', '3200.00'],
  ['2200', 'LIABILITY', 'OPERATING'],
  ['3010', 'EQUITY', 'OPERATING'],
  ['4300', 'INCOME', 'OPERATING'],
  ['5010', 'EXPENSE', 'OPERATING'],
  ['5020', 'EXPENSE', 'OPERATING'],
  ['5030', 'EXPENSE', 'OPERATING'],
  ['5040', 'EXPENSE', 'OPERATING'],
  ['6900', 'EXPENSE', 'OPERATING'],
  ['1510', 'ASSET', 'RESERVE', '180000.00'],
  ['1520', 'ASSET', 'RESERVE'],
  ['2510', 'LIABILITY', 'RESERVE'],
  ['3510', 'EQUITY', 'RESERVE'],
  ['4510', 'INCOME', 'RESERVE'],
  ['4520', 'INCOME', 'RESERVE'],
  ['6510', 'EXPENSE', 'RESERVE'],
  ['6520', 'EXPENSE', 'RESERVE'],
];
// Accounts the generated entries post to (not the control, interfund or bad-debt accounts).
const POOL = [
  '1010',
  '1020',
  '1300',
  '2010',
  '2200',
  '3010',
  '4010',
  '4020',
  '4090',
  '4300',
  '5010',
  '5020',
  '5030',
  '5040',
  '1510',
  '1520',
  '2510',
  '3510',
  '4510',
  '4520',
  '6510',
  '6520',
];

const random = mulberry32(20250101);
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)];
const chance = (p: number) => random() < p;

const day = (iso: string, add: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + add);
  return d.toISOString().slice(0, 10);
};
const dateIn = (month: number, dayOfMonth: number) =>
  `${YEAR}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
const randomDate = () => day(`${YEAR}-01-01`, int(0, 364));

// Mostly everyday amounts, some cents only, some large.
function amount(): number {
  const r = random();
  if (r < 0.05) return int(1, 99);
  if (r < 0.85) return int(100, 500_000);
  return int(500_000, 25_000_000);
}

type Line = [string, number | null, number | null]; // account number, debit cents, credit cents
interface Generated {
  date: string;
  lines: Line[];
}

// A balanced entry of 2 to 4 distinct accounts from the pool (funds mixed freely, so many cross).
function generateEntry(date: string): Generated {
  const pool = date >= RECLASS.date ? POOL.filter((n) => n !== RECLASS.number) : POOL;
  const nd = int(1, 2);
  const nc = int(1, 2);
  const accounts: string[] = [];
  while (accounts.length < nd + nc) {
    const n = pick(pool);
    if (!accounts.includes(n)) accounts.push(n);
  }
  const debits = Array.from({ length: nd }, () => amount());
  const total = debits.reduce((a, b) => a + b, 0);
  const credits = nc === 1 || total < 2 ? [total] : [];
  if (credits.length === 0) {
    const first = int(1, total - 1);
    credits.push(first, total - first);
  }
  return {
    date,
    lines: [
      ...debits.map((d, i): Line => [accounts[i], d, null]),
      ...credits.map((c, i): Line => [accounts[nd + i], null, c]),
    ],
  };
}

const asMoney = (m: Map<string, bigint>) =>
  Object.fromEntries([...m].filter(([, v]) => v !== 0n).map(([k, v]) => [k, money(v)]));
const key = (fund: string, type: string, number: string) =>
  `${fund.toLowerCase()}:${type.toLowerCase()}:${number}`;
// +1 where the normal balance is a debit.
const debitNormal = (type: string) => type === 'ASSET' || type === 'EXPENSE';

const hledgerBalances = (file: string, ...args: string[]) => readHledgerBalances(file, args);

describe('the books against an independent double-entry engine (hledger)', () => {
  let app: TestApp;
  let t: Tenant;
  let dir: string;
  let file: string;
  const ids: Record<string, string> = {};
  let entryCount = 0;
  const ok = (query: string, variables?: Record<string, unknown>) => t.ok(query, variables);

  const importCsv = async (csv: string) => {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: `mutation ($file: Upload!) { importJournalEntries(file: $file, dryRun: false) {
          committed entryCount errors { row field message } } }`,
        variables: { file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([csv], { type: 'text/csv' }), 'history.csv');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    expect(body.data.importJournalEntries.errors).toEqual([]);
    return body.data.importJournalEntries.entryCount as number;
  };
  const post = (e: Generated) =>
    t.post(
      e.date,
      e.lines.map(([n, d, c]) => [
        ids[n],
        d === null ? null : money(d),
        c === null ? null : money(c),
      ]),
    );

  // Manual entries, the bulk import, and after the reclassification the reclassified account's
  // postings in its new fund.
  async function generalLedger() {
    const generated = Array.from({ length: 950 }, () => generateEntry(randomDate()));
    // Postings on both sides of every date a report is compared on, so each boundary matters.
    const edges = [MID, END, PERIOD.from, PERIOD.to].flatMap((d) => [day(d, -1), d, day(d, 1)]);
    const manual = [
      ...generated.slice(0, 300),
      ...edges.filter((d) => d <= END).map((d) => generateEntry(d)),
    ];
    const imported = generated.slice(300).sort((a, b) => a.date.localeCompare(b.date));
    for (const e of manual) await post(e);

    const rows = ['date,reference,account,debit,credit,memo'];
    const row = (date: string, ref: string, [n, d, c]: Line) =>
      rows.push(
        `${date},${ref},${n},${d === null ? '' : money(d)},${c === null ? '' : money(c)},${ref}`,
      );
    imported.forEach((e, i) => {
      for (const l of e.lines) row(e.date, `GEN-${i + 1}`, l);
    });
    // Sums past 2^53 cents: eleven reserve investments against operating equity, both sides
    // interfund, at the largest amount a line takes.
    for (let i = 0; i < 11; i++) {
      const ref = `BIG-${i + 1}`;
      const date = dateIn(3, 1 + i);
      row(date, ref, ['1520', 999_999_999_999_999, null]);
      row(date, ref, ['3010', null, 999_999_999_999_999]);
    }
    expect(await importCsv(rows.join('\n') + '\n')).toBe(imported.length + 11);
  }

  async function reclassification() {
    await ok(
      `mutation ($id: ID!, $input: UpdateAccountInput!) { updateAccount(id: $id, input: $input) { fundType } }`,
      { id: ids[RECLASS.number], input: { fundType: 'RESERVE', effectiveDate: RECLASS.date } },
    );
    // Now a reserve expense: paid from either fund's cash.
    for (let i = 0; i < 15; i++) {
      const c = amount();
      await post({
        date: day(RECLASS.date, int(0, 91)),
        lines: [
          [RECLASS.number, c, null],
          [pick(['1010', '1510']), null, c],
        ],
      });
    }
  }

  // Units in a monthly group billed for twelve months, payments of every kind, voids, a
  // write-off, late fees, an opening balance and an opening credit.
  async function receivables() {
    const kit = receivablesKit(() => t, ids);
    ids.monthly = await kit.group(
      'Monthly dues',
      'MONTHLY',
      [
        [ids.house, '250.00', '25.00'],
        [ids.condo, '180.00', '0.00'],
      ],
      { specialIncomeAccountId: ids['4520'], lateFee: lateFeePolicy(ids) },
    );
    const profiles = ['steady', 'partial', 'ahead', 'random', 'steady', 'late'];
    const units: { id: string; number: string; dues: number; profile: string }[] = [];
    for (let i = 1; i <= 24; i++) {
      const house = i % 2 === 1;
      const number = `U-${String(i).padStart(2, '0')}`;
      const id = await kit.unit(number, ids.monthly, house ? ids.house : ids.condo);
      units.push({
        id,
        number,
        dues: house ? 27_500 : 18_000,
        profile: i === 24 ? 'defaulter' : profiles[i % profiles.length],
      });
    }
    const SET = `mutation ($input: UnitOpeningBalanceInput!) { setUnitOpeningBalance(input: $input) { unitId } }`;
    await ok(SET, { input: { unitId: units[0].id, date: OPENING, amount: '450.00' } });
    await ok(SET, { input: { unitId: units[1].id, date: OPENING, amount: '-120.00' } });

    const payments: { id: string; month: number; profile: string }[] = [];
    for (let month = 1; month <= 12; month++) {
      expect(await t.assessmentRun(`${YEAR}-${String(month).padStart(2, '0')}`)).toBe(units.length);
      // A fine now and then (income of either fund); two of them voided (from units without a
      // credit, which would pay the fine at once).
      if (month % 3 === 2) {
        const voided = month === 2 || month === 8;
        const u = voided ? units.find((x) => x.profile === 'partial')! : pick(units);
        const fine = await t.invoice(u.id, dateIn(month, 3), [
          [month % 2 ? ids['4090'] : ids['4510'], money(int(2_500, 15_000)), 'Fine'],
        ]);
        if (voided) {
          await ok(`mutation ($id: ID!, $d: LocalDate) { voidInvoice(id: $id, date: $d) { id } }`, {
            id: fine,
            d: dateIn(month, 4),
          });
        }
      }
      // A steady payer's payment of a month earlier is voided (a bounced check).
      if (month === 6 || month === 10) {
        const bounced = payments.find((p) => p.month === month - 1 && p.profile === 'steady')!;
        await ok(`mutation ($id: ID!, $d: LocalDate) { voidPayment(id: $id, date: $d) { id } }`, {
          id: bounced.id,
          d: dateIn(month, 2),
        });
      }
      for (const u of units) {
        let c = 0;
        if (u.profile === 'steady') c = chance(0.92) ? u.dues : 0;
        else if (u.profile === 'partial') c = Math.round((u.dues * int(40, 90)) / 100);
        else if (u.profile === 'ahead') c = month % 3 === 0 ? u.dues * int(2, 4) + int(0, 999) : 0;
        else if (u.profile === 'late') c = month % 2 === 0 ? u.dues * 2 : 0;
        else if (u.profile === 'random') c = chance(0.8) ? int(1, u.dues * 2) : 0;
        else if (u.profile === 'defaulter') c = month <= 4 ? u.dues : 0;
        if (c === 0) continue;
        const id = await t.payment(u.id, dateIn(month, int(5, 27)), money(c), {
          depositAccountId: chance(0.85) ? ids['1010'] : ids['1510'],
        });
        payments.push({ id, month, profile: u.profile });
      }
      if (month % 3 === 1) {
        await ok(`mutation ($asOf: LocalDate) { assessLateFees(asOf: $asOf) { created } }`, {
          asOf: dateIn(month, 28),
        });
      }
      if (month === 11) {
        const open = (await kit.invoicesOf(units[23].id)).filter(
          (i: any) => i.status !== 'PAID' && i.status !== 'VOID' && i.balance !== '0.00',
        );
        const oldest = open.sort((a: any, b: any) => a.issueDate.localeCompare(b.issueDate))[0];
        await ok(
          `mutation ($input: WriteOffInvoiceInput!) { writeOffInvoice(input: $input) { status } }`,
          { input: { invoiceId: oldest.id, accountId: ids['6900'], date: dateIn(11, 29) } },
        );
      }
    }
  }

  // Bills from six vendors through the year (operating and reserve lines), paid in monthly runs
  // by check, ACH or card, in part or in full; now and then a payment is voided (its bills open
  // again) and an unpaid bill is voided.
  const payablesDates = [`${YEAR}-03-25`, `${YEAR}-03-31`, `${YEAR}-06-25`, `${YEAR}-09-15`];
  async function payables() {
    await ok(
      `mutation ($input: SetBankAccountInput!) { setBankAccount(input: $input) { accountId } }`,
      { input: { accountId: ids['1020'], institution: 'Crosscheck Bank', maskedNumber: '1020' } },
    );
    const vendors: string[] = [];
    for (let i = 1; i <= 6; i++)
      vendors.push(await t.vendor(`Vendor ${i}`, { is1099: i % 2 === 0 }));
    const bills: { id: string; vendor: string; date: string; due: string; open: number }[] = [];
    const payments: { id: string; date: string; items: [string, number][] }[] = [];
    const run = async (method: string, date: string, bank: string, items: [string, number][]) => {
      const d = await ok(
        `mutation ($input: CreatePaymentRunInput!) { createPaymentRun(input: $input) {
          payments { id applications { billId amount } } } }`,
        {
          input: {
            bankAccountId: ids[bank],
            method,
            date,
            payThrough: day(date, 60),
            items: items.map(([billId, c]) => ({ billId, amount: money(c) })),
          },
        },
      );
      for (const p of d.createPaymentRun.payments) {
        payments.push({
          id: p.id,
          date,
          items: p.applications.map((x: any) => [x.billId, Number(cents(x.amount))]),
        });
      }
    };
    for (let month = 1; month <= 12; month++) {
      for (let k = 0; k < 4; k++) {
        const date = dateIn(month, int(1, 18));
        const lines = Array.from({ length: int(1, 2) }, () => ({
          accountId: ids[pick(['5010', '5020', '5030', '6510', '6520'])],
          amount: money(int(1_000, 400_000)),
        }));
        const total = lines.reduce((sum, l) => sum + Number(cents(l.amount)), 0);
        const due = day(date, int(5, 45));
        const vendor = pick(vendors);
        const d = await ok(
          `mutation ($input: CreateBillInput!) { createBill(input: $input) { id } }`,
          {
            input: { vendorId: vendor, billDate: date, dueDate: due, lines },
          },
        );
        bills.push({ id: d.createBill.id, vendor, date, due, open: total });
      }
      // A run on the 20th: bills entered by then, due within 60 days, in full or in part.
      const date = dateIn(month, 20);
      const due = bills.filter((b) => b.open > 0 && b.date <= date && b.due <= day(date, 60));
      const chosen = due.filter(() => chance(0.7));
      if (chosen.length) {
        const method = pick(['CHECK', 'ACH', 'CARD']);
        const bank = method === 'CHECK' ? '1020' : pick(['1020', '1510']);
        const items = chosen.map((b): [string, number] => [
          b.id,
          chance(0.7) ? b.open : int(1, b.open),
        ]);
        for (const [id, c] of items) bills.find((b) => b.id === id)!.open -= c;
        await run(method, date, bank, items);
      }
      // Every third month a payment of the month before is voided and an unpaid bill too.
      if (month % 3 === 0) {
        const last = payments.filter((p) => p.date < dateIn(month, 1)).at(-1);
        if (last) {
          await ok(
            `mutation ($id: ID!, $date: LocalDate!) { voidBillPayment(id: $id, date: $date, reason: "Returned") { id } }`,
            { id: last.id, date: dateIn(month, 25) },
          );
          for (const [id, c] of last.items) bills.find((b) => b.id === id)!.open += c;
        }
        const paid = new Set(payments.flatMap((p) => p.items.map(([id]) => id)));
        const unpaid = bills.find(
          (b) => b.open > 0 && !paid.has(b.id) && b.date <= dateIn(month, 26),
        );
        if (unpaid) {
          await ok(
            `mutation ($id: ID!, $date: LocalDate!) { voidBill(id: $id, date: $date, reason: "Entered twice") { id } }`,
            { id: unpaid.id, date: dateIn(month, 26) },
          );
          unpaid.open = 0;
        }
      }
    }
    payablesDates.push(...payments.slice(0, 3).map((p) => p.date));
  }

  // Every journal line through the API, as an hledger journal: one transaction per entry, each
  // line under the fund and type it was posted in.
  async function exportJournal() {
    const lines: any[] = [];
    let after: string | null = null;
    do {
      const d: any = await ok(
        `query ($after: String) { journalLines(first: 1000, after: $after) {
          edges { node { entryId entryNumber date accountNumber accountType fundType debit credit } }
          pageInfo { hasNextPage endCursor } } }`,
        { after },
      );
      lines.push(...d.journalLines.edges.map((e: any) => e.node));
      after = d.journalLines.pageInfo.hasNextPage ? d.journalLines.pageInfo.endCursor : null;
    } while (after);
    const entries = new Map<string, any[]>();
    for (const l of lines) {
      if (!entries.has(l.entryId)) entries.set(l.entryId, []);
      entries.get(l.entryId)!.push(l);
    }
    const out: string[] = [];
    for (const entryLines of entries.values()) {
      const [first] = entryLines;
      // Every line of an entry carries the entry's date, and every fund balances in it.
      const perFund = new Map<string, bigint>();
      out.push(`${first.date} (${first.entryNumber}) entry ${first.entryNumber}`);
      for (const l of entryLines) {
        expect(l.date).toBe(first.date);
        const v = cents(l.debit) - cents(l.credit);
        perFund.set(l.fundType, (perFund.get(l.fundType) ?? 0n) + v);
        out.push(`    ${key(l.fundType, l.accountType, l.accountNumber)}  ${money(v)}`);
      }
      for (const [fund, sum] of perFund) expect(sum, `entry ${first.entryNumber} ${fund}`).toBe(0n);
      out.push('');
    }
    entryCount = entries.size;
    const total = await ok('{ journalEntries { totalCount } }');
    expect(entries.size).toBe(total.journalEntries.totalCount);
    writeFileSync(file, out.join('\n'));
  }

  beforeAll(async () => {
    requireHledger('the ledger cross-check');
    dir = mkdtempSync(join(tmpdir(), 'covenant-hledger-'));
    file = join(dir, 'books.journal');
    app = await startTestApp();
    t = await createTenant(app, 'Crosscheck HOA');
    Object.assign(ids, await receivablesChart(t));
    Object.assign(ids, { 1010: ids.cash, 4010: ids.income, 4020: ids.special, 4090: ids.fees });
    for (const [number, type, fundType, initialBalance] of CHART) {
      ids[number] = await t.account(number, type, {
        fundType,
        ...(initialBalance ? { initialBalance, openingDate: OPENING } : {}),
      });
    }
    await receivables();
    await generalLedger();
    await reclassification();
    await payables();
    await exportJournal();
    // The size the cross-check is meant to run on.
    expect(entryCount).toBeGreaterThanOrEqual(1500);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each([MID, END])(
    'trial balance per fund as of %s equals hledger, and each fund balances',
    async (asOf) => {
      const h = hledgerBalances(file, '-e', day(asOf, 1));
      for (const fund of FUNDS) {
        const { trialBalance: tb } = await ok(
          `query ($asOf: LocalDate!, $f: FundType) { trialBalance(asOf: $asOf, fundType: $f) {
          totalDebit totalCredit rows { number type fundType debitBalance creditBalance } } }`,
          { asOf, f: fund },
        );
        const ours = new Map<string, bigint>();
        for (const r of tb.rows) {
          expect(r.fundType).toBe(fund);
          const k = key(r.fundType, r.type, r.number);
          expect(ours.has(k), k).toBe(false);
          ours.set(k, cents(r.debitBalance) - cents(r.creditBalance));
        }
        const prefix = `${fund.toLowerCase()}:`;
        const theirs = new Map([...h].filter(([k]) => k.startsWith(prefix)));
        expect(asMoney(ours), `${fund} as of ${asOf}`).toEqual(asMoney(theirs));
        // Debits equal credits, and equal hledger's debit balances.
        const debits = [...theirs.values()].filter((v) => v > 0n).reduce((a, b) => a + b, 0n);
        expect(tb.totalDebit).toBe(tb.totalCredit);
        expect(tb.totalDebit).toBe(money(debits));
      }
    },
  );

  it.each([MID, END])('each fund satisfies the accounting identity as of %s', async (asOf) => {
    const totals = hledgerBalances(file, '--depth', '2', '-e', day(asOf, 1));
    const { fundBalances } = await ok(
      `query ($asOf: LocalDate) { fundBalances(asOf: $asOf) {
        fundType assets liabilities equity income expenses netAssets } }`,
      { asOf },
    );
    for (const fund of FUNDS) {
      const f = fund.toLowerCase();
      const of = (type: string) => totals.get(`${f}:${type}`) ?? 0n;
      const assets = of('asset');
      const liabilities = -of('liability');
      const equity = -of('equity');
      const income = -of('income');
      const expenses = of('expense');
      expect(assets - liabilities - equity - (income - expenses), fund).toBe(0n);
      expect(
        fundBalances.find((b: any) => b.fundType === fund),
        `${fund} as of ${asOf}`,
      ).toEqual({
        fundType: fund,
        assets: money(assets),
        liabilities: money(liabilities),
        equity: money(equity),
        income: money(income),
        expenses: money(expenses),
        netAssets: money(assets - liabilities),
      });
    }
  });

  it.each([MID, END])(
    'the receivable and Prepaid Assessments agree with aging as of %s',
    async (asOf) => {
      const h = hledgerBalances(file, '-e', day(asOf, 1));
      const { accounts, receivablesSettings: s } = await ok(
        '{ accounts { id number type fundType } receivablesSettings { receivableAccountId prepaidAccountId } }',
      );
      const account = (id: string) => accounts.find((a: any) => a.id === id);
      const ar = account(s.receivableAccountId);
      const prepaid = account(s.prepaidAccountId);
      const { agingReport: a } = await ok(
        `query ($asOf: LocalDate) { agingReport(asOf: $asOf) { receivableBalance prepaidBalance
        totals { credit total } } }`,
        { asOf },
      );
      const arBalance = h.get(key(ar.fundType, ar.type, ar.number)) ?? 0n;
      const prepaidBalance = h.get(key(prepaid.fundType, prepaid.type, prepaid.number)) ?? 0n;
      // Both are live on these dates (the checks would be empty otherwise).
      expect([arBalance > 0n, prepaidBalance < 0n], `${arBalance} ${prepaidBalance}`).toEqual([
        true,
        true,
      ]);
      expect(a.totals.total).toBe(money(arBalance));
      expect(a.receivableBalance).toBe(money(arBalance));
      expect(a.prepaidBalance).toBe(money(-prepaidBalance));
      expect(a.totals.credit).toBe(money(prepaidBalance));
    },
  );

  it('Accounts Payable and the bank accounts equal hledger, and the payables aging ties to them', async () => {
    const { accounts, payablesSettings } = await ok(
      '{ accounts { id number type fundType } payablesSettings { payableAccountId } }',
    );
    const ap = accounts.find((x: any) => x.id === payablesSettings.payableAccountId);
    const banks = ['1010', '1020', '1510'].map((n) => accounts.find((x: any) => x.number === n));
    for (const asOf of [...new Set([...payablesDates, MID, END])].sort()) {
      const h = hledgerBalances(file, '-e', day(asOf, 1));
      const { payablesAging: aging, accountBalances } = await ok(
        `query ($asOf: LocalDate) {
          payablesAging(asOf: $asOf) { controlBalance ties totals { total billCount } }
          accountBalances(asOf: $asOf) { accountId balance } }`,
        { asOf },
      );
      const owed = -(h.get(key(ap.fundType, ap.type, ap.number)) ?? 0n);
      expect(owed, `AP on ${asOf}`).toBeGreaterThan(0n);
      expect(aging.controlBalance, `control balance on ${asOf}`).toBe(money(owed));
      expect(aging.totals.total, `aging on ${asOf}`).toBe(money(owed));
      expect(aging.ties).toBe(true);
      for (const b of banks) {
        const ours = accountBalances.find((x: any) => x.accountId === b.id);
        const theirs = h.get(key(b.fundType, b.type, b.number)) ?? 0n;
        expect(ours?.balance ?? '0.00', `${b.number} on ${asOf}`).toBe(money(theirs));
      }
    }
    // The books compared hold payments of every kind, some of them void.
    const { checkRegister } = await ok(
      `{ checkRegister(from: "${YEAR}-01-01", to: "${END}") { method status } }`,
    );
    expect(new Set(checkRegister.map((r: any) => r.method))).toEqual(
      new Set(['CHECK', 'ACH', 'CARD']),
    );
    expect(checkRegister.some((r: any) => r.status === 'VOID')).toBe(true);
  });

  it('account activity for a period equals hledger per fund', async () => {
    const { from, to } = PERIOD;
    const end = day(to, 1);
    const opening = hledgerBalances(file, '-e', from);
    const closing = hledgerBalances(file, '-e', end);
    const debits = hledgerBalances(file, '-b', from, '-e', end, 'amt:>0');
    const credits = hledgerBalances(file, '-b', from, '-e', end, 'amt:<0');
    const change = hledgerBalances(file, '-b', from, '-e', end);
    for (const fund of FUNDS) {
      const { accountActivity } = await ok(
        `query ($from: LocalDate!, $to: LocalDate!, $f: FundType) {
          accountActivity(from: $from, to: $to, fundType: $f) {
            number type fundType openingBalance debit credit change closingBalance } }`,
        { from, to, f: fund },
      );
      const prefix = `${fund.toLowerCase()}:`;
      const keys = new Set(
        [opening, closing, debits, credits]
          .flatMap((m) => [...m.keys()])
          .filter((k) => k.startsWith(prefix)),
      );
      const ours: Record<string, unknown> = {};
      for (const r of accountActivity) {
        expect(r.fundType).toBe(fund);
        const row = {
          openingBalance: r.openingBalance,
          debit: r.debit,
          credit: r.credit,
          change: r.change,
          closingBalance: r.closingBalance,
        };
        if (Object.values(row).every((v) => v === '0.00')) continue;
        ours[key(r.fundType, r.type, r.number)] = row;
      }
      const theirs: Record<string, unknown> = {};
      for (const k of keys) {
        const sign = debitNormal(k.split(':')[1].toUpperCase()) ? 1n : -1n;
        theirs[k] = {
          openingBalance: money(sign * (opening.get(k) ?? 0n)),
          debit: money(debits.get(k) ?? 0n),
          credit: money(-(credits.get(k) ?? 0n)),
          change: money(sign * (change.get(k) ?? 0n)),
          closingBalance: money(sign * (closing.get(k) ?? 0n)),
        };
      }
      expect(ours, `${fund} ${from}..${to}`).toEqual(theirs);
    }
  });
  it("a month's board packet equals hledger: balance sheet by fund, the month's income and expense, the general ledger", async () => {
    const month = `${YEAR}-06`;
    const from = `${month}-01`;
    const session = await openTenant(app.services, t.org.id);
    const d = await boardPacketData({
      em: session.em,
      platformEm: app.services.platformOrm.em.fork() as EntityManager,
      org: session.org,
      month,
      draft: true,
      ownerNames: false,
    });
    const end = day(MID, 1);
    const atEnd = hledgerBalances(file, '--depth', '2', '-e', end);
    for (const fund of FUNDS) {
      const f = fund.toLowerCase() as 'operating' | 'reserve';
      expect(d.balanceSheet.assets.total[f], `${fund} assets`).toBe(atEnd.get(`${f}:asset`) ?? 0n);
      expect(d.balanceSheet.liabilities.total[f], `${fund} liabilities`).toBe(
        -(atEnd.get(`${f}:liability`) ?? 0n),
      );
    }
    // By account number (an account's lines keep the fund and type they were posted in; the
    // packet names the account as it is now).
    const byNumber = (m: Map<string, bigint>) => {
      const out = new Map<string, bigint>();
      for (const [k, v] of m) {
        const n = k.split(':')[2];
        out.set(n, (out.get(n) ?? 0n) + v);
      }
      return out;
    };
    const change = byNumber(hledgerBalances(file, '-b', from, '-e', end));
    for (const l of d.incomeMonth.lines) {
      const sign = String(l.type).toUpperCase() === 'EXPENSE' ? 1n : -1n;
      expect(l.actual, `income statement ${l.number}`).toBe(sign * (change.get(l.number) ?? 0n));
    }
    expect(d.incomeMonth.lines.some((l) => l.actual !== 0n)).toBe(true);
    const opening = byNumber(hledgerBalances(file, '-e', from));
    const closing = byNumber(hledgerBalances(file, '-e', end));
    const debits = byNumber(hledgerBalances(file, '-b', from, '-e', end, 'amt:>0'));
    const credits = byNumber(hledgerBalances(file, '-b', from, '-e', end, 'amt:<0'));
    expect(d.ledger.length).toBeGreaterThan(5);
    for (const a of d.ledger) {
      const sign = debitNormal(String(a.type).toUpperCase()) ? 1n : -1n;
      expect(
        { opening: a.opening, debits: a.debits, credits: a.credits, closing: a.closing },
        `general ledger ${a.number}`,
      ).toEqual({
        opening: sign * (opening.get(a.number) ?? 0n),
        debits: debits.get(a.number) ?? 0n,
        credits: -(credits.get(a.number) ?? 0n),
        closing: sign * (closing.get(a.number) ?? 0n),
      });
    }
  });
});
