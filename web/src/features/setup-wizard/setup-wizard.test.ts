import { describe, expect, it } from 'vitest';
import type { Role } from '@/apollo/types';
import {
  assessmentIncomeAccount,
  chartIsMinimal,
  firstOpenStep,
  fundedBankAccounts,
  needsSetupWizard,
  nextAccountNumber,
  suggestBankNumber,
  INCOME_NUMBERS,
  unpostedBankAccounts,
} from './setup-wizard';

describe('needsSetupWizard', () => {
  it.each<[Role | null, Record<string, unknown> | null | undefined, boolean]>([
    ['ADMIN', {}, true],
    ['ADMIN', { onboardingComplete: false }, true],
    ['ADMIN', { onboardingComplete: true }, false],
    ['ADMIN', null, true],
    ['ADMIN', undefined, true],
    ['USER', {}, true],
    ['USER', { onboardingComplete: false }, true],
    ['USER', { onboardingComplete: true }, false],
    ['VIEWER', {}, false],
    ['VIEWER', { onboardingComplete: false }, false],
    ['VIEWER', { onboardingComplete: true }, false],
    [null, {}, false],
    // Only `true` finishes it: a stray string is not a finished setup.
    ['ADMIN', { onboardingComplete: 'true' }, true],
  ])('%s with %j → %s', (role, settings, expected) => {
    expect(needsSetupWizard(role, settings)).toBe(expected);
  });
});

describe('firstOpenStep', () => {
  it('is the first step not done, else the last', () => {
    expect(firstOpenStep({ 1: false, 2: false, 3: false })).toBe(1);
    expect(firstOpenStep({ 1: true, 2: false, 3: false })).toBe(2);
    expect(firstOpenStep({ 1: true, 2: true, 3: false })).toBe(3);
    expect(firstOpenStep({ 1: false, 2: true, 3: true })).toBe(1);
    expect(firstOpenStep({ 1: true, 2: false, 3: true })).toBe(2);
    expect(firstOpenStep({ 1: true, 2: true, 3: true })).toBe(3);
  });
});

describe('fundedBankAccounts', () => {
  const row = (accountId: string, balance: string, archived = false) => ({
    accountId,
    number: accountId,
    name: accountId,
    balance,
    archived,
  });
  it('keeps operating cash accounts holding a balance (either sign), not control accounts', () => {
    const balances = [
      row('1010', '25000.00'),
      row('1020', '0.00'),
      row('1030', '-12.50'),
      row('1100', '900.00'), // receivables: not among the cash candidates
      row('1090', '5.00', true),
    ];
    expect(
      fundedBankAccounts(balances, ['1010', '1020', '1030', '1090']).map((b) => b.accountId),
    ).toEqual(['1010', '1030']);
    expect(fundedBankAccounts(balances, [])).toEqual([]);
  });
});

describe('account numbers', () => {
  it('suggests 1010 in an empty chart and the next ten after the operating cash accounts', () => {
    expect(suggestBankNumber([], [])).toBe('1010');
    const chart = [
      { id: 'a', number: '1010' },
      { id: 'b', number: '1100' },
      { id: 'c', number: '3900' },
    ];
    expect(suggestBankNumber(chart, ['a'])).toBe('1020');
    // 1020 taken by another kind of account (a reserve one, say): the next free ten.
    expect(suggestBankNumber([...chart, { id: 'd', number: '1020' }], ['a'])).toBe('1030');
    // A chart of its own numbering (no cash in 1010–1099): from 1010, skipping numbers in use.
    expect(suggestBankNumber([{ id: 'x', number: '1010' }], [])).toBe('1020');
    expect(suggestBankNumber([{ id: 'x', number: 'CHK-1' }], ['x'])).toBe('1010');
  });

  it('runs past the range when its tens are full', () => {
    const used = Array.from({ length: 9 }, (_, i) => String(4010 + i * 10));
    expect(nextAccountNumber(used, used, INCOME_NUMBERS)).toBe('4100');
    expect(nextAccountNumber([...used, '4100'], used, INCOME_NUMBERS)).toBe('4101');
    expect(nextAccountNumber([], [], INCOME_NUMBERS)).toBe('4010');
  });

  it('picks the income account named for assessments, else the first', () => {
    expect(assessmentIncomeAccount([{ name: 'Pool Fees' }, { name: 'Assessment Income' }])).toEqual(
      { name: 'Assessment Income' },
    );
    expect(assessmentIncomeAccount([{ name: 'Dues' }])).toEqual({ name: 'Dues' });
    expect(assessmentIncomeAccount([])).toBeNull();
  });
});

describe('the chart step', () => {
  const row = (accountId: string, debit: string, credit = '0.00', archived = false) => ({
    accountId,
    number: accountId,
    name: accountId,
    balance: '0.00',
    archived,
    debit,
    credit,
  });

  it('finds the operating bank accounts with nothing posted (a zero balance is not enough)', () => {
    const balances = [
      row('1010', '0.00'),
      // Posted and paid out again: it has postings.
      row('1020', '500.00', '500.00'),
      row('1030', '0.00', '0.00', true),
      row('1510', '0.00'),
    ];
    expect(
      unpostedBankAccounts(balances, ['1010', '1020', '1030']).map((b) => b.accountId),
    ).toEqual(['1010']);
  });

  it('offers a chart while the chart has no expense account', () => {
    const a = (type: string, archived = false) => ({ type, archived });
    expect(chartIsMinimal([])).toBe(true);
    expect(chartIsMinimal([a('ASSET'), a('INCOME'), a('EXPENSE', true)])).toBe(true);
    expect(chartIsMinimal([a('ASSET'), a('EXPENSE')])).toBe(false);
  });
});
