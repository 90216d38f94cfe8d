import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { badInput } from '../../core/errors/app-error.js';
import { sql } from '../../db/sql.js';
import { lockUnits } from '../payments/applications.js';
import { createInvoices, daysBetween } from './invoices.service.js';
import {
  InvoiceKind,
  type LateFeeCandidate,
  type LateFeePreview,
  type LateFeeRunResult,
} from './invoices.types.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

// A share of an amount in basis points, rounded half up to the cent.
const share = (cents: number, bps: number) => Math.floor((2 * cents * bps + 10_000) / 20_000);

// Overdue invoices as of a date under their unit's group policy: past the due date plus the grace
// days, with a balance left as of that date. One fee per invoice per month (the month of asOf).
async function plan(em: EntityManager, asOf: string) {
  if (!DATE.test(asOf)) throw badInput([{ field: 'asOf', message: 'Use a date like 2026-03-31' }]);
  const period = asOf.slice(0, 7);
  const rows = await sql(em).all<{
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
  }>(
    `SELECT i.id, i.number, i.unit_id, u.number AS unit_number, i.due_date::text AS due_date,
            i.total - coalesce((SELECT sum(a.amount) FROM payment_applications a JOIN payments p ON p.id = a.payment_id
                                 WHERE a.invoice_id = i.id AND a.applied_on <= ?::date
                                   AND (p.void_date IS NULL OR p.void_date > ?::date)), 0) AS balance,
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
    [asOf, asOf, period, asOf, asOf, asOf],
  );
  const candidates: LateFeeCandidate[] = [];
  let alreadyAssessed = 0;
  for (const r of rows) {
    const balance = Number(r.balance);
    if (balance <= 0) continue;
    if (r.assessed) {
      alreadyAssessed++;
      continue;
    }
    const fee = Number(r.flat ?? 0) + share(balance, r.pct ?? 0);
    const interest = share(balance, r.interest ?? 0);
    if (fee + interest <= 0) continue;
    candidates.push({
      invoiceId: r.id,
      invoiceNumber: Number(r.number),
      unitId: r.unit_id,
      overdueBalance: balance,
      daysOverdue: daysBetween(r.due_date, asOf),
      fee,
      interest,
      total: fee + interest,
      incomeAccountId: r.income,
      unitNumber: r.unit_number,
    });
  }
  return { asOf, period, candidates, alreadyAssessed };
}

export async function previewLateFees(em: EntityManager, asOf: string): Promise<LateFeePreview> {
  const p = await plan(em, asOf);
  return { ...p, count: p.candidates.length, total: p.candidates.reduce((s, c) => s + c.total, 0) };
}

export async function assessLateFees(
  em: EntityManager,
  actor: AuthInfo | null,
  asOf: string,
): Promise<LateFeeRunResult> {
  let result: LateFeeRunResult = {
    asOf,
    period: asOf.slice(0, 7),
    created: 0,
    skipped: 0,
    total: 0,
  };
  await em.transactional(async (tx) => {
    await sql(tx).run(`SELECT pg_advisory_xact_lock(hashtext('covenant.late-fee-run'))`);
    const p = await plan(tx, asOf);
    await lockUnits(tx, [...new Set(p.candidates.map((c) => c.unitId))]);
    await createInvoices(
      tx,
      actor,
      p.candidates.map((c) => ({
        unitId: c.unitId,
        unitNumber: c.unitNumber,
        kind: InvoiceKind.LATE_FEE,
        period: p.period,
        lateFeeForId: c.invoiceId,
        issueDate: asOf,
        dueDate: asOf,
        memo: `Late fee on INV-${c.invoiceNumber}`,
        lines: [
          {
            description: `Late fee on INV-${c.invoiceNumber}`,
            accountId: c.incomeAccountId,
            amount: c.fee,
          },
          {
            description: `Interest on INV-${c.invoiceNumber}`,
            accountId: c.incomeAccountId,
            amount: c.interest,
          },
        ].filter((l) => l.amount > 0),
      })),
    );
    result = {
      asOf,
      period: p.period,
      created: p.candidates.length,
      skipped: p.alreadyAssessed,
      total: p.candidates.reduce((s, c) => s + c.total, 0),
    };
  });
  return result;
}
