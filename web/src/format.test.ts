import { describe, expect, it } from 'vitest';
import {
  formatApy,
  formatFileSize,
  formatLocalDate,
  parseLocalDate,
  plural,
  toLocalDate,
} from './format';

describe('format', () => {
  it('shows a LocalDate as its own calendar day in the medium format', () => {
    // Parsed as local midnight: "2026-03-01" never becomes Feb 28 west of UTC.
    expect(formatLocalDate('2026-03-01', 'en-US')).toBe('Mar 1, 2026');
    expect(formatLocalDate('not a date', 'en-US')).toBe('');
    expect(toLocalDate(parseLocalDate('2026-12-31')!)).toBe('2026-12-31');
    expect(parseLocalDate('2026-02-30')).toBeNull();
  });

  it('names file sizes', () => {
    expect(formatFileSize(29)).toBe('29 bytes');
    expect(formatFileSize(18_000)).toBe('18 KB');
    expect(formatFileSize(3_500_000)).toBe('3.3 MB');
  });
});

describe('plural', () => {
  it('puts the count with the right noun, grouped in the locale', () => {
    expect(plural(1, 'entry', 'entries', 'en-US')).toBe('1 entry');
    expect(plural(0, 'entry', 'entries', 'en-US')).toBe('0 entries');
    expect(plural(2, 'person', 'people', 'en-US')).toBe('2 people');
    expect(plural(1204, 'invoice', 'invoices', 'en-US')).toBe('1,204 invoices');
  });

  it('shows an APY with two decimals, more only when the rate has them', () => {
    expect(formatApy('4.250')).toBe('4.25 %');
    expect(formatApy('4.125')).toBe('4.125 %');
    expect(formatApy('4.000')).toBe('4.00 %');
    expect(formatApy('4.5')).toBe('4.50 %');
    expect(formatApy('5')).toBe('5.00 %');
    expect(formatApy('0.050')).toBe('0.05 %');
    expect(formatApy('10.100')).toBe('10.10 %');
  });
});
