import { describe, expect, it } from 'vitest';
import { amountDue, groupDocuments, invoiceState, monthLabel, payChoices, unitName } from './owner';

const day = (d: string) => `day ${d}`;
const unit = (balance: string, pastDue: string, nextDue: [string, string] | null) => ({
  balance,
  pastDue,
  nextDue: nextDue && { amount: nextDue[0], dueDate: nextDue[1] },
});

describe('the owner portal’s sums and words', () => {
  it('offers what is late, what is due by the next date and the balance, never twice nor above it', () => {
    expect(payChoices(unit('900.00', '125.00', ['425.00', '2026-01-01']), day)).toEqual([
      expect.objectContaining({ value: 'past', cents: 12500, label: 'Past due · $125.00' }),
      expect.objectContaining({
        value: 'due',
        cents: 42500,
        label: 'Due by day 2026-01-01 · $425.00',
      }),
      expect.objectContaining({ value: 'balance', cents: 90000, label: 'Full balance · $900.00' }),
    ]);
    // Nothing late: what is due next, then the rest.
    expect(
      payChoices(unit('425.00', '0.00', ['425.00', '2026-01-01']), day).map((c) => c.value),
    ).toEqual(['due']);
    // A credit covers part of what is due: never more than the balance.
    expect(payChoices(unit('300.00', '0.00', ['425.00', '2026-01-01']), day)).toEqual([
      expect.objectContaining({ value: 'due', cents: 30000 }),
    ]);
    // Nothing owed, or a credit: nothing offered.
    expect(payChoices(unit('0.00', '0.00', null), day)).toEqual([]);
    expect(payChoices(unit('-40.00', '0.00', null), day)).toEqual([]);
    expect(amountDue(unit('900.00', '125.00', ['425.00', '2026-01-01']))).toBe(12500);
    expect(amountDue(unit('-40.00', '0.00', null))).toBeNull();
  });

  it('names units, months and bills the way an owner reads them', () => {
    expect(unitName({ number: '12' })).toBe('Unit 12');
    expect(unitName({ number: 'Unit 4B' })).toBe('Unit 4B');
    expect(monthLabel('2026-03', 'en-US')).toBe('March 2026');
    const today = '2026-02-10';
    expect(
      invoiceState({ status: 'open', balance: '425.00', dueDate: '2026-02-01' }, today).label,
    ).toBe('Past due');
    expect(
      invoiceState({ status: 'open', balance: '425.00', dueDate: '2026-03-01' }, today).label,
    ).toBe('Open');
    expect(
      invoiceState({ status: 'partial', balance: '25.00', dueDate: '2026-03-01' }, today).label,
    ).toBe('Partly paid');
    expect(
      invoiceState({ status: 'paid', balance: '0.00', dueDate: '2026-01-01' }, today).label,
    ).toBe('Paid');
    expect(
      invoiceState({ status: 'void', balance: '0.00', dueDate: '2026-01-01' }, today).label,
    ).toBe('Canceled');
  });

  it('groups published documents by category in a fixed order, newest first, unknown ones last', () => {
    const doc = (id: string, category: string, publishedAt: string) => ({
      id,
      title: id,
      category,
      fileName: `${id}.pdf`,
      publishedAt,
      downloadUrl: `/d/${id}`,
    });
    const groups = groupDocuments([
      doc('rules', 'rules', '2026-01-01T00:00:00Z'),
      doc('odd', 'newsletters', '2026-01-03T00:00:00Z'),
      doc('budget-old', 'budget', '2025-01-01T00:00:00Z'),
      doc('budget-new', 'budget', '2026-01-02T00:00:00Z'),
    ]);
    expect(groups.map((g) => [g.label, g.documents.map((d) => d.id)])).toEqual([
      ['Budgets', ['budget-new', 'budget-old']],
      ['Rules and policies', ['rules']],
      ['Other documents', ['odd']],
    ]);
  });
});
