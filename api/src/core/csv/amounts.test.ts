import { describe, expect, it } from 'vitest';
import { parseAmount } from './amounts.js';

// Every amount cell of every import goes through parseAmount: what it reads, to the cent, and
// what it refuses rather than guess. The imports themselves are fed these in hostile-files.test.ts.

describe('parseAmount', () => {
  it.each([
    ['1234.56', 123456],
    ['1234,56', 123456],
    ['1,234.56', 123456], // Excel in the US
    ['1.234,56', 123456], // Excel in Germany
    ['1 234,56', 123456],
    ['1\u00a0234,56', 123456], // Excel in France: a no-break space
    ['1\u202f234,56', 123456], // and its narrow no-break space
    ["1'234.56", 123456], // Switzerland
    ['1,234,567.89', 123456789],
    ['1.234.567,89', 123456789],
    ['1,234', 123400], // a lone "," before three digits groups thousands
    ['1.234.567', 123456700],
    ['12,5', 1250],
    ['.5', 50],
    ['-.50', -50],
    ['007', 700],
    ['$1,234.56', 123456],
    ['-$1,234.56', -123456],
    ['$-1,234.56', -123456],
    ['($1,234.56)', -123456], // Excel's accounting negative
    ['(300.00)', -30000],
    ['1.234,56 €', 123456],
    ['-1.234,56 €', -123456],
    ['EUR 12', 1200],
    ['12 usd', 1200],
    ['£5', 500],
    ['+12', 1200],
    ['12-', -1200], // a trailing minus, as some accounting systems export
    ['\u221212.50', -1250], // a typographic minus
    ['  42.10  ', 4210],
    ['', 0],
    ['-', 0],
    [' $ -   ', 0], // Excel's accounting zero
    ['-0.00', 0],
    ['9999999999999.99', 999999999999999], // the largest amount
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseAmount(text)).toEqual({ cents, error: null });
  });

  it.each([
    ['100\n4050', /^"100⏎4050" is not an amount: it holds a line break$/],
    ['100\r\n4050', /holds a line break/],
    ['100\r4050', /holds a line break/],
    ['12x', /^"12x" is not an amount$/],
    ['1.2.3', /not an amount/],
    ['1,23,4', /not an amount/],
    ['1,234,5', /not an amount/], // the thousands separator used as the decimal one
    ['1,234.567', /not an amount/],
    ['1.234', /^"1.234": use at most two decimals$/], // three decimals, or thousands? refused
    ['12.345', /two decimals/],
    ['1.2345', /two decimals/],
    ['0,001', /two decimals/],
    ['1.23E+05', /scientific notation/],
    ['1e5', /scientific notation/],
    ['$12$', /not an amount/],
    ['12USD5', /not an amount/],
    ['1$2', /not an amount/],
    ['--5', /more than one sign/],
    ['(-5)', /more than one sign/],
    ['-5-', /more than one sign/],
    ['+-5', /more than one sign/],
    ['(5', /not an amount/],
    ['()', /not an amount/],
    ['$', /not an amount/],
    ['12 34', /not an amount/],
    ['1 2 3', /not an amount/],
    ["1'2'3", /not an amount/],
    ['1,2345.00', /not an amount/],
    ['12,345,67', /not an amount/],
    ['1.', /not an amount/],
    ['0x1F', /not an amount/],
    ['NaN', /not an amount/],
    ['Infinity', /not an amount/],
    ['#VALUE!', /not an amount/],
    ['１２', /not an amount/], // full-width digits
    ['10000000000000.00', /too large/],
    ['99999999999999999999', /too large/],
  ])('refuses %j', (text, message) => {
    const cell = parseAmount(text);
    expect(cell.cents).toBeNull();
    expect(cell.error).toMatch(message);
  });

  it('shows a long cell cut in its message', () => {
    expect(parseAmount(`1${'x'.repeat(100)}`).error).toBe(`"1${'x'.repeat(39)}…" is not an amount`);
  });
});
