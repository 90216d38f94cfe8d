import { describe, expect, it } from 'vitest';
import {
  blankVendorForm,
  checkVendorForm,
  periodLabel,
  presetPeriod,
  updateInput,
} from './vendors';
import type { Vendor } from './vendors.graphql';

const vendor: Vendor = {
  id: 'v-1',
  name: 'Greenway Landscaping',
  contactName: 'Ana Ruiz',
  email: null,
  phone: null,
  address: null,
  taxIdMasked: '•••••6789',
  hasTaxId: true,
  is1099: true,
  active: true,
  defaultExpenseAccountId: 'acc-1',
  defaultExpenseAccount: { id: 'acc-1', number: '5010', name: 'Landscaping' },
  createdAt: '2026-01-01T10:00:00.000Z',
};

describe('vendor spend periods', () => {
  it('computes preset periods around today, across year ends', () => {
    expect(presetPeriod('this-month', '2026-02-10')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(presetPeriod('last-month', '2026-01-10')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(presetPeriod('this-quarter', '2026-05-15')).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
    });
    expect(presetPeriod('last-quarter', '2026-02-15')).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    });
    expect(presetPeriod('year-to-date', '2026-05-15')).toEqual({
      from: '2026-01-01',
      to: '2026-05-15',
    });
    expect(presetPeriod('last-year', '2026-05-15')).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(presetPeriod('custom', '2026-05-15')).toBeNull();
  });

  it('names whole months, quarters and years the way reports do', () => {
    expect(periodLabel({ from: '2026-03-01', to: '2026-03-31' }, 'en-US')).toBe('Mar 2026');
    expect(periodLabel({ from: '2026-01-01', to: '2026-03-31' }, 'en-US')).toBe('Q1 2026');
    expect(periodLabel({ from: '2025-01-01', to: '2025-12-31' }, 'en-US')).toBe('FY 2025');
    expect(periodLabel({ from: '2026-03-01', to: '2026-03-30' }, 'en-US')).toBe(
      'Mar 1, 2026 – Mar 30, 2026',
    );
  });
});

describe('vendor form', () => {
  it('checks name, email and tax id format like the API', () => {
    const form = { ...blankVendorForm(), name: ' ', email: 'x@y', taxId: '1234-56789' };
    expect(Object.keys(checkVendorForm(form)).sort()).toEqual(['email', 'name', 'taxId']);
    for (const taxId of ['123456789', '12-3456789', '123-45-6789']) {
      expect(checkVendorForm({ ...blankVendorForm(), name: 'A', taxId })).toEqual({});
    }
  });

  it('sends only what changed, and the tax id only when replaced or removed', () => {
    const form = blankVendorForm(vendor);
    expect(updateInput(vendor, form)).toEqual({});
    expect(updateInput(vendor, { ...form, email: ' a@b.example ', is1099: false })).toEqual({
      email: 'a@b.example',
      is1099: false,
    });
    expect(updateInput(vendor, { ...form, contactName: '' })).toEqual({ contactName: null });
    expect(updateInput(vendor, { ...form, taxId: '98-7654321' })).toEqual({ taxId: '98-7654321' });
    expect(updateInput(vendor, { ...form, removeTaxId: true })).toEqual({ taxId: '' });
    expect(updateInput(vendor, { ...form, defaultExpenseAccountId: null })).toEqual({
      defaultExpenseAccountId: null,
    });
  });
});
