import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { withDatabase } from '../../db/connection.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { isRoutingNumber, normalizeAccountNumber } from './check-settings.service.js';
import { amountInWords, micrLine } from './checks.pdf.js';
import { POSITIVE_PAY_HEADER } from './positive-pay.csv.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const details = (res: Res) => res.body.errors?.[0]?.extensions?.details;

const dir = mkdtempSync(join(tmpdir(), 'covenant-checks-'));

describe('amounts in words, routing numbers, the MICR line', () => {
  it('writes an amount as a check does', () => {
    expect(amountInWords(123456)).toBe('One thousand two hundred thirty-four and 56/100');
    expect(amountInWords(56)).toBe('Zero and 56/100');
    expect(amountInWords(100)).toBe('One and 00/100');
    expect(amountInWords(1905)).toBe('Nineteen and 05/100');
    expect(amountInWords(2000000)).toBe('Twenty thousand and 00/100');
    expect(amountInWords(100000000)).toBe('One million and 00/100');
    expect(amountInWords(11111111)).toBe(
      'One hundred eleven thousand one hundred eleven and 11/100',
    );
    expect(amountInWords(999_999_999_999_999)).toBe(
      'Nine trillion nine hundred ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine and 99/100',
    );
    expect(() => amountInWords(-1)).toThrow();
    expect(() => amountInWords(1.5)).toThrow();
  });

  it('checks routing numbers by their check digit, and account numbers by their digits', () => {
    expect(isRoutingNumber('011000015')).toBe(true);
    expect(isRoutingNumber('021000021')).toBe(true);
    expect(isRoutingNumber('021000022')).toBe(false);
    expect(isRoutingNumber('02100002')).toBe(false);
    expect(isRoutingNumber('02100002a')).toBe(false);
    expect(normalizeAccountNumber('1234-5678 90')).toBe('1234567890');
    expect(normalizeAccountNumber('123')).toBeNull();
    expect(normalizeAccountNumber('123456789012345678')).toBeNull();
    expect(normalizeAccountNumber('12a4')).toBeNull();
  });

  it('places the MICR fields at their positions from the right edge, 1/8 inch each', () => {
    const [aux, transit, onUs] = micrLine('1001', '011000015', '000123456789') as any[];
    expect(aux.text).toBe('C001001C');
    expect(transit.text).toBe('A011000015A');
    expect(onUs.text).toBe('000123456789C');
    const rightEdge = (f: any) => 612 - (f.absolutePosition.x + f.text.length * 9);
    // Position p ends 5/16 inch + (p − 1)/8 inch from the right edge (72 points an inch).
    expect(rightEdge(onUs)).toBeCloseTo(22.5 + 13 * 9);
    expect(rightEdge(transit)).toBeCloseTo(22.5 + 32 * 9);
    expect(rightEdge(aux)).toBeCloseTo(22.5 + 44 * 9);
    // Each field a pitch of exactly 1/8 inch at 12 points.
    expect(onUs.fontSize).toBe(12);
    expect(onUs.characterSpacing).toBeCloseTo(9 - 9.012);
  });
});

describe('printed checks, check settings and positive pay', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const ids: Record<string, string> = {};
  let run: any;

  const DOC = `query ($id: ID!) { document(id: $id) { id kind status error url version title fileName paymentRunId } }`;
  const SET = `mutation ($input: CheckSettingsInput!) { setCheckSettings(input: $input) {
    bankAccountId nextCheckNumber routingNumber accountNumberLast4 micrReady } }`;
  const PRINT = `mutation ($id: ID!) { printChecks(runId: $id) { id kind status version paymentRunId } }`;
  const POSITIVE = `query ($id: ID!) { positivePayFile(runId: $id) { fileName contentType content } }`;

  async function ready(id: string) {
    for (let i = 0; i < 600; i++) {
      const d = (await t.ok(DOC, { id })).document;
      if (d.status !== 'QUEUED') return d;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('checks still queued');
  }
  async function pdf(url: string, name: string) {
    const res = await fetch(`${app.url}${url}`);
    expect(res.status).toBe(200);
    const file = join(dir, name);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    return { file, pages: text.split('\f').filter((p) => p.trim()), fonts };
  }
  const bill = async (vendorId: string, amount: string, invoice: string) =>
    (
      await t.ok(`mutation ($input: CreateBillInput!) { createBill(input: $input) { id } }`, {
        input: {
          vendorId,
          vendorInvoiceNumber: invoice,
          billDate: '2026-03-02',
          dueDate: '2026-03-25',
          lines: [{ accountId: ids.expense, amount }],
        },
      })
    ).createBill.id as string;

  beforeAll(async () => {
    setClock(() => new Date('2026-03-20T16:00:00Z'));
    app = await startTestApp();
    [t, o] = await Promise.all([createTenant(app, 'Maple Court HOA'), createTenant(app)]);
    ids.bank = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    ids.expense = await t.account('5100', 'EXPENSE', { name: 'Landscaping' });
    await t.ok(
      `mutation ($input: SetBankAccountInput!) { setBankAccount(input: $input) { accountId } }`,
      { input: { accountId: ids.bank, institution: 'First Citizens Bank', maskedNumber: '6789' } },
    );
    ids.acme = await t.vendor('Acme Landscaping', {
      address: '12 Elm Street\nSpringfield, IL 62701',
    });
    ids.roof = await t.vendor('Summit Roofing Co.', { address: 'PO Box 77\nDenver, CO 80201' });
    ids.otherBank = await o.account('1010', 'ASSET');
    // Above 5,000.00 a bill needs one approval, and its check two signatures.
    const userId = (await t.ok(`{ me { user { id } } }`, {}, t.user)).me.user.id;
    await t.ok(`mutation ($id: ID!) { setBoardSeat(userId: $id, title: TREASURER) { userId } }`, {
      id: userId,
    });
    await t.ok(
      `mutation { updatePayablesSettings(input: { approvalThreshold: "5000.00", approvalsRequired: 1 }) { approvalsRequired } }`,
    );
    const a1 = await bill(ids.acme, '1000.00', 'INV-4411');
    const a2 = await bill(ids.acme, '234.56', 'INV-4412');
    const big = await bill(ids.roof, '6250.00', 'R-2026-03');
    await t.ok(`mutation ($id: ID!) { approveBill(id: $id) { approval } }`, { id: big }, t.user);
    run = (
      await t.ok(
        `mutation ($input: CreatePaymentRunInput!) { createPaymentRun(input: $input) {
          id number payments { id checkNumber amount vendor { name } } } }`,
        {
          input: {
            bankAccountId: ids.bank,
            method: 'CHECK',
            date: '2026-03-05',
            payThrough: '2026-03-31',
            items: [
              { billId: a1, amount: '1000.00' },
              { billId: a2, amount: '234.56' },
              { billId: big, amount: '6250.00' },
            ],
          },
        },
      )
    ).createPaymentRun;
  });
  afterAll(async () => {
    setClock();
    await app?.close();
  });

  it('sets check settings (admins): routing checked, the account number sealed, its last four shown', async () => {
    const input = {
      bankAccountId: ids.bank,
      routingNumber: '011000015',
      accountNumber: '0001-2345-6789',
    };
    expect(code(await t.gql(SET, { input }, t.user))).toBe('FORBIDDEN');
    expect(code(await t.gql(SET, { input }, t.viewer))).toBe('FORBIDDEN');
    const bad = await t.gql(SET, {
      input: { ...input, routingNumber: '011000016', accountNumber: '12' },
    });
    expect(code(bad)).toBe('BAD_USER_INPUT');
    expect(details(bad)).toEqual([
      { field: 'routingNumber', message: expect.stringMatching(/check digit/) },
      { field: 'accountNumber', message: 'An account number is 4 to 17 digits' },
    ]);
    expect(code(await t.gql(SET, { input: { ...input, bankAccountId: ids.expense } }))).toBe(
      'NOT_FOUND',
    );
    expect(code(await o.gql(SET, { input }))).toBe('NOT_FOUND');
    expect((await t.ok(SET, { input })).setCheckSettings).toEqual({
      bankAccountId: ids.bank,
      nextCheckNumber: 1003,
      routingNumber: '011000015',
      accountNumberLast4: '6789',
      micrReady: true,
    });
    // Only the seal is stored, and it opens for this bank account alone.
    const c = new pg.Client({
      connectionString: withDatabase(app.services.clusterUrl('default'), t.org.dbName),
    });
    await c.connect();
    const [row] = (
      await c.query(
        `SELECT account_number_sealed AS s, account_number_last4 AS l FROM bank_accounts WHERE account_id = $1`,
        [ids.bank],
      )
    ).rows;
    await c.end();
    expect(row.s).toMatch(/^v1\./);
    expect(row.s).not.toContain('123456789');
    expect(row.l).toBe('6789');
    expect(() =>
      app.services.secrets.open(row.s, `bank_account:${ids.expense}:account_number`),
    ).toThrow();
    // A viewer reads the settings, never the whole number.
    const viewed = (
      await t.ok(
        `query ($id: ID!) { checkSettings(bankAccountId: $id) { accountNumberLast4 micrReady } }`,
        { id: ids.bank },
        t.viewer,
      )
    ).checkSettings;
    expect(viewed).toEqual({ accountNumberLast4: '6789', micrReady: true });
    // Clearing the routing number stops the MICR line; setting it back starts it again.
    expect(
      (await t.ok(SET, { input: { bankAccountId: ids.bank, routingNumber: '' } })).setCheckSettings
        .micrReady,
    ).toBe(false);
    await t.ok(SET, { input: { bankAccountId: ids.bank, routingNumber: '011000015' } });
  });

  it('prints the run: a check on top and two stubs per page, amount in words, MICR line', async () => {
    expect(code(await t.gql(PRINT, { id: run.id }, t.viewer))).toBe('FORBIDDEN');
    const queued = (await t.ok(PRINT, { id: run.id })).printChecks;
    expect(queued).toMatchObject({ kind: 'CHECKS', version: 1, paymentRunId: run.id });
    const doc = await ready(queued.id);
    expect(doc).toMatchObject({
      status: 'READY',
      title: 'Checks · Mar 5, 2026',
      fileName: `checks-run-${run.number}-v1.pdf`,
    });
    const latest = (
      await t.ok(`query ($id: ID!) { paymentRun(id: $id) { checks { id version } } }`, {
        id: run.id,
      })
    ).paymentRun.checks;
    expect(latest).toEqual({ id: queued.id, version: 1 });
    const { file, pages, fonts } = await pdf(doc.url, 'run.pdf');
    expect(pages).toHaveLength(2);
    // The MICR font is embedded (a subset).
    expect(fonts).toMatch(/\+GnuMICR\s+CID TrueType\s+Identity-H\s+yes\s+yes/);
    const [acme, roof] = pages;
    expect(acme).toContain('Maple Court HOA');
    expect(acme).toContain('First Citizens Bank');
    expect(acme).toContain('1001');
    expect(acme).toContain('03/05/2026');
    expect(acme).toContain('$**1,234.56');
    expect(acme).toMatch(/One thousand two hundred thirty-four and 56\/100 \*+/);
    expect(acme).toContain('12 Elm Street');
    expect(acme).toContain('Springfield, IL 62701');
    expect(acme).toContain('Invoices INV-4411, INV-4412');
    // The MICR line: ⑈001001⑈ ⑆011000015⑆ 000123456789⑈ in GnuMICR's letters.
    expect(acme).toMatch(/C001001C\s+A011000015A\s+000123456789C/);
    // Both stubs list the bills paid with the vendor's invoice numbers.
    expect(acme.match(/INV-4411\s+03\/02\/2026\s+1,000\.00\s+1,000\.00/g)).toHaveLength(2);
    expect(acme.match(/INV-4412\s+03\/02\/2026\s+234\.56\s+234\.56/g)).toHaveLength(2);
    expect(acme.match(/Total paid\s+1,234\.56/g)).toHaveLength(2);
    expect(acme).toContain('Payee copy');
    expect(acme).toContain('Association copy');
    // One signature line up to the approval threshold, two above it.
    expect(acme.match(/AUTHORIZED SIGNATURE/g)).toHaveLength(1);
    expect(roof.match(/AUTHORIZED SIGNATURE/g)).toHaveLength(2);
    expect(roof).toMatch(/Six thousand two hundred fifty and 00\/100/);
    expect(roof).toMatch(/C001002C\s+A011000015A\s+000123456789C/);
    // Page 1 as an image, for a person to look at.
    execFileSync('pdftoppm', ['-r', '80', '-png', '-f', '1', '-l', '1', file, join(dir, 'run')]);
    const png = readFileSync(join(dir, 'run-1.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('writes the positive-pay file, and a voided check reprints as VOID without its MICR line', async () => {
    expect(code(await t.gql(POSITIVE, { id: run.id }, t.viewer))).toBe('FORBIDDEN');
    const file = (await t.ok(POSITIVE, { id: run.id })).positivePayFile;
    expect(file).toMatchObject({
      fileName: `positive-pay-run-${run.number}.csv`,
      contentType: 'text/csv',
    });
    expect(file.content.charCodeAt(0)).not.toBe(0xfeff);
    const rows = parse(file.content) as string[][];
    expect(rows).toEqual([
      [...POSITIVE_PAY_HEADER],
      ['000123456789', '1001', '03/05/2026', '1234.56', 'Acme Landscaping', 'N'],
      ['000123456789', '1002', '03/05/2026', '6250.00', 'Summit Roofing Co.', 'N'],
    ]);
    const roof = run.payments.find((p: any) => p.checkNumber === '1002');
    await t.ok(
      `mutation ($id: ID!) { voidBillPayment(id: $id, date: "2026-03-06", reason: "Wrong amount") { status } }`,
      { id: roof.id },
    );
    const after = parse((await t.ok(POSITIVE, { id: run.id })).positivePayFile.content);
    expect(after[2]).toEqual([
      '000123456789',
      '1002',
      '03/05/2026',
      '6250.00',
      'Summit Roofing Co.',
      'Y',
    ]);
    const reprint = await ready((await t.ok(PRINT, { id: run.id })).printChecks.id);
    expect(reprint.version).toBe(2);
    const { pages } = await pdf(reprint.url, 'reprint.pdf');
    expect(pages[1]).toMatch(/\bVOID\b/);
    expect(pages[1]).toContain('Check 1002 · VOID');
    expect(pages[1]).not.toMatch(/C001002C/);
    expect(pages[0]).toMatch(/C001001C/);
  });

  it('refuses runs without checks, a missing account number and foreign runs', async () => {
    const b = await bill(ids.acme, '10.00', 'INV-5000');
    const ach = (
      await t.ok(
        `mutation ($input: CreatePaymentRunInput!) { createPaymentRun(input: $input) { id } }`,
        {
          input: {
            bankAccountId: ids.bank,
            method: 'ACH',
            date: '2026-03-07',
            payThrough: '2026-03-31',
            items: [{ billId: b, amount: '10.00' }],
          },
        },
      )
    ).createPaymentRun;
    for (const q of [PRINT, POSITIVE]) {
      const res = await t.gql(q, { id: ach.id });
      expect(code(res)).toBe('BAD_USER_INPUT');
      expect(details(res)[0].message).toMatch(/paid by ACH/);
    }
    await t.ok(SET, { input: { bankAccountId: ids.bank, accountNumber: '' } });
    const none = await t.gql(POSITIVE, { id: run.id });
    expect(code(none)).toBe('BAD_USER_INPUT');
    expect(details(none)[0].message).toMatch(/account number/);
    expect(code(await o.gql(PRINT, { id: run.id }))).toBe('NOT_FOUND');
    expect(code(await o.gql(POSITIVE, { id: run.id }))).toBe('NOT_FOUND');
    expect(
      code(
        await o.gql(`query ($id: ID!) { checkSettings(bankAccountId: $id) { micrReady } }`, {
          id: ids.bank,
        }),
      ),
    ).toBe('NOT_FOUND');
  });
});
