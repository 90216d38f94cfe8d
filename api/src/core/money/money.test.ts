import { describe, expect, it } from 'vitest';
import {
  displayMoney,
  formatMoney,
  MAX_AMOUNT,
  MoneyScalar,
  parseMoney,
  sumCents,
  toCents,
  toTotal,
} from './money.js';

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

describe('money above 2^53 cents', () => {
  const MAX = 999_999_999_999_999; // 9,999,999,999,999.99, the largest amount the API accepts
  it('accepts the largest amount as exact cents and refuses a larger one', () => {
    expect(MAX_AMOUNT).toBe(MAX);
    expect(Number.isSafeInteger(MAX_AMOUNT)).toBe(true);
    expect(() => parseMoney('10000000000000.00')).toThrow();
  });

  it('sums amounts exactly where a number would round', () => {
    const ten = Array.from({ length: 10 }, () => MAX);
    expect(sumCents([...ten, 1])).toBe(9_999_999_999_999_991n);
    expect(formatMoney(sumCents([...ten, 1]))).toBe('99999999999999.91');
    expect(sumCents([])).toBe(0n);
    expect(sumCents([MAX, -MAX, 5n])).toBe(5n);
  });

  it('reads SQL sums as totals without passing through a number', () => {
    expect(toTotal('9999999999999999999')).toBe(9_999_999_999_999_999_999n);
    expect(toTotal('-9007199254740993')).toBe(-9_007_199_254_740_993n);
    expect(toTotal(null)).toBe(0n);
    expect(toTotal(undefined)).toBe(0n);
    expect(toTotal(12)).toBe(12n);
    expect(() => toTotal(0.5)).toThrow();
    expect(formatMoney(toTotal('-9007199254740993'))).toBe('-90071992547409.93');
  });

  it('reads one amount as cents and refuses a value that is not exact as a number', () => {
    expect(toCents('999999999999999')).toBe(MAX);
    expect(toCents('-5')).toBe(-5);
    expect(toCents(null)).toBe(0);
    expect(() => toCents('9007199254740993')).toThrow(/Total/);
    expect(() => toCents(9_007_199_254_740_993n)).toThrow();
  });

  it('the Money scalar serializes totals exactly', () => {
    expect(MoneyScalar.serialize(9_999_999_999_999_991n)).toBe('99999999999999.91');
    expect(MoneyScalar.serialize(-1n)).toBe('-0.01');
    expect(MoneyScalar.serialize(MAX)).toBe('9999999999999.99');
  });

  it('displays amounts for messages', () => {
    expect(displayMoney(123456)).toBe('$1,234.56');
    expect(displayMoney(-5)).toBe('-$0.05');
    expect(displayMoney(0n)).toBe('$0.00');
    expect(displayMoney(9_999_999_999_999_991n)).toBe('$99,999,999,999,999.91');
  });
});
