import { describe, expect, it } from 'vitest';
import { groupForm, groupInput, lateFeeSummary, monthlyEquivalent } from './assessments';
import { formatMoney } from '@/money';

const types = [
  { id: 'pt-sf', name: 'Single family', unitCount: 3 },
  { id: 'pt-th', name: 'Townhome', unitCount: 2 },
];

describe('monthlyEquivalent', () => {
  it('divides by 1, 3 or 12 and rounds half-up to the cent, like the API', () => {
    expect(monthlyEquivalent(35000, 'MONTHLY')).toBe(35000);
    expect(monthlyEquivalent(100000, 'QUARTERLY')).toBe(33333);
    expect(monthlyEquivalent(100, 'QUARTERLY')).toBe(33);
    expect(monthlyEquivalent(200, 'QUARTERLY')).toBe(67); // 66.67 → 67
    expect(monthlyEquivalent(150, 'ANNUAL')).toBe(13); // 12.5 → 13 (half up)
    expect(monthlyEquivalent(120000, 'ANNUAL')).toBe(10000);
  });
});

describe('groupInput', () => {
  it('sends the rates typed, leaves untouched property types out, and the late-fee policy', () => {
    const form = groupForm(null, types);
    form.name = ' Regular assessments ';
    form.frequency = 'QUARTERLY';
    form.dueDay = 5;
    form.regularIncomeAccountId = 'acc-4010';
    form.specialIncomeAccountId = 'acc-4020';
    form.rates[0]!.regular = '1,050.00';
    form.lateFeeEnabled = true;
    form.flatFee = '25';
    form.percent = 1.5;
    form.lateFeeAccountId = 'acc-4100';
    const checked = groupInput(form);
    expect(checked).toEqual({
      ok: true,
      input: {
        name: 'Regular assessments',
        description: null,
        frequency: 'QUARTERLY',
        isDefault: false,
        dueDay: 5,
        regularIncomeAccountId: 'acc-4010',
        specialIncomeAccountId: 'acc-4020',
        rates: [{ propertyTypeId: 'pt-sf', regular: '1050.00', special: '0.00' }],
        lateFee: {
          graceDays: 15,
          flatFee: '25.00',
          percent: 1.5,
          monthlyInterestPercent: 0,
          incomeAccountId: 'acc-4100',
        },
      },
    });
  });

  it('names every missing or malformed field with the API’s own keys', () => {
    const form = groupForm(null, types);
    form.rates[1]!.special = '12.345';
    form.lateFeeEnabled = true;
    const checked = groupInput(form);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      name: 'Enter a name for the group.',
      regularIncomeAccountId: expect.any(String),
      specialIncomeAccountId: expect.any(String),
      'rates.1.special': 'Use at most two decimals',
      'lateFee.incomeAccountId': 'Choose the income account of late fees.',
      'lateFee.flatFee': 'Give a flat fee, a percentage or an interest rate.',
    });
  });
});

describe('groupInput: the special income account', () => {
  const filled = () => {
    const form = groupForm(null, types);
    form.name = 'Dues';
    form.regularIncomeAccountId = 'acc-4010';
    form.rates[0]!.regular = '200';
    return form;
  };

  it('is not asked for while no rate has a special amount', () => {
    const form = filled();
    form.rates[0]!.special = '0.00';
    const checked = groupInput(form);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.input.specialIncomeAccountId).toBeNull();
  });

  it('is asked for once a special amount is typed, and sent when chosen', () => {
    const form = filled();
    form.rates[0]!.special = '50';
    const checked = groupInput(form);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      specialIncomeAccountId: 'Choose the income account of special assessments.',
    });
    form.specialIncomeAccountId = 'acc-4020';
    const again = groupInput(form);
    expect(again.ok && again.input.specialIncomeAccountId).toBe('acc-4020');
  });
});

describe('lateFeeSummary', () => {
  it('reads the policy as a sentence', () => {
    expect(lateFeeSummary(null, formatMoney)).toBe('No late fees');
    expect(
      lateFeeSummary(
        {
          graceDays: 15,
          flatFee: '25.00',
          percent: 0,
          monthlyInterestPercent: 1,
          incomeAccountId: 'a',
          incomeAccount: { id: 'a', number: '4100', name: 'Late fees' },
        },
        formatMoney,
      ),
    ).toBe('$25.00 + 1% a month, after 15 days');
  });
});
