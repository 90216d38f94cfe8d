import { sendMultipart, sendWithSession } from '@/apollo/upload';
import { parseMoneyInput } from '@/money';
import type {
  OpeningBalanceImportResult,
  Unit,
  UnitImportResult,
  UnitInput,
  UnitOpeningBalanceInput,
  UnitLedgerKind,
  UnitLedgerRow,
} from './units.graphql';
import { IMPORT_OPENING_BALANCES_MUTATION, IMPORT_UNITS_MUTATION } from './units.graphql';

/** "Unit 12" */
export function unitLabel(unit: Pick<Unit, 'number'>): string {
  return `Unit ${unit.number}`;
}

/** "Unit 12 · Jordan Ellis" */
export function unitWithOwner(unit: Pick<Unit, 'number' | 'ownerName'>): string {
  return unit.ownerName ? `${unitLabel(unit)} · ${unit.ownerName}` : unitLabel(unit);
}

// ---------------------------------------------------------------------------------------------
// The unit ledger

const LEDGER_KINDS: Record<UnitLedgerKind, string> = {
  INVOICE: 'Invoice',
  PAYMENT: 'Payment',
  VOID_INVOICE: 'Invoice voided',
  VOID_PAYMENT: 'Payment voided',
  WRITE_OFF: 'Written off',
  VOID_WRITE_OFF: 'Write-off undone',
  OPENING_BALANCE: 'Opening balance',
  OPENING_CREDIT: 'Opening credit',
};

/** A ledger row's kind in words ("Written off", "Opening credit"). */
export function ledgerKindLabel(kind: UnitLedgerKind): string {
  return LEDGER_KINDS[kind] ?? kind;
}

/** The kinds a ledger row names with a tag beside its description (plain invoices and payments need none). */
export function ledgerKindTag(kind: UnitLedgerKind): { label: string; badge: string } | null {
  switch (kind) {
    case 'VOID_INVOICE':
    case 'VOID_PAYMENT':
      return { label: 'Void', badge: 'cv-badge--neutral' };
    case 'WRITE_OFF':
    case 'VOID_WRITE_OFF':
    case 'OPENING_BALANCE':
    case 'OPENING_CREDIT':
      return { label: ledgerKindLabel(kind), badge: 'cv-badge--neutral' };
    default:
      return null;
  }
}

/**
 * A ledger row's description without repeating its tag: "Written off: owner bankrupt" beside the
 * tag "Written off" reads "owner bankrupt"; a description that is only the tag's words is dropped.
 * Rows without a tag fall back to their kind in words.
 */
export function ledgerDescription(row: Pick<UnitLedgerRow, 'kind' | 'description'>): string {
  const text = row.description?.trim() ?? '';
  const tag = ledgerKindTag(row.kind)?.label;
  if (!tag) return text || ledgerKindLabel(row.kind);
  if (!text.toLowerCase().startsWith(tag.toLowerCase())) return text;
  // "Write-off undone with the invoice" → "with the invoice"; "Written off: …" → "…".
  return text
    .slice(tag.length)
    .replace(/^[\s:–—-]+/, '')
    .trim();
}

/**
 * Whether the unit has a standing opening balance (an OPENING_BALANCE invoice or an
 * OPENING_CREDIT payment that was not voided): the API takes one per unit.
 */
export function hasStandingOpening(
  ledger: readonly Pick<UnitLedgerRow, 'kind' | 'invoiceId' | 'paymentId'>[],
): boolean {
  const voidedInvoices = new Set(
    ledger.filter((r) => r.kind === 'VOID_INVOICE').map((r) => r.invoiceId),
  );
  const voidedPayments = new Set(
    ledger.filter((r) => r.kind === 'VOID_PAYMENT').map((r) => r.paymentId),
  );
  return ledger.some(
    (r) =>
      (r.kind === 'OPENING_BALANCE' && !voidedInvoices.has(r.invoiceId)) ||
      (r.kind === 'OPENING_CREDIT' && !voidedPayments.has(r.paymentId)),
  );
}

// ---------------------------------------------------------------------------------------------
// A unit's opening balance, by hand

export interface OpeningBalanceForm {
  date: string | null;
  /** Typed; a minus sign for the owner's credit. */
  amount: string;
  memo: string;
}

export type OpeningBalanceField = 'date' | 'amount' | 'memo';

export function openingBalanceInput(
  unitId: string,
  form: OpeningBalanceForm,
):
  | { ok: true; input: UnitOpeningBalanceInput }
  | { ok: false; errors: Partial<Record<OpeningBalanceField, string>> } {
  const errors: Partial<Record<OpeningBalanceField, string>> = {};
  if (!form.date) errors.date = 'Choose the day the books start in Covenant.';
  const parsed = parseMoneyInput(form.amount, { allowNegative: true });
  if (parsed.kind === 'invalid') errors.amount = parsed.message;
  else if (parsed.kind === 'empty' || parsed.cents === 0)
    errors.amount = 'Enter what the owner owed, or a negative amount for a credit.';
  if (Object.keys(errors).length || parsed.kind !== 'ok') return { ok: false, errors };
  return {
    ok: true,
    input: { unitId, date: form.date!, amount: parsed.money, memo: form.memo.trim() || null },
  };
}

export interface UnitFormFields {
  number: string;
  address: string;
  ownerName: string;
  email: string;
  phone: string;
  propertyTypeId: string | null;
  assessmentGroupId: string | null;
}

export type UnitField = keyof UnitFormFields;

export const UNIT_FIELDS_LIST: UnitField[] = [
  'number',
  'address',
  'ownerName',
  'email',
  'phone',
  'propertyTypeId',
  'assessmentGroupId',
];

// A light check so an obvious typo is caught before the round trip; the API has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function unitInput(
  form: UnitFormFields,
): { ok: true; input: UnitInput } | { ok: false; errors: Partial<Record<UnitField, string>> } {
  const errors: Partial<Record<UnitField, string>> = {};
  if (!form.number.trim()) errors.number = 'Enter the unit number.';
  if (form.email.trim() && !EMAIL.test(form.email.trim()))
    errors.email = 'Enter an email address like owner@example.com.';
  if (!form.propertyTypeId) errors.propertyTypeId = 'Choose the property type.';
  if (!form.assessmentGroupId) errors.assessmentGroupId = 'Choose the assessment group.';
  if (Object.keys(errors).length) return { ok: false, errors };
  const optional = (s: string) => s.trim() || null;
  return {
    ok: true,
    input: {
      number: form.number.trim(),
      address: optional(form.address),
      ownerName: optional(form.ownerName),
      email: optional(form.email),
      phone: optional(form.phone),
      propertyTypeId: form.propertyTypeId!,
      assessmentGroupId: form.assessmentGroupId!,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// CSV import: the same multipart upload as attachments (XMLHttpRequest for progress, Bearer
// token, CSRF header, one renewal of an expired session).

export function sendUnitImport(request: {
  file: File;
  token: string | null;
  onProgress?: (fraction: number) => void;
  url?: string;
}): Promise<UnitImportResult> {
  return sendMultipart<UnitImportResult>({
    ...request,
    operationName: 'ImportUnits',
    mutation: IMPORT_UNITS_MUTATION,
    variables: { file: null },
    fileVariable: 'file',
    field: 'importUnits',
  });
}

export function importUnits(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<UnitImportResult> {
  return sendWithSession(
    (token) => sendUnitImport({ file, token, onProgress }),
    'Your session has ended. Sign in again, then import the file.',
    () => onProgress?.(0),
  );
}

export function importOpeningBalances(
  file: File,
  date: string | null,
  onProgress?: (fraction: number) => void,
): Promise<OpeningBalanceImportResult> {
  return sendWithSession(
    (token) =>
      sendMultipart<OpeningBalanceImportResult>({
        file,
        token,
        onProgress,
        operationName: 'ImportOpeningBalances',
        mutation: IMPORT_OPENING_BALANCES_MUTATION,
        variables: { file: null, date },
        fileVariable: 'file',
        field: 'importOpeningBalances',
      }),
    'Your session has ended. Sign in again, then import the file.',
    () => onProgress?.(0),
  );
}
