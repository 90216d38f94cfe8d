import { describe, expect, it } from 'vitest';
import { invoiceFiltersFromQuery, oneOffInput, periodLabel, remapIndexed } from './invoices';

describe('periodLabel', () => {
  it('writes periods the way UI.md does', () => {
    expect(periodLabel('2026-03')).toBe('Mar 2026');
    expect(periodLabel('2026-Q1')).toBe('Q1 2026');
    expect(periodLabel('2026')).toBe('FY 2026');
    expect(periodLabel(null)).toBe('');
  });
});

describe('invoice filters', () => {
  it('reads only known values from the address', () => {
    expect(
      invoiceFiltersFromQuery({ status: 'partial', kind: 'bogus', from: '2026-02-30', q: 'INV-7' }),
    ).toEqual({ status: 'PARTIAL', kind: null, from: null, to: null, search: 'INV-7' });
  });
});

describe('oneOffInput', () => {
  const line = (key: number, description: string, accountId: string | null, amount: string) => ({
    key,
    description,
    accountId,
    amount,
  });

  it('drops blank lines and remembers which form line each sent line is', () => {
    const checked = oneOffInput({
      unitId: 'unit-12',
      issueDate: '2026-03-10',
      dueDate: '2026-04-09',
      memo: '',
      lines: [
        line(1, '', null, ''),
        line(2, 'Pool key replacement', 'acc-4300', '25'),
        line(3, 'Fine', 'acc-4300', '100.5'),
      ],
    });
    expect(checked).toEqual({
      ok: true,
      input: {
        unitId: 'unit-12',
        issueDate: '2026-03-10',
        dueDate: '2026-04-09',
        memo: null,
        lines: [
          { description: 'Pool key replacement', accountId: 'acc-4300', amount: '25.00' },
          { description: 'Fine', accountId: 'acc-4300', amount: '100.50' },
        ],
      },
      lineIndex: [1, 2],
    });
    // The API's "lines.1.amount" is the form's third line.
    expect(remapIndexed({ 'lines.1.amount': 'Too much', memo: 'Long' }, 'lines', [1, 2])).toEqual({
      'lines.2.amount': 'Too much',
      memo: 'Long',
    });
  });

  it('refuses a due date before the invoice date and an invoice without lines', () => {
    const checked = oneOffInput({
      unitId: null,
      issueDate: '2026-03-10',
      dueDate: '2026-03-01',
      memo: '',
      lines: [line(1, '', null, '')],
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        unitId: 'Choose the unit to invoice.',
        dueDate: 'The due date cannot be before the invoice date.',
        lines: 'Add at least one line.',
      },
    });
  });
});
