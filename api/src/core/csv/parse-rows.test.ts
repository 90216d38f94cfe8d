import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { parseCsvRows } from './parse-rows.js';

// The one CSV reader of every import, on its own: line ends, separators, quoted line breaks and
// rows wider than their header. hostile-files.test.ts feeds the same through every import.

function rows(text: string) {
  const parsed = parseCsvRows(text);
  if ('error' in parsed) throw new Error(parsed.error.message);
  return parsed;
}

function refusal(text: string): AppError {
  try {
    parseCsvRows(text);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('parseCsvRows', () => {
  it('reads line ends of any mix: a CRLF header over LF rows is not one row', () => {
    const parsed = rows('account,amount\r\n4010,100\n4050,200\r5010,300\r\n\n,\n6010,400');
    expect(parsed.rows).toEqual([
      ['account', 'amount'],
      ['4010', '100'],
      ['4050', '200'],
      ['5010', '300'],
      ['6010', '400'],
    ]);
    // The blank rows (an empty line, a row of empty cells) count, as a spreadsheet numbers rows.
    expect(parsed.rowNumbers).toEqual([1, 2, 3, 4, 7]);
  });

  it('keeps a quoted line break in its cell, as LF, and counts the cell as one row', () => {
    const parsed = rows('memo,amount\r\n"one\r\ntwo",1\n"three\rfour\nfive",2\r\nsix,3\n');
    expect(parsed.rows.slice(1)).toEqual([
      ['one\ntwo', '1'],
      ['three\nfour\nfive', '2'],
      ['six', '3'],
    ]);
    expect(parsed.rowNumbers).toEqual([1, 2, 3, 4]);
  });

  it('takes one separator per file from the header line, so "1.234,56" in a ";" file is one cell', () => {
    expect(rows('account;amount;memo\n4010;1.234,56;Dues, regular\n').rows[1]).toEqual([
      '4010',
      '1.234,56',
      'Dues, regular',
    ]);
    expect(rows('account\tamount\n4010\t1,234.56\n').rows[1]).toEqual(['4010', '1,234.56']);
    // A "," or ";" inside a quoted header cell does not count.
    expect(rows('"a;b;c",amount\nx,1\n').rows[1]).toEqual(['x', '1']);
    // A tie goes to ";" over "," (a European header "Betrag, EUR;Konto").
    expect(rows('Betrag, EUR;Konto\n1,50;4010\n').rows[1]).toEqual(['1,50', '4010']);
    // One column: ",".
    expect(rows('\n\nunit_number\n101\n').rows).toEqual([['unit_number'], ['101']]);
  });

  it('reads Excel\'s "sep=" line and a BOM, numbering rows as Excel shows them', () => {
    const parsed = rows('\uFEFFsep=;\r\naccount;amount\r\n4010;1,5\r\n');
    expect(parsed.rows).toEqual([
      ['account', 'amount'],
      ['4010', '1,5'],
    ]);
    expect(parsed.rowNumbers).toEqual([1, 2]);
  });

  it('refuses a value past the header, naming its row and column: an unquoted "1,234.56"', () => {
    const e = refusal('account,amount,memo\n4010,12.00,Dues\n4020,1,234.56,Fees\n4030,1,,,\n');
    expect(e.code).toBe('BAD_USER_INPUT');
    expect(e.details).toEqual([
      {
        field: 'rows.3.D',
        message:
          'Row 3, column D: "Fees" is past the header\'s last column (C, memo); a value holding the separator must be in quotes',
      },
    ]);
    expect(e.message).toMatch(/^Row 3, column D: .* Nothing was imported\.$/);
    // Empty cells past the header are padding, and a one-cell first row is no header to measure.
    expect(rows('account,amount\n4010,1,,\n').rows[1]).toEqual(['4010', '1', '', '']);
    expect(rows('Budget 2026\naccount,amount\n').rows).toHaveLength(2);
  });

  it('answers a file that is not CSV with the line where reading stopped', () => {
    expect(parseCsvRows('a,b\nx,"unclosed\ny,2\n')).toEqual({
      error: { row: 3, field: null, message: expect.stringMatching(/^Not a readable CSV file: /) },
    });
  });
});
