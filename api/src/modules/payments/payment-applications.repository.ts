import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Payment applications: which part of which payment pays which invoice, and the unit locks that
// serialize receivables writes.

export interface OpenInvoiceRow {
  id: string;
  number: string;
  unit_id: string;
  issue_date: string;
  balance: string;
  reopened_on: string | null;
}

// Invoices (not void) of the given ids or units with what is left to pay, oldest due first, and
// the last day a payment applied to them was voided (what it paid counts until that day).
export function openInvoiceRows(
  em: EntityManager,
  by: 'invoice' | 'unit',
  ids: string[],
): Promise<OpenInvoiceRow[]> {
  const column = by === 'invoice' ? 'i.id' : 'i.unit_id';
  return sql(em).all<OpenInvoiceRow>(
    `SELECT i.id, i.number, i.unit_id, i.issue_date::text AS issue_date,
            i.total - coalesce((SELECT sum(a.amount) FROM payment_applications a JOIN payments p ON p.id = a.payment_id
                                 WHERE a.invoice_id = i.id AND p.void_entry_id IS NULL), 0)
                    - coalesce((SELECT sum(w.amount) FROM invoice_write_offs w
                                 WHERE w.invoice_id = i.id AND w.void_entry_id IS NULL), 0) AS balance,
            (SELECT max(p.void_date) FROM payment_applications a JOIN payments p ON p.id = a.payment_id
              WHERE a.invoice_id = i.id)::text AS reopened_on
       FROM invoices i
      WHERE ${column} = ${anyOf('uuid')} AND i.void_entry_id IS NULL
      ORDER BY i.due_date, i.number`,
    [ids],
  );
}

export interface UnappliedPaymentRow {
  id: string;
  number: string;
  unit_id: string;
  date: string;
  unapplied: string;
}

// The units' posted payments with what is not yet applied, oldest payment first.
export function unappliedPaymentRows(
  em: EntityManager,
  unitIds: string[],
): Promise<UnappliedPaymentRow[]> {
  return sql(em).all<UnappliedPaymentRow>(
    `SELECT p.id, p.number, p.unit_id, p.date::text AS date,
            p.amount - coalesce((SELECT sum(amount) FROM payment_applications WHERE payment_id = p.id), 0) AS unapplied
       FROM payments p
      WHERE p.unit_id = ${anyOf('uuid')} AND p.void_entry_id IS NULL
      ORDER BY p.date, p.number`,
    [unitIds],
  );
}

export async function insertApplications(
  em: EntityManager,
  rows: {
    id: string;
    payment: string;
    invoice: string;
    amount: number;
    on: string;
    entryId: string | null;
  }[],
): Promise<void> {
  await sql(em).bulk(
    `INSERT INTO payment_applications (id, payment_id, invoice_id, amount, applied_on, entry_id)
     SELECT * FROM unnest(?::uuid[], ?::uuid[], ?::uuid[], ?::bigint[], ?::date[], ?::uuid[])`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.payment),
      rows.map((r) => r.invoice),
      rows.map((r) => r.amount),
      rows.map((r) => r.on),
      rows.map((r) => r.entryId),
    ],
  );
}

// The entries that applied the payment's credit to invoices (each reversed when it is voided).
export async function creditEntryIds(em: EntityManager, paymentId: string): Promise<string[]> {
  const rows = await sql(em).all<{ entry_id: string }>(
    `SELECT DISTINCT entry_id FROM payment_applications
      WHERE payment_id = ? AND entry_id IS NOT NULL ORDER BY entry_id`,
    [paymentId],
  );
  return rows.map((r) => r.entry_id);
}

export interface ApplicationRow {
  invoice_id: string;
  payment_id: string;
  amount: string;
  applied_on: string;
  voided: boolean;
}

// Applications of the given invoices or payments, voided payments' included (flagged).
export function applicationRows(
  em: EntityManager,
  by: 'invoice' | 'payment',
  ids: string[],
): Promise<ApplicationRow[]> {
  const column = by === 'invoice' ? 'a.invoice_id' : 'a.payment_id';
  return sql(em).all<ApplicationRow>(
    `SELECT a.invoice_id, a.payment_id, a.amount, a.applied_on::text AS applied_on,
            (p.void_entry_id IS NOT NULL) AS voided
       FROM payment_applications a JOIN payments p ON p.id = a.payment_id
      WHERE ${column} = ${anyOf('uuid')} ORDER BY a.applied_on, a.created_at, a.id`,
    [ids],
  );
}

// Locks the units' rows (in id order, so concurrent writers never deadlock); answers the ids found.
export async function lockUnitRows(em: EntityManager, unitIds: string[]): Promise<string[]> {
  const rows = await sql(em).all<{ id: string }>(
    `SELECT id FROM units WHERE id = ${anyOf('uuid')} ORDER BY id FOR UPDATE`,
    [unitIds],
  );
  return rows.map((r) => r.id);
}
