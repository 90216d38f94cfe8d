import type { EntityManager } from '@mikro-orm/postgresql';
import { newIds } from '../../core/ids.js';
import { toCents } from '../../core/money/money.js';
import type { PaymentApplication } from './payments.types.js';
import {
  applicationRows,
  insertApplications,
  lockUnitRows,
  openInvoiceRows,
  unappliedPaymentRows,
} from './payment-applications.repository.js';

// How payments pay invoices: a payment is spent on open invoices (chosen ones in order, or oldest
// first); what is left stays as the unit's credit and pays its next invoice.

export interface OpenInvoice {
  id: string;
  unit_id: string;
  issue_date: string;
  balance: number;
}

export interface UnappliedPayment {
  id: string;
  unit_id: string;
  date: string;
  unapplied: number;
}

// Open invoices (not void, balance left) of the given ids or units, oldest due first.
export async function openInvoices(
  em: EntityManager,
  where: { invoiceIds?: string[]; unitIds?: string[] },
): Promise<OpenInvoice[]> {
  const ids = where.invoiceIds ?? where.unitIds ?? [];
  if (!ids.length) return [];
  const rows = await openInvoiceRows(em, where.invoiceIds ? 'invoice' : 'unit', ids);
  return rows.map((r) => ({ ...r, balance: toCents(r.balance) })).filter((r) => r.balance > 0);
}

// Unapplied money of the units' posted payments, oldest payment first.
export async function unappliedPayments(
  em: EntityManager,
  unitIds: string[],
): Promise<UnappliedPayment[]> {
  if (!unitIds.length) return [];
  const rows = await unappliedPaymentRows(em, unitIds);
  return rows
    .map((r) => ({ ...r, unapplied: toCents(r.unapplied) }))
    .filter((r) => r.unapplied > 0);
}

// Spends payments on invoices in the order given (both lists are already in order). An application
// counts from the later of the payment and invoice dates.
export async function apply(
  em: EntityManager,
  payments: UnappliedPayment[],
  invoices: OpenInvoice[],
): Promise<void> {
  const rows: { payment: string; invoice: string; amount: number; on: string }[] = [];
  const left = new Map(invoices.map((i) => [i.id, i.balance]));
  for (const p of payments) {
    let money = p.unapplied;
    for (const inv of invoices) {
      if (money <= 0) break;
      if (inv.unit_id !== p.unit_id) continue;
      const due = left.get(inv.id)!;
      if (due <= 0) continue;
      const amount = Math.min(due, money);
      left.set(inv.id, due - amount);
      money -= amount;
      rows.push({
        payment: p.id,
        invoice: inv.id,
        amount,
        on: p.date > inv.issue_date ? p.date : inv.issue_date,
      });
    }
  }
  if (!rows.length) return;
  const ids = newIds(rows.length);
  await insertApplications(
    em,
    rows.map((r, k) => ({ ...r, id: ids[k] })),
  );
}

// The applications of invoices or payments, with whether the payment was voided.
export async function applicationsOf(
  em: EntityManager,
  by: 'invoice' | 'payment',
  ids: string[],
): Promise<(PaymentApplication & { voided: boolean })[]> {
  if (!ids.length) return [];
  const rows = await applicationRows(em, by, ids);
  return rows.map((r) => ({
    invoiceId: r.invoice_id,
    paymentId: r.payment_id,
    amount: toCents(r.amount),
    date: r.applied_on,
    voided: r.voided,
  }));
}

// Serializes receivables writes per unit (payments, invoices, voids) for the transaction. Answers
// the ids of the units that exist.
export async function lockUnits(em: EntityManager, unitIds: string[]): Promise<string[]> {
  if (!unitIds.length) return [];
  return lockUnitRows(em, unitIds);
}
