import { describe, expect, it } from 'vitest';
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
});
