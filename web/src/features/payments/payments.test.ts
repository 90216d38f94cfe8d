import { describe, expect, it } from 'vitest';
import { allocate, methodLabel, PAYMENT_METHODS } from './payments';

const open = [
  { id: 'inv-2', number: 1002, issueDate: '2026-02-01', dueDate: '2026-02-01', balance: '350.00' },
  { id: 'inv-1', number: 1001, issueDate: '2026-01-01', dueDate: '2026-01-01', balance: '100.00' },
  { id: 'inv-3', number: 1003, issueDate: '2026-03-01', dueDate: '2026-03-01', balance: '350.00' },
];

describe('allocate', () => {
  it('pays the oldest invoices first and leaves the rest as a credit', () => {
    expect(allocate(50000, open, null)).toEqual({
      applied: [
        { invoiceId: 'inv-1', amount: 10000 },
        { invoiceId: 'inv-2', amount: 35000 },
        { invoiceId: 'inv-3', amount: 5000 },
      ],
      credit: 0,
    });
    expect(allocate(90000, open, null).credit).toBe(10000);
  });

  it('pays the chosen invoices in the order chosen', () => {
    expect(allocate(40000, open, ['inv-3', 'inv-1'])).toEqual({
      applied: [
        { invoiceId: 'inv-3', amount: 35000 },
        { invoiceId: 'inv-1', amount: 5000 },
      ],
      credit: 0,
    });
    expect(allocate(50000, open, ['inv-1'])).toEqual({
      applied: [{ invoiceId: 'inv-1', amount: 10000 }],
      credit: 40000,
    });
  });
});

describe('payment methods', () => {
  it('names an opening credit but never offers it when recording a payment', () => {
    expect(methodLabel('OPENING_CREDIT')).toBe('Opening credit');
    expect(methodLabel('ACH')).toBe('ACH / bank transfer');
    expect(PAYMENT_METHODS.map((m) => m.value)).toEqual(['CHECK', 'ACH', 'CARD', 'CASH', 'OTHER']);
  });
});
