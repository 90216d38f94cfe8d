import type { EntityManager } from '@mikro-orm/postgresql';
import { newIds } from '../../core/ids.js';
import { sql } from '../../db/sql.js';

export interface OpenInvoice {
  id: string;
  unit_id: string;
  issue_date: string;
  balance: number;
}

// Open invoices (not void, balance left) of the given ids or units, oldest due first.
export async function openInvoices(
  em: EntityManager,
  where: { invoiceIds?: string[]; unitIds?: string[] },
): Promise<OpenInvoice[]> {
  const ids = where.invoiceIds ?? where.unitIds ?? [];
  if (!ids.length) return [];
  const column = where.invoiceIds ? 'i.id' : 'i.unit_id';
  const rows = await sql(em).all<{
    id: string;
    unit_id: string;
    issue_date: string;
    balance: string;
  }>(
    `SELECT i.id, i.unit_id, i.issue_date::text AS issue_date,
            i.total - coalesce((SELECT sum(a.amount) FROM payment_applications a JOIN payments p ON p.id = a.payment_id
                                 WHERE a.invoice_id = i.id AND p.void_entry_id IS NULL), 0) AS balance
       FROM invoices i
      WHERE ${column} IN (${ids.map(() => '?').join(', ')}) AND i.void_entry_id IS NULL
      ORDER BY i.due_date, i.number`,
    ids,
  );
  return rows.map((r) => ({ ...r, balance: Number(r.balance) })).filter((r) => r.balance > 0);
}

// Unapplied money of the units' posted payments, oldest payment first.
export async function unappliedPayments(em: EntityManager, unitIds: string[]) {
  if (!unitIds.length) return [];
  const rows = await sql(em).all<{ id: string; unit_id: string; date: string; unapplied: string }>(
    `SELECT p.id, p.unit_id, p.date::text AS date,
            p.amount - coalesce((SELECT sum(amount) FROM payment_applications WHERE payment_id = p.id), 0) AS unapplied
       FROM payments p
      WHERE p.unit_id IN (${unitIds.map(() => '?').join(', ')}) AND p.void_entry_id IS NULL
      ORDER BY p.date, p.number`,
    unitIds,
  );
  return rows.map((r) => ({ ...r, unapplied: Number(r.unapplied) })).filter((r) => r.unapplied > 0);
}

// Spends payments on invoices in the order given (both lists are already in order). An application
// counts from the later of the payment and invoice dates. Returns what is left of each payment.
export async function apply(
  em: EntityManager,
  payments: { id: string; unit_id: string; date: string; unapplied: number }[],
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
  await sql(em).bulk(
    `INSERT INTO payment_applications (id, payment_id, invoice_id, amount, applied_on)
     SELECT * FROM unnest(?::uuid[], ?::uuid[], ?::uuid[], ?::bigint[], ?::date[])`,
    [
      ids,
      rows.map((r) => r.payment),
      rows.map((r) => r.invoice),
      rows.map((r) => r.amount),
      rows.map((r) => r.on),
    ],
  );
}

// Serializes receivables writes per unit (payments, invoices, voids) for the transaction.
export async function lockUnits(em: EntityManager, unitIds: string[]): Promise<string[]> {
  if (!unitIds.length) return [];
  const rows = await sql(em).all<{ id: string }>(
    `SELECT id FROM units WHERE id IN (${unitIds.map(() => '?').join(', ')}) ORDER BY id FOR UPDATE`,
    unitIds,
  );
  return rows.map((r) => r.id);
}
