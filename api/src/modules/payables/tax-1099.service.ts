import type { EntityManager } from '@mikro-orm/postgresql';
import { toCsv } from '@covenant/shared/csv';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { MIN_LOCAL_DATE } from '../../core/dates.js';
import { badInput } from '../../core/errors/app-error.js';
import { formatMoney, toTotal, type Total } from '../../core/money/money.js';
import type { Role } from '../../core/roles.js';
import { EntryOwnerType } from '../journal/index.js';
import { taxIdsForAdmin, threshold1099, type Vendor1099Report } from '../reports/index.js';
import { listVendors, spendByVendor } from '../vendors/index.js';
import type { TextFile } from './bill-payments.types.js';
import { selectPaidByVendor } from './payables-reports.repository.js';
import type { Tax1099Row, Tax1099Year } from './tax-1099.types.js';

// The 1099-NEC year. What a vendor flagged for Form 1099 was paid in a calendar year, by the date
// the money left (cash basis, as the IRS counts it):
// - bill payments dated in the year that are not void (a check voided later, even next year, was
//   never paid); card payments are shown apart and left out of Box 1, since the card processor
//   reports them on Form 1099-K;
// - spending outside payables, by the vendor-spend rule the vendors report uses (debits less
//   credits to expense accounts on entries naming the vendor, dated in the year), leaving out the
//   entries owned by bills and bill payments: a bill's entry is its expense on the bill date, which
//   the 1099 counts when the bill is paid, by its payments.
// The older vendor1099Report answers from this same year (its `paid` is `reportable`).

export function checkYear(year: number): void {
  const minYear = Number(MIN_LOCAL_DATE.slice(0, 4));
  if (!Number.isInteger(year) || year < minYear || year > 2200) {
    throw badInput([{ field: 'year', message: 'Use a year like 2026' }], 'Use a year like 2026');
  }
}

const PAYABLES_OWNERS = [EntryOwnerType.BILL, EntryOwnerType.BILL_PAYMENT] as string[];

export async function tax1099Year(em: EntityManager, year: number): Promise<Tax1099Year> {
  checkYear(year);
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const threshold = threshold1099(year);
  const vendors = (await listVendors(em, { includeInactive: true })).filter((v) => v.is1099);
  const ids = vendors.map((v) => v.id);
  const paid = new Map(
    (ids.length ? await selectPaidByVendor(em, from, to, ids) : []).map((r) => [r.vendor_id, r]),
  );
  const direct = new Map(
    (ids.length
      ? await spendByVendor(em, { from, to }, ids, { exceptOwners: PAYABLES_OWNERS })
      : []
    ).map((r) => [r.vendorId, r]),
  );
  const rows: Tax1099Row[] = vendors.map((vendor) => {
    const p = paid.get(vendor.id);
    const d = direct.get(vendor.id);
    const directPaid = d?.total ?? 0n;
    const total = toTotal(p?.paid ?? 0) + directPaid;
    const cardPaid = toTotal(p?.card ?? 0);
    const reportable = total - cardPaid;
    return {
      vendor,
      vendorId: vendor.id,
      taxIdLast4: vendor.taxIdMasked ? vendor.taxIdMasked.slice(-4) : null,
      paid: total,
      directPaid,
      cardPaid,
      reportable,
      paymentCount: p?.payments ?? 0,
      entryCount: d?.entryCount ?? 0,
      overThreshold: reportable >= threshold,
      missingTaxId: reportable > 0n && !vendor.hasTaxId,
    };
  });
  const sum = (f: (r: Tax1099Row) => Total) => rows.reduce((s, r) => s + f(r), 0n);
  return {
    year,
    from,
    to,
    threshold,
    rows,
    total: sum((r) => r.reportable),
    cardTotal: sum((r) => r.cardPaid),
    overThresholdCount: rows.filter((r) => r.overThreshold).length,
    missingTaxIdCount: rows.filter((r) => r.missingTaxId).length,
  };
}

// The older report's shape, from the same year: `paid` is what Box 1 reports.
export async function vendor1099Report(em: EntityManager, year: number): Promise<Vendor1099Report> {
  const y = await tax1099Year(em, year);
  return {
    year,
    from: y.from,
    to: y.to,
    threshold: y.threshold,
    rows: y.rows.map((r) => ({
      vendor: r.vendor,
      vendorId: r.vendorId,
      paid: r.reportable,
      entryCount: r.paymentCount + r.entryCount,
      overThreshold: r.overThreshold,
    })),
    totalPaid: y.total,
    overThresholdCount: y.overThresholdCount,
  };
}

// ---------------------------------------------------------------------------------------------
// The e-file CSV

export interface PostalAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
}

const STATE_ZIP = /^([A-Za-z]{2})\.?\s+(\d{5}(?:-\d{4})?)$/;
const CITY_STATE_ZIP = /^(.+?),?\s+([A-Za-z]{2})\.?\s+(\d{5}(?:-\d{4})?)$/;

// A vendor's address (free text, one line or several) as a 1099 wants it: street lines, city,
// state and ZIP. The last line (or the last comma-separated part of a one-line address) gives the
// city, state and ZIP when it reads "City, ST 12345"; otherwise they stay empty and every part is
// a street line, for the e-file service to ask about.
export function splitAddress(address: string | null): PostalAddress {
  const out: PostalAddress = { line1: '', line2: '', city: '', state: '', zip: '' };
  if (!address) return out;
  const lines = address
    .split(/\r?\n|\r/)
    .map((l) => l.trim())
    .filter(Boolean);
  const parts =
    lines.length === 1
      ? lines[0]
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean)
      : lines;
  let street = parts;
  const last = parts.at(-1) ?? '';
  let m: RegExpExecArray | null;
  if (parts.length >= 2 && (m = STATE_ZIP.exec(last))) {
    [out.city, out.state, out.zip] = [parts.at(-2)!, m[1], m[2]];
    street = parts.slice(0, -2);
  } else if ((m = CITY_STATE_ZIP.exec(last)) && (parts.length >= 2 || m[1].includes(','))) {
    [out.city, out.state, out.zip] = [m[1].replace(/,$/, ''), m[2], m[3]];
    street = parts.slice(0, -1);
  }
  out.state = out.state.toUpperCase();
  out.line1 = street[0] ?? '';
  out.line2 = street.slice(1).join(', ');
  return out;
}

// The columns of the e-file CSV, in order (docs/api.md describes each).
export const TAX_1099_CSV_COLUMNS = [
  'Recipient Name',
  'Recipient TIN',
  'TIN Type',
  'Address Line 1',
  'Address Line 2',
  'City',
  'State',
  'ZIP',
  'Box 1 Nonemployee Compensation',
] as const;

// The year's 1099-NEC forms as a CSV for an e-file service's bulk import: one row per vendor over
// the threshold, by name, Box 1 = reportable. The TIN is whole, so organization admins only (the
// permission table refuses anyone else first; this check keeps it true for any other caller).
// Covenant does not record whether a tax id is an EIN or an SSN, so TIN Type is left for the
// service's import to ask.
export async function tax1099Csv(
  em: EntityManager,
  secrets: SecretBox,
  role: Role | null,
  year: number,
): Promise<TextFile> {
  const y = await tax1099Year(em, year);
  const filed = y.rows.filter((r) => r.overThreshold);
  const tins = await taxIdsForAdmin(
    em,
    secrets,
    role,
    filed.map((r) => r.vendorId),
  );
  const rows = filed.map((r) => {
    const a = splitAddress(r.vendor.address);
    return [
      r.vendor.name,
      tins.get(r.vendorId) ?? '',
      '',
      a.line1,
      a.line2,
      a.city,
      a.state,
      a.zip,
      formatMoney(r.reportable),
    ];
  });
  return {
    fileName: `1099-nec-${year}.csv`,
    contentType: 'text/csv',
    content: toCsv([[...TAX_1099_CSV_COLUMNS], ...rows]),
  };
}
