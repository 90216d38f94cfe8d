import type { EntityManager } from '@mikro-orm/postgresql';
import { isLocalDate } from '../../core/dates.js';
import { badInput, type FieldDetail } from '../../core/errors/app-error.js';
import { toTotal } from '../../core/money/money.js';
import { accountSummary, AccountType, type FundType } from '../accounts/index.js';
import { balanceSums } from './journal.repository.js';
import type { AccountActivity } from './journal.types.js';

const DEBIT_NORMAL = new Set([AccountType.ASSET, AccountType.EXPENSE]);

// The calendar day before a LocalDate.
function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

// Every account's balance before `from`, its debits and credits from `from` to `to` (both
// included) and its balance on `to`: an income statement or a balance-sheet roll-forward in one
// query. Both ends read the monthly totals of whole months and only the lines of their own month
// (as every balance does), and the period's activity is the exact difference of the two.
export async function accountActivity(
  em: EntityManager,
  opts: { from: string; to: string; fundType?: FundType | null },
): Promise<AccountActivity[]> {
  const details: FieldDetail[] = [];
  if (!isLocalDate(opts.from))
    details.push({ field: 'from', message: 'Use a date like 2026-01-01' });
  if (!isLocalDate(opts.to)) details.push({ field: 'to', message: 'Use a date like 2026-12-31' });
  if (!details.length && opts.to < opts.from) {
    details.push({ field: 'to', message: 'The period ends before it starts' });
  }
  if (details.length) throw badInput(details, details.map((d) => d.message).join('; '));

  const before = await balanceSums(em, { asOf: dayBefore(opts.from), fundType: opts.fundType });
  const through = await balanceSums(em, { asOf: opts.to, fundType: opts.fundType });
  const opening = new Map(before.map((r) => [r.id, r]));
  return through.map((r) => {
    const o = opening.get(r.id);
    const od = toTotal(o?.d ?? 0);
    const oc = toTotal(o?.c ?? 0);
    const cd = toTotal(r.d);
    const cc = toTotal(r.c);
    const sign = DEBIT_NORMAL.has(r.type) ? 1n : -1n;
    const openingBalance = sign * (od - oc);
    const closingBalance = sign * (cd - cc);
    return {
      accountId: r.id,
      ...accountSummary(r),
      openingBalance,
      debit: cd - od,
      credit: cc - oc,
      change: closingBalance - openingBalance,
      closingBalance,
    };
  });
}
