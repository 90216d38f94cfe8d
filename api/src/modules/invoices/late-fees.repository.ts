import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';

export interface OverdueInvoiceRow {
  id: string;
  number: string;
  unit_id: string;
  unit_number: string;
  due_date: string;
  balance: string;
  grace: number;
  flat: string;
  pct: number;
  interest: number;
  income: string;
  assessed: boolean;
}

// Assessment and one-off invoices past their due date plus the grace days of their unit's group
// (groups with a late-fee policy only), with the balance left as of the date and whether a late
// fee was already assessed on them for the period.
export function overdueInvoices(
  em: EntityManager,
  asOf: string,
  period: string,
): Promise<OverdueInvoiceRow[]> {
  return sql(em).all<OverdueInvoiceRow>(
    `SELECT i.id, i.number, i.unit_id, u.number AS unit_number, i.due_date::text AS due_date,
            i.total - coalesce((SELECT sum(a.amount) FROM payment_applications a JOIN payments p ON p.id = a.payment_id
                                 WHERE a.invoice_id = i.id AND a.applied_on <= ?::date
                                   AND (p.void_date IS NULL OR p.void_date > ?::date)), 0)
                    - coalesce((SELECT sum(w.amount) FROM invoice_write_offs w
                                 WHERE w.invoice_id = i.id AND w.date <= ?::date
                                   AND (w.void_date IS NULL OR w.void_date > ?::date)), 0) AS balance,
            g.late_grace_days AS grace, g.late_flat_fee AS flat, g.late_percent_bps AS pct,
            g.late_interest_bps AS interest, g.late_income_account_id AS income,
            EXISTS (SELECT 1 FROM invoices f WHERE f.kind = 'late_fee' AND f.late_fee_for_id = i.id
                       AND f.period = ?) AS assessed
       FROM invoices i
       JOIN units u ON u.id = i.unit_id
       JOIN assessment_groups g ON g.id = u.assessment_group_id AND g.late_income_account_id IS NOT NULL
      WHERE i.kind IN ('assessment', 'one_off') AND i.issue_date <= ?::date
        AND (i.void_date IS NULL OR i.void_date > ?::date)
        AND i.due_date + g.late_grace_days < ?::date
      ORDER BY lower(u.number), i.due_date, i.number`,
    [asOf, asOf, asOf, asOf, period, asOf, asOf, asOf],
  );
}

// One late-fee run at a time per association, until the transaction ends.
export async function lockLateFeeRuns(em: EntityManager): Promise<void> {
  await sql(em).run(`SELECT pg_advisory_xact_lock(hashtext('covenant.late-fee-run'))`);
}
