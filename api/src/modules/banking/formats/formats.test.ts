import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../core/errors/app-error.js';
import {
  type CsvMapping,
  csvPreview,
  detectFormat,
  guessCsvMapping,
  parseStatement,
} from './index.js';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

// The refusal a parse throws: its code and field details.
function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    const e = err as AppError;
    return {
      code: e.extensions?.code,
      details: (e.extensions?.details ?? []) as { field: string; message: string }[],
      message: e.message,
    };
  }
  throw new Error('expected a refusal');
}

describe('OFX and QFX', () => {
  it('reads an OFX 1.02 SGML statement (no closing tags, NAME and MEMO, check numbers, ledger and available balances)', () => {
    const s = parseStatement(fixture('bofa-1x.ofx'), 'ofx');
    expect(s).toMatchObject({
      format: 'ofx',
      accountNumber: '004381234821',
      currency: 'USD',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      openingBalance: null,
      closingBalance: 1_114_985,
      availableBalance: 1_104_985,
    });
    expect(s.lines).toEqual([
      {
        row: 1,
        date: '2026-11-05',
        amount: -23_015,
        description: 'Check 1042',
        payee: 'Check 1042',
        checkNumber: '1042',
        bankId: '20261105.0001',
      },
      {
        row: 2,
        date: '2026-11-11',
        amount: 150_000,
        // The memo says more and holds the name.
        description: 'BKOFAMERICA MOBILE 11/11 DEPOSIT',
        payee: 'DEPOSIT',
        checkNumber: null,
        bankId: '20261111.0002',
      },
      {
        row: 3,
        date: '2026-11-15',
        amount: -12_000,
        // The memo holds the name: the longer one, not both.
        description: 'DUKE ENERGY PAYMENT DES:WEB PMT ID:XXXX55 INDN:MAPLE RIDGE HOA',
        payee: 'DUKE ENERGY PAYMENT',
        checkNumber: null,
        bankId: '20261115.0003',
      },
    ]);
  });

  it('reads a one-line QFX from a credit union (Intuit tags, "+" and comma decimals, a money market)', () => {
    const s = parseStatement(fixture('credit-union.qfx'), 'ofx');
    expect(s.accountNumber).toBe('7730-S01');
    expect(s.lines.map((l) => [l.date, l.amount, l.description])).toEqual([
      ['2026-11-30', 21_244, 'DIVIDEND EARNED'],
      ['2026-11-18', -250_000, 'TRANSFER TO SHARE DRAFT — ONLINE TRANSFER TO ...4821'],
    ]);
    expect(s.closingBalance).toBe(9_871_244);
  });

  it('reads an OFX 2.2 XML statement (entities, a zone in the dates)', () => {
    const s = parseStatement(fixture('wells-2x.ofx'), 'ofx');
    expect(s).toMatchObject({
      accountNumber: '9876543306',
      closingBalance: 6_153_763,
      availableBalance: 6_143_763,
    });
    expect(s.lines.map((l) => [l.date, l.amount, l.description])).toEqual([
      ['2026-11-09', -41_237, 'HARBOR CITY ELECTRIC AUTOPAY GARAGE 110926'],
      ['2026-11-12', 865_000, 'DEPOSIT & TRANSFER'],
    ]);
  });

  it('follows the sign in the file, whatever the transaction type says', () => {
    const odd = fixture('bofa-1x.ofx').replace('<TRNAMT>-120.00', '<TRNAMT>120.00');
    expect(parseStatement(odd, 'ofx').lines[2].amount).toBe(12_000);
  });

  it('refuses a credit card statement, a broken file and bad values, naming the transaction', () => {
    const card = fixture('bofa-1x.ofx')
      .replace(/BANKMSGSRSV1/g, 'CREDITCARDMSGSRSV1')
      .replace(/STMTRS/g, 'CCSTMTRS');
    expect(refusal(() => parseStatement(card, 'ofx')).message).toMatch(/credit card/);
    const badDate = fixture('bofa-1x.ofx').replace('<DTPOSTED>20261111', '<DTPOSTED>20261311');
    const r = refusal(() => parseStatement(badDate, 'ofx'));
    expect(r.code).toBe('BAD_USER_INPUT');
    expect(r.details).toEqual([
      { field: 'rows.2.date', message: expect.stringMatching(/Transaction 2/) },
    ]);
    const badAmount = fixture('bofa-1x.ofx').replace('<TRNAMT>1500.00', '<TRNAMT>15OO.00');
    expect(refusal(() => parseStatement(badAmount, 'ofx')).details[0].field).toBe('rows.2.amount');
    expect(refusal(() => parseStatement('OFXHEADER:100\n<OFX><BANKMSGSRSV1>', 'ofx')).code).toBe(
      'BAD_USER_INPUT',
    );
  });
});

describe('CSV with a column mapping', () => {
  const chase: CsvMapping = {
    headerRows: 1,
    dateColumn: 1,
    descriptionColumn: 2,
    amountColumn: 3,
    sign: 'deposits_positive',
    dateFormat: 'MM/DD/YYYY',
    checkNumberColumn: 6,
    balanceColumn: 5,
  };

  it('reads a Chase export (newest first, a balance column, check numbers)', () => {
    const s = parseStatement(fixture('chase.csv'), 'csv', chase);
    expect(s.lines.map((l) => [l.row, l.date, l.amount, l.checkNumber])).toEqual([
      [2, '2026-11-28', -18_664, null],
      [3, '2026-11-24', -40_000, '1043'],
      [4, '2026-11-20', 237_500, null],
      [5, '2026-11-15', -1_200, null],
    ]);
    expect(s.lines[0].description).toBe('DUKE ENERGY PAYMENT PPD ID: 1234567890');
    expect(s).toMatchObject({
      periodStart: '2026-11-15',
      periodEnd: '2026-11-28',
      closingBalance: 1_842_177,
    });
  });

  it('reads a Bank of America export past its summary rows, skipping the balance-only row', () => {
    const rows = csvPreview(fixture('bank-of-america.csv')).rows;
    const mapping = guessCsvMapping(rows)!;
    expect(mapping).toMatchObject({
      headerRows: 6,
      dateColumn: 0,
      descriptionColumn: 1,
      amountColumn: 2,
      balanceColumn: 3,
      dateFormat: 'MM/DD/YYYY',
    });
    const s = parseStatement(fixture('bank-of-america.csv'), 'csv', mapping);
    expect(s.lines.map((l) => [l.date, l.amount])).toEqual([
      ['2026-11-03', -100_000],
      ['2026-11-12', 310_000],
      ['2026-11-30', -2_035],
    ]);
    expect(s.closingBalance).toBe(1_452_975);
    expect(s.openingBalance).toBe(1_245_010);
  });

  it('reads a Wells Fargo export with no header, its layout guessed from the dates and amounts', () => {
    const mapping = guessCsvMapping(csvPreview(fixture('wells-fargo.csv')).rows)!;
    expect(mapping).toMatchObject({
      headerRows: 0,
      dateColumn: 0,
      amountColumn: 1,
      descriptionColumn: 4,
    });
    const s = parseStatement(fixture('wells-fargo.csv'), 'csv', {
      ...mapping,
      checkNumberColumn: 3,
    });
    expect(s.lines.map((l) => [l.date, l.amount, l.description, l.checkNumber])).toEqual([
      ['2026-11-30', -4_500, 'OVERDRAFT PROTECTION TRANSFER FEE', null],
      ['2026-11-29', 125_000, 'MOBILE DEPOSIT : REF NUMBER :612290123456', null],
      ['2026-11-27', -31_050, 'CHECK # 1044', '1044'],
    ]);
  });

  it('reads debit and credit columns, and the bank id column (a credit union)', () => {
    const mapping = guessCsvMapping(csvPreview(fixture('credit-union.csv')).rows)!;
    expect(mapping).toMatchObject({
      debitColumn: 3,
      creditColumn: 4,
      amountColumn: null,
      bankIdColumn: 0,
    });
    const s = parseStatement(fixture('credit-union.csv'), 'csv', mapping);
    expect(s.lines.map((l) => [l.amount, l.bankId])).toEqual([
      [481_200, 'CU-90017'],
      [-450, 'CU-90018'],
      [-450, 'CU-90019'],
      [321, 'CU-90020'],
    ]);
    expect(s).toMatchObject({ openingBalance: 2_010_000, closingBalance: 2_490_621 });
  });

  it('reads withdrawals written positive when the mapping says so', () => {
    const csv = 'Date,Memo,Amount\n2026-11-02,FEE,12.00\n';
    const s = parseStatement(csv, 'csv', {
      headerRows: 1,
      dateColumn: 0,
      descriptionColumn: 1,
      amountColumn: 2,
      sign: 'withdrawals_positive',
      dateFormat: 'YYYY-MM-DD',
    });
    expect(s.lines[0].amount).toBe(-1_200);
  });

  it('reports every bad row at once, by row and field', () => {
    const csv = 'Date,Description,Amount\n02/30/2026,A,1.00\n02/01/2026,,2.00\n02/02/2026,C,abc\n';
    const r = refusal(() =>
      parseStatement(csv, 'csv', {
        ...chase,
        dateColumn: 0,
        descriptionColumn: 1,
        amountColumn: 2,
        checkNumberColumn: null,
        balanceColumn: null,
      }),
    );
    expect(r.details.map((d) => d.field)).toEqual([
      'rows.2.date',
      'rows.3.description',
      'rows.4.amount',
    ]);
    expect(r.message).toBe("3 problems in the file's rows");
  });
});

describe('CAMT.053', () => {
  it('reads a .001.02 statement from a German savings bank (opening as PRCD, closing, debtor and creditor)', () => {
    const s = parseStatement(fixture('sparkasse.camt053.xml'), 'camt053');
    expect(s).toMatchObject({
      format: 'camt053',
      accountNumber: 'DE89370400440532013000',
      currency: 'EUR',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      openingBalance: 120_000,
      closingBalance: 144_550,
    });
    expect(s.lines).toEqual([
      {
        row: 1,
        date: '2026-11-03',
        amount: 30_000,
        description: 'Anna Schmidt — Hausgeld November Whg 4',
        payee: 'Anna Schmidt',
        checkNumber: null,
        bankId: '2026110300001',
      },
      {
        row: 2,
        date: '2026-11-20',
        amount: -5_450,
        description: 'Stadtwerke — Strom Treppenhaus',
        payee: 'Stadtwerke',
        checkNumber: null,
        bankId: '2026112000007',
      },
    ]);
  });

  it('reads a .001.08 statement from a Dutch bank (Othr account id, date-times, available balance)', () => {
    const s = parseStatement(fixture('rabobank.camt053.v08.xml'), 'camt053');
    expect(s).toMatchObject({
      accountNumber: 'NL91RABO0417164300',
      openingBalance: 50_000,
      closingBalance: 48_755,
      availableBalance: 48_755,
    });
    expect(s.lines).toMatchObject([
      {
        date: '2026-11-30',
        amount: -1_245,
        description: 'Kosten betalingsverkeer',
        bankId: 'RABO-8817',
      },
    ]);
  });
});

describe('hostile and odd files', () => {
  it('refuses entities and document types before parsing', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><Document>&lol2;</Document>`;
    expect(refusal(() => parseStatement(bomb, 'camt053'))).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'file' }],
    });
    const ofxEntity = fixture('wells-2x.ofx').replace(
      '<OFX>',
      '<!DOCTYPE OFX [<!ENTITY x SYSTEM "file:///etc/passwd">]><OFX>',
    );
    expect(refusal(() => parseStatement(ofxEntity, 'ofx')).message).toMatch(/entity/);
  });

  it('refuses a gigantic line, an empty file and a binary one', () => {
    expect(
      refusal(() => parseStatement(`Date,Description,Amount\n${'x'.repeat(70_000)}\n`, 'csv'))
        .message,
    ).toMatch(/64 KB/);
    expect(refusal(() => parseStatement('  \n', 'ofx')).message).toBe('The file is empty');
    expect(refusal(() => parseStatement('\u0000\u0001PK\u0003\u0004', 'csv')).message).toMatch(
      /binary/,
    );
  });

  it('reads 5,000 transactions of one file', () => {
    const trn = (i: number) =>
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261105<TRNAMT>-${i + 1}.00<FITID>F${i}<NAME>N ${i}</STMTTRN>`;
    const big = fixture('bofa-1x.ofx').replace(
      /<BANKTRANLIST>[\s\S]*<\/BANKTRANLIST>/,
      `<BANKTRANLIST>${Array.from({ length: 5000 }, (_, i) => trn(i)).join('\n')}</BANKTRANLIST>`,
    );
    const s = parseStatement(big, 'ofx');
    expect(s.lines).toHaveLength(5000);
    expect(s.lines[4999]).toMatchObject({ amount: -500_000, bankId: 'F4999' });
  });

  it('tells the formats apart by name and content', () => {
    expect(detectFormat('export.QFX', 'x')).toBe('ofx');
    expect(detectFormat('statement.xml', fixture('sparkasse.camt053.xml'))).toBe('camt053');
    expect(detectFormat('statement.txt', fixture('bofa-1x.ofx'))).toBe('ofx');
    expect(detectFormat('download', fixture('chase.csv'))).toBe('csv');
    expect(detectFormat('photo.png', '\u0089PNG')).toBeNull();
  });
});
