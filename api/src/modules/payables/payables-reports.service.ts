import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, isLocalDate } from '../../core/dates.js';
import { badInput, notFound } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { toTotal, type Total } from '../../core/money/money.js';
import { assertPeriod } from '../../core/period.js';
import { FundType } from '../accounts/index.js';
import { accountBalances, controlAccountOf } from '../journal/index.js';
import { listVendors } from '../vendors/index.js';
import { BillPaymentStatus, VendorPaymentMethod } from './bill-payments.types.js';
import {
  accountType,
  anyBillBy,
  type LedgerEventRow,
  type MethodText,
  type OpenBillRow,
  openBillsAsOf,
  selectRegister,
  selectVendorEvents,
  vendorExists,
} from './payables-reports.repository.js';
import type {
  CashRequirementBucket,
  CashRequirements,
  CheckRegisterRow,
  PayablesAging,
  PayablesAgingTotals,
  VendorLedger,
  VendorLedgerRow,
} from './payables-reports.types.js';

// The payables reports: aging, check register, a vendor's ledger, cash requirements, and what the
// board packet and the cash forecast take of them. Every figure is read as the books stood on its
// date (bills.repository and the ledger agree on it: a bill counts from its bill date until its
// void date, a payment from its payment date until its void date), so the aging's total is the
// Accounts Payable account's balance on any date, not only today.

function checkDate(date: string, field: string): void {
  if (!isLocalDate(date)) {
    throw badInput(
      [{ field, message: 'Use a date like 2026-03-31' }],
      'Use a date like 2026-03-31',
    );
  }
}

const emptyTotals = (): PayablesAgingTotals => ({
  current: 0n,
  days30: 0n,
  days60: 0n,
  days90: 0n,
  total: 0n,
  billCount: 0,
});

// The aging's columns by days past due: current (not yet due), 1–30, 31–60, and 61 or more.
function addToBucket(b: PayablesAgingTotals, days: number, open: Total): void {
  if (days <= 0) b.current += open;
  else if (days <= 30) b.days30 += open;
  else if (days <= 60) b.days60 += open;
  else b.days90 += open;
  b.total += open;
  b.billCount += 1;
}

// The Accounts Payable account's balance on the date, on its credit side (0 before the first bill
// chose the account).
async function controlBalance(
  em: EntityManager,
  asOf: string,
): Promise<{ accountId: string | null; balance: Total }> {
  const accountId = await controlAccountOf(em, 'payable');
  if (!accountId) return { accountId: null, balance: 0n };
  const [row] = await accountBalances(em, { asOf, accountId });
  return { accountId, balance: row ? row.balance : 0n };
}

export async function payablesAging(em: EntityManager, asOf: string): Promise<PayablesAging> {
  checkDate(asOf, 'asOf');
  const bills = await openBillsAsOf(em, asOf);
  const byVendor = new Map<string, PayablesAgingTotals>();
  const totals = emptyTotals();
  for (const b of bills) {
    const open = toTotal(b.open);
    let row = byVendor.get(b.vendor_id);
    if (!row) byVendor.set(b.vendor_id, (row = emptyTotals()));
    addToBucket(row, Number(b.days), open);
    addToBucket(totals, Number(b.days), open);
  }
  const names = byVendor.size ? await vendorNames(em) : new Map<string, string>();
  const rows = [...byVendor]
    .map(([vendorId, t]) => ({ vendorId, ...t }))
    .sort((a, b) => (names.get(a.vendorId) ?? '').localeCompare(names.get(b.vendorId) ?? ''));
  const control = await controlBalance(em, asOf);
  return {
    asOf,
    rows,
    totals,
    payableAccountId: control.accountId,
    controlBalance: control.balance,
    ties: control.balance === totals.total,
  };
}

// Every vendor's name by id, inactive ones too (the list is short).
async function vendorNames(em: EntityManager): Promise<Map<string, string>> {
  return new Map((await listVendors(em, { includeInactive: true })).map((v) => [v.id, v.name]));
}

const METHOD: Record<MethodText, VendorPaymentMethod> = {
  check: VendorPaymentMethod.CHECK,
  ach: VendorPaymentMethod.ACH,
  card: VendorPaymentMethod.CARD,
};

// Bill payments (checks, ACH and card) dated in the period, of one bank account when given.
export async function checkRegister(
  em: EntityManager,
  from: string,
  to: string,
  bankAccountId?: string | null,
): Promise<CheckRegisterRow[]> {
  assertPeriod(from, to);
  if (bankAccountId) {
    // Vendors are paid from asset (cash) accounts, marked as bank accounts or not.
    const type = isId(bankAccountId) ? await accountType(em, bankAccountId) : null;
    if (!type) {
      throw notFound('Account', [{ field: 'bankAccountId', message: 'Account not found' }]);
    }
    if (type !== 'asset') {
      const message = 'Choose the bank (cash) account the payments come from';
      throw badInput([{ field: 'bankAccountId', message }], message);
    }
  }
  const rows = await selectRegister(em, from, to, bankAccountId ?? undefined);
  return rows.map((r) => ({
    paymentId: r.id,
    number: Number(r.number),
    date: r.payment_date,
    method: METHOD[r.method],
    checkNumber: r.check_number,
    vendorId: r.vendor_id,
    payee: r.payee,
    amount: toTotal(r.amount),
    status: r.void_date ? BillPaymentStatus.VOID : BillPaymentStatus.POSTED,
    voidDate: r.void_date,
    cleared: r.cleared,
    memo: r.memo,
    bankAccountId: r.bank_account_id,
    journalEntryId: r.journal_entry_id,
  }));
}

// How a payment is named: "Check 1001", "ACH VP-7", "Card VP-8".
export function paymentReference(p: {
  method: MethodText;
  number: string | number;
  check_number: string | null;
}): string {
  if (p.method === 'check' && p.check_number) return `Check ${p.check_number}`;
  return `${p.method === 'ach' ? 'ACH' : 'Card'} VP-${p.number}`;
}

function ledgerRow(e: LedgerEventRow): VendorLedgerRow {
  const isBill = e.kind === 'BILL' || e.kind === 'BILL_VOID';
  const ref = isBill
    ? `BILL-${e.number}`
    : paymentReference({ method: e.method!, number: e.number, check_number: e.check_number });
  const memo =
    e.kind === 'BILL'
      ? [e.invoice_number && `Invoice ${e.invoice_number}`, e.memo].filter(Boolean).join(' · ')
      : e.memo;
  return {
    date: e.date,
    kind: e.kind,
    reference: e.kind.endsWith('_VOID') ? `Void of ${ref}` : ref,
    memo: memo || null,
    charges: toTotal(e.charges),
    payments: toTotal(e.payments),
    balance: 0n,
    billId: e.bill_id,
    paymentId: e.payment_id,
  };
}

export async function vendorLedger(
  em: EntityManager,
  vendorId: string,
  from: string,
  to: string,
): Promise<VendorLedger> {
  if (!isId(vendorId) || !(await vendorExists(em, vendorId))) {
    throw notFound('Vendor', [{ field: 'vendorId', message: 'Vendor not found' }]);
  }
  assertPeriod(from, to);
  let opening = 0n;
  let balance = 0n;
  const rows: VendorLedgerRow[] = [];
  for (const e of await selectVendorEvents(em, vendorId, to)) {
    const row = ledgerRow(e);
    balance += row.charges - row.payments;
    if (e.date < from) opening = balance;
    else rows.push({ ...row, balance });
  }
  return { vendorId, from, to, opening, rows, closing: balance };
}

// ---------------------------------------------------------------------------------------------
// Cash requirements

const isApproved = (b: OpenBillRow) => b.approval === 'approved' || b.approval === 'not_required';

export async function cashRequirements(em: EntityManager, asOf: string): Promise<CashRequirements> {
  checkDate(asOf, 'asOf');
  const bills = await openBillsAsOf(em, asOf);
  const bucket = (label: string, from: string, through: string): CashRequirementBucket => ({
    label,
    from,
    through,
    amount: 0n,
    approved: 0n,
    pending: 0n,
    rejected: 0n,
    billCount: 0,
  });
  const overdue = bills.filter((b) => b.due_date < asOf);
  const later = bills.filter((b) => b.due_date > addDays(asOf, 90));
  const buckets = [
    bucket('Overdue', overdue[0]?.due_date ?? addDays(asOf, -1), addDays(asOf, -1)),
    bucket('Due in 0–30 days', asOf, addDays(asOf, 30)),
    bucket('Due in 31–60 days', addDays(asOf, 31), addDays(asOf, 60)),
    bucket('Due in 61–90 days', addDays(asOf, 61), addDays(asOf, 90)),
    bucket('Due later', addDays(asOf, 91), later.at(-1)?.due_date ?? addDays(asOf, 91)),
  ];
  for (const b of bills) {
    const x = buckets.find((k) => b.due_date <= k.through) ?? buckets[4];
    const open = toTotal(b.open);
    x.amount += open;
    if (isApproved(b)) x.approved += open;
    else if (b.approval === 'pending') x.pending += open;
    else x.rejected += open;
    x.billCount += 1;
  }
  return {
    asOf,
    overdue: buckets[0].amount,
    buckets,
    total: buckets.reduce((s, x) => s + x.amount, 0n),
  };
}

// What the cash forecast takes: the bills standing on the date with what was left to pay on it,
// by due date and fund (a bill's open balance split between the funds as its lines are, the
// reserve part rounded down).
export interface BillDue {
  dueDate: string;
  fundType: FundType;
  amount: Total;
}

export async function billsDue(em: EntityManager, asOf: string): Promise<BillDue[]> {
  checkDate(asOf, 'asOf');
  const out: BillDue[] = [];
  for (const b of await openBillsAsOf(em, asOf)) {
    const open = toTotal(b.open);
    const reserve = (open * toTotal(b.reserve_lines)) / toTotal(b.total);
    if (reserve !== 0n) {
      out.push({ dueDate: b.due_date, fundType: FundType.RESERVE, amount: reserve });
    }
    if (open - reserve !== 0n) {
      out.push({ dueDate: b.due_date, fundType: FundType.OPERATING, amount: open - reserve });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The board packet

export interface PacketPayables {
  aging: PayablesAging;
  // Vendor names by id (the aging's rows carry ids).
  vendorNames: Map<string, string>;
  register: CheckRegisterRow[];
}

// The month's payables for the board packet: the aging on its last day and the bill payments
// dated in it. Null while the association has no bill dated by then (the section is left out).
export async function payablesForPacket(
  em: EntityManager,
  from: string,
  to: string,
): Promise<PacketPayables | null> {
  if (!(await anyBillBy(em, to))) return null;
  return {
    aging: await payablesAging(em, to),
    vendorNames: await vendorNames(em),
    register: await checkRegister(em, from, to),
  };
}
