import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './typed-date';

describe('parseTypedDate', () => {
  it.each([
    ['1/15/2026', '2026-01-15'],
    ['01/15/2026', '2026-01-15'],
    ['1/5/26', '2026-01-05'],
    ['1-15-2026', '2026-01-15'],
    ['01.15.2026', '2026-01-15'],
    ['2026-01-15', '2026-01-15'],
    ['2026-1-5', '2026-01-05'],
    ['Jan 15, 2026', '2026-01-15'],
    ['January 15, 2026', '2026-01-15'],
    ['jan 15 2026', '2026-01-15'],
    ['Sept 3, 2026', '2026-09-03'],
    ['15 Jan 2026', '2026-01-15'],
    ['  2/29/2028 ', '2028-02-29'],
    ['12/31/99', '1999-12-31'],
  ])('reads %s (US English)', (typed, iso) => {
    expect(parseTypedDate(typed, 'en-US')).toBe(iso);
  });

  it.each([
    '02/30/2026',
    '2/29/2026',
    '13/01/2026',
    '2026-02-30',
    '1/15-2026',
    '1/15',
    'Jab 15, 2026',
    'Jan 32, 2026',
    'tomorrow',
    '',
    '15/01/2026',
  ])('refuses %s', (typed) => {
    expect(parseTypedDate(typed, 'en-US')).toBeNull();
  });

  it('reads the day first where the locale writes it so', () => {
    expect(parseTypedDate('15/01/2026', 'en-GB')).toBe('2026-01-15');
    expect(parseTypedDate('15.01.2026', 'de-DE')).toBe('2026-01-15');
    expect(parseTypedDate('01/15/2026', 'en-GB')).toBeNull();
  });
});
