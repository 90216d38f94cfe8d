import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from './money.js';

describe('money', () => {
  it('parses decimal strings to integer cents without floats', () => {
    expect(parseMoney('1234.56')).toBe(123456);
    expect(parseMoney('0.1')).toBe(10);
    expect(parseMoney('0.07')).toBe(7);
    expect(parseMoney('-12.3')).toBe(-1230);
    expect(parseMoney('-0')).toBe(0);
    expect(parseMoney('9999999999999.99')).toBe(999999999999999);
    for (const bad of ['1.234', '1e3', '', '1,000.00', 'abc', '.5', '12.']) {
      expect(() => parseMoney(bad), bad).toThrow();
    }
  });

  it('formats cents exactly', () => {
    expect(formatMoney(123456)).toBe('1234.56');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(-5)).toBe('-0.05');
    expect(formatMoney('100000000000000')).toBe('1000000000000.00');
    expect(formatMoney(0)).toBe('0.00');
  });
});
