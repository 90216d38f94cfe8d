import type { CsvCell } from '@/csv';
import { formatLocalDate, parseLocalDate, plural, toLocalDate } from '@/format';
import { centsToMoney } from '@/money';
import type { CreateVendorInput, UpdateVendorInput, Vendor } from './vendors.graphql';

// ---------------------------------------------------------------------------------------------
// Spend periods

export type PeriodPreset =
  | 'this-month'
  | 'last-month'
  | 'this-quarter'
  | 'last-quarter'
  | 'year-to-date'
  | 'last-year'
  | 'custom';

export const PERIOD_PRESETS: { value: PeriodPreset; label: string }[] = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'this-quarter', label: 'This quarter' },
  { value: 'last-quarter', label: 'Last quarter' },
  { value: 'year-to-date', label: 'Year to date' },
  { value: 'last-year', label: 'Last year' },
  { value: 'custom', label: 'Custom dates' },
];

export interface Period {
  from: string;
  to: string;
}

const day = (y: number, m: number, d: number) => toLocalDate(new Date(y, m, d));
// Day 0 of the next month is the last day of this one.
const monthEnd = (y: number, m: number) => day(y, m + 1, 0);

/** The dates of a preset period around `today` (a LocalDate); null for custom dates. */
export function presetPeriod(preset: PeriodPreset, today: string): Period | null {
  const t = parseLocalDate(today);
  if (!t) return null;
  const y = t.getFullYear();
  const m = t.getMonth();
  const q = Math.floor(m / 3) * 3;
  switch (preset) {
    case 'this-month':
      return { from: day(y, m, 1), to: monthEnd(y, m) };
    case 'last-month':
      return { from: day(y, m - 1, 1), to: monthEnd(y, m - 1) };
    case 'this-quarter':
      return { from: day(y, q, 1), to: monthEnd(y, q + 2) };
    case 'last-quarter':
      return { from: day(y, q - 3, 1), to: monthEnd(y, q - 1) };
    case 'year-to-date':
      return { from: day(y, 0, 1), to: today };
    case 'last-year':
      return { from: day(y - 1, 0, 1), to: day(y - 1, 11, 31) };
    default:
      return null;
  }
}

/** "Mar 2026", "Q1 2026", "FY 2026" for whole months, quarters and years; dates otherwise. */
export function periodLabel(period: Period, locale?: string): string {
  const from = parseLocalDate(period.from);
  const to = parseLocalDate(period.to);
  if (!from || !to) return '';
  const y = from.getFullYear();
  const m = from.getMonth();
  const whole = (months: number) =>
    from.getDate() === 1 &&
    to.getFullYear() === y &&
    period.to === monthEnd(y, m + months - 1) &&
    to.getMonth() - m === months - 1;
  if (whole(1)) {
    return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric' }).format(from);
  }
  if (m % 3 === 0 && whole(3)) return `Q${m / 3 + 1} ${y}`;
  if (m === 0 && whole(12)) return `FY ${y}`;
  return `${formatLocalDate(period.from, locale)} – ${formatLocalDate(period.to, locale)}`;
}

// ---------------------------------------------------------------------------------------------
// The vendor form

export interface VendorForm {
  name: string;
  contactName: string;
  email: string;
  phone: string;
  address: string;
  /** What was typed; empty keeps the tax id on file (see removeTaxId). */
  taxId: string;
  removeTaxId: boolean;
  defaultExpenseAccountId: string | null;
  is1099: boolean;
}

export type VendorField = keyof Omit<VendorForm, 'removeTaxId'>;

export function blankVendorForm(vendor?: Vendor | null): VendorForm {
  return {
    name: vendor?.name ?? '',
    contactName: vendor?.contactName ?? '',
    email: vendor?.email ?? '',
    phone: vendor?.phone ?? '',
    address: vendor?.address ?? '',
    taxId: '',
    removeTaxId: false,
    defaultExpenseAccountId: vendor?.defaultExpenseAccountId ?? null,
    is1099: vendor?.is1099 ?? false,
  };
}

// The same rules as the API, checked before sending so the common mistakes answer at once.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const TAX_ID = /^(\d{9}|\d{2}-\d{7}|\d{3}-\d{2}-\d{4})$/;

export function checkVendorForm(form: VendorForm): Partial<Record<VendorField, string>> {
  const errors: Partial<Record<VendorField, string>> = {};
  if (!form.name.trim()) errors.name = 'Enter the vendor’s name.';
  const email = form.email.trim();
  if (email && !EMAIL.test(email)) errors.email = 'Enter an email address like billing@example.com';
  const taxId = form.taxId.trim();
  if (taxId && !TAX_ID.test(taxId)) {
    errors.taxId = 'Enter a 9-digit EIN (12-3456789) or SSN (123-45-6789)';
  }
  return errors;
}

const orNull = (text: string) => text.trim() || null;

export function createInput(form: VendorForm): CreateVendorInput {
  const taxId = form.taxId.trim();
  return {
    name: form.name.trim(),
    contactName: orNull(form.contactName),
    email: orNull(form.email),
    phone: orNull(form.phone),
    address: orNull(form.address),
    ...(taxId ? { taxId } : {}),
    defaultExpenseAccountId: form.defaultExpenseAccountId,
    is1099: form.is1099,
  };
}

/** Only what changed. The tax id is sent only when a new one is typed or it is removed. */
export function updateInput(vendor: Vendor, form: VendorForm): UpdateVendorInput {
  const patch: UpdateVendorInput = {};
  const name = form.name.trim();
  if (name !== vendor.name) patch.name = name;
  for (const field of ['contactName', 'email', 'phone', 'address'] as const) {
    const value = orNull(form[field]);
    if (value !== vendor[field]) patch[field] = value;
  }
  const taxId = form.taxId.trim();
  if (taxId) patch.taxId = taxId;
  else if (form.removeTaxId && vendor.hasTaxId) patch.taxId = '';
  if (form.defaultExpenseAccountId !== vendor.defaultExpenseAccountId) {
    patch.defaultExpenseAccountId = form.defaultExpenseAccountId;
  }
  if (form.is1099 !== vendor.is1099) patch.is1099 = form.is1099;
  return patch;
}

// ---------------------------------------------------------------------------------------------
// The list

export interface VendorRow extends Vendor {
  /** Net spend in the period, in cents (0 without entries). */
  spend: number;
  entryCount: number;
}

/** "12 vendors · 4 for 1099" (+ "· 2 inactive" when they are shown). */
export function vendorsSummary(vendors: readonly Pick<Vendor, 'active' | 'is1099'>[]): string {
  const active = vendors.filter((v) => v.active);
  const parts = [`${plural(active.length, 'vendor', 'vendors')}`];
  const tenNinetyNine = active.filter((v) => v.is1099).length;
  if (tenNinetyNine) parts.push(`${tenNinetyNine} for 1099`);
  const inactive = vendors.length - active.length;
  if (inactive) parts.push(`${inactive} inactive`);
  return parts.join(' · ');
}

/** The spend table as a spreadsheet: amounts as plain decimals so they add up. */
export function spendCsv(rows: readonly VendorRow[], period: Period): CsvCell[][] {
  const header = [
    'Vendor',
    'Contact',
    'Email',
    'Phone',
    '1099',
    'Tax ID',
    'Default expense account',
    'Status',
    `Entries ${period.from} to ${period.to}`,
    `Spend ${period.from} to ${period.to}`,
  ];
  return [
    header,
    ...rows.map((r) => [
      r.name,
      r.contactName,
      r.email,
      r.phone,
      r.is1099 ? 'Yes' : 'No',
      r.taxIdMasked,
      r.defaultExpenseAccount
        ? `${r.defaultExpenseAccount.number} ${r.defaultExpenseAccount.name}`
        : null,
      r.active ? 'Active' : 'Inactive',
      r.entryCount,
      centsToMoney(r.spend),
    ]),
  ];
}
