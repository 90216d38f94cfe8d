import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { daysBetween, isLocalDate } from '../../core/dates.js';
import { badInput } from '../../core/errors/app-error.js';
import { sumCents, toCents } from '../../core/money/money.js';
import { lockUnits } from '../payments/index.js';
import { createInvoices } from './invoices.service.js';
import { InvoiceKind } from './invoices.types.js';
import { lockLateFeeRuns, overdueInvoices } from './late-fees.repository.js';
import type { LateFeeCandidate, LateFeePreview, LateFeeRunResult } from './late-fees.types.js';

// A share of an amount in basis points, rounded half up to the cent.
const share = (cents: number, bps: number) => Math.floor((2 * cents * bps + 10_000) / 20_000);

// Overdue invoices as of a date under their unit's group policy: past the due date plus the grace
// days, with a balance left as of that date. One fee per invoice per month (the month of asOf).
async function plan(em: EntityManager, asOf: string) {
  if (!isLocalDate(asOf))
    throw badInput([{ field: 'asOf', message: 'Use a date like 2026-03-31' }]);
  const period = asOf.slice(0, 7);
  const rows = await overdueInvoices(em, asOf, period);
  const candidates: LateFeeCandidate[] = [];
  let alreadyAssessed = 0;
  for (const r of rows) {
    const balance = toCents(r.balance);
    if (balance <= 0) continue;
    if (r.assessed) {
      alreadyAssessed++;
      continue;
    }
    const fee = toCents(r.flat) + share(balance, r.pct ?? 0);
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
  return { ...p, count: p.candidates.length, total: sumCents(p.candidates.map((c) => c.total)) };
}

export async function assessLateFees(
  em: EntityManager,
  actor: AuthInfo | null,
  asOf: string,
  today: string,
): Promise<LateFeeRunResult> {
  // Fees are charged on what is overdue now; a run dated ahead would bill owners for lateness
  // that has not happened (a preview may look ahead, a run may not).
  if (isLocalDate(asOf) && asOf > today) {
    throw badInput([
      { field: 'asOf', message: `Late fees can be assessed as of today (${today}) or earlier` },
    ]);
  }
  let result: LateFeeRunResult = {
    asOf,
    period: asOf.slice(0, 7),
    created: 0,
    skipped: 0,
    total: 0n,
  };
  await em.transactional(async (tx) => {
    await lockLateFeeRuns(tx);
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
      total: sumCents(p.candidates.map((c) => c.total)),
    };
  });
  return result;
}
