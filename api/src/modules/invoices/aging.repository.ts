import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Everything as it stood on a date: a document counts from its date until its void date.
const live = (alias: string, dateCol: string) =>
  `${alias}.${dateCol} <= ?::date AND (${alias}.void_date IS NULL OR ${alias}.void_date > ?::date)`;

// An application counts once its date has come, while both its payment and invoice stand.
const APPLIED = `SELECT a.invoice_id, a.payment_id, a.amount FROM payment_applications a
    JOIN payments p ON p.id = a.payment_id JOIN invoices i ON i.id = a.invoice_id
   WHERE a.applied_on <= ?::date AND ${live('p', 'date')} AND ${live('i', 'issue_date')}`;
const appliedParams = (asOf: string) => [asOf, asOf, asOf, asOf, asOf];

// Invoices standing on the date: days past due and what was left to pay.
export function invoicesAsOf(
  em: EntityManager,
  asOf: string,
): Promise<{ unit_id: string; days: number; open: string }[]> {
  return sql(em).all(
    `WITH applied AS (${APPLIED})
     SELECT i.unit_id, (?::date - i.due_date) AS days,
            i.total - coalesce((SELECT sum(amount) FROM applied WHERE invoice_id = i.id), 0)
                    - coalesce((SELECT sum(w.amount) FROM invoice_write_offs w
                                 WHERE w.invoice_id = i.id AND ${live('w', 'date')}), 0) AS open
       FROM invoices i WHERE ${live('i', 'issue_date')}`,
    [...appliedParams(asOf), asOf, asOf, asOf, asOf, asOf],
  );
}

// Payments standing on the date and what of them was not yet applied.
export function creditsAsOf(
  em: EntityManager,
  asOf: string,
): Promise<{ unit_id: string; unapplied: string }[]> {
  return sql(em).all(
    `WITH applied AS (${APPLIED})
     SELECT p.unit_id, p.amount - coalesce((SELECT sum(amount) FROM applied WHERE payment_id = p.id), 0) AS unapplied
       FROM payments p WHERE ${live('p', 'date')}`,
    [...appliedParams(asOf), asOf, asOf],
  );
}

export function unitNumbers(
  em: EntityManager,
  ids: string[],
): Promise<{ id: string; number: string }[]> {
  return sql(em).all<{ id: string; number: string }>(
    `SELECT id, number FROM units WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
}
