import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRows } from '../../core/csv/parse-rows.js';
import { setClock } from '../../core/dates.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { splitAddress, TAX_1099_CSV_COLUMNS } from './tax-1099.service.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

type Res = { body: { errors?: { message: string; path?: unknown[]; extensions?: any }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;

const CREATE_BILL = `mutation ($input: CreateBillInput!) { createBill(input: $input) { id } }`;
const RUN = `mutation ($input: CreatePaymentRunInput!) { createPaymentRun(input: $input) {
  payments { id } } }`;
const VOID_PAYMENT = `mutation ($id: ID!, $date: LocalDate!, $reason: String!) {
  voidBillPayment(id: $id, date: $date, reason: $reason) { id } }`;
const YEAR = `query ($year: Int!) { tax1099Year(year: $year) {
  year from to threshold total cardTotal overThresholdCount missingTaxIdCount
  rows { vendor { name } taxIdLast4 paid directPaid cardPaid reportable paymentCount entryCount
    overThreshold missingTaxId } } }`;
const TAX_IDS = `query ($year: Int!) { tax1099Year(year: $year) { rows { vendor { name } taxId } } }`;
const CSV = `query ($year: Int!) { tax1099Csv(year: $year) { fileName contentType content } }`;
const OLD = `query ($year: Int!) { vendor1099Report(year: $year) {
  totalPaid overThresholdCount rows { vendor { name } paid entryCount overThreshold } } }`;

// Payments of 1099 vendors around the turn of 2025 into 2026 (threshold $600 in 2025, $2,000 in
// 2026):
// - Green Lawn Co (tax id 12-3456789): BILL 2025-10-01 2,000.00, paid by check 700.00 on
//   2025-10-15, by check 400.00 on 2025-11-15 (voided 11-20), by check 300.00 on 2025-12-30 and
//   by ACH 1,000.00 on 2026-01-05; and 100.00 paid outside payables (an entry) on 2025-03-03.
//   2025: 700 + 300 + 100 = 1,100.00. 2026: 1,000.00 (under $2,000).
// - Roof Pros LLC (no tax id): BILL 2025-05-01 3,000.00, paid by card 1,500.00 on 2025-06-01
//   (1099-K: not reportable), by check 700.00 on 2025-07-01, by check 250.00 on 2025-12-20 voided
//   2026-01-10 (never paid). 2025: paid 2,200.00, card 1,500.00, reportable 700.00.
// - Old Painter (tax id 987-65-4321): 650.00 outside payables on 2025-05-05.
// - City Water (not 1099): a paid bill; not listed.
describe('the 1099-NEC year', () => {
  let app: TestApp;
  let t: Tenant;
  const a: Record<string, string> = {};
  const v: Record<string, string> = {};

  const bill = async (vendorId: string, billDate: string, amount: string) =>
    (
      await t.ok(CREATE_BILL, {
        input: {
          vendorId,
          billDate,
          dueDate: billDate,
          lines: [{ accountId: a.expense, amount }],
        },
      })
    ).createBill.id as string;
  const pay = async (method: string, date: string, billId: string, amount: string) =>
    (
      await t.ok(RUN, {
        input: {
          bankAccountId: a.bank,
          method,
          date,
          payThrough: date,
          items: [{ billId, amount }],
        },
      })
    ).createPaymentRun.payments[0].id as string;

  beforeAll(async () => {
    setClock(() => new Date('2026-03-20T16:00:00Z'));
    app = await startTestApp();
    t = await createTenant(app, '1099 HOA');
    a.bank = await t.account('1010', 'ASSET', {
      name: 'Operating Checking',
      initialBalance: '50000.00',
      openingDate: '2024-12-31',
    });
    await t.account('3010', 'EQUITY');
    a.expense = await t.account('5100', 'EXPENSE', { name: 'Contract services' });
    await t.ok(
      `mutation ($input: SetBankAccountInput!) { setBankAccount(input: $input) { accountId } }`,
      { input: { accountId: a.bank, institution: 'First Bank', maskedNumber: '4821' } },
    );
    v.green = await t.vendor('Green Lawn Co', {
      is1099: true,
      taxId: '12-3456789',
      address: '480 Orchard Road\nSuite 2\nMaple Falls, OR 97123',
    });
    v.roof = await t.vendor('Roof Pros LLC', {
      is1099: true,
      address: '9 Industrial Way, Brookfield, WI 53005-1234',
    });
    v.painter = await t.vendor('Old Painter', {
      is1099: true,
      taxId: '987-65-4321',
      address: '22 Commerce Park, Suite 300, Maple Falls',
    });
    v.water = await t.vendor('City Water');

    const g = await bill(v.green, '2025-10-01', '2000.00');
    await pay('CHECK', '2025-10-15', g, '700.00');
    const lost = await pay('CHECK', '2025-11-15', g, '400.00');
    await t.ok(VOID_PAYMENT, { id: lost, date: '2025-11-20', reason: 'Stopped' });
    await pay('CHECK', '2025-12-30', g, '300.00');
    await pay('ACH', '2026-01-05', g, '1000.00');
    await t.post(
      '2025-03-03',
      [
        [a.expense, '100.00', null],
        [a.bank, null, '100.00'],
      ],
      { vendorId: v.green },
    );
    const r = await bill(v.roof, '2025-05-01', '3000.00');
    await pay('CARD', '2025-06-01', r, '1500.00');
    await pay('CHECK', '2025-07-01', r, '700.00');
    const late = await pay('CHECK', '2025-12-20', r, '250.00');
    await t.ok(VOID_PAYMENT, { id: late, date: '2026-01-10', reason: 'Never cashed' });
    await t.post(
      '2025-05-05',
      [
        [a.expense, '650.00', null],
        [a.bank, null, '650.00'],
      ],
      { vendorId: v.painter },
    );
    const w = await bill(v.water, '2025-08-01', '900.00');
    await pay('ACH', '2025-08-15', w, '900.00');
  }, 120_000);
  afterAll(async () => {
    setClock();
    await app?.close();
  });

  it('counts each year by payment date, card payments apart, voids left out', async () => {
    const y25 = (await t.ok(YEAR, { year: 2025 })).tax1099Year;
    expect(y25).toMatchObject({
      year: 2025,
      from: '2025-01-01',
      to: '2025-12-31',
      threshold: '600.00',
      total: '2450.00',
      cardTotal: '1500.00',
      overThresholdCount: 3,
      missingTaxIdCount: 1,
    });
    const row = (r: any) => [
      r.vendor.name,
      r.taxIdLast4,
      r.paid,
      r.directPaid,
      r.cardPaid,
      r.reportable,
      r.paymentCount,
      r.entryCount,
      r.overThreshold,
      r.missingTaxId,
    ];
    expect(y25.rows.map(row)).toEqual([
      ['Green Lawn Co', '6789', '1100.00', '100.00', '0.00', '1100.00', 2, 1, true, false],
      ['Old Painter', '4321', '650.00', '650.00', '0.00', '650.00', 0, 1, true, false],
      ['Roof Pros LLC', null, '2200.00', '0.00', '1500.00', '700.00', 2, 0, true, true],
    ]);
    const y26 = (await t.ok(YEAR, { year: 2026 })).tax1099Year;
    expect(y26).toMatchObject({ threshold: '2000.00', total: '1000.00', overThresholdCount: 0 });
    expect(y26.rows.map(row)).toEqual([
      ['Green Lawn Co', '6789', '1000.00', '0.00', '0.00', '1000.00', 1, 0, false, false],
      ['Old Painter', '4321', '0.00', '0.00', '0.00', '0.00', 0, 0, false, false],
      ['Roof Pros LLC', null, '0.00', '0.00', '0.00', '0.00', 0, 0, false, false],
    ]);
    // The bills themselves are spending on their bill dates (the vendor spend report), not
    // payments: 2,000.00 + 100.00 for Green Lawn in 2025.
    const spend = (
      await t.ok(`{ vendorSpend(from: "2025-01-01", to: "2025-12-31") { vendor { name } total } }`)
    ).vendorSpend;
    expect(spend.find((s: any) => s.vendor.name === 'Green Lawn Co').total).toBe('2100.00');
  });

  it('answers the older 1099 report from the same year', async () => {
    const old = (await t.ok(OLD, { year: 2025 })).vendor1099Report;
    expect(old).toMatchObject({ totalPaid: '2450.00', overThresholdCount: 3 });
    expect(
      old.rows.map((r: any) => [r.vendor.name, r.paid, r.entryCount, r.overThreshold]),
    ).toEqual([
      ['Green Lawn Co', '1100.00', 3, true],
      ['Old Painter', '650.00', 1, true],
      ['Roof Pros LLC', '700.00', 2, true],
    ]);
  });

  it('shows whole tax ids to admins only', async () => {
    const admin = (await t.ok(TAX_IDS, { year: 2025 })).tax1099Year.rows;
    expect(admin.map((r: any) => [r.vendor.name, r.taxId])).toEqual([
      ['Green Lawn Co', '123456789'],
      ['Old Painter', '987654321'],
      ['Roof Pros LLC', null],
    ]);
    for (const token of [t.user, t.viewer]) {
      const res = await t.gql(TAX_IDS, { year: 2025 }, token);
      expect(res.body.errors!.map((e) => [e.extensions?.code, e.path?.at(-1)])).toEqual([
        ['FORBIDDEN', 'taxId'],
        ['FORBIDDEN', 'taxId'],
        ['FORBIDDEN', 'taxId'],
      ]);
      expect(JSON.stringify(res.body)).not.toContain('3456789');
      // The rest of the year is theirs to read.
      const plain = (await t.ok(YEAR, { year: 2025 }, token)).tax1099Year;
      expect(plain.rows.map((r: any) => r.taxIdLast4)).toEqual(['6789', '4321', null]);
    }
  });

  it('writes the e-file CSV, read back by our CSV reader, for admins only', async () => {
    const file = (await t.ok(CSV, { year: 2025 })).tax1099Csv;
    expect(file).toMatchObject({ fileName: '1099-nec-2025.csv', contentType: 'text/csv' });
    const parsed = parseCsvRows(file.content);
    if (!('rows' in parsed)) throw new Error(parsed.error.message);
    expect(parsed.rows).toEqual([
      [...TAX_1099_CSV_COLUMNS],
      [
        'Green Lawn Co',
        '123456789',
        '',
        '480 Orchard Road',
        'Suite 2',
        'Maple Falls',
        'OR',
        '97123',
        '1100.00',
      ],
      [
        'Old Painter',
        '987654321',
        '',
        '22 Commerce Park',
        'Suite 300, Maple Falls',
        '',
        '',
        '',
        '650.00',
      ],
      ['Roof Pros LLC', '', '', '9 Industrial Way', '', 'Brookfield', 'WI', '53005-1234', '700.00'],
    ]);
    // Only vendors over the threshold: none in 2026.
    const y26 = parseCsvRows((await t.ok(CSV, { year: 2026 })).tax1099Csv.content);
    expect('rows' in y26 && y26.rows).toEqual([[...TAX_1099_CSV_COLUMNS]]);
    for (const token of [t.user, t.viewer]) {
      const res = await t.gql(CSV, { year: 2025 }, token);
      expect(code(res)).toBe('FORBIDDEN');
      expect(JSON.stringify(res.body)).not.toContain('3456789');
    }
    expect(code(await t.gql(CSV, { year: 99999 }))).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(YEAR, { year: 1800 }))).toBe('BAD_USER_INPUT');
  });

  it('splits free-text addresses into the lines a 1099 wants', () => {
    expect(splitAddress('12 Elm St, Springfield, IL 62701')).toEqual({
      line1: '12 Elm St',
      line2: '',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    });
    expect(splitAddress('PO Box 9\r\nApt 4\r\nSpringfield IL 62701')).toEqual({
      line1: 'PO Box 9',
      line2: 'Apt 4',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    });
    expect(splitAddress('12 Elm St, Unit 3, Springfield, il 02134')).toMatchObject({
      line1: '12 Elm St',
      line2: 'Unit 3',
      city: 'Springfield',
      state: 'IL',
      zip: '02134',
    });
    // Nothing that reads as a city, state and ZIP: all street lines, for the import to ask.
    expect(splitAddress('480 Orchard Road, Maple Falls')).toEqual({
      line1: '480 Orchard Road',
      line2: 'Maple Falls',
      city: '',
      state: '',
      zip: '',
    });
    expect(splitAddress(null)).toEqual({ line1: '', line2: '', city: '', state: '', zip: '' });
  });
});
