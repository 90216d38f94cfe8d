import type { ApolloCache } from '@apollo/client/core';
import type { LocationQuery, LocationQueryRaw } from 'vue-router';
import { evictBookFigures } from '@/apollo/books';
import { parseLocalDate, toLocalDate } from '@/format';
import { parseMoneyInput, toCents, type Cents } from '@/money';
import type {
  BillApprovalState,
  BillFilter,
  BillStatus,
  BoardTitle,
  CreateBillInput,
} from './payables.graphql';

/** 12 → "BILL-12" (as the journal names the bill's entry). */
export function billNumber(n: number): string {
  return `BILL-${n}`;
}

export const BILL_STATUSES: { value: BillStatus; label: string; badge: string }[] = [
  { value: 'OPEN', label: 'Unpaid', badge: 'cv-badge--info' },
  { value: 'PARTIAL', label: 'Partly paid', badge: 'bill-tag--warn' },
  { value: 'PAID', label: 'Paid', badge: 'cv-badge--success' },
  { value: 'VOID', label: 'Void', badge: 'cv-badge--neutral' },
];

export function billStatusLabel(status: BillStatus): string {
  return BILL_STATUSES.find((s) => s.value === status)?.label ?? status;
}

export function billStatusBadge(status: BillStatus): string {
  return BILL_STATUSES.find((s) => s.value === status)?.badge ?? 'cv-badge--neutral';
}

export const APPROVAL_STATES: {
  value: BillApprovalState;
  label: string;
  badge: string;
  icon: string;
}[] = [
  { value: 'NOT_REQUIRED', label: 'No approval needed', badge: 'cv-badge--neutral', icon: '' },
  { value: 'PENDING', label: 'Awaiting approval', badge: 'bill-tag--warn', icon: 'pi pi-clock' },
  { value: 'APPROVED', label: 'Approved', badge: 'cv-badge--success', icon: 'pi pi-check' },
  { value: 'REJECTED', label: 'Rejected', badge: 'cv-badge--danger', icon: 'pi pi-times' },
];

export function approvalLabel(state: BillApprovalState): string {
  return APPROVAL_STATES.find((s) => s.value === state)?.label ?? state;
}

export const BOARD_TITLES: { value: BoardTitle; label: string }[] = [
  { value: 'PRESIDENT', label: 'President' },
  { value: 'VICE_PRESIDENT', label: 'Vice president' },
  { value: 'TREASURER', label: 'Treasurer' },
  { value: 'SECRETARY', label: 'Secretary' },
  { value: 'DIRECTOR', label: 'Director' },
];

export function boardTitleLabel(title: BoardTitle): string {
  return BOARD_TITLES.find((t) => t.value === title)?.label ?? title;
}

/** "President, Treasurer or Director" (the policy's titles in the board's order). */
export function titlesInWords(titles: readonly BoardTitle[]): string {
  const words = BOARD_TITLES.filter((t) => titles.includes(t.value)).map((t) => t.label);
  if (words.length <= 1) return words[0] ?? 'nobody';
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** "1 of 2 approvals" while a bill waits; null when it needs none. */
export function approvalProgress(bill: {
  approval: BillApprovalState;
  approvalsRequired: number;
  approvals: readonly { decision: string }[];
}): string | null {
  if (bill.approvalsRequired === 0) return null;
  const approved = bill.approvals.filter((a) => a.decision === 'APPROVED').length;
  return `${approved} of ${bill.approvalsRequired} approval${bill.approvalsRequired === 1 ? '' : 's'}`;
}

// ---------------------------------------------------------------------------------------------
// The list: a tab (what a treasurer asks: what waits for the board, what is unpaid, overdue,
// paid) and filters, kept in the address

export type BillTab = 'awaiting' | 'unpaid' | 'overdue' | 'paid' | 'all';

export const BILL_TABS: { value: BillTab; label: string }[] = [
  { value: 'awaiting', label: 'Awaiting approval' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'paid', label: 'Paid' },
  { value: 'all', label: 'All' },
];

export const DEFAULT_BILL_TAB: BillTab = 'unpaid';

export interface BillFilters {
  tab: BillTab;
  vendorId: string | null;
  search: string;
}

export const EMPTY_BILL_FILTERS: Omit<BillFilters, 'tab'> = { vendorId: null, search: '' };

function one(value: LocationQuery[string] | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v ? v : null;
}

export function billFiltersFromQuery(query: LocationQuery): BillFilters {
  const tab = one(query.tab);
  return {
    tab: BILL_TABS.some((t) => t.value === tab) ? (tab as BillTab) : DEFAULT_BILL_TAB,
    vendorId: one(query.vendor),
    search: one(query.q) ?? '',
  };
}

export function billFiltersToQuery(f: BillFilters): LocationQueryRaw {
  return {
    tab: f.tab === DEFAULT_BILL_TAB ? undefined : f.tab,
    vendor: f.vendorId ?? undefined,
    q: f.search.trim() || undefined,
  };
}

/** Filters beyond the tab (the tab is where the list is, not a filter to clear). */
export function hasBillFilters(f: BillFilters): boolean {
  return !!(f.vendorId || f.search.trim());
}

const STANDING: BillStatus[] = ['OPEN', 'PARTIAL'];

/** What a tab asks the API; `today` is the association's, so "overdue" is due before it. */
export function tabFilter(tab: BillTab, today: string): BillFilter {
  switch (tab) {
    case 'awaiting':
      return { status: STANDING, approval: ['PENDING'] };
    case 'unpaid':
      return { status: STANDING };
    case 'overdue':
      return { status: STANDING, dueBy: addDays(today, -1) };
    case 'paid':
      return { status: ['PAID'] };
    case 'all':
      return {};
  }
}

export function billFilter(f: BillFilters, today: string): BillFilter {
  const filter: BillFilter = { ...tabFilter(f.tab, today) };
  if (f.vendorId) filter.vendorId = f.vendorId;
  if (f.search.trim()) filter.search = f.search.trim();
  return filter;
}

// ---------------------------------------------------------------------------------------------
// The bill form

/** Net 30 unless the treasurer says otherwise. */
export const DEFAULT_TERMS_DAYS = 30;

/** A date some days after (or before) another, as LocalDates. */
export function addDays(date: string, days: number): string {
  const d = parseLocalDate(date);
  if (!d) return date;
  d.setDate(d.getDate() + days);
  return toLocalDate(d);
}

export interface BillLineForm {
  key: number;
  accountId: string | null;
  amount: string;
  memo: string;
}

export interface BillForm {
  vendorId: string | null;
  vendorInvoiceNumber: string;
  billDate: string | null;
  dueDate: string | null;
  memo: string;
  lines: BillLineForm[];
  capitalProjectId: string | null;
  reserveComponentId: string | null;
}

export type BillFormErrors = Record<string, string>;

/** The total of the lines typed so far (amounts not yet readable count as zero). */
export function billLinesTotal(lines: readonly BillLineForm[]): Cents {
  return lines.reduce((sum, l) => {
    const parsed = parseMoneyInput(l.amount);
    return parsed.kind === 'ok' ? sum + parsed.cents : sum;
  }, 0);
}

function blankLine(line: BillLineForm): boolean {
  return !line.accountId && !line.amount.trim() && !line.memo.trim();
}

/**
 * The API's input, or errors keyed as the API's details are ("vendorId", "lines.0.amount"). Lines
 * left blank are dropped; `lineIndex` says which form line each sent line is.
 */
export function billInput(
  form: BillForm,
):
  | { ok: true; input: CreateBillInput; lineIndex: number[] }
  | { ok: false; errors: BillFormErrors } {
  const errors: BillFormErrors = {};
  if (!form.vendorId) errors.vendorId = 'Choose the vendor who sent the bill.';
  if (!form.billDate) errors.billDate = 'Enter the date on the bill.';
  if (!form.dueDate) errors.dueDate = 'Enter the date it is due.';
  if (form.billDate && form.dueDate && form.dueDate < form.billDate)
    errors.dueDate = 'The due date cannot be before the bill date.';
  const lines: CreateBillInput['lines'] = [];
  const lineIndex: number[] = [];
  form.lines.forEach((line, i) => {
    if (blankLine(line)) return;
    if (!line.accountId) errors[`lines.${i}.accountId`] = 'Choose the account it is for.';
    const parsed = parseMoneyInput(line.amount);
    if (parsed.kind === 'invalid') errors[`lines.${i}.amount`] = parsed.message;
    else if (parsed.kind === 'empty' || parsed.cents === 0)
      errors[`lines.${i}.amount`] = 'Enter an amount.';
    else if (line.accountId) {
      lineIndex.push(i);
      lines.push({
        accountId: line.accountId,
        amount: parsed.money,
        memo: line.memo.trim() || null,
      });
    }
  });
  if (!Object.keys(errors).some((k) => k.startsWith('lines.')) && lines.length === 0)
    errors.lines = 'Add at least one line with an account and an amount.';
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    input: {
      vendorId: form.vendorId!,
      vendorInvoiceNumber: form.vendorInvoiceNumber.trim() || null,
      billDate: form.billDate!,
      dueDate: form.dueDate!,
      memo: form.memo.trim() || null,
      lines,
      capitalProjectId: form.capitalProjectId,
      reserveComponentId: form.reserveComponentId,
    },
    lineIndex,
  };
}

/** Whether two vendor invoice numbers are the same one ("inv-204 " and "INV-204"). */
export function sameInvoiceNumber(a: string | null | undefined, b: string | null | undefined) {
  const x = a?.trim().toLowerCase();
  return !!x && x === b?.trim().toLowerCase();
}

/**
 * The accounts a bill line may be charged to: expense and asset accounts (a repair, a prepaid
 * contract, equipment), never archived, never a control account kept by a subledger.
 */
export function billLineAccounts<A extends { id: string; type: string; archived: boolean }>(
  accounts: readonly A[],
  controlIds: ReadonlySet<string>,
): A[] {
  return accounts.filter(
    (a) => !a.archived && (a.type === 'EXPENSE' || a.type === 'ASSET') && !controlIds.has(a.id),
  );
}

/** Whether a bill's total is above the policy's threshold (Money strings). */
export function needsApproval(
  total: Cents,
  settings: { approvalThreshold: string; approvalsRequired: number } | null | undefined,
): boolean {
  if (!settings || settings.approvalsRequired === 0) return false;
  return total > toCents(settings.approvalThreshold);
}

// ---------------------------------------------------------------------------------------------
// The cache

// Bills, their payments and every payables figure are answers computed from the same subledger:
// after any of them changes they are dropped together (and the journal's figures with them, as
// each of these writes posts an entry).
const PAYABLES_FIELDS = [
  'bills',
  'bill',
  'billApprovalQueue',
  'billPayments',
  'billPayment',
  'paymentRuns',
  'paymentRun',
  'payablesAging',
  'checkRegister',
  'vendorLedger',
  'cashRequirements',
  'tax1099Year',
] as const;

export function evictPayables(cache: ApolloCache<unknown>): void {
  for (const fieldName of PAYABLES_FIELDS) cache.evict({ id: 'ROOT_QUERY', fieldName });
  evictBookFigures(cache);
}

/** The API's per-field details with "lines.N…" renumbered to the form's own lines. */
export function remapLines(
  byField: Record<string, string>,
  index: readonly number[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(byField)) {
    const m = /^lines\.(\d+)(.*)$/.exec(key);
    const mapped = m ? index[Number(m[1])] : undefined;
    out[m && mapped !== undefined ? `lines.${mapped}${m[2]}` : key] = message;
  }
  return out;
}

/** A decision changed where a bill stands, not the books: the lists that sort by it ask again. */
export function evictBillLists(cache: ApolloCache<unknown>): void {
  for (const fieldName of ['bills', 'billApprovalQueue', 'cashRequirements'])
    cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}

/** A bill payment as people name it: "Check 1001", or "ACH · VP-12". */
export function paymentLabel(p: {
  method: string;
  checkNumber?: string | null;
  number: number;
}): string {
  if (p.method === 'CHECK' && p.checkNumber) return `Check ${p.checkNumber}`;
  const method = p.method === 'ACH' ? 'ACH' : p.method === 'CARD' ? 'Card' : 'Check';
  return `${method} · VP-${p.number}`;
}
