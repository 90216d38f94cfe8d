import type pg from 'pg';

// The ledger check's reads of the receivables subledger on every date (a maintenance read of the
// invoices' and payments' tables, as controlAccountTotals in journal.repository.ts is).

export interface ReceivablesDateRow {
  date: string;
  // Debits − credits on the receivable account, and credits − debits on Prepaid Assessments, up
  // to and including the date.
  receivable: string;
  prepaid: string;
  // What the aging report totals that day: invoices' open amounts, and payments' unapplied money.
  aging: string;
  credit: string;
}

// Every document counts from its date until its void date, as the aging report reads them
// (invoices/aging.repository.ts): an invoice from its issue date, a payment from its date, an
// application while both its payment and invoice stand and from the day it was applied, a
// write-off while it and its invoice stand. Each is one step up on its first day and one down on
// its last, so a running sum gives what stood on any date.
const STEPS = `
  app AS (
    SELECT a.invoice_id, a.payment_id, a.amount,
           greatest(a.applied_on, p.date, i.issue_date) AS start,
           least(p.void_date, i.void_date) AS stop
      FROM payment_applications a
      JOIN payments p ON p.id = a.payment_id JOIN invoices i ON i.id = a.invoice_id
  ), wo AS (
    SELECT w.invoice_id, w.amount, greatest(w.date, i.issue_date) AS start,
           least(w.void_date, i.void_date) AS stop
      FROM invoice_write_offs w JOIN invoices i ON i.id = w.invoice_id
  ), owed AS (
    SELECT id AS invoice_id, issue_date AS day, total AS delta FROM invoices
    UNION ALL SELECT id, void_date, -total FROM invoices WHERE void_date IS NOT NULL
    UNION ALL SELECT invoice_id, start, -amount FROM app WHERE stop IS NULL OR stop > start
    UNION ALL SELECT invoice_id, stop, amount FROM app WHERE stop > start
    UNION ALL SELECT invoice_id, start, -amount FROM wo WHERE stop IS NULL OR stop > start
    UNION ALL SELECT invoice_id, stop, amount FROM wo WHERE stop > start
  ), held AS (
    SELECT date AS day, amount AS delta FROM payments
    UNION ALL SELECT void_date, -amount FROM payments WHERE void_date IS NOT NULL
    UNION ALL SELECT start, -amount FROM app WHERE stop IS NULL OR stop > start
    UNION ALL SELECT stop, amount FROM app WHERE stop > start
  )`;

// The dates on which the receivable account or Prepaid Assessments (from the ledger) or the
// aging report (from the subledger) changes, each with all four as they stood that day.
export async function receivablesByDate(c: pg.Client): Promise<ReceivablesDateRow[]> {
  const r = await c.query<ReceivablesDateRow>(`
    WITH roles AS (
      SELECT (SELECT account_id FROM control_accounts WHERE role = 'receivable') AS ar,
             (SELECT account_id FROM control_accounts WHERE role = 'prepaid') AS prepaid
    ), ${STEPS}, moves AS (
      SELECT l.entry_date AS day, l.debit - l.credit AS ar, 0::bigint AS prepaid,
             0::bigint AS aging, 0::bigint AS credit
        FROM journal_lines l, roles WHERE l.account_id = roles.ar
      UNION ALL SELECT l.entry_date, 0, l.credit - l.debit, 0, 0
        FROM journal_lines l, roles WHERE l.account_id = roles.prepaid
      UNION ALL SELECT day, 0, 0, delta, 0 FROM owed
      UNION ALL SELECT day, 0, 0, 0, delta FROM held
    ), daily AS (
      SELECT day, sum(ar) AS ar, sum(prepaid) AS prepaid, sum(aging) AS aging, sum(credit) AS credit
        FROM moves GROUP BY day
    )
    SELECT day::text AS date,
           (sum(ar) OVER w)::text AS receivable, (sum(prepaid) OVER w)::text AS prepaid,
           (sum(aging) OVER w)::text AS aging, (sum(credit) OVER w)::text AS credit
      FROM daily WINDOW w AS (ORDER BY day)
     ORDER BY day`);
  return r.rows;
}

// Invoices whose open amount (total less what was applied and written off, as it stood) is below
// zero on some date: the aging report would show the unit owing a negative amount.
export async function invoicesBelowZero(c: pg.Client): Promise<number> {
  const r = await c.query<{ n: number }>(`
    WITH ${STEPS}, daily AS (
      SELECT invoice_id, day, sum(delta) AS delta FROM owed GROUP BY invoice_id, day
    ), running AS (
      SELECT invoice_id, sum(delta) OVER (PARTITION BY invoice_id ORDER BY day) AS open FROM daily
    )
    SELECT count(DISTINCT invoice_id)::int AS n FROM running WHERE open < 0`);
  return r.rows[0].n;
}
