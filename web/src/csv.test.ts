import { describe, expect, it } from 'vitest';
import { toCsv as sharedToCsv, unguardCell } from '@covenant/shared/csv';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a BOM, CRLF line ends and RFC 4180 quoting', () => {
    const csv = toCsv([
      ['Unit', 'Owner', 'Balance'],
      ['12', 'Lee, J "Jo"', '-1234.56'],
      ['14', 'Line\nbreak', null],
    ]);
    expect(csv).toBe(
      '\uFEFFUnit,Owner,Balance\r\n12,"Lee, J ""Jo""",-1234.56\r\n14,"Line\nbreak",\r\n',
    );
  });

  it('keeps amounts as numbers and guards text that a spreadsheet would run as a formula', () => {
    const csv = toCsv([
      [-1234.56, '-2.50', '=SUM(A1:A9)', '+1', '@cmd', '-2+3', '\tx', 'plain', 0, undefined],
    ]);
    expect(csv).toBe("\uFEFF-1234.56,-2.50,'=SUM(A1:A9),'+1,'@cmd,'-2+3,'\tx,plain,0,\r\n");
  });

  it('is the shared writer, so exports and the API import templates follow one rule', () => {
    expect(toCsv).toBe(sharedToCsv);
  });

  it('guards a hostile name inside quotes and leaves only plain decimals unguarded', () => {
    const name = '=HYPERLINK("http://evil","pt")';
    const csv = toCsv([[name, '-12.50', '-1,234.56', '12.5.1', '-']]);
    expect(csv).toBe(
      `\uFEFF"'=HYPERLINK(""http://evil"",""pt"")",-12.50,"'-1,234.56",12.5.1,'-\r\n`,
    );
    // The importers take the guard off again when they read a file we wrote.
    expect(unguardCell(`'${name}`)).toBe(name);
  });
});
