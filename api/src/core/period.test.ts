import { describe, expect, it } from 'vitest';
import { AppError } from './errors/app-error.js';
import { assertPeriod, periodProblems } from './period.js';

describe('a period argument', () => {
  it('takes two dates in order, one day too', () => {
    expect(periodProblems('2026-01-01', '2026-12-31')).toEqual([]);
    expect(periodProblems('2026-03-31', '2026-03-31')).toEqual([]);
    expect(() => assertPeriod('2026-01-01', '2026-12-31')).not.toThrow();
  });

  it('names each date that is not one, and an end before the start', () => {
    expect(periodProblems('2026-02-30', 'soon')).toEqual([
      { field: 'from', message: 'Use a date like 2026-01-01' },
      { field: 'to', message: 'Use a date like 2026-12-31' },
    ]);
    expect(periodProblems('2026-12-31', '2026-01-01')).toEqual([
      { field: 'to', message: 'The period ends before it starts' },
    ]);
  });

  it('is refused as bad input with every problem, or the caller’s own list', () => {
    const refusal = (fn: () => void) => {
      try {
        fn();
      } catch (e) {
        return e as AppError;
      }
      throw new Error('not refused');
    };
    const e = refusal(() => assertPeriod('x', 'y'));
    expect(e).toBeInstanceOf(AppError);
    expect(e.code).toBe('BAD_USER_INPUT');
    expect(e.message).toBe('Use a date like 2026-01-01; Use a date like 2026-12-31');
    const own = refusal(() =>
      assertPeriod('2020-01-01', '2026-12-31', [{ field: 'to', message: 'Too long' }]),
    );
    expect(own.message).toBe('Too long');
  });
});
