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

// The refusal a parse throws: its code, field details and message.
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

const ofx = (text: string) => parseStatement(text, 'ofx');
const camt = (text: string) => parseStatement(text, 'camt053');

// An OFX 1.x statement around the given transactions.
const sgml = (transactions: string, tail = '') =>
  `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD\n` +
  `<BANKACCTFROM><ACCTID>123</BANKACCTFROM>\n<BANKTRANLIST>\n${transactions}\n</BANKTRANLIST>${tail}\n` +
  `</STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n`;
const trn = (fields: string) => `<STMTTRN>\n${fields}\n</STMTTRN>`;

const simpleMapping: CsvMapping = {
  headerRows: 1,
  dateColumn: 0,
  descriptionColumn: 1,
  amountColumn: 2,
  sign: 'deposits_positive',
  dateFormat: 'MM/DD/YYYY',
};

describe('OFX 1.x (SGML) and QFX', () => {
  it('reads a Bank of America OFX 1.02 statement: no closing tags, NAME and MEMO, a check, both balances', () => {
    const s = ofx(fixture('bofa-1x.ofx'));
    expect(s).toEqual({
      format: 'ofx',
      accountNumber: '004381234821',
      currency: 'USD',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      openingBalance: null,
      closingBalance: 1_114_985,
      availableBalance: 1_104_985,
      lines: [
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
          // The memo says more and holds the name: the memo alone.
          description: 'BKOFAMERICA MOBILE 11/11 DEPOSIT',
          payee: 'DEPOSIT',
          checkNumber: null,
          bankId: '20261111.0002',
        },
        {
          row: 3,
          date: '2026-11-15',
          amount: -12_000,
          description: 'DUKE ENERGY PAYMENT DES:WEB PMT ID:XXXX55 INDN:MAPLE RIDGE HOA',
          payee: 'DUKE ENERGY PAYMENT',
          checkNumber: null,
          bankId: '20261115.0003',
        },
      ],
    });
  });

  it('reads a Chase QFX (CRLF, NAME cut at 32 characters, a positive DEBIT, an entity, a zero line, no name at all)', () => {
    const s = ofx(fixture('chase-1x.qfx'));
    expect(s).toMatchObject({
      accountNumber: '000000918273645',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      closingBalance: 2_711_356,
      availableBalance: 2_611_356,
    });
    expect(s.lines).toEqual([
      {
        row: 1,
        date: '2026-11-02',
        amount: -184_277,
        // NAME is MEMO cut at 32 characters: the memo, once.
        description: 'ORIG CO NAME:STATE FARM RO 27 CUST ID:HOA-MAPLE-RIDGE DESC DATE:110226',
        payee: 'ORIG CO NAME:STATE FARM RO 27 CU',
        checkNumber: null,
        bankId: '202611020',
      },
      {
        row: 2,
        date: '2026-11-06',
        amount: -97_500,
        // An empty <MEMO> with no end tag.
        description: 'CHECK 2011',
        payee: 'CHECK 2011',
        checkNumber: '2011',
        bankId: '202611060',
      },
      {
        row: 3,
        date: '2026-11-12',
        // TRNTYPE says DEBIT, the amount is positive: the sign wins, money in.
        amount: 3_500,
        description: 'FEE REVERSAL — OVERDRAFT FEE REFUND',
        payee: 'FEE REVERSAL',
        checkNumber: null,
        bankId: '202611120',
      },
      {
        row: 4,
        date: '2026-11-20',
        amount: 421_000,
        description: 'ZELLE FROM J & K SMITH — UNIT 12 DUES NOV-DEC',
        payee: 'ZELLE FROM J & K SMITH',
        checkNumber: null,
        bankId: '202611200',
      },
      // Row 5, interest of 0.00, moves no money: skipped.
      {
        row: 6,
        date: '2026-11-30',
        amount: -1_500,
        // Neither NAME nor MEMO: the transaction type in words.
        description: 'Service charge',
        payee: null,
        checkNumber: null,
        bankId: '202611301',
      },
    ]);
  });

  it('reads a credit union QFX written on one line (Intuit tags, "+212,44", a money market account)', () => {
    const s = ofx(fixture('credit-union.qfx'));
    expect(s).toMatchObject({
      accountNumber: '7730-S01',
      currency: 'USD',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      closingBalance: 9_871_244,
      availableBalance: null,
    });
    expect(s.lines.map((l) => [l.row, l.date, l.amount, l.description, l.bankId])).toEqual([
      [1, '2026-11-30', 21_244, 'DIVIDEND EARNED', 'KFCU-1130-INT'],
      [
        2,
        '2026-11-18',
        -250_000,
        'TRANSFER TO SHARE DRAFT — ONLINE TRANSFER TO ...4821',
        'KFCU-1118-01',
      ],
    ]);
  });

  it('takes the date as written, whatever the time and zone after it', () => {
    const s = ofx(
      sgml(
        [
          trn('<DTPOSTED>20261130233000.000[-5:EST]<TRNAMT>-1.00<FITID>a'),
          trn('<DTPOSTED>20261201000500[+9:JST]<TRNAMT>-1.00<FITID>b'),
          trn('<DTPOSTED>20261202<TRNAMT>-1.00<FITID>c'),
          trn('<DTPOSTED>202612031200<TRNAMT>-1.00<FITID>d'),
        ].join('\n'),
      ),
    );
    expect(s.lines.map((l) => l.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
  });

  it('reads amounts exactly: comma decimals, signs, trailing zero decimals, no float rounding', () => {
    const amounts = ['-42,10', '+0.07', '1234.5', '-0.29', '19.99', '42.1000', '-.50', '1,234.56'];
    const s = ofx(
      sgml(amounts.map((a, i) => trn(`<DTPOSTED>20261101<TRNAMT>${a}<FITID>${i}`)).join('\n')),
    );
    expect(s.lines.map((l) => l.amount)).toEqual([
      -4_210, 7, 123_450, -29, 1_999, 4_210, -50, 123_456,
    ]);
  });

  it('reads lower-case tags, values with their end tags, and empty values followed by others', () => {
    const s = ofx(
      sgml(
        [
          '<stmttrn><trntype>DEBIT<dtposted>20261101<trnamt>-5.00</trnamt><fitid>x1</stmttrn>',
          // <NAME> empty, then MEMO: the memo still belongs to the transaction.
          trn('<DTPOSTED>20261102\n<TRNAMT>-6.00\n<FITID>x2\n<NAME>\n<MEMO>PAID IN PERSON'),
          // NAME nested as PAYEE/NAME (OFX's payee aggregate).
          trn(
            '<DTPOSTED>20261103<TRNAMT>-7.00<FITID>x3<PAYEE><NAME>ACME POOLS<ADDR1>1 MAIN</PAYEE>',
          ),
        ].join('\n'),
      ).replace('<OFX>', '<ofx>'),
    );
    expect(s.lines.map((l) => [l.amount, l.description, l.payee, l.bankId])).toEqual([
      [-500, 'Debit', null, 'x1'],
      [-600, 'PAID IN PERSON', null, 'x2'],
      [-700, 'ACME POOLS', 'ACME POOLS', 'x3'],
    ]);
  });

  it('reads a tag name of any length quickly (a parser that backtracks would hang here)', () => {
    const s = ofx(sgml(`<${'A'.repeat(5000)}>x\n${trn('<DTPOSTED>20261101<TRNAMT>1.00')}`));
    expect(s.lines).toHaveLength(1);
  });

  it('keeps a tag named __proto__ a name, never a prototype', () => {
    const s = ofx(sgml(trn('<DTPOSTED>20261101<TRNAMT>1.00<__proto__><polluted>yes</__proto__>')));
    expect(s.lines).toHaveLength(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('OFX 2.x (XML)', () => {
  it('reads a Wells Fargo OFX 2.2 statement (end tags, an XML entity, zones in the dates)', () => {
    const s = ofx(fixture('wells-2x.ofx'));
    expect(s).toEqual({
      format: 'ofx',
      accountNumber: '9876543306',
      currency: 'USD',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      openingBalance: null,
      closingBalance: 6_153_763,
      availableBalance: 6_143_763,
      lines: [
        {
          row: 1,
          date: '2026-11-09',
          amount: -41_237,
          description: 'HARBOR CITY ELECTRIC AUTOPAY GARAGE 110926',
          payee: 'HARBOR CITY ELECTRIC',
          checkNumber: null,
          bankId: '202611091',
        },
        {
          row: 2,
          date: '2026-11-12',
          amount: 865_000,
          description: 'DEPOSIT & TRANSFER',
          payee: 'DEPOSIT & TRANSFER',
          checkNumber: null,
          bankId: '202611121',
        },
      ],
    });
  });

  it('reads a file that calls itself XML but leaves its values open, as SGML', () => {
    const loose = fixture('wells-2x.ofx')
      .replace('</TRNAMT>', '')
      .replace('<NAME>DEPOSIT &amp; TRANSFER</NAME>', '<NAME>DEPOSIT &amp; TRANSFER');
    expect(ofx(loose).lines.map((l) => [l.amount, l.description])).toEqual([
      [-41_237, 'HARBOR CITY ELECTRIC AUTOPAY GARAGE 110926'],
      [865_000, 'DEPOSIT & TRANSFER'],
    ]);
  });

  it('reads the sign of a positive DEBIT in XML too', () => {
    const odd = fixture('wells-2x.ofx').replace('<TRNAMT>-412.37', '<TRNAMT>412.37');
    expect(ofx(odd).lines[0].amount).toBe(41_237);
  });
});

describe('OFX refusals', () => {
  it('refuses credit card and investment statements, naming them', () => {
    const card = fixture('bofa-1x.ofx')
      .replace(/BANKMSGSRSV1/g, 'CREDITCARDMSGSRSV1')
      .replace(/STMTRS>/g, 'CCSTMTRS>')
      .replace(/BANKACCTFROM/g, 'CCACCTFROM');
    expect(refusal(() => ofx(card))).toEqual({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'file', message: expect.stringMatching(/credit card statement/) }],
      message: expect.stringMatching(/only bank account statements/),
    });
    const invest = fixture('wells-2x.ofx').replace(/BANKMSGSRSV1/g, 'INVSTMTMSGSRSV1');
    expect(refusal(() => ofx(invest)).message).toMatch(/investment account/);
  });

  it('refuses several accounts in one file, the bank’s error answer, and a statement without transactions', () => {
    const body = fixture('bofa-1x.ofx');
    const rs = /<STMTTRNRS>[\s\S]*<\/STMTTRNRS>/.exec(body)![0];
    expect(refusal(() => ofx(body.replace(rs, rs + rs))).message).toMatch(/several accounts/);
    const failed =
      'OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>0<STATUS><CODE>2000<SEVERITY>ERROR' +
      '<MESSAGE>Account locked</STATUS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    expect(refusal(() => ofx(failed)).message).toBe(
      'The bank answered with an error instead of a statement: Account locked',
    );
    const empty = body.replace(/<STMTTRN>[\s\S]*<\/STMTTRN>/, '');
    expect(refusal(() => ofx(empty)).message).toBe('The statement holds no transactions');
    const zeros = sgml(trn('<DTPOSTED>20261101<TRNAMT>0.00'));
    expect(refusal(() => ofx(zeros)).message).toMatch(/every amount is zero/);
  });

  it('refuses a file cut short, and a file with no <OFX> element', () => {
    const cut = fixture('bofa-1x.ofx').slice(0, 900);
    expect(refusal(() => ofx(cut))).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'file', message: expect.stringMatching(/cut short/) }],
    });
    expect(refusal(() => ofx('OFXHEADER:100\n<OFX><BANKMSGSRSV1>')).message).toMatch(/cut short/);
    expect(refusal(() => ofx('Date,Amount\n2026-11-01,5.00\n')).message).toBe(
      'This is not an OFX or QFX file (it has no <OFX> element)',
    );
  });

  it('reports every bad transaction at once, by its ordinal and field', () => {
    const bad = sgml(
      [
        trn('<DTPOSTED>20261301<TRNAMT>-1.00'),
        trn('<DTPOSTED>20261102<TRNAMT>15OO.00'),
        trn('<DTPOSTED>20261103<TRNAMT>-1.00'),
        trn('<TRNAMT>-1.005'),
        trn('<DTPOSTED>20261104'),
      ].join('\n'),
    );
    expect(refusal(() => ofx(bad))).toEqual({
      code: 'BAD_USER_INPUT',
      message: "5 problems in the file's transactions",
      details: [
        { field: 'rows.1.date', message: 'Transaction 1: "20261301" is not a date' },
        { field: 'rows.2.amount', message: 'Transaction 2: "15OO.00" is not an amount' },
        { field: 'rows.4.date', message: 'Transaction 4: it has no date (DTPOSTED)' },
        { field: 'rows.4.amount', message: 'Transaction 4: "-1.005" has fractions of a cent' },
        { field: 'rows.5.amount', message: 'Transaction 5: it has no amount (TRNAMT)' },
      ],
    });
  });
});

describe('CSV with a column mapping', () => {
  it('guesses and reads a Chase export (Details before Description, newest first, balances, checks)', () => {
    const text = fixture('chase.csv');
    const mapping = guessCsvMapping(csvPreview(text).rows);
    expect(mapping).toEqual({
      headerRows: 1,
      dateColumn: 1,
      descriptionColumn: 2,
      amountColumn: 3,
      debitColumn: null,
      creditColumn: null,
      sign: 'deposits_positive',
      dateFormat: 'MM/DD/YYYY',
      payeeColumn: null,
      checkNumberColumn: 6,
      bankIdColumn: null,
      balanceColumn: 5,
    });
    const s = parseStatement(text, 'csv', mapping);
    expect(s.lines.map((l) => [l.row, l.date, l.amount, l.description, l.checkNumber])).toEqual([
      [2, '2026-11-28', -18_664, 'DUKE ENERGY PAYMENT PPD ID: 1234567890', null],
      [3, '2026-11-24', -40_000, 'CHECK 1043', '1043'],
      [4, '2026-11-20', 237_500, 'REMOTE ONLINE DEPOSIT # 1', null],
      [5, '2026-11-15', -1_200, 'MONTHLY SERVICE FEE', null],
    ]);
    // Newest first: the closing balance is the first row's, the opening the last row's less its amount.
    expect(s).toMatchObject({
      format: 'csv',
      accountNumber: null,
      currency: null,
      periodStart: '2026-11-15',
      periodEnd: '2026-11-28',
      openingBalance: 1_664_541,
      closingBalance: 1_842_177,
      availableBalance: null,
    });
  });

  it('guesses and reads a Bank of America export past its summary rows and its balance-only row', () => {
    const text = fixture('bank-of-america.csv');
    const mapping = guessCsvMapping(csvPreview(text).rows)!;
    expect(mapping).toMatchObject({
      headerRows: 6,
      dateColumn: 0,
      descriptionColumn: 1,
      amountColumn: 2,
      balanceColumn: 3,
      dateFormat: 'MM/DD/YYYY',
    });
    const s = parseStatement(text, 'csv', mapping);
    // Rows are the file's line numbers: the blank line 6 counts.
    expect(s.lines.map((l) => [l.row, l.date, l.amount])).toEqual([
      [9, '2026-11-03', -100_000],
      [10, '2026-11-12', 310_000],
      [11, '2026-11-30', -2_035],
    ]);
    expect(s).toMatchObject({ openingBalance: 1_245_010, closingBalance: 1_452_975 });
  });

  it('guesses a Wells Fargo export with no header from what its cells hold', () => {
    const text = fixture('wells-fargo.csv');
    const mapping = guessCsvMapping(csvPreview(text).rows);
    expect(mapping).toMatchObject({
      headerRows: 0,
      dateColumn: 0,
      amountColumn: 1,
      descriptionColumn: 4,
      checkNumberColumn: 3,
      dateFormat: 'MM/DD/YYYY',
    });
    const s = parseStatement(text, 'csv', mapping);
    expect(s.lines.map((l) => [l.row, l.date, l.amount, l.description, l.checkNumber])).toEqual([
      [1, '2026-11-30', -4_500, 'OVERDRAFT PROTECTION TRANSFER FEE', null],
      [2, '2026-11-29', 125_000, 'MOBILE DEPOSIT : REF NUMBER :612290123456', null],
      [3, '2026-11-27', -31_050, 'CHECK # 1044', '1044'],
    ]);
    expect(s).toMatchObject({ openingBalance: null, closingBalance: null });
  });

  it('guesses and reads a credit union export with Debit and Credit columns and a transaction id', () => {
    const text = fixture('credit-union.csv');
    const mapping = guessCsvMapping(csvPreview(text).rows);
    expect(mapping).toMatchObject({
      dateColumn: 1,
      descriptionColumn: 2,
      amountColumn: null,
      debitColumn: 3,
      creditColumn: 4,
      bankIdColumn: 0,
      balanceColumn: 5,
    });
    const s = parseStatement(text, 'csv', mapping);
    expect(s.lines.map((l) => [l.date, l.amount, l.bankId])).toEqual([
      ['2026-10-02', 481_200, 'CU-90017'],
      ['2026-10-05', -450, 'CU-90018'],
      ['2026-10-05', -450, 'CU-90019'],
      ['2026-10-31', 321, 'CU-90020'],
    ]);
    expect(s).toMatchObject({ openingBalance: 2_010_000, closingBalance: 2_490_621 });
  });

  it('reads amounts as spreadsheets write them, exactly', () => {
    const csv = [
      'Date,Description,Amount',
      '2026-11-01,A,"$1,234.56"',
      '2026-11-02,B,(42.10)',
      '2026-11-03,C,-42.10',
      '2026-11-04,D,42.10-',
      '2026-11-05,E,0.29',
      '2026-11-06,F,"-1,000"',
    ].join('\n');
    const s = parseStatement(csv, 'csv', {
      headerRows: 1,
      dateColumn: 0,
      descriptionColumn: 1,
      amountColumn: 2,
      sign: 'deposits_positive',
      dateFormat: 'YYYY-MM-DD',
    });
    expect(s.lines.map((l) => l.amount)).toEqual([123_456, -4_210, -4_210, -4_210, 29, -100_000]);
  });

  it('reads a European export: ";" found by itself, DD.MM.YYYY, "1.234,56", payee column', () => {
    const csv =
      'Buchungstag;Name;Verwendungszweck;Betrag\n' +
      '03.11.2026;Anna Schmidt;Hausgeld November;"1.234,56"\n' +
      '20.11.2026;Stadtwerke;Strom Treppenhaus;-54,50\n';
    const mapping = guessCsvMapping(csvPreview(csv).rows);
    expect(mapping).toMatchObject({
      dateColumn: 0,
      descriptionColumn: 2,
      payeeColumn: 1,
      amountColumn: 3,
      dateFormat: 'DD.MM.YYYY',
    });
    const s = parseStatement(csv, 'csv', mapping);
    expect(s.lines.map((l) => [l.date, l.amount, l.payee, l.description])).toEqual([
      ['2026-11-03', 123_456, 'Anna Schmidt', 'Hausgeld November'],
      ['2026-11-20', -5_450, 'Stadtwerke', 'Strom Treppenhaus'],
    ]);
  });

  it('follows Excel’s "sep=" line, and tells DD/MM from MM/DD and M/D/YY by the dates', () => {
    const text = 'sep=|\nDate|Memo|Amount\n31/10/2026|FEE|-1.00\n01/11/2026|DUES|5.00\n';
    expect(csvPreview(text).rows).toEqual([
      ['Date', 'Memo', 'Amount'],
      ['31/10/2026', 'FEE', '-1.00'],
      ['01/11/2026', 'DUES', '5.00'],
    ]);
    const mapping = guessCsvMapping(csvPreview(text).rows)!;
    expect(mapping.dateFormat).toBe('DD/MM/YYYY');
    expect(parseStatement(text, 'csv', mapping).lines.map((l) => [l.row, l.date])).toEqual([
      [3, '2026-10-31'],
      [4, '2026-11-01'],
    ]);
    const short = guessCsvMapping([
      ['Posted Date', 'Description', 'Withdrawals', 'Deposits'],
      ['11/3/26', 'X', '1.00', ''],
    ]);
    expect(short).toMatchObject({ dateFormat: 'M/D/YY', debitColumn: 2, creditColumn: 3 });
  });

  it('reads withdrawals written positive when the mapping says so', () => {
    const csv = 'Date,Memo,Amount\n2026-11-02,FEE,12.00\n2026-11-03,REFUND,-3.00\n';
    const s = parseStatement(csv, 'csv', {
      headerRows: 1,
      dateColumn: 0,
      descriptionColumn: 1,
      amountColumn: 2,
      sign: 'withdrawals_positive',
      dateFormat: 'YYYY-MM-DD',
    });
    expect(s.lines.map((l) => l.amount)).toEqual([-1_200, 300]);
  });

  const simple: CsvMapping = {
    headerRows: 1,
    dateColumn: 0,
    descriptionColumn: 1,
    amountColumn: 2,
    sign: 'deposits_positive',
    dateFormat: 'DD/MM/YYYY',
  };

  it('reports every bad row at once, by file line and field', () => {
    const csv = [
      'Date,Description,Amount',
      '31/02/2026,A,1.00',
      '',
      '01/02/2026,,2.00',
      '02/02/2026,"C, over',
      'two lines",abc',
      '03/02/2026,D,1.234',
      ',E,5.00',
    ].join('\n');
    expect(refusal(() => parseStatement(csv, 'csv', simple))).toEqual({
      code: 'BAD_USER_INPUT',
      message: "5 problems in the file's rows",
      details: [
        { field: 'rows.2.date', message: 'Row 2: "31/02/2026" is not a date in DD/MM/YYYY' },
        { field: 'rows.4.description', message: 'Row 4: the description is empty' },
        { field: 'rows.5.amount', message: 'Row 5: "abc" is not an amount' },
        { field: 'rows.7.amount', message: 'Row 7: "1.234": use at most two decimals' },
        { field: 'rows.8.date', message: 'Row 8: the date is empty' },
      ],
    });
  });

  it('caps the details at 100 and counts them all', () => {
    const csv = `Date,Description,Amount\n${'99/99/2026,X,1.00\n'.repeat(150)}`;
    const r = refusal(() => parseStatement(csv, 'csv', simple));
    expect(r.details).toHaveLength(100);
    expect(r.message).toBe("150 problems in the file's rows");
  });

  it('refuses a missing or unusable mapping, and a file without transactions', () => {
    const csv = 'Date,Description,Amount\n01/11/2026,X,1.00\n';
    expect(refusal(() => parseStatement(csv, 'csv'))).toMatchObject({
      details: [{ field: 'mapping' }],
    });
    const r = refusal(() =>
      parseStatement(csv, 'csv', { ...simple, amountColumn: null, dateColumn: -1 }),
    );
    expect(r.details.map((d) => d.field)).toEqual(['mapping.dateColumn', 'mapping.amountColumn']);
    expect(refusal(() => parseStatement('Date,Description,Amount\n', 'csv', simple)).message).toBe(
      'The file has no rows after its header rows',
    );
    expect(
      refusal(() => parseStatement('Date,Description,Amount\n01/11/2026,Opening,\n', 'csv', simple))
        .message,
    ).toMatch(/no transactions/);
  });

  it('shows the first rows raw for the mapping screen', () => {
    const text = fixture('bank-of-america.csv');
    const { rows } = csvPreview(text, 3);
    expect(rows).toEqual([
      ['Description', '', 'Summary Amt.'],
      ['Beginning balance as of 11/01/2026', '', '12,450.10'],
      ['Total credits', '', '3,100.00'],
    ]);
    expect(csvPreview(text).rows).toHaveLength(10);
  });

  it('guesses nothing from rows without dates or amounts', () => {
    expect(guessCsvMapping([])).toBeNull();
    expect(
      guessCsvMapping([
        ['Name', 'Unit'],
        ['Smith', '12'],
      ]),
    ).toBeNull();
  });
});

describe('CAMT.053', () => {
  it('reads a .001.02 statement from a Belgian bank (OPBD overdrawn, CLBD, three entries)', () => {
    const s = camt(fixture('ing-belgium.camt053.xml'));
    expect(s).toEqual({
      format: 'camt053',
      accountNumber: 'BE68539007547034',
      currency: 'EUR',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      openingBalance: -12_540,
      closingBalance: 322_935,
      availableBalance: null,
      lines: [
        {
          row: 1,
          date: '2026-11-04',
          amount: 425_000,
          description: "SYNDIC DE L'IMMEUBLE LES TILLEULS — Appel de fonds T4 2026 lot 7",
          payee: "SYNDIC DE L'IMMEUBLE LES TILLEULS",
          checkNumber: null,
          bankId: 'B6K04BI0A1C2D3E4',
        },
        {
          row: 2,
          date: '2026-11-15',
          amount: -88_025,
          description: 'ASCENSEURS DUPONT & FILS SPRL — Facture 2026-1187 Entretien novembre',
          payee: 'ASCENSEURS DUPONT & FILS SPRL',
          checkNumber: null,
          bankId: 'B6K15BI0F5G6H7I8',
        },
        {
          row: 3,
          date: '2026-11-30',
          amount: -1_500,
          description: 'Frais de tenue de compte novembre',
          payee: null,
          checkNumber: null,
          bankId: 'B6K30FEE00000001',
        },
      ],
    });
    // The opening balance and the entries add up to the closing balance.
    expect(s.openingBalance! + s.lines.reduce((t, l) => t + l.amount, 0)).toBe(s.closingBalance);
  });

  it('reads a German savings bank’s .001.02 (the previous closing PRCD as opening)', () => {
    const s = camt(fixture('sparkasse.camt053.xml'));
    expect(s).toMatchObject({
      accountNumber: 'DE89370400440532013000',
      openingBalance: 120_000,
      closingBalance: 144_550,
    });
    expect(s.lines.map((l) => [l.date, l.amount, l.payee, l.description, l.bankId])).toEqual([
      [
        '2026-11-03',
        30_000,
        'Anna Schmidt',
        'Anna Schmidt — Hausgeld November Whg 4',
        '2026110300001',
      ],
      ['2026-11-20', -5_450, 'Stadtwerke', 'Stadtwerke — Strom Treppenhaus', '2026112000007'],
    ]);
  });

  it('reads a .001.08 statement from a Dutch bank (Othr account id, DtTm booking date, CLAV)', () => {
    const s = camt(fixture('rabobank.camt053.v08.xml'));
    expect(s).toMatchObject({
      accountNumber: 'NL91RABO0417164300',
      currency: 'EUR',
      periodStart: '2026-11-30',
      periodEnd: '2026-11-30',
      openingBalance: 50_000,
      closingBalance: 48_755,
      availableBalance: 48_755,
    });
    expect(s.lines).toEqual([
      {
        row: 1,
        date: '2026-11-30',
        amount: -1_245,
        description: 'Kosten betalingsverkeer',
        payee: null,
        checkNumber: null,
        bankId: 'RABO-8817',
      },
    ]);
  });

  it('reads namespace prefixes, and skips pending entries', () => {
    const prefixed = fixture('ing-belgium.camt053.xml')
      .replace(/<(\/?)(\w+)/g, '<$1ns2:$2')
      .replace('<ns2:Document xmlns=', '<ns2:Document xmlns:ns2=')
      .replace('<ns2:Sts>BOOK</ns2:Sts>', '<ns2:Sts>PDNG</ns2:Sts>');
    expect(detectFormat('statement.xml', prefixed)).toBe('camt053');
    expect(camt(prefixed).lines.map((l) => l.row)).toEqual([2, 3]);
  });

  it('refuses other CAMT messages, broken XML and bad entries', () => {
    const report = fixture('rabobank.camt053.v08.xml')
      .replace(/camt\.053\.001\.08/, 'camt.052.001.08')
      .replace(/BkToCstmrStmt/g, 'BkToCstmrAcctRpt');
    expect(refusal(() => camt(report)).message).toMatch(/CAMT\.052/);
    expect(refusal(() => camt('<Document><BkToCstmrStmt><Stmt>')).message).toMatch(
      /not well-formed XML/,
    );
    expect(refusal(() => camt('<Other/>')).message).toMatch(/not a CAMT\.053 statement/);
    const bad = fixture('ing-belgium.camt053.xml')
      .replace(
        '<CdtDbtInd>CRDT</CdtDbtInd>\n        <Sts>',
        '<CdtDbtInd>X</CdtDbtInd>\n        <Sts>',
      )
      .replace('<BookgDt><Dt>2026-11-15</Dt></BookgDt>', '')
      .replace('<ValDt><Dt>2026-11-15</Dt></ValDt>', '');
    expect(refusal(() => camt(bad)).details).toEqual([
      {
        field: 'rows.1.amount',
        message: 'Entry 1: the credit or debit indicator is "X", not CRDT or DBIT',
      },
      { field: 'rows.2.date', message: 'Entry 2: it has no booking date' },
    ]);
  });
});

describe('hostile files', () => {
  it('refuses document types and entities before any parsing', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>' +
      '<Document><BkToCstmrStmt>&lol2;</BkToCstmrStmt></Document>';
    expect(refusal(() => camt(bomb))).toEqual({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'file', message: expect.stringMatching(/document type or entities/) }],
      message: expect.stringMatching(/document type or entities/),
    });
    const external = fixture('wells-2x.ofx').replace(
      '<OFX>',
      '<!DOCTYPE OFX [<!ENTITY x SYSTEM "file:///etc/passwd">]><OFX>',
    );
    expect(refusal(() => ofx(external)).details[0].field).toBe('file');
    expect(refusal(() => ofx(`${fixture('bofa-1x.ofx')}<!entity y "z">`)).message).toMatch(
      /entities/,
    );
  });

  it('refuses a line longer than 64 KB in any format', () => {
    const long = 'x'.repeat(70_000);
    for (const [text, format] of [
      [`Date,Description,Amount\n01/11/2026,${long},1.00\n`, 'csv'],
      [sgml(trn(`<DTPOSTED>20261101<TRNAMT>1.00<MEMO>${long}`)), 'ofx'],
      [`<Document>${long}</Document>`, 'camt053'],
    ] as const) {
      expect(refusal(() => parseStatement(text, format, simpleMapping))).toMatchObject({
        code: 'BAD_USER_INPUT',
        details: [{ field: 'file', message: expect.stringMatching(/longer than 64 KB/) }],
      });
    }
  });

  it('refuses more than 100,000 transactions before building them', () => {
    expect(refusal(() => ofx(`<OFX>\n${'<STMTTRN>\n'.repeat(100_001)}`)).message).toMatch(
      /more than 100,000 transactions/,
    );
    expect(refusal(() => camt(`<Document>\n${'<Ntry>\n'.repeat(100_001)}`)).message).toMatch(
      /more than 100,000 transactions/,
    );
    const csv = `Date,Description,Amount\n${'01/11/2026,X,1.00\n'.repeat(200_200)}`;
    expect(refusal(() => parseStatement(csv, 'csv', simpleMapping)).message).toMatch(
      /more than 100,000 transactions/,
    );
  });

  it('refuses empty and binary files with a clear message', () => {
    for (const empty of ['', '   \n\r\n', '\uFEFF']) {
      expect(refusal(() => ofx(empty))).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'The file is empty',
        details: [{ field: 'file' }],
      });
    }
    const notStatement = /^This is not an OFX, QFX, CSV or CAMT\.053 statement file/;
    expect(refusal(() => ofx('%PDF-1.7\n%âãÏÓ\n1 0 obj')).message).toMatch(/looks like a PDF/);
    expect(
      refusal(() => parseStatement('PK\u0003\u0004\u0014\u0000', 'csv', simpleMapping)).message,
    ).toMatch(/spreadsheet or a zip/);
    const garbage = Array.from({ length: 2000 }, (_, i) =>
      String.fromCharCode(i % 7 === 0 ? 0xfffd : 65 + (i % 26)),
    ).join('');
    expect(refusal(() => camt(garbage)).message).toMatch(notStatement);
    expect(refusal(() => ofx('\u0000\u0001\u0002garbage')).message).toMatch(notStatement);
  });

  it('refuses text that is not the chosen format, and nesting deeper than any statement', () => {
    expect(refusal(() => ofx('hello world')).message).toMatch(/not an OFX or QFX file/);
    expect(refusal(() => camt('hello world')).message).toMatch(/not a CAMT\.053 statement/);
    const deep = `<OFX>${'<A>\n'.repeat(10_000)}x${'</A>\n'.repeat(10_000)}</OFX>`;
    expect(refusal(() => ofx(deep)).message).toMatch(/nested too deeply/);
    const deepXml = `<Document>${'<a>\n'.repeat(20_000)}${'</a>\n'.repeat(20_000)}</Document>`;
    expect(refusal(() => camt(deepXml)).code).toBe('BAD_USER_INPUT');
  });

  it('reads 5,000 transactions of one OFX file', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      trn(`<TRNTYPE>DEBIT\n<DTPOSTED>20261105\n<TRNAMT>-${i + 1}.00\n<FITID>F${i}\n<NAME>N ${i}`),
    ).join('\n');
    const s = ofx(sgml(many));
    expect(s.lines).toHaveLength(5000);
    expect(s.lines[4999]).toMatchObject({ row: 5000, amount: -500_000, bankId: 'F4999' });
  });
});

describe('detectFormat', () => {
  it('tells the formats apart by content first, then by name', () => {
    expect(detectFormat('export.QFX', 'x')).toBe('ofx');
    expect(detectFormat('statement.txt', fixture('bofa-1x.ofx'))).toBe('ofx');
    expect(detectFormat('download', fixture('wells-2x.ofx'))).toBe('ofx');
    expect(detectFormat('x.csv', fixture('credit-union.qfx'))).toBe('ofx');
    expect(detectFormat('statement.xml', fixture('sparkasse.camt053.xml'))).toBe('camt053');
    expect(detectFormat('statement', fixture('rabobank.camt053.v08.xml'))).toBe('camt053');
    expect(detectFormat('download', fixture('chase.csv'))).toBe('csv');
    expect(detectFormat('Export.CSV', fixture('wells-fargo.csv'))).toBe('csv');
    expect(detectFormat('umsatz', 'Buchungstag;Betrag\n01.11.2026;5,00\n')).toBe('csv');
    expect(detectFormat('photo.png', '\u0089PNG\r\n\u001a\n\u0000\u0000')).toBeNull();
    expect(detectFormat('statement.csv', '%PDF-1.4\n')).toBeNull();
    expect(detectFormat('notes', 'just some words')).toBeNull();
    expect(detectFormat('feed.xml', '<?xml version="1.0"?><rss/>')).toBeNull();
    expect(detectFormat('empty.csv', '')).toBeNull();
  });
});
