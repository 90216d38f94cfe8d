/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import { sql } from '../../db/sql.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  lateFeePolicy,
  receivablesChart,
  receivablesKit,
  type Ids,
} from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { renderOwnerStatement } from './owner-statements.pdf.js';
import { statementPath, type StatementDocument } from './owner-statements.service.js';

// A unit's monthly statement is its unit ledger cut at the month's ends: every figure and row is
// the treasurer's, for the same dates. The books: unit S-1 billed 250.00 a month (due the 10th,
// late fees after 5 days), paid January, not February; in March a payment, a credit, a late fee,
// a second payment and that payment voided (the check bounced).

const MONTHS = `query ($u: ID!) { ownerStatements(unitId: $u) {
  month openingBalance charges payments closingBalance } }`;
const STATEMENT = `query ($u: ID!, $m: String!) { ownerStatement(unitId: $u, month: $m) {
  unitId unitNumber month periodStart periodEnd statementDate openingBalance charges payments
  closingBalance amountDue howToPay downloadUrl
  lines { date kind description charge payment balance invoiceId paymentId }
  dueItems { amount dueDate } } }`;
const LEDGER = `query ($u: ID!) { unitLedger(unitId: $u, first: 1000) {
  date kind reference charge payment balance invoiceId paymentId } }`;

// April 15th, 2026, noon in New York.
const APRIL_15 = new Date('2026-04-15T16:00:00Z');

const cents = (s: string) => {
  const neg = s.startsWith('-');
  const [w, f] = (neg ? s.slice(1) : s).split('.');
  return (neg ? -1n : 1n) * (BigInt(w) * 100n + BigInt(f));
};
const money = (c: bigint) => {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};
const code = (res: any) => res.body.errors?.[0]?.extensions?.code;

describe('owner statements', () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;
  const ids: Ids = {};
  let owner: { token: string; userId: string; email: string };
  let dir: string;

  beforeAll(async () => {
    setClock(() => APRIL_15);
    app = await startTestApp();
    t = await createTenant(app, 'Willow Creek HOA');
    other = await createTenant(app, 'Harbor Point HOA');
    Object.assign(ids, await receivablesChart(t));
    ids.writeOffs = await t.account('6900', 'EXPENSE', { name: 'Bad debt' });
    const kit = receivablesKit(() => t, ids);
    ids.monthly = await kit.group('Monthly dues', 'MONTHLY', [[ids.house, '250.00', '0.00']], {
      lateFee: lateFeePolicy(ids),
    });
    ids.s1 = await t.unit('S-1', {
      groupId: ids.monthly,
      propertyTypeId: ids.house,
      ownerName: 'Dana Whitfield',
      address: '14 Willow Lane\nSpringfield, IL 62704',
    });
    ids.s2 = await kit.unit('S-2');
    for (const m of ['2026-01', '2026-02', '2026-03', '2026-04']) await t.assessmentRun(m);
    const pay = (unitId: string, date: string, amount: string, reference: string) =>
      t.payment(unitId, date, amount, { depositAccountId: ids.cash, reference });
    await pay(ids.s1, '2026-01-08', '250.00', '1001');
    await pay(ids.s2, '2026-01-09', '250.00', '77');
    // March: February paid late; a credit brought from the old books; the late fee on March;
    // a payment of all that was open, then voided (the check bounced).
    await pay(ids.s1, '2026-03-03', '250.00', '1002');
    await t.ok(
      `mutation ($input: UnitOpeningBalanceInput!) { setUnitOpeningBalance(input: $input) { paymentId } }`,
      {
        input: {
          unitId: ids.s1,
          amount: '-40.00',
          date: '2026-03-12',
          memo: 'Credit from the old books',
        },
      },
    );
    await t.ok(`mutation { assessLateFees(asOf: "2026-03-16") { created } }`);
    ids.bounced = await pay(ids.s1, '2026-03-20', '238.15', '1003');
    await t.ok(`mutation ($id: ID!) { voidPayment(id: $id, date: "2026-03-25") { id } }`, {
      id: ids.bounced,
    });
    owner = await t.owner([ids.s1], 'dana@example.com');
    const { em } = await openTenant(app.services, t.org.id);
    await sql(em).run(
      `UPDATE owner_portal_settings SET contact_name = ?, contact_email = ?, contact_phone = ?,
         mailing_address = ?`,
      [
        'Morgan Lee, Treasurer',
        'treasurer@willowcreek.example',
        '(217) 555-0142',
        'Willow Creek HOA\nPO Box 412\nSpringfield, IL 62705',
      ],
    );
    dir = process.env.STATEMENT_PREVIEW_DIR ?? mkdtempSync(join(tmpdir(), 'owner-statement-'));
    mkdirSync(dir, { recursive: true });
  });
  afterEach(() => setClock(() => APRIL_15));
  afterAll(async () => {
    setClock();
    await app?.close();
  });

  const ledger = async (unitId: string) => (await t.ok(LEDGER, { u: unitId })).unitLedger as any[];

  // The ledger's figures for a period, read the way a treasurer reads the unit's page.
  function fromLedger(rows: any[], from: string, to: string) {
    const before = rows.filter((r) => r.date < from);
    const inside = rows.filter((r) => r.date >= from && r.date <= to);
    const opening = before.length ? before.at(-1).balance : '0.00';
    const closing = inside.length ? inside.at(-1).balance : opening;
    const sum = (k: string) => money(inside.reduce((s, r) => s + cents(r[k]), 0n));
    return { opening, closing, charges: sum('charge'), payments: sum('payment'), inside };
  }

  it("is the unit ledger cut at the month's ends: March with a payment, a credit, a late fee and a voided payment", async () => {
    const rows = await ledger(ids.s1);
    const march = (await t.ok(STATEMENT, { u: ids.s1, m: '2026-03' })).ownerStatement;
    const l = fromLedger(rows, '2026-03-01', '2026-03-31');
    expect(march).toMatchObject({
      unitId: ids.s1,
      unitNumber: 'S-1',
      month: '2026-03',
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      statementDate: '2026-04-01',
      openingBalance: l.opening,
      charges: l.charges,
      payments: l.payments,
      closingBalance: l.closing,
    });
    // The figures in words: February's 250.00 was owed on March 1; March billed 250.00 and a
    // late fee on the 210.00 left after the payment and the credit (25.00 + 1.5 %); the bounced
    // check came and went.
    expect(march.openingBalance).toBe('250.00');
    expect(march.charges).toBe('278.15');
    expect(march.payments).toBe('290.00');
    expect(march.closingBalance).toBe('238.15');
    expect(march.amountDue).toBe('238.15');
    expect(cents(march.openingBalance) + cents(march.charges) - cents(march.payments)).toBe(
      cents(march.closingBalance),
    );
    // Row for row the ledger's rows of March, with their running balances.
    expect(march.lines.map((x: any) => [x.date, x.balance, x.invoiceId, x.paymentId])).toEqual(
      l.inside.map((r) => [r.date, r.balance, r.invoiceId, r.paymentId]),
    );
    expect(
      march.lines.map((x: any) => [x.kind, x.description, x.charge, x.payment, x.balance]),
    ).toEqual([
      ['charge', 'Regular assessment Mar 2026', '250.00', null, '500.00'],
      ['payment', 'Payment — check 1002', null, '250.00', '250.00'],
      ['credit', 'Credit from the old books', null, '40.00', '210.00'],
      ['charge', expect.stringMatching(/^Late fee on INV-\d+$/), '28.15', null, '238.15'],
      ['payment', 'Payment — check 1003', null, '238.15', '0.00'],
      ['void', 'Payment voided', null, '-238.15', '238.15'],
    ]);
    // What is due when: March's dues were due on the 10th (past due by April 1st), the late fee
    // on its own day.
    const due = march.dueItems;
    expect(money(due.reduce((s: bigint, d: any) => s + cents(d.amount), 0n))).toBe('238.15');
    expect(due[0]).toEqual({ amount: '210.00', dueDate: '2026-03-10' });
    // No Stripe account and no instructions: checks payable to the association.
    expect(march.howToPay).toBe(
      'By check: make it payable to Willow Creek HOA and mail it to Willow Creek HOA, PO Box 412, Springfield, IL 62705, with your unit number on the memo line.',
    );
  });

  it('lists every month from the first activity to the current one (to date), newest first, each as the ledger has it', async () => {
    const rows = await ledger(ids.s1);
    const months = (await t.ok(MONTHS, { u: ids.s1 })).ownerStatements;
    expect(months.map((m: any) => m.month)).toEqual(['2026-04', '2026-03', '2026-02', '2026-01']);
    const ends: Record<string, [string, string]> = {
      '2026-01': ['2026-01-01', '2026-01-31'],
      '2026-02': ['2026-02-01', '2026-02-28'],
      '2026-03': ['2026-03-01', '2026-03-31'],
      '2026-04': ['2026-04-01', '2026-04-15'],
    };
    for (const m of months) {
      const l = fromLedger(rows, ...ends[m.month]);
      expect(m, m.month).toEqual({
        month: m.month,
        openingBalance: l.opening,
        charges: l.charges,
        payments: l.payments,
        closingBalance: l.closing,
      });
    }
    // Each month opens where the one before closed.
    for (let i = 0; i < months.length - 1; i++) {
      expect(months[i].openingBalance).toBe(months[i + 1].closingBalance);
    }
    // The current month is read to date, and the single statement agrees.
    const april = (await t.ok(STATEMENT, { u: ids.s1, m: '2026-04' })).ownerStatement;
    expect(april).toMatchObject({
      periodEnd: '2026-04-15',
      statementDate: '2026-04-15',
      openingBalance: months[0].openingBalance,
      closingBalance: months[0].closingBalance,
    });
    // A unit with no activity has no months; a month before its first is all zeros.
    const s3 = await t.unit('S-3', { groupId: ids.monthly, propertyTypeId: ids.house });
    expect((await t.ok(MONTHS, { u: s3 })).ownerStatements).toEqual([]);
    const dec = (await t.ok(STATEMENT, { u: ids.s1, m: '2025-12' })).ownerStatement;
    expect(dec).toMatchObject({ openingBalance: '0.00', closingBalance: '0.00', lines: [] });
  });

  it('an owner reads their own units only; staff (viewers too) any unit of the association', async () => {
    const mine = await t.ok(STATEMENT, { u: ids.s1, m: '2026-03' }, owner.token);
    expect(mine.ownerStatement.closingBalance).toBe('238.15');
    expect((await t.ok(MONTHS, { u: ids.s1 }, owner.token)).ownerStatements).toHaveLength(4);
    // Another unit of the association, another association's unit, no id at all: NOT_FOUND.
    const otherUnit = await other.unit('H-1', {
      groupId: await other.group({
        name: 'Dues',
        regularIncomeAccountId: await other.account('4010', 'INCOME'),
        rates: [{ propertyTypeId: await other.propertyType('House'), regular: '100.00' }],
      }),
      propertyTypeId: (await other.ok('{ propertyTypes { id } }')).propertyTypes[0].id,
    });
    for (const u of [ids.s2, otherUnit, 'not-an-id']) {
      expect(code(await t.gql(STATEMENT, { u, m: '2026-03' }, owner.token)), u).toBe('NOT_FOUND');
      expect(code(await t.gql(MONTHS, { u }, owner.token)), u).toBe('NOT_FOUND');
    }
    expect(code(await t.gql(STATEMENT, { u: otherUnit, m: '2026-03' }))).toBe('NOT_FOUND');
    expect(code(await t.gql(MONTHS, { u: otherUnit }))).toBe('NOT_FOUND');
    // Staff: a viewer and a user read any unit.
    for (const token of [t.viewer, t.user]) {
      expect(
        (await t.ok(STATEMENT, { u: ids.s2, m: '2026-01' }, token)).ownerStatement,
      ).toMatchObject({
        unitNumber: 'S-2',
        closingBalance: '0.00',
      });
    }
    // Another association's owner, asking for this association's unit: not theirs.
    const stranger = await other.owner([otherUnit]);
    expect(code(await t.gql(STATEMENT, { u: ids.s1, m: '2026-03' }, stranger.token))).toBe(
      'NOT_FOUND',
    );
  });

  it('refuses a month that is not one, or not yet, with the field named', async () => {
    for (const m of ['2026-3', '2026-13', 'March', '2026-03-01', '1899-12', '']) {
      const res = await t.gql(STATEMENT, { u: ids.s1, m });
      expect(res.body.errors![0].extensions, m).toMatchObject({
        code: 'BAD_USER_INPUT',
        details: [{ field: 'month', message: 'Use a month as YYYY-MM, e.g. 2026-03' }],
      });
    }
    const future = await t.gql(STATEMENT, { u: ids.s1, m: '2026-05' }, owner.token);
    expect(future.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        { field: 'month', message: 'A statement covers a month up to the current one (2026-04)' },
      ],
    });
  });

  it('says to pay online when the association’s Stripe account takes charges, then its own instructions', async () => {
    const platform = app.services.platformOrm.em.fork();
    await sql(platform as any).run(
      `INSERT INTO stripe_connected_accounts (organization_id, account_id, charges_enabled)
       VALUES (?, 'acct_1WillowCreek', true)`,
      [t.org.id],
    );
    const { em } = await openTenant(app.services, t.org.id);
    await sql(em).run(`UPDATE owner_portal_settings SET payment_instructions = ?`, [
      'Checks payable to Willow Creek HOA, PO Box 412, Springfield, IL 62705.\nACH: ask the treasurer for the bank details.',
    ]);
    try {
      const s = (await t.ok(STATEMENT, { u: ids.s1, m: '2026-03' }, owner.token)).ownerStatement;
      expect(s.howToPay).toBe(
        [
          `Pay online: sign in to the owner portal at ${app.services.publicUrl}/owner and choose Pay (card or US bank account).`,
          'Checks payable to Willow Creek HOA, PO Box 412, Springfield, IL 62705.',
          'ACH: ask the treasurer for the bank details.',
        ].join('\n'),
      );
    } finally {
      await sql(platform as any).run(
        'DELETE FROM stripe_connected_accounts WHERE organization_id = ?',
        [t.org.id],
      );
      await sql(em).run(`UPDATE owner_portal_settings SET payment_instructions = NULL`);
    }
  });

  it('downloads the PDF from a signed link for that unit and month only, for 5 minutes', async () => {
    const s = (await t.ok(STATEMENT, { u: ids.s1, m: '2026-03' }, owner.token)).ownerStatement;
    expect(s.downloadUrl).toMatch(
      new RegExp(`^/exports/${t.org.id}/owner-statements/${ids.s1}/2026-03\\?exp=\\d+&sig=`),
    );
    const res = await fetch(`${app.url}${s.downloadUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toBe(
      'inline; filename="statement-S-1-2026-03.pdf"',
    );
    const file = join(dir, 'statement-S-1-2026-03.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages).toHaveLength(1);
    const page = pages[0].replace(/[ \t]+/g, ' ');
    for (const words of [
      'Willow Creek HOA',
      'PO Box 412',
      '(217) 555-0142 · treasurer@willowcreek.example',
      'Statement',
      'March 2026',
      'Statement date Apr 1, 2026',
      'Period Mar 1, 2026 – Mar 31, 2026',
      'Dana Whitfield',
      '14 Willow Lane',
      'Opening balance on Mar 1, 2026 $250.00',
      '+ Charges $278.15',
      '− Payments and credits $290.00',
      '= Balance on Mar 31, 2026 $238.15',
      'Amount due $238.15',
      'Due now',
      'Payment — check 1003 $238.15 $0.00',
      'Payment voided ($238.15) $238.15',
      'Credit from the old books $40.00 $210.00',
      'Mar 10, 2026 · past due $210.00',
      'Make checks payable to Willow Creek HOA',
      'Questions about your account?',
      'Morgan Lee, Treasurer',
      'Amount enclosed',
    ]) {
      expect(page, words).toContain(words);
    }
    // The page as an image, for a person to look at.
    execFileSync('pdftoppm', [
      '-r',
      '110',
      '-png',
      '-f',
      '1',
      '-l',
      '1',
      file,
      join(dir, 'statement'),
    ]);
    expect(readFileSync(join(dir, 'statement-1.png')).subarray(1, 4).toString()).toBe('PNG');

    // The same link for another unit, another month, or forged: refused. So is an old one.
    const [path, query] = s.downloadUrl.split('?');
    for (const forged of [
      `${path.replace(ids.s1, ids.s2)}?${query}`,
      `${path.replace('2026-03', '2026-02')}?${query}`,
      `${path}?${query.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`)}`,
      path,
    ]) {
      expect((await fetch(`${app.url}${forged}`)).status, forged).toBe(403);
    }
    const old = app.services.urlSigner.sign(
      statementPath(t.org.id, ids.s1, '2026-03'),
      300,
      Date.now() - 301_000,
    );
    expect((await fetch(`${app.url}${old}`)).status).toBe(403);
    const fresh = app.services.urlSigner.sign(statementPath(t.org.id, ids.s1, '2026-03'), 300);
    expect((await fetch(`${app.url}${fresh}`)).status).toBe(200);
  });

  it('runs a long month onto more pages, each naming the unit, with the stub on the last one only', async () => {
    const lines = Array.from({ length: 48 }, (_, i) => ({
      date: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}`,
      kind: i % 2 ? 'payment' : 'charge',
      description: i % 2 ? 'Payment — ACH' : 'Pool key replacement',
      reference: `${i % 2 ? 'PMT' : 'INV'}-${2000 + i}`,
      charge: i % 2 ? null : 1500n,
      payment: i % 2 ? 1500n : null,
      balance: i % 2 ? 0n : 1500n,
      invoiceId: null,
      paymentId: null,
    }));
    const doc: StatementDocument = {
      association: {
        name: 'Willow Creek HOA',
        contactName: null,
        contactEmail: null,
        contactPhone: null,
        mailingAddress: 'Willow Creek HOA, PO Box 412, Springfield, IL 62705',
        paymentInstructions: null,
        onlinePayments: true,
        portalUrl: 'https://hoa.example/owner',
        locale: 'en-US',
      },
      unit: { id: ids.s2, number: 'S-2', address: null, ownerName: null },
      statement: {
        unitId: ids.s2,
        unitNumber: 'S-2',
        month: '2026-03',
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        statementDate: '2026-04-01',
        openingBalance: 0n,
        charges: 36000n,
        payments: 36000n,
        closingBalance: 0n,
        amountDue: 0n,
        lines,
        dueItems: [],
        howToPay:
          'Pay online: sign in to the owner portal at https://hoa.example/owner and choose Pay.',
      },
    };
    const file = join(dir, 'statement-long.pdf');
    writeFileSync(file, await renderOwnerStatement(doc));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    const last = pages.length - 1;
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page.includes('Amount enclosed'), `page ${i + 1}`).toBe(i === last);
      expect(page.includes('Continued on the next page'), `page ${i + 1}`).toBe(i !== last);
      if (i > 0)
        expect(page).toContain('Willow Creek HOA · Statement March 2026 · Unit S-2 (continued)');
    });
    // Every row is printed once, and nothing is due.
    expect(text.match(/Pool key replacement/g)).toHaveLength(24);
    expect(pages[0]).toContain('Nothing is due');
    expect(pages[0]).toContain('Owner of unit S-2');
    // The address on one line after the association's name: the name is not printed twice.
    expect(text).toContain('PO Box 412, Springfield, IL 62705');
    expect(text).not.toContain('Willow Creek HOA, PO Box');
  });
});
