import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { mediumDate } from '../../core/dates.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { assertId, isId } from '../../core/ids.js';
import { toCents } from '../../core/money/money.js';
import { recordTenantAudit } from '../audit/index.js';
import { EntryOwnerType, reverseJournalEntry } from '../journal/index.js';
import type { BillPaymentFilter } from './bill-payments.inputs.js';
import {
  type ApplicationRow,
  applicationRows,
  billPaymentPage,
  type BillPaymentRow,
  billPaymentRows,
  lockBillPayment,
  markBillPaymentVoid,
} from './bill-payments.repository.js';
import {
  type BillPayment,
  type BillPaymentApplication,
  BillPaymentStatus,
  VendorPaymentMethod,
} from './bill-payments.types.js';

// Vendor payments: each one entry owned by the payment (Dr Accounts Payable, Cr the bank),
// applied to the vendor's bills. A bill's paid amount is the sum of the applications of its
// standing payments, so voiding a payment (reversing its entry) reopens its bills by itself.

export function toBillPayment(r: BillPaymentRow): BillPayment {
  return {
    id: r.id,
    number: Number(r.number),
    vendorId: r.vendor_id,
    bankAccountId: r.bank_account_id,
    method: r.method as VendorPaymentMethod,
    checkNumber: r.check_number,
    date: r.payment_date,
    amount: toCents(r.amount),
    memo: r.memo,
    status: r.void_date ? BillPaymentStatus.VOID : BillPaymentStatus.POSTED,
    cleared: r.cleared,
    reconciledOn: r.reconciled_on,
    runId: r.run_id,
    journalEntryId: r.journal_entry_id,
    voidEntryId: r.void_entry_id,
    voidDate: r.void_date,
    voidReason: r.void_reason,
    createdAt: new Date(r.created_at),
  };
}

// How a payment is named to people: "check 1001", "ACH VP-12", "card VP-13".
export function paymentLabel(p: Pick<BillPayment, 'method' | 'checkNumber' | 'number'>): string {
  if (p.method === VendorPaymentMethod.CHECK) return `check ${p.checkNumber}`;
  return `${p.method === VendorPaymentMethod.ACH ? 'ACH' : 'card'} VP-${p.number}`;
}

export function listBillPayments(
  em: EntityManager,
  f: BillPaymentFilter,
  first = 50,
  after?: string | null,
) {
  if (f.vendorId) assertId(f.vendorId, 'Vendor');
  if (f.bankAccountId) assertId(f.bankAccountId, 'Bank account');
  if (f.from && f.to && f.from > f.to) {
    throw badInput([{ field: 'to', message: 'The end comes before the start' }]);
  }
  return billPaymentPage(
    em,
    f,
    { first, after },
    (rows) => rows.map(toBillPayment),
    (p) => [p.date, p.number],
  );
}

export async function findBillPayment(em: EntityManager, id: string): Promise<BillPayment> {
  assertId(id, 'Vendor payment');
  const [row] = await billPaymentRows(em, [id]);
  if (!row) throw notFound('Vendor payment');
  return toBillPayment(row);
}

// Payments by id (ids that name none are absent).
export async function findBillPayments(
  em: EntityManager,
  ids: readonly string[],
): Promise<BillPayment[]> {
  const valid = [...new Set(ids.filter(isId))];
  return valid.length ? (await billPaymentRows(em, valid)).map(toBillPayment) : [];
}

const toApplication = (r: ApplicationRow): BillPaymentApplication => ({
  billId: r.bill_id,
  billPaymentId: r.bill_payment_id,
  amount: toCents(r.amount),
  voided: r.voided,
});

// The applications of each payment (or each bill), in the order asked; a void payment's are
// included (flagged `voided`): they no longer count toward the bill.
export async function applicationsOf(
  em: EntityManager,
  by: 'payment' | 'bill',
  ids: readonly string[],
): Promise<BillPaymentApplication[][]> {
  const valid = [...new Set(ids.filter(isId))];
  const rows = valid.length ? await applicationRows(em, by, valid) : [];
  const out = new Map<string, BillPaymentApplication[]>();
  for (const r of rows) {
    const key = by === 'payment' ? r.bill_payment_id : r.bill_id;
    out.set(key, [...(out.get(key) ?? []), toApplication(r)]);
  }
  return ids.map((id) => out.get(id) ?? []);
}

// Voids a vendor payment: its entry is reversed on `date` (owned by the payment, so the journal
// lets only payables undo it), and its bills reopen for what it paid. A check's number stays
// spent. Refused while the bank's statement shows it cleared: a check the bank paid is not void.
export async function voidBillPayment(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  date: string,
  reason: string,
): Promise<BillPayment> {
  assertId(id, 'Vendor payment');
  const why = reason.trim();
  if (!why) throw badInput([{ field: 'reason', message: 'Say why it is voided' }]);
  if (why.length > 500) throw badInput([{ field: 'reason', message: 'At most 500 characters' }]);
  try {
    await em.transactional(async (tx) => {
      if (!(await lockBillPayment(tx, id))) throw notFound('Vendor payment');
      const p = await findBillPayment(tx, id);
      const label = paymentLabel(p);
      const Label = label[0].toUpperCase() + label.slice(1);
      if (p.status === BillPaymentStatus.VOID) throw conflict(`${Label} is already void`);
      if (date < p.date) {
        const message = `The void date cannot be before the payment date (${mediumDate(p.date)})`;
        throw badInput([{ field: 'date', message }], message);
      }
      if (p.reconciledOn) throw reconciledRefusal(Label, p.reconciledOn);
      if (p.cleared) {
        throw conflict(
          `${Label} is matched to a line of the bank's statement: the bank paid it. Unmatch it under Banking first if the match is wrong`,
        );
      }
      const reversal = await reverseJournalEntry(
        tx,
        actor,
        p.journalEntryId,
        date,
        `Void ${label}: ${why}`.slice(0, 500),
        { owner: { type: EntryOwnerType.BILL_PAYMENT, id } },
      );
      await markBillPaymentVoid(tx, id, reversal.id, date, why);
      await recordTenantAudit(tx, actor, {
        entityType: 'BillPayment',
        entityId: id,
        action: 'void',
        changes: { number: p.number, checkNumber: p.checkNumber, date, reason: why },
      });
    });
  } catch (err) {
    // The tenant database's own lock (a reconciliation finished between our read and the write).
    if ((err as { code?: unknown }).code === 'CV001') {
      throw reconciledRefusal('This payment', null);
    }
    throw err;
  }
  return findBillPayment(em, id);
}

const reconciledRefusal = (label: string, on: string | null) =>
  conflict(
    `${label} cleared in a finished bank reconciliation${on ? ` (statement of ${mediumDate(on)})` : ''}: an admin must undo that reconciliation before it can be voided`,
  );
