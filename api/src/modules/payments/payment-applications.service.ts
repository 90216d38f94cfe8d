import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { newIds } from '../../core/ids.js';
import { toCents } from '../../core/money/money.js';
import { receivablesSettings } from '../assessments/index.js';
import { EntryOwnerType, EntrySource, postJournalEntries } from '../journal/index.js';
import type { PaymentApplication } from './payments.types.js';
import {
  applicationRows,
  creditEntryIds,
  insertApplications,
  lockUnitRows,
  openInvoiceRows,
  unappliedPaymentRows,
} from './payment-applications.repository.js';

// How payments pay invoices: a payment is spent on open invoices (chosen ones in order, or oldest
// first); what is left stays as the unit's credit (in Prepaid Assessments, never as a negative
// receivable) and pays its next invoice.

export interface OpenInvoice {
  id: string;
  number: number;
  unit_id: string;
  issue_date: string;
  balance: number;
  // The last day a payment applied to it was voided: until then that payment still paid it.
  reopened_on: string | null;
}

export interface UnappliedPayment {
  id: string;
  number: number;
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
  return rows
    .map((r) => ({ ...r, number: Number(r.number), balance: toCents(r.balance) }))
    .filter((r) => r.balance > 0);
}

// Unapplied money of the units' posted payments, oldest payment first.
export async function unappliedPayments(
  em: EntityManager,
  unitIds: string[],
): Promise<UnappliedPayment[]> {
  if (!unitIds.length) return [];
  const rows = await unappliedPaymentRows(em, unitIds);
  return rows
    .map((r) => ({ ...r, number: Number(r.number), unapplied: toCents(r.unapplied) }))
    .filter((r) => r.unapplied > 0);
}

export interface PlannedApplication {
  payment: UnappliedPayment;
  invoice: OpenInvoice;
  amount: number;
  // When it counts: the latest of the payment's date, the invoice's and the day the invoice
  // opened again (a voided payment paid it until then, so an earlier date would pay it twice and
  // the receivable would read below zero in between; the money waits as credit meanwhile).
  on: string;
}

// Spends payments on invoices in the order given (both lists are already in order): what each
// payment pays of each invoice. Writes nothing.
export function planApplications(
  payments: UnappliedPayment[],
  invoices: OpenInvoice[],
): PlannedApplication[] {
  const rows: PlannedApplication[] = [];
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
        payment: p,
        invoice: inv,
        amount,
        on: [p.date, inv.issue_date, inv.reopened_on ?? ''].sort().at(-1)!,
      });
    }
  }
  return rows;
}

// Records planned applications. Money a payment's own entry did not credit to the receivable
// account (it went to Prepaid Assessments as the unit's credit) is moved back by an entry owned
// by the payment, dated the day it is applied: debit Prepaid Assessments, credit the receivable.
// `fresh` is a payment posted in this transaction whose entry already credited the receivable
// with what it pays on its own date.
export async function commitApplications(
  tx: EntityManager,
  actor: AuthInfo | null,
  plan: PlannedApplication[],
  fresh?: { paymentId: string; date: string },
): Promise<void> {
  if (!plan.length) return;
  const covered = (r: PlannedApplication) =>
    fresh?.paymentId === r.payment.id && r.on === fresh.date;
  const groups = new Map<string, PlannedApplication[]>();
  for (const r of plan) {
    if (covered(r)) continue;
    const key = `${r.payment.id}|${r.on}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const entryOf = new Map<string, string>();
  if (groups.size) {
    const settings = await receivablesSettings(tx, actor);
    const keys = [...groups.keys()];
    const ids = await postJournalEntries(
      tx,
      actor,
      keys.map((key) => {
        const rows = groups.get(key)!;
        const { payment, on } = rows[0];
        const amount = rows.reduce((s, r) => s + r.amount, 0);
        const invoices = rows.map((r) => `INV-${r.invoice.number}`).join(', ');
        return {
          input: {
            date: on,
            memo: `PMT-${payment.number}: credit applied to ${invoices}`.slice(0, 500),
            lines: [
              { accountId: settings.prepaidAccountId, debit: amount },
              { accountId: settings.receivableAccountId, credit: amount },
            ],
          },
          opts: {
            source: EntrySource.PAYMENT,
            owner: { type: EntryOwnerType.PAYMENT, id: payment.id },
            lineFields: [null, null],
          },
        };
      }),
    );
    keys.forEach((key, i) => entryOf.set(key, ids[i]));
  }
  const ids = newIds(plan.length);
  await insertApplications(
    tx,
    plan.map((r, k) => ({
      id: ids[k],
      payment: r.payment.id,
      invoice: r.invoice.id,
      amount: r.amount,
      on: r.on,
      entryId: covered(r) ? null : entryOf.get(`${r.payment.id}|${r.on}`)!,
    })),
  );
}

// Spends the units' credit (unapplied money of earlier payments) on the given open invoices.
export async function spendCredit(
  tx: EntityManager,
  actor: AuthInfo | null,
  unitIds: string[],
  invoices: OpenInvoice[],
): Promise<void> {
  const credit = await unappliedPayments(tx, unitIds);
  if (!credit.length || !invoices.length) return;
  await commitApplications(tx, actor, planApplications(credit, invoices));
}

// The entries that applied the payment's credit (voiding the payment reverses them).
export function creditEntriesOf(em: EntityManager, paymentId: string): Promise<string[]> {
  return creditEntryIds(em, paymentId);
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
