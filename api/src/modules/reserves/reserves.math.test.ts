import { describe, expect, it } from 'vitest';
import { divHalfUp } from '../../core/money/money.js';
import {
  bandOf,
  closings,
  fullyFunded,
  fundingGoals,
  inflated,
  percentOf,
  project,
  remainingFromPlaced,
  schedule,
} from './reserves.math.js';

// Three components, costs in cents, the current fiscal year 2026:
//   A roof    $30,000.00, useful life 20, remaining 5           → age 15
//   B paving  $10,000.00, useful life 10, placed 2018 → remaining max(0, 2018 + 10 − 2026) = 2 → age 8
//   C pool     $1,000.00, useful life 3,  remaining 1           → age 2
const A = { id: 'a', name: 'Roof', usefulLife: 20, remainingLife: 5, cost: 3_000_000n };
const B = { id: 'b', name: 'Paving', usefulLife: 10, remainingLife: 2, cost: 1_000_000n };
const C = { id: 'c', name: 'Pool', usefulLife: 3, remainingLife: 1, cost: 100_000n };
const COMPONENTS = [A, B, C];

describe('reserve arithmetic', () => {
  it('rounds half-up, away from zero on a tie', () => {
    expect(divHalfUp(5n, 2n)).toBe(3n);
    expect(divHalfUp(4n, 3n)).toBe(1n);
    expect(divHalfUp(-5n, 2n)).toBe(-3n);
    expect(divHalfUp(-4n, 3n)).toBe(-1n);
  });

  it('derives remaining life and the fully funded balance', () => {
    expect(remainingFromPlaced(2018, 10, 2026)).toBe(2);
    expect(remainingFromPlaced(1990, 10, 2026)).toBe(0);
    // A: 30,000.00 × 15 / 20 = 22,500.00
    expect(fullyFunded(A)).toBe(2_250_000n);
    // B: 10,000.00 × 8 / 10 = 8,000.00
    expect(fullyFunded(B)).toBe(800_000n);
    // C: 1,000.00 × 2 / 3 = 666.666… → 666.67
    expect(fullyFunded(C)).toBe(66_667n);
    // Remaining life beyond the useful life: age 0, nothing to fund yet.
    expect(fullyFunded({ usefulLife: 10, remainingLife: 14, cost: 100n })).toBe(0n);
  });

  it('percent funded with one decimal and its band', () => {
    // 12,000.00 / 31,166.67 = 0.385026… → "38.5", fair
    const p = percentOf(1_200_000n, 3_116_667n);
    expect(p.percent).toBe('38.5');
    expect(bandOf(p.tenths!)).toBe('FAIR');
    expect(bandOf(299n)).toBe('WEAK');
    expect(bandOf(300n)).toBe('FAIR');
    expect(bandOf(699n)).toBe('FAIR');
    expect(bandOf(700n)).toBe('STRONG');
    expect(percentOf(-50n, 1000n).percent).toBe('-5.0');
    expect(percentOf(10n, 0n)).toEqual({ percent: null, tenths: null });
  });

  it('inflates costs with one rounding', () => {
    // 1,000.00 × 1.03^4 = 1,125.50881 → 1,125.51
    expect(inflated(100_000n, 300, 4)).toBe(112_551n);
    expect(inflated(100_000n, 300, 0)).toBe(100_000n);
  });

  it('projects the years by hand', () => {
    // Opening 10,000.00, contribution 5,000.00, inflation 3 %, interest 2 %.
    // Replacements: C in years 2, 5, 8…; B in years 3, 13, 23; A in years 6, 26.
    // Y1 2026: 10,000.00 + 5,000 + 200.00 interest − 0                   = 15,200.00
    // Y2 2027: 15,200.00 + 5,000 + 304.00 − C 1,000 × 1.03 = 1,030.00     = 19,474.00
    // Y3 2028: 19,474.00 + 5,000 + 389.48 − B 10,000 × 1.0609 = 10,609.00 = 14,254.48
    // Y4 2029: 14,254.48 + 5,000 + 285.09 (285.0896) − 0                  = 19,539.57
    // Y5 2030: 19,539.57 + 5,000 + 390.79 (390.7914) − C 1,125.51         = 23,804.85
    // Fully funded at the end of Y1 (Y2's ages at 1.03): A age 16: 30,000 × 1.03 × 16/20 =
    // 24,720.00; B age 9: 9,270.00; C age 3: 1,030.00 → 35,020.00.
    // End of Y2 (1.0609): A age 17: 27,052.95; B age 10: 10,609.00; C replaced in Y2, so age 1:
    // 1,060.90 / 3 = 353.633… → 353.63 → 38,015.58.
    const years = project({
      firstFiscalYear: 2026,
      opening: 1_000_000n,
      contribution: 500_000n,
      inflationBps: 300,
      interestBps: 200,
      components: COMPONENTS,
    });
    expect(years).toHaveLength(30);
    expect(
      years.slice(0, 5).map((y) => [y.fiscalYear, y.interest, y.expenditures, y.closing]),
    ).toEqual([
      [2026, 20_000n, 0n, 1_520_000n],
      [2027, 30_400n, 103_000n, 1_947_400n],
      [2028, 38_948n, 1_060_900n, 1_425_448n],
      [2029, 28_509n, 0n, 1_953_957n],
      [2030, 39_079n, 112_551n, 2_380_485n],
    ]);
    expect(years[1].opening).toBe(years[0].closing);
    expect(years[0].fullyFunded).toBe(3_502_000n);
    expect(years[1].fullyFunded).toBe(3_801_558n);
    expect(years[1].replacements).toEqual([{ componentId: 'c', name: 'Pool', cost: 103_000n }]);
    expect(years[5].replacements.map((r) => r.name)).toEqual(['Roof']);
    // Year 26: the roof again (6 + 20), and the pool (2 + 8 × 3).
    expect(years[25].replacements.map((r) => r.name)).toEqual(['Roof', 'Pool']);
  });

  it('finds both funding goals: the least contribution in cents that meets each', () => {
    const s = schedule({ firstFiscalYear: 2026, inflationBps: 300, components: COMPONENTS });
    const floor = 200_000n;
    const goals = fundingGoals(s, 1_000_000n, 200, floor);
    const run = (c: bigint) => closings(s, 1_000_000n, c, 200);
    const meetsThreshold = (c: bigint) => run(c).every((y) => y.closing >= floor);
    const meetsFull = (c: bigint) => {
      const y = run(c);
      return y.every((x) => x.closing >= 0n) && y[29].closing >= y[29].fullyFunded;
    };
    expect(meetsThreshold(goals.threshold)).toBe(true);
    expect(meetsThreshold(goals.threshold - 1n)).toBe(false);
    expect(meetsFull(goals.fullFunding)).toBe(true);
    expect(meetsFull(goals.fullFunding - 1n)).toBe(false);
    expect(goals.threshold).toBeGreaterThan(0n);
    // Rich enough already: no contribution needed.
    expect(fundingGoals(s, 100_000_000n, 200, 0n)).toEqual({ threshold: 0n, fullFunding: 0n });
  });
});
