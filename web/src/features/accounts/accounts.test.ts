import { describe, expect, it } from 'vitest';
import type { AccountType, FundType } from '@/apollo/types';
import { accountsSummary, closingLine, earliestEffectiveDate, sortAccounts } from './accounts';

const a = (number: string, type: AccountType, fundType: FundType = 'OPERATING') => ({
  number,
  type,
  fundType,
});

describe('sortAccounts', () => {
  it('orders by type (assets first) then by number as a person reads it', () => {
    const sorted = sortAccounts([
      a('5010', 'EXPENSE'),
      a('1100', 'ASSET'),
      a('4010', 'INCOME'),
      a('2010', 'LIABILITY'),
      a('999', 'ASSET'),
      a('3010', 'EQUITY'),
      a('1010', 'ASSET'),
    ]);
    expect(sorted.map((x) => x.number)).toEqual([
      '999',
      '1010',
      '1100',
      '2010',
      '3010',
      '4010',
      '5010',
    ]);
  });
});

describe('accountsSummary', () => {
  it('counts accounts and names the funds present', () => {
    expect(accountsSummary([a('1', 'ASSET'), a('2', 'ASSET', 'RESERVE')])).toBe(
      '2 accounts · Operating and reserve funds',
    );
    expect(accountsSummary([a('1', 'ASSET')])).toBe('1 account · Operating fund');
    expect(accountsSummary([a('1', 'ASSET', 'RESERVE')])).toBe('1 account · Reserve fund');
    expect(accountsSummary([])).toBe('0 accounts');
  });
});

describe('earliestEffectiveDate', () => {
  it('is the day after the latest posting or reclassification; none without postings', () => {
    expect(earliestEffectiveDate('2026-03-12')).toBe('2026-03-13');
    expect(earliestEffectiveDate('2026-12-31', ['2026-04-01'])).toBe('2027-01-01');
    expect(earliestEffectiveDate('2026-03-12', ['2026-06-01'])).toBe('2026-06-02');
    expect(earliestEffectiveDate(null)).toBeNull();
  });
});

describe('closingLine', () => {
  it('puts the whole balance on the side that brings it to zero', () => {
    expect(closingLine('ASSET', '1234.56')).toEqual({ side: 'credit', amount: '1234.56' });
    expect(closingLine('ASSET', '-20.00')).toEqual({ side: 'debit', amount: '20.00' });
    expect(closingLine('LIABILITY', '300.00')).toEqual({ side: 'debit', amount: '300.00' });
    expect(closingLine('INCOME', '-0.05')).toEqual({ side: 'credit', amount: '0.05' });
    expect(closingLine('EXPENSE', '0.00')).toBeNull();
  });
});
