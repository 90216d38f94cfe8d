import type { LocationQuery, LocationQueryRaw } from 'vue-router';
import { parseLocalDate } from '@/format';
import type { Cents } from '@/money';
import { parseMoneyInput } from '@/money';
import type {
  CreateInvoiceInput,
  InvoiceFilter,
  InvoiceKind,
  InvoiceStatus,
} from './invoices.graphql';

/** 1001 → "INV-1001" */
export function invoiceNumber(n: number): string {
  return `INV-${n}`;
}

export const INVOICE_STATUSES: { value: InvoiceStatus; label: string; badge: string }[] = [
  { value: 'OPEN', label: 'Open', badge: 'cv-badge--info' },
  { value: 'PARTIAL', label: 'Partly paid', badge: 'cv-badge--warn' },
  { value: 'PAID', label: 'Paid', badge: 'cv-badge--success' },
  { value: 'WRITTEN_OFF', label: 'Written off', badge: 'cv-badge--written-off' },
  { value: 'VOID', label: 'Void', badge: 'cv-badge--neutral' },
];

export const INVOICE_KINDS: { value: InvoiceKind; label: string }[] = [
  { value: 'ASSESSMENT', label: 'Assessment' },
  { value: 'ONE_OFF', label: 'One-off' },
  { value: 'LATE_FEE', label: 'Late fee' },
  { value: 'OPENING_BALANCE', label: 'Opening balance' },
];

export function statusLabel(status: InvoiceStatus): string {
  return INVOICE_STATUSES.find((s) => s.value === status)?.label ?? status;
}

export function statusBadge(status: InvoiceStatus): string {
  return INVOICE_STATUSES.find((s) => s.value === status)?.badge ?? 'cv-badge--neutral';
}

export function kindLabel(kind: InvoiceKind): string {
  return INVOICE_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

/**
 * The expense account a write-off most likely goes to: one named for bad debt (or doubtful
 * accounts), else none (the treasurer chooses).
 */
export function badDebtAccount<A extends { name: string }>(expenses: readonly A[]): A | null {
  return expenses.find((a) => /bad\s*debt|doubtful|uncollect/i.test(a.name)) ?? null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Periods as UI.md writes them: "2026-03" → "Mar 2026", "2026-Q1" → "Q1 2026", "2026" → "FY 2026". */
export function periodLabel(period: string | null | undefined): string {
  if (!period) return '';
  let m = /^(\d{4})-(\d{2})$/.exec(period);
  if (m) return `${MONTHS[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
  m = /^(\d{4})-Q([1-4])$/.exec(period);
  if (m) return `Q${m[2]} ${m[1]}`;
  m = /^(\d{4})$/.exec(period);
  if (m) return `FY ${m[1]}`;
  return period;
}

/** "2026-03" for a Date (the month it falls in, where the person is). */
export function monthOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** "2026-03" → the Date of its first day; null when it is not a month. */
export function parseMonth(month: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})$/.exec(month ?? '');
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, 1);
}

// ---------------------------------------------------------------------------------------------
// List filters, kept in the address

export interface InvoiceFilters {
  status: InvoiceStatus | null;
  kind: InvoiceKind | null;
  from: string | null;
  to: string | null;
  search: string;
}

export const EMPTY_INVOICE_FILTERS: InvoiceFilters = {
  status: null,
  kind: null,
  from: null,
  to: null,
  search: '',
};

function one(value: LocationQuery[string] | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v ? v : null;
}

export function invoiceFiltersFromQuery(query: LocationQuery): InvoiceFilters {
  const status = one(query.status)?.toUpperCase() ?? null;
  const kind = one(query.kind)?.toUpperCase() ?? null;
  const from = one(query.from);
  const to = one(query.to);
  return {
    status: INVOICE_STATUSES.some((s) => s.value === status) ? (status as InvoiceStatus) : null,
    kind: INVOICE_KINDS.some((k) => k.value === kind) ? (kind as InvoiceKind) : null,
    from: parseLocalDate(from) ? from : null,
    to: parseLocalDate(to) ? to : null,
    search: one(query.q) ?? '',
  };
}

export function invoiceFiltersToQuery(f: InvoiceFilters): LocationQueryRaw {
  return {
    status: f.status?.toLowerCase() ?? undefined,
    kind: f.kind?.toLowerCase() ?? undefined,
    from: f.from ?? undefined,
    to: f.to ?? undefined,
    q: f.search.trim() || undefined,
  };
}

export function invoiceFilter(f: InvoiceFilters, unitId?: string): InvoiceFilter | undefined {
  const filter: InvoiceFilter = {};
  if (unitId) filter.unitId = unitId;
  if (f.status) filter.status = f.status;
  if (f.kind) filter.kind = f.kind;
  if (f.from) filter.from = f.from;
  if (f.to) filter.to = f.to;
  if (f.search.trim()) filter.search = f.search.trim();
  return Object.keys(filter).length ? filter : undefined;
}

export function hasInvoiceFilters(f: InvoiceFilters): boolean {
  return !!(f.status || f.kind || f.from || f.to || f.search.trim());
}

// ---------------------------------------------------------------------------------------------
// The one-off invoice form

export interface InvoiceLineForm {
  key: number;
  description: string;
  accountId: string | null;
  amount: string;
}

export interface OneOffForm {
  unitId: string | null;
  issueDate: string | null;
  dueDate: string | null;
  memo: string;
  lines: InvoiceLineForm[];
}

export type OneOffErrors = Record<string, string>;

/** The total of the lines typed so far (invalid amounts count as zero). */
export function linesTotal(lines: readonly InvoiceLineForm[]): Cents {
  return lines.reduce((sum, l) => {
    const parsed = parseMoneyInput(l.amount);
    return parsed.kind === 'ok' ? sum + parsed.cents : sum;
  }, 0);
}

function blank(line: InvoiceLineForm): boolean {
  return !line.description.trim() && !line.accountId && !line.amount.trim();
}

/**
 * The API's input, or errors keyed like the API's details ("unitId", "lines.0.amount"). Lines
 * left completely blank are dropped.
 */
export function oneOffInput(
  form: OneOffForm,
):
  | { ok: true; input: CreateInvoiceInput; lineIndex: number[] }
  | { ok: false; errors: OneOffErrors } {
  const errors: OneOffErrors = {};
  if (!form.unitId) errors.unitId = 'Choose the unit to invoice.';
  if (!form.issueDate) errors.issueDate = 'Choose the invoice date.';
  if (!form.dueDate) errors.dueDate = 'Choose the due date.';
  if (form.issueDate && form.dueDate && form.dueDate < form.issueDate)
    errors.dueDate = 'The due date cannot be before the invoice date.';
  const lines: CreateInvoiceInput['lines'] = [];
  // Which form line each sent line is (blank lines are not sent): the API's "lines.N" errors.
  const lineIndex: number[] = [];
  form.lines.forEach((line, i) => {
    if (blank(line)) return;
    if (!line.description.trim()) errors[`lines.${i}.description`] = 'Describe the charge.';
    if (!line.accountId) errors[`lines.${i}.accountId`] = 'Choose an income account.';
    const parsed = parseMoneyInput(line.amount);
    if (parsed.kind === 'invalid') errors[`lines.${i}.amount`] = parsed.message;
    else if (parsed.kind === 'empty' || parsed.cents === 0)
      errors[`lines.${i}.amount`] = 'Enter an amount.';
    else if (line.accountId && line.description.trim()) {
      lineIndex.push(i);
      lines.push({
        description: line.description.trim(),
        accountId: line.accountId,
        amount: parsed.money,
      });
    }
  });
  if (!Object.keys(errors).some((k) => k.startsWith('lines.')) && lines.length === 0)
    errors.lines = 'Add at least one line.';
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    input: {
      unitId: form.unitId!,
      issueDate: form.issueDate!,
      dueDate: form.dueDate!,
      memo: form.memo.trim() || null,
      lines,
    },
    lineIndex,
  };
}

/** The API's per-field details with "lines.N…" renumbered to the form's own lines. */
export function remapIndexed(
  byField: Record<string, string>,
  prefix: string,
  index: readonly number[],
): Record<string, string> {
  const out: Record<string, string> = {};
  const re = new RegExp(`^${prefix}\\.(\\d+)(.*)$`);
  for (const [key, message] of Object.entries(byField)) {
    const m = re.exec(key);
    const mapped = m ? index[Number(m[1])] : undefined;
    out[m && mapped !== undefined ? `${prefix}.${mapped}${m[2]}` : key] = message;
  }
  return out;
}

/** A date some days after another (LocalDate arithmetic in local time). */
export function addDays(date: string, days: number): string {
  const d = parseLocalDate(date);
  if (!d) return date;
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
