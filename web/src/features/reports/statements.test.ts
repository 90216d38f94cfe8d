import { describe, expect, it } from 'vitest';
import type { IncomeStatement, Vendor1099Report } from './statements.graphql';
import {
  incomeStatementCsv,
  monthFromQuery,
  periodFromQuery,
  periodLabel,
  periodProblem,
  presetOf,
  presetPeriod,
  previousMonth,
  shortPeriodLabel,
  vendor1099Csv,
} from './statements';
import { incomeStatement, vendor1099 } from './statements.fixtures';

describe('statement periods', () => {
  it('offers month, quarter, year to date and last year in a January fiscal year', () => {
    const today = '2026-05-20';
    expect(presetPeriod('month', today, 1)).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    expect(presetPeriod('quarter', today, 1)).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(presetPeriod('ytd', today, 1)).toEqual({ from: '2026-01-01', to: '2026-05-20' });
    expect(presetPeriod('last-year', today, 1)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(presetOf({ from: '2026-04-01', to: '2026-06-30' }, today, 1)).toBe('quarter');
    expect(presetOf({ from: '2026-04-02', to: '2026-06-30' }, today, 1)).toBeNull();
  });

  it('counts quarters and years from a July fiscal-year start', () => {
    // FY 2026 runs July 2025 to June 2026; February is in its third quarter (Jan – Mar).
    const today = '2026-02-10';
    expect(presetPeriod('quarter', today, 7)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetPeriod('ytd', today, 7)).toEqual({ from: '2025-07-01', to: '2026-02-10' });
    expect(presetPeriod('last-year', today, 7)).toEqual({ from: '2024-07-01', to: '2025-06-30' });
    expect(presetPeriod('quarter', '2025-08-31', 7)).toEqual({
      from: '2025-07-01',
      to: '2025-09-30',
    });
    expect(presetPeriod('month', '2024-02-03', 7)).toEqual({
      from: '2024-02-01',
      to: '2024-02-29',
    });
  });

  it('names periods as the reports show them', () => {
    expect(periodLabel({ from: '2026-03-01', to: '2026-03-31' }, 1)).toBe('Mar 2026');
    expect(periodLabel({ from: '2026-01-01', to: '2026-12-31' }, 1)).toBe('FY 2026');
    expect(periodLabel({ from: '2025-07-01', to: '2026-06-30' }, 7)).toBe(
      'FY 2026 (Jul 2025 – Jun 2026)',
    );
    expect(periodLabel({ from: '2026-01-01', to: '2026-03-31' }, 7)).toBe(
      'Q3 FY 2026 (Jan – Mar 2026)',
    );
    expect(periodLabel({ from: '2026-01-01', to: '2026-10-31' }, 1)).toBe('Jan – Oct 2026');
    expect(periodLabel({ from: '2025-07-01', to: '2026-02-10' }, 7, 'en-US')).toBe(
      'FY 2026 to Feb 10, 2026',
    );
    expect(periodLabel({ from: '2026-01-10', to: '2026-02-15' }, 1, 'en-US')).toBe(
      'Jan 10, 2026 – Feb 15, 2026',
    );
    expect(shortPeriodLabel({ from: '2025-01-01', to: '2025-03-31' })).toBe('Jan – Mar 2025');
    expect(shortPeriodLabel({ from: '2024-11-01', to: '2025-01-31' })).toBe('Nov 2024 – Jan 2025');
  });

  it('reads the address and refuses what the API would', () => {
    expect(periodFromQuery('2026-01-01', '2026-03-31')).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(periodFromQuery('2026-03-31', '2026-01-01')).toBeNull();
    expect(periodFromQuery('2026-02-30', '2026-03-01')).toBeNull();
    expect(periodProblem('2026-03-31', '2026-01-01')).toMatch(/ends before it starts/);
    expect(periodProblem('2020-01-01', '2024-12-31')).toBeNull();
    expect(periodProblem('2020-01-01', '2025-01-01')).toMatch(/at most 5 years/);
    expect(periodProblem(null, '2025-01-01')).toMatch(/Choose/);
    expect(monthFromQuery('2026-03')).toEqual({ year: 2026, month: 3 });
    expect(monthFromQuery('2026-13')).toBeNull();
    expect(previousMonth('2026-01-15')).toEqual({ year: 2025, month: 12 });
  });
});

describe('statement files', () => {
  it('writes the income statement with its fund and type on every row', () => {
    const rows = incomeStatementCsv(incomeStatement() as unknown as IncomeStatement, ['Title']);
    expect(rows[1]).toEqual([
      'Fund',
      'Type',
      'Number',
      'Account',
      'Actual',
      'Budget',
      'Prior year (2025-01-01 to 2025-03-31)',
    ]);
    expect(rows[2]).toEqual([
      'Operating fund',
      'Revenues',
      '4010',
      'Assessments',
      '13000.00',
      '3300.00',
      '12000.00',
    ]);
    expect(rows.at(-1)).toEqual([
      'Both funds',
      '',
      '',
      'Change in fund balance',
      '9300.00',
      '1800.00',
      '12000.00',
    ]);
    // A transfer is in its fund's transfers section, out of the fund negative, never an expense.
    expect(rows.find((r) => r[2] === '5900')).toEqual([
      'Operating fund',
      'Transfers between funds',
      '5900',
      'Transfer to Reserves',
      '-3000.00',
      '-3000.00',
      '-2400.00',
    ]);
    expect(rows.find((r) => r[3] === 'Excess of revenues over expenses')?.[4]).toBe('9300.00');
    // No budget: an empty cell, never 0.
    const none = incomeStatementCsv(incomeStatement(false) as unknown as IncomeStatement, []);
    expect(none[2]?.[5]).toBe('');
  });

  it('writes tax ids into the 1099 file only for admins', () => {
    const admin = vendor1099Csv(vendor1099(true) as unknown as Vendor1099Report, [], true);
    expect(admin[1]).toEqual([
      'Vendor',
      'Tax id',
      'Address',
      'Paid',
      'Entries',
      'At or over 600.00',
    ]);
    expect(admin[2]).toEqual(['Green Lawn Co', '123456789', '1 Main St', '600.00', 2, 'yes']);
    expect(admin.at(-1)).toEqual(['Total', '', '', '1199.99', '', '']);
    const member = vendor1099Csv(vendor1099(false) as unknown as Vendor1099Report, [], false);
    expect(member[1]).toEqual(['Vendor', 'Address', 'Paid', 'Entries', 'At or over 600.00']);
    expect(JSON.stringify(member)).not.toContain('123456789');
  });
});
