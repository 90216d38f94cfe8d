import type { LocationQuery, LocationQueryRaw, RouteLocationRaw } from 'vue-router';
import type { FieldDetail } from '@/apollo/errors';
import type { EntrySource, LocalDate } from '@/apollo/types';
import type { Account } from '@/features/accounts';
import type { JournalEntryFilter, JournalLine } from '@/features/transactions/transactions.graphql';
import { fiscalYearOf } from '@/composables/useOrganizationToday';
import { invoiceNumber } from '@/features/invoices';
import { paymentNumber } from '@/features/payments';
import { parseLocalDate } from '@/format';
import type { VariablesOf } from '@/graphql';
import { centsToMoney, formatMoney, parseMoneyInput } from '@/money';
import type { Cents } from '@/money';
import type {
  EntryOwnerType,
  JOURNAL_ENTRIES_QUERY,
  JournalEntryRow,
  PostJournalEntryInput,
} from './transactions.graphql';

/** 1042 → "JE-1042" */
export function entryNumber(n: number): string {
  return `JE-${n}`;
}

export const ENTRY_SOURCES: { value: EntrySource; label: string }[] = [
  { value: 'MANUAL', label: 'Manual' },
  { value: 'OPENING_BALANCE', label: 'Opening balance' },
  { value: 'REVERSAL', label: 'Reversal' },
  { value: 'INVOICE', label: 'Invoice' },
  { value: 'PAYMENT', label: 'Payment' },
  { value: 'LATE_FEE', label: 'Late fee' },
  { value: 'MONTHLY_ACTUALS', label: 'Monthly actuals' },
  { value: 'WRITE_OFF', label: 'Write-off' },
  { value: 'RECLASSIFICATION', label: 'Reclassification' },
  { value: 'INVESTMENT', label: 'Investment' },
  { value: 'DEPOSIT', label: 'Bank deposit' },
  { value: 'BANK', label: 'Bank statement' },
  { value: 'BILL', label: 'Bill' },
  { value: 'BILL_PAYMENT', label: 'Bill payment' },
  { value: 'IMPORT', label: 'Imported' },
];

/** "Opening balance"; also reads the lower-case values the history records ("opening_balance"). */
export function sourceLabel(source: string): string {
  const upper = source.toUpperCase();
  return ENTRY_SOURCES.find((s) => s.value === upper)?.label ?? source;
}

/**
 * What the "Reconciled" badge means: the entry was posted by Monthly Actuals (books kept
 * elsewhere), not matched against a bank statement.
 */
export const RECONCILED_HINT = 'Posted from Monthly Actuals — not a bank reconciliation';

// ---------------------------------------------------------------------------------------------
// The record that owns an entry

/** Where an owned entry comes from, and why it cannot be reversed on its own. */
export interface EntryOwnerLink {
  type: EntryOwnerType;
  /** "invoice INV-1042", "payment PMT-7", "Monthly Actuals, March 2026" */
  label: string;
  /** The owner's number where it has one ("INV-1042", "PMT-7"), for the transactions list. */
  number: string | null;
  to: RouteLocationRaw;
  /** Why Reverse is not offered: the API undoes an owned entry only through its owner. */
  reverseReason: string;
}

/** "March 2026", from a monthly-actuals entry's date (the month's last day). */
function monthLabel(date: string, locale?: string): string {
  const d = parseLocalDate(date);
  if (!d) return date;
  const options = { month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
  try {
    return new Intl.DateTimeFormat(locale, options).format(d);
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(d);
  }
}

/**
 * The invoice, payment or month of monthly actuals an entry belongs to, with a link to it; null
 * for manual, imported and opening-balance entries. Payments have no page of their own: the link
 * opens the payments list on the payment's date. Monthly Actuals shows a fiscal year (named by
 * the calendar year it ends in), hence the association's fiscal-year start.
 */
export function entryOwnerLink(
  entry: Pick<JournalEntryRow, 'owner' | 'invoice' | 'payment' | 'date'>,
  options: { locale?: string; fiscalYearStartMonth?: number } = {},
): EntryOwnerLink | null {
  const { locale, fiscalYearStartMonth = 1 } = options;
  const owner = entry.owner;
  if (!owner) return null;
  switch (owner.type) {
    case 'INVOICE':
      return {
        type: owner.type,
        label: entry.invoice ? `invoice ${invoiceNumber(entry.invoice.number)}` : 'an invoice',
        number: entry.invoice ? invoiceNumber(entry.invoice.number) : null,
        to: { name: 'invoice', params: { id: entry.invoice?.id ?? owner.id } },
        reverseReason: 'Void the invoice instead',
      };
    case 'PAYMENT': {
      const payment = entry.payment;
      return {
        type: owner.type,
        label: payment ? `payment ${paymentNumber(payment.number)}` : 'a payment',
        number: payment ? paymentNumber(payment.number) : null,
        to: payment
          ? { name: 'payments', query: { from: payment.date, to: payment.date } }
          : { name: 'payments' },
        reverseReason: 'Void the payment instead',
      };
    }
    case 'MONTHLY_ACTUALS':
      return {
        type: owner.type,
        label: `Monthly Actuals, ${monthLabel(entry.date, locale)}`,
        number: null,
        to: {
          name: 'monthly-actuals',
          query: { year: String(fiscalYearOf(entry.date, fiscalYearStartMonth)) },
        },
        reverseReason: 'Change the amounts in Monthly Actuals',
      };
    case 'INVESTMENT':
      return {
        type: owner.type,
        label: 'an investment',
        number: null,
        to: { name: 'investment', params: { id: owner.id } },
        reverseReason: 'Mature or redeem the investment instead',
      };
    case 'DEPOSIT':
      return {
        type: owner.type,
        label: 'a deposit',
        number: null,
        to: { name: 'deposits' },
        reverseReason: 'Void the deposit instead',
      };
    case 'BILL':
      return {
        type: owner.type,
        label: 'a bill',
        number: null,
        to: { name: 'bill', params: { id: owner.id } },
        reverseReason: 'Void the bill instead',
      };
    case 'BILL_PAYMENT':
      return {
        type: owner.type,
        label: 'a bill payment',
        number: null,
        to: { name: 'payment-runs' },
        reverseReason: 'Void the check or payment from its payment run instead',
      };
    default:
      return null;
  }
}

const OWNER_ICONS: Record<EntryOwnerType, string> = {
  INVOICE: 'pi pi-file',
  PAYMENT: 'pi pi-wallet',
  MONTHLY_ACTUALS: 'pi pi-table',
  INVESTMENT: 'pi pi-chart-line',
  DEPOSIT: 'pi pi-inbox',
  BILL: 'pi pi-receipt',
  BILL_PAYMENT: 'pi pi-send',
};

export function ownerIcon(type: EntryOwnerType): string {
  return OWNER_ICONS[type];
}

// ---------------------------------------------------------------------------------------------
// Transactions filters

export type ReconciledFilter = 'reconciled' | 'unreconciled';

export interface EntryFilters {
  from: LocalDate | null;
  to: LocalDate | null;
  accountId: string | null;
  text: string;
  source: EntrySource | null;
  reconciled: ReconciledFilter | null;
  /** Entries naming this vendor (linked from the vendors page). */
  vendorId?: string | null;
}

export const EMPTY_FILTERS: EntryFilters = {
  from: null,
  to: null,
  accountId: null,
  text: '',
  source: null,
  reconciled: null,
  vendorId: undefined,
};

export const ENTRIES_PAGE_SIZE = 50;

/** The API's JournalEntryFilter: only what is set, or undefined when nothing is. */
export function buildEntryFilter(filters: EntryFilters): JournalEntryFilter | undefined {
  const filter: JournalEntryFilter = {};
  if (filters.from) filter.from = filters.from;
  if (filters.to) filter.to = filters.to;
  if (filters.accountId) filter.accountId = filters.accountId;
  const text = filters.text.trim();
  if (text) filter.text = text;
  if (filters.source) filter.source = filters.source;
  if (filters.reconciled) filter.reconciled = filters.reconciled === 'reconciled';
  if (filters.vendorId) filter.vendorId = filters.vendorId;
  return Object.keys(filter).length ? filter : undefined;
}

export type EntriesVariables = VariablesOf<typeof JOURNAL_ENTRIES_QUERY>;

/** Variables of the JournalEntries query for the filters (first page unless `after`). */
export function entriesVariables(filters: EntryFilters, after?: string | null): EntriesVariables {
  const filter = buildEntryFilter(filters);
  return {
    ...(filter ? { filter } : {}),
    first: ENTRIES_PAGE_SIZE,
    ...(after ? { after } : {}),
  };
}

export function hasFilters(filters: EntryFilters): boolean {
  return buildEntryFilter(filters) !== undefined;
}

function queryString(value: LocationQuery[string] | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v !== '' ? v : null;
}

const isLocalDate = (v: string | null): v is string => v !== null && parseLocalDate(v) !== null;

/** Filters kept in the address (?from=…&account=…), so a filtered list can be linked and kept. */
export function filtersFromQuery(query: LocationQuery): EntryFilters {
  const from = queryString(query.from);
  const to = queryString(query.to);
  const source = queryString(query.source)?.toUpperCase();
  const reconciled = queryString(query.reconciled);
  const vendorId = queryString(query.vendor);
  return {
    from: isLocalDate(from) ? from : null,
    to: isLocalDate(to) ? to : null,
    accountId: queryString(query.account),
    text: queryString(query.q) ?? '',
    source: ENTRY_SOURCES.some((s) => s.value === source) ? (source as EntrySource) : null,
    reconciled: reconciled === 'reconciled' || reconciled === 'unreconciled' ? reconciled : null,
    ...(vendorId ? { vendorId } : {}),
  };
}

export function filtersToQuery(filters: EntryFilters): LocationQueryRaw {
  const query: LocationQueryRaw = {};
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.accountId) query.account = filters.accountId;
  if (filters.text.trim()) query.q = filters.text.trim();
  if (filters.source) query.source = filters.source.toLowerCase();
  if (filters.reconciled) query.reconciled = filters.reconciled;
  if (filters.vendorId) query.vendor = filters.vendorId;
  return query;
}

/**
 * The accounts of an entry in one short line: "5010 Landscaping, 1010 Operating Checking", or
 * "5010 Landscaping, 1010 Operating Checking + 2 more" (debited accounts first).
 */
export function entryAccountsSummary(
  lines: readonly Pick<JournalLine, 'accountId' | 'debit'>[],
  accountsById: ReadonlyMap<string, Pick<Account, 'number' | 'name'>>,
  shown = 2,
): string {
  const ordered = [...lines].sort(
    (a, b) => Number(Number(b.debit) > 0) - Number(Number(a.debit) > 0),
  );
  const names: string[] = [];
  for (const line of ordered) {
    const account = accountsById.get(line.accountId);
    const name = account ? `${account.number} ${account.name}` : 'Unknown account';
    if (!names.includes(name)) names.push(name);
  }
  const head = names.slice(0, shown).join(', ');
  return names.length > shown ? `${head} + ${names.length - shown} more` : head;
}

// ---------------------------------------------------------------------------------------------
// The new-entry form

export interface DraftLine {
  /** Stable identity of the row on screen (server errors refer to positions in what was sent). */
  key: number;
  accountId: string | null;
  debit: string;
  credit: string;
  memo: string;
}

export interface EntryDraft {
  date: LocalDate | null;
  memo: string;
  lines: DraftLine[];
  vendorId?: string | null;
}

let nextKey = 1;

export function blankLine(): DraftLine {
  return { key: nextKey++, accountId: null, debit: '', credit: '', memo: '' };
}

/** A row left entirely empty is ignored (the form starts with two of them). */
export function isBlankLine(line: DraftLine): boolean {
  return !line.accountId && !line.debit.trim() && !line.credit.trim() && !line.memo.trim();
}

export type AmountCheck = { cents: Cents; error?: undefined } | { cents: 0; error: string };

/** One amount cell: empty is 0; otherwise a positive amount with at most two decimals. */
export function checkAmount(text: string): AmountCheck {
  const parsed = parseMoneyInput(text, { allowNegative: true });
  if (parsed.kind === 'empty') return { cents: 0 };
  if (parsed.kind === 'invalid') return { cents: 0, error: parsed.message };
  if (parsed.cents < 0) return { cents: 0, error: 'Amounts are positive; use the other column' };
  return { cents: parsed.cents };
}

export interface EntryTotals {
  debits: Cents;
  credits: Cents;
  /** Debits − credits: zero when the entry balances. */
  difference: Cents;
}

export function entryTotals(lines: readonly DraftLine[]): EntryTotals {
  let debits = 0;
  let credits = 0;
  for (const line of lines) {
    debits += checkAmount(line.debit).cents;
    credits += checkAmount(line.credit).cents;
  }
  return { debits, credits, difference: debits - credits };
}

export type Readiness = { ready: true } | { ready: false; reason: string };

/** Whether "Post entry" can be pressed, and if not, the first thing to fix, in words. */
export function entryReadiness(draft: EntryDraft): Readiness {
  if (!draft.date) return { ready: false, reason: 'Choose the date of the entry.' };
  const lines = draft.lines
    .map((line, i) => ({ line, n: i + 1 }))
    .filter((l) => !isBlankLine(l.line));
  for (const { line, n } of lines) {
    const debit = checkAmount(line.debit);
    const credit = checkAmount(line.credit);
    if (debit.error || credit.error) {
      return { ready: false, reason: `Fix the amount on line ${n}.` };
    }
    if (!line.accountId) return { ready: false, reason: `Choose an account on line ${n}.` };
    if (debit.cents > 0 && credit.cents > 0) {
      return { ready: false, reason: `Line ${n} has both a debit and a credit; keep one.` };
    }
    if (debit.cents === 0 && credit.cents === 0) {
      return { ready: false, reason: `Enter a debit or a credit on line ${n}.` };
    }
  }
  if (lines.length < 2) {
    return {
      ready: false,
      reason: 'An entry needs at least two lines with an account and an amount.',
    };
  }
  const { difference } = entryTotals(draft.lines);
  if (difference !== 0) {
    const side = difference > 0 ? 'debits exceed credits' : 'credits exceed debits';
    return {
      ready: false,
      reason: `Debits and credits must be equal: ${side} by ${formatMoney(Math.abs(difference))}.`,
    };
  }
  return { ready: true };
}

/**
 * The mutation input from a ready draft, and which on-screen row each sent line came from (blank
 * rows are not sent, so the API's `lines.2` is not necessarily the third row on screen).
 */
export function buildPostInput(draft: EntryDraft): {
  input: PostJournalEntryInput;
  lineKeys: number[];
} {
  const sent = draft.lines.filter((l) => !isBlankLine(l));
  return {
    input: {
      date: draft.date ?? '',
      memo: draft.memo.trim() || null,
      lines: sent.map((l) => {
        const debit = checkAmount(l.debit).cents;
        const credit = checkAmount(l.credit).cents;
        return {
          accountId: l.accountId ?? '',
          debit: debit > 0 ? centsToMoney(debit) : null,
          credit: credit > 0 ? centsToMoney(credit) : null,
          memo: l.memo.trim() || null,
        };
      }),
      ...(draft.vendorId ? { vendorId: draft.vendorId } : {}),
    },
    lineKeys: sent.map((l) => l.key),
  };
}

export type LineField = 'accountId' | 'debit' | 'credit' | 'memo';

export interface EntryErrors {
  date?: string;
  memo?: string;
  vendorId?: string;
  /** Per on-screen row (by key): messages under a cell, or about the row as a whole. */
  lines: Record<number, Partial<Record<LineField | 'row', string>>>;
  /** About the lines together ("Debits and credits differ by 1.00"), or not tied to a field. */
  general: string[];
}

const LINE_FIELD = /^lines\.(\d+)(?:\.(\w+))?$/;

/** Puts the API's field details (`date`, `lines`, `lines.2`, `lines.2.accountId`) where they belong. */
export function mapEntryErrors(
  details: readonly FieldDetail[],
  lineKeys: readonly number[],
): EntryErrors {
  const out: EntryErrors = { lines: {}, general: [] };
  for (const { field, message } of details) {
    if (field === 'date' || field === 'memo' || field === 'vendorId') {
      out[field] ??= message;
      continue;
    }
    const m = field ? LINE_FIELD.exec(field) : null;
    const key = m ? lineKeys[Number(m[1])] : undefined;
    if (!m || key === undefined) {
      if (!out.general.includes(message)) out.general.push(message);
      continue;
    }
    const sub = m[2];
    const cell: LineField | 'row' =
      sub === 'accountId' || sub === 'debit' || sub === 'credit' || sub === 'memo' ? sub : 'row';
    const row = (out.lines[key] ??= {});
    row[cell] ??= message;
  }
  return out;
}

export function hasEntryErrors(errors: EntryErrors): boolean {
  return (
    !!errors.date ||
    !!errors.memo ||
    !!errors.vendorId ||
    errors.general.length > 0 ||
    Object.keys(errors.lines).length > 0
  );
}
