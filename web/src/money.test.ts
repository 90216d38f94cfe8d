import { describe, expect, it } from 'vitest';
import {
  centsToMoney,
  formatAmount,
  formatMoney,
  formatMoneyInput,
  parseMoneyInput,
  sumMoney,
  toCents,
} from './money';

describe('money', () => {
  it('reads the API’s Money strings as exact cents', () => {
    expect(toCents('1234.56')).toBe(123456);
    expect(toCents('0.05')).toBe(5);
    expect(toCents('-0.05')).toBe(-5);
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('7')).toBe(700);
    expect(toCents('abc')).toBeNaN();
    // 0.1 + 0.2 in cents, never in floats.
    expect(sumMoney(['0.10', '0.20'])).toBe(30);
    expect(centsToMoney(123456)).toBe('1234.56');
    expect(centsToMoney(-5)).toBe('-0.05');
    expect(centsToMoney(0)).toBe('0.00');
  });

  it('formats with the currency symbol, thousands separators and cents', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney(25_000_00)).toBe('$25,000.00');
    expect(formatMoney('-1234.56')).toBe('-$1,234.56');
  });

  it('shows negatives in parentheses in reports', () => {
    expect(formatAmount('-1234.56')).toBe('($1,234.56)');
    expect(formatAmount(-5)).toBe('($0.05)');
    expect(formatAmount('1234.56')).toBe('$1,234.56');
    expect(formatAmount('-0.00')).toBe('$0.00');
  });

  it('formats inputs with a minus sign and no currency', () => {
    expect(formatMoneyInput(-123456)).toBe('-1,234.56');
    expect(formatMoneyInput('25000')).toBe('25,000.00');
  });

  it('reads what a person types as plain decimals', () => {
    expect(parseMoneyInput('1234.56')).toEqual({ kind: 'ok', cents: 123456, money: '1234.56' });
    expect(parseMoneyInput(' 1,234.5 ')).toMatchObject({ money: '1234.50' });
    expect(parseMoneyInput('$12')).toMatchObject({ money: '12.00' });
    expect(parseMoneyInput('.5')).toMatchObject({ money: '0.50' });
    expect(parseMoneyInput('')).toEqual({ kind: 'empty' });
    expect(parseMoneyInput('12.345')).toEqual({
      kind: 'invalid',
      message: 'Use at most two decimals',
    });
    expect(parseMoneyInput('1,23')).toMatchObject({ kind: 'invalid' });
    expect(parseMoneyInput('ten')).toMatchObject({ kind: 'invalid' });
    expect(parseMoneyInput('-5')).toEqual({ kind: 'invalid', message: 'Enter a positive amount' });
    expect(parseMoneyInput('-5', { allowNegative: true })).toMatchObject({
      cents: -500,
      money: '-5.00',
    });
    expect(parseMoneyInput('12345678901234')).toMatchObject({ kind: 'invalid' });
  });
});
