import type { EntityManager } from '@mikro-orm/postgresql';
import { isLocalDate } from '../../core/dates.js';
import { badInput } from '../../core/errors/app-error.js';
import { toTotal } from '../../core/money/money.js';
import { receivablesSettings } from '../assessments/index.js';
import { accountBalances } from '../journal/index.js';
import { creditsAsOf, invoicesAsOf, unitNumbers } from './aging.repository.js';
import type { AgingBuckets, AgingReport } from './aging.types.js';

// Buckets with nothing in them, to add to (and what a receivables view shows before any billing).
export const emptyAgingBuckets = (): AgingBuckets => ({
  current: 0n,
  days1to30: 0n,
  days31to60: 0n,
  days61to90: 0n,
  over90: 0n,
  credit: 0n,
  total: 0n,
});

// Receivables as of a date, by days past due. Everything is read as it stood that day: invoices
// issued and not yet voided or written off, payments received and not yet voided, and
// applications that had happened between the two — so the total equals the receivable account's
// ledger balance, and the owners' credit (shown, not netted) equals Prepaid Assessments.
export async function agingReport(em: EntityManager, asOf: string): Promise<AgingReport> {
  if (!isLocalDate(asOf))
    throw badInput([{ field: 'asOf', message: 'Use a date like 2026-03-31' }]);
  const settings = await receivablesSettings(em);
  const invoices = await invoicesAsOf(em, asOf);
  const credits = await creditsAsOf(em, asOf);
  const byUnit = new Map<string, AgingBuckets>();
  const bucketsOf = (unit: string) => {
    let b = byUnit.get(unit);
    if (!b) byUnit.set(unit, (b = emptyAgingBuckets()));
    return b;
  };
  for (const r of invoices) {
    const open = toTotal(r.open);
    if (open === 0n) continue;
    const b = bucketsOf(r.unit_id);
    const d = Number(r.days);
    if (d <= 0) b.current += open;
    else if (d <= 30) b.days1to30 += open;
    else if (d <= 60) b.days31to60 += open;
    else if (d <= 90) b.days61to90 += open;
    else b.over90 += open;
    b.total += open;
  }
  for (const r of credits) {
    const left = toTotal(r.unapplied);
    if (left === 0n) continue;
    // The unit's credit sits in Prepaid Assessments, not in the receivable: shown, not netted.
    bucketsOf(r.unit_id).credit -= left;
  }
  const units = byUnit.size ? await unitNumbers(em, [...byUnit.keys()]) : [];
  const rows = units
    .sort((a, b) => a.number.localeCompare(b.number, 'en', { numeric: true }))
    .map((u) => ({ unitId: u.id, buckets: byUnit.get(u.id)! }))
    .filter((r) => r.buckets.total !== 0n || r.buckets.credit !== 0n);
  const totals = emptyAgingBuckets();
  for (const r of rows) {
    for (const k of Object.keys(totals) as (keyof AgingBuckets)[]) totals[k] += r.buckets[k];
  }
  const [ar] = await accountBalances(em, { asOf, accountId: settings.receivableAccountId });
  const [prepaid] = await accountBalances(em, { asOf, accountId: settings.prepaidAccountId });
  return {
    asOf,
    rows,
    totals,
    receivableAccountId: settings.receivableAccountId,
    receivableBalance: ar ? ar.balance : 0n,
    prepaidAccountId: settings.prepaidAccountId,
    // A liability: its balance on its normal (credit) side.
    prepaidBalance: prepaid ? prepaid.balance : 0n,
  };
}
