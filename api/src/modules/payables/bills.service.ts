import type { EntityManager } from '@mikro-orm/postgresql';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { badInput, conflict, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import type { ConnectionResult } from '../../core/graphql/connection.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { formatMoney, MAX_AMOUNT, sumCents, toCents } from '../../core/money/money.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  checkPeriodsOpen,
  controlAccountMessages,
  EntryOwnerType,
  EntrySource,
  postJournalEntries,
  reverseJournalEntry,
} from '../journal/index.js';
import {
  type BillRow,
  billPage,
  billRows,
  capitalProjectExists,
  duplicateIds,
  insertBill,
  lineAccounts,
  lockBill,
  markBillVoid,
  nextBillNumber,
  reserveComponentExists,
  standingPaymentLabels,
  vendorRow,
} from './bills.repository.js';
import type { BillFilter, CreateBillInput } from './payables.inputs.js';
import { ensurePayableAccount, payablesSettings, toSettings } from './payables-settings.service.js';
import { settingsRow } from './payables-settings.repository.js';
import { Bill, BillApprovalState, BillStatus } from './payables.types.js';

// Bills: what the association owes a vendor. A bill posts when it is entered (the debt exists
// whether or not the board approved it): one entry owned by the bill, Dr each line's expense or
// asset account, Cr Accounts Payable for the total (interfund lines added by the ledger when the
// lines are in the reserve fund). Approval gates paying: `payable` says whether it may be paid now.

export const MAX_BILLS_PAGE = 200;

// Whether a bill may be paid now: approved (or needing no approval), not void, not paid in full.
export function isPayable(b: Pick<Bill, 'approval' | 'status'>): boolean {
  return (
    (b.approval === BillApprovalState.NOT_REQUIRED || b.approval === BillApprovalState.APPROVED) &&
    (b.status === BillStatus.OPEN || b.status === BillStatus.PARTIAL)
  );
}

// Whether a bill is past due on `today`: something still owed after its due date.
export function isOverdue(b: Pick<Bill, 'dueDate' | 'balance' | 'status'>, today: string) {
  return b.status !== BillStatus.VOID && b.balance > 0 && b.dueDate < today;
}

// The label of a bill in messages and entries.
export const billLabel = (b: { number: number }) => `BILL-${b.number}`;

export function toBill(r: BillRow): Bill {
  const total = toCents(r.total);
  const status = r.status as BillStatus;
  const paid = toCents(r.paid);
  const bill: Bill = {
    id: r.id,
    number: Number(r.number),
    vendorId: r.vendor_id,
    vendorInvoiceNumber: r.vendor_invoice_number,
    billDate: r.bill_date,
    dueDate: r.due_date,
    memo: r.memo,
    total,
    paid,
    balance: status === BillStatus.VOID ? 0 : total - paid,
    status,
    approval: r.approval as BillApprovalState,
    approvalsRequired: r.approvals_required,
    payable: false,
    lines: r.lines.map((l) => ({
      id: l.id,
      accountId: l.accountId,
      amount: toCents(l.amount),
      memo: l.memo,
    })),
    capitalProjectId: r.capital_project_id,
    reserveComponentId: r.reserve_component_id,
    templateId: r.template_id,
    journalEntryId: r.journal_entry_id,
    voidEntryId: r.void_entry_id,
    voidDate: r.void_date,
    voidReason: r.void_reason,
    createdAt: new Date(r.created_at),
    createdBy: r.created_by,
  };
  bill.payable = isPayable(bill);
  return bill;
}

// Bills by id, in the order asked; ids that are no bill of this association are absent.
export async function findBills(em: EntityManager, ids: readonly string[]): Promise<Bill[]> {
  const valid = [...new Set(ids.filter(isId))];
  if (!valid.length) return [];
  const byId = new Map((await billRows(em, valid)).map((r) => [r.id, toBill(r)]));
  return ids.map((id) => byId.get(id)).filter((b): b is Bill => !!b);
}

export async function findBill(em: EntityManager, id: string): Promise<Bill> {
  assertId(id, 'Bill');
  const [bill] = await findBills(em, [id]);
  if (!bill) throw notFound('Bill');
  return bill;
}

export function listBills(
  em: EntityManager,
  filter: BillFilter = {},
  first = 50,
  after?: string | null,
): Promise<ConnectionResult<Bill>> {
  if (filter.vendorId) assertId(filter.vendorId, 'Vendor');
  return billPage<Bill>(
    em,
    filter,
    { first, after, max: MAX_BILLS_PAGE },
    (b) => [b.billDate, b.number],
    (rows) => rows.map(toBill),
  );
}

// Each bill's duplicates: other standing bills of its vendor with the same invoice number.
export async function duplicatesOf(
  em: EntityManager,
  billIds: readonly string[],
): Promise<Bill[][]> {
  const valid = billIds.filter(isId);
  const rows = valid.length ? await duplicateIds(em, valid) : [];
  const others = await findBills(em, [...new Set(rows.flatMap((r) => r.ids))]);
  const byId = new Map(others.map((b) => [b.id, b]));
  const byBill = new Map(
    rows.map((r) => [r.bill_id, r.ids.map((id) => byId.get(id)).filter((b): b is Bill => !!b)]),
  );
  return billIds.map((id) => byBill.get(id) ?? []);
}

type Detail = FieldDetail & { kind: 'missing' | 'bad' };

function refuse(details: Detail[]): void {
  const of = (kind: Detail['kind']) =>
    details.filter((d) => d.kind === kind).map(({ field, message }) => ({ field, message }));
  const missing = of('missing');
  if (missing.length) {
    const what = missing[0].field.startsWith('lines')
      ? 'Account'
      : missing[0].field === 'vendorId'
        ? 'Vendor'
        : missing[0].field === 'capitalProjectId'
          ? 'Capital project'
          : 'Reserve component';
    throw notFound(what, missing);
  }
  const bad = of('bad');
  if (bad.length) throw badInput(bad, bad[0].message);
}

// What a bill (or a template's bill) names, checked before anything is written: the vendor
// (active), each line's account (an open expense or asset account that no subledger keeps), the
// dates, the total (one amount), the project and component. Every problem is reported with its
// field; unknown ids first (NOT_FOUND), then the rest (BAD_USER_INPUT).
export async function checkBillInput(
  em: EntityManager,
  input: {
    vendorId: string;
    billDate?: string;
    dueDate?: string;
    lines: { accountId: string; amount: number }[];
    capitalProjectId?: string | null;
    reserveComponentId?: string | null;
  },
  opts: { payableAccountId?: string | null } = {},
): Promise<{ vendorName: string }> {
  const details: Detail[] = [];
  const vendor = isId(input.vendorId) ? await vendorRow(em, input.vendorId) : undefined;
  if (!vendor) details.push({ kind: 'missing', field: 'vendorId', message: 'Vendor not found' });
  else if (!vendor.active) {
    details.push({
      kind: 'bad',
      field: 'vendorId',
      message: `Vendor ${vendor.name} is inactive; reactivate it to enter its bills`,
    });
  }
  if (input.billDate && input.dueDate && input.dueDate < input.billDate) {
    details.push({
      kind: 'bad',
      field: 'dueDate',
      message: 'The due date cannot be before the bill date',
    });
  }
  const accounts = new Map(
    (await lineAccounts(em, input.lines.map((l) => l.accountId).filter(isId))).map((a) => [
      a.id,
      a,
    ]),
  );
  const control = await controlAccountMessages(em);
  input.lines.forEach((l, i) => {
    const field = `lines.${i}.accountId`;
    const a = accounts.get(l.accountId);
    if (!a) details.push({ kind: 'missing', field, message: 'Account not found' });
    else if (a.archived) {
      details.push({ kind: 'bad', field, message: `${a.number} ${a.name} is archived` });
    } else if (control.has(a.id) || a.id === opts.payableAccountId) {
      const message =
        control.get(a.id) ?? `${a.number} ${a.name} is Accounts Payable: choose another account`;
      details.push({ kind: 'bad', field, message });
    } else if (a.type !== 'expense' && a.type !== 'asset') {
      const message = `${a.number} ${a.name} is ${a.type === 'income' ? 'an' : 'a'} ${a.type} account: a bill's lines go to expense or asset accounts`;
      details.push({ kind: 'bad', field, message });
    }
  });
  const total = sumCents(input.lines.map((l) => l.amount));
  if (total > BigInt(MAX_AMOUNT)) {
    const message = `A bill totals at most ${formatMoney(MAX_AMOUNT)}`;
    details.push({ kind: 'bad', field: 'lines', message });
  }
  if (input.capitalProjectId) {
    if (!isId(input.capitalProjectId) || !(await capitalProjectExists(em, input.capitalProjectId)))
      details.push({
        kind: 'missing',
        field: 'capitalProjectId',
        message: 'Capital project not found',
      });
  }
  if (input.reserveComponentId) {
    if (
      !isId(input.reserveComponentId) ||
      !(await reserveComponentExists(em, input.reserveComponentId))
    )
      details.push({
        kind: 'missing',
        field: 'reserveComponentId',
        message: 'Reserve component not found',
      });
  }
  refuse(details);
  return { vendorName: vendor!.name };
}

export interface BillDraft {
  vendorId: string;
  vendorInvoiceNumber?: string | null;
  billDate: string;
  dueDate: string;
  memo?: string | null;
  lines: { accountId: string; amount: number; memo?: string | null }[];
  capitalProjectId?: string | null;
  reserveComponentId?: string | null;
  templateId?: string | null;
}

// Posts one bill inside the caller's transaction (createBill, the recurring run): its entry, its
// rows, its audit. The approval it needs is the policy's at this moment: above the threshold, the
// policy's count of approvals (pending), else none. Answers the new bill's id.
export async function postBill(
  tx: EntityManager,
  actor: AuthInfo | null,
  draft: BillDraft,
  vendorName: string,
): Promise<string> {
  // A closed month is named on the bill's own field (the posting would name its `date`).
  await checkPeriodsOpen(tx, [{ field: 'billDate', date: draft.billDate }]);
  const policy = toSettings(await settingsRow(tx, 'share'));
  const payableAccountId = policy.payableAccountId;
  if (!payableAccountId) throw new Error('Accounts Payable must be chosen before a bill posts');
  const total = draft.lines.reduce((s, l) => s + l.amount, 0);
  const required =
    policy.approvalsRequired > 0 && total > policy.approvalThreshold ? policy.approvalsRequired : 0;
  const [id] = newIds(1);
  const number = await nextBillNumber(tx);
  const invoiceNo = draft.vendorInvoiceNumber?.trim() || null;
  const memo = draft.memo?.trim() || null;
  const label = [`BILL-${number}`, vendorName, invoiceNo].filter(Boolean).join(' · ');
  const [entryId] = await postJournalEntries(tx, actor, [
    {
      input: {
        date: draft.billDate,
        memo: (memo ? `${label}: ${memo}` : label).slice(0, 500),
        vendorId: draft.vendorId,
        lines: [
          ...draft.lines.map((l) => ({
            accountId: l.accountId,
            debit: l.amount,
            memo: l.memo?.trim() || null,
          })),
          { accountId: payableAccountId, credit: total, memo: vendorName.slice(0, 500) },
        ],
      },
      opts: {
        source: EntrySource.BILL,
        owner: { type: EntryOwnerType.BILL, id },
        // The Accounts Payable line is the subledger's own.
        lineFields: [...draft.lines.map((_, i) => `lines.${i}.accountId`), null],
      },
    },
  ]);
  const lineIds = newIds(draft.lines.length);
  await insertBill(tx, {
    id,
    number,
    vendorId: draft.vendorId,
    vendorInvoiceNumber: invoiceNo,
    billDate: draft.billDate,
    dueDate: draft.dueDate,
    memo,
    total,
    approval: required > 0 ? BillApprovalState.PENDING : BillApprovalState.NOT_REQUIRED,
    approvalsRequired: required,
    capitalProjectId: draft.capitalProjectId ?? null,
    reserveComponentId: draft.reserveComponentId ?? null,
    templateId: draft.templateId ?? null,
    journalEntryId: entryId,
    createdBy: actor?.userId ?? null,
    lines: draft.lines.map((l, i) => ({
      id: lineIds[i],
      accountId: l.accountId,
      amount: l.amount,
      memo: l.memo?.trim() || null,
    })),
  });
  await recordTenantAudit(tx, actor, {
    entityType: 'Bill',
    entityId: id,
    action: 'create',
    changes: {
      number,
      vendorId: draft.vendorId,
      vendorInvoiceNumber: invoiceNo,
      billDate: draft.billDate,
      dueDate: draft.dueDate,
      total,
      approvalsRequired: required,
      templateId: draft.templateId ?? null,
      lines: draft.lines.map((l) => ({ accountId: l.accountId, amount: l.amount })),
    },
  });
  return id;
}

// Enters a vendor's bill (see the top of this file). Accounts Payable is chosen with the first
// bill, in its transaction (payables-settings.service.ts): a refused bill leaves none chosen.
export async function createBill(
  em: EntityManager,
  actor: AuthInfo | null,
  input: CreateBillInput,
): Promise<Bill> {
  const { payableAccountId } = await payablesSettings(em);
  const { vendorName } = await checkBillInput(em, input, { payableAccountId });
  const id = await em.transactional(async (tx) => {
    await ensurePayableAccount(tx, actor);
    return postBill(tx, actor, input, vendorName);
  });
  return findBill(em, id);
}

// Voids a bill: its entry is reversed (dated `date`, not before the bill) and it no longer owes
// anything. Only while no standing payment pays it: void the payment first, which reopens it.
export async function voidBill(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  date: string,
  reason: string,
): Promise<Bill> {
  assertId(id, 'Bill');
  const why = reason.trim();
  if (!why) {
    const message = 'Say why the bill is voided';
    throw badInput([{ field: 'reason', message }], message);
  }
  if (why.length > L.bills.void_reason) {
    const message = `At most ${L.bills.void_reason} characters`;
    throw badInput([{ field: 'reason', message }], message);
  }
  await em.transactional(async (tx) => {
    if (!(await lockBill(tx, id))) throw notFound('Bill');
    const b = await findBill(tx, id);
    if (b.status === BillStatus.VOID) throw conflict(`${billLabel(b)} is already void`);
    const payments = await standingPaymentLabels(tx, id);
    if (payments.length) {
      throw conflict(
        `${billLabel(b)} is paid by ${payments.join(', ')}: void ${payments.length === 1 ? 'that payment' : 'those payments'} first`,
      );
    }
    if (date < b.billDate) {
      const message = `The void date cannot be before the bill date (${b.billDate})`;
      throw badInput([{ field: 'date', message }], message);
    }
    const reversal = await reverseJournalEntry(
      tx,
      actor,
      b.journalEntryId,
      date,
      `Void ${billLabel(b)}: ${why}`.slice(0, 500),
      { owner: { type: EntryOwnerType.BILL, id } },
    );
    await markBillVoid(tx, id, reversal.id, date, why);
    await recordTenantAudit(tx, actor, {
      entityType: 'Bill',
      entityId: id,
      action: 'void',
      changes: { number: b.number, date, reason: why, reversalId: reversal.id },
    });
  });
  return findBill(em, id);
}

// The template's bill of a date already exists (the recurring run raced another worker).
export function isTemplateRepeat(err: unknown): boolean {
  return isUniqueViolation(err, 'bills_template_once');
}
