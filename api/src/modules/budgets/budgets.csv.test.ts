import { describe, expect, it } from 'vitest';
import { toCsv } from '@covenant/shared/csv';
import { parseBudgetCsv } from './budgets.csv.js';

// The budget's columns (account, months); the reading of files and amounts is core/csv's, tested
// there and, through every import, in core/csv/hostile-files.test.ts.
describe('budget CSV', () => {
  it('reads a semicolon file with a BOM, quoted fields and a totals row; rows keep their numbers', () => {
    const file =
      '\uFEFFAccount number;Account name;Jan;Feb;Mar;Apr;May;Jun;Jul;Aug;Sep;Oct;Nov;Dec\r\n' +
      '4010;"Dues; regular";"1.234,50";(300,00);;;;;;;;;;\r\n' +
      ';;;;;;;;;;;;;\r\n' +
      '5010;"Water ""city""";100;200;;;;;;;;;;\r\n' +
      ';Total;1.334,50;-100;;;;;;;;;;\r\n';
    const rows = parseBudgetCsv(file);
    expect(rows.map((r) => [r.row, r.accountNumber, r.accountName])).toEqual([
      [2, '4010', 'Dues; regular'],
      [4, '5010', 'Water "city"'],
    ]);
    expect(rows[0].cells.slice(0, 3).map((c) => c.cents)).toEqual([123450, -30000, 0]);
  });

  it('refuses a file without the month columns, naming what is missing', () => {
    expect(() => parseBudgetCsv('Account,Jan,Feb\n4010,1,2\n')).toThrow(/Mar, Apr/);
  });

  it('writes CSV that reads back the same', () => {
    const text = toCsv([
      [
        'Account number',
        'Account name',
        'Jan',
        'Feb',
        'Mar',
        'Apr',
        'May',
        'Jun',
        'Jul',
        'Aug',
        'Sep',
        'Oct',
        'Nov',
        'Dec',
      ],
      ['4010', 'Dues, "regular"', '1234.56', '', '', '', '', '', '', '', '', '', '', '-5.00'],
    ]);
    const [row] = parseBudgetCsv(text);
    expect(row.accountName).toBe('Dues, "regular"');
    expect(row.cells.map((c) => c.cents)).toEqual([123456, ...Array(10).fill(0), -500]);
  });
});
