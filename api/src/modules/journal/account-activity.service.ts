import type { EntityManager } from '@mikro-orm/postgresql';
import { assertPeriod } from '../../core/period.js';
import { dayBefore } from '../../core/dates.js';
import { toTotal } from '../../core/money/money.js';
import { accountSummary, AccountType, type FundType } from '../accounts/index.js';
import { balanceSums } from './journal.repository.js';
import type { AccountActivity } from './journal.types.js';

const DEBIT_NORMAL = new Set([AccountType.ASSET, AccountType.EXPENSE]);

// The calendar day before a LocalDate.

// Every account's balance before `from`, its debits and credits from `from` to `to` (both
// included) and its balance on `to`: an income statement or a balance-sheet roll-forward in one
// query. Both ends read the monthly totals of whole months and only the lines of their own month
// (as every balance does), and the period's activity is the exact difference of the two.
// Figures stay in the type and fund they were posted in: every account has a row in its
// classification on `to`, and an account reclassified within the period has one more, in its
// old classification, holding what it held there until the reclassification moved it.
export async function accountActivity(
  em: EntityManager,
  opts: { from: string; to: string; fundType?: FundType | null },
): Promise<AccountActivity[]> {
  assertPeriod(opts.from, opts.to);

  const ends = { fundType: opts.fundType, keep: 'sums' } as const;
  const before = await balanceSums(em, { asOf: dayBefore(opts.from), ...ends });
  const through = await balanceSums(em, { asOf: opts.to, ...ends });
  const key = (r: { id: string; type: string; fund_type: string }) =>
    `${r.id}|${r.type}|${r.fund_type}`;
  const opening = new Map(before.map((r) => [key(r), r]));
  const rows: AccountActivity[] = [];
  for (const r of through) {
    const o = opening.get(key(r));
    const od = toTotal(o?.d ?? 0);
    const oc = toTotal(o?.c ?? 0);
    const cd = toTotal(r.d);
    const cc = toTotal(r.c);
    const sign = DEBIT_NORMAL.has(r.type) ? 1n : -1n;
    const openingBalance = sign * (od - oc);
    const closingBalance = sign * (cd - cc);
    const debit = cd - od;
    const credit = cc - oc;
    // A classification the account left before the period holds nothing in it.
    const empty = [openingBalance, debit, credit, closingBalance].every((v) => v === 0n);
    if (!r.in_force && empty) continue;
    rows.push({
      accountId: r.id,
      ...accountSummary(r),
      openingBalance,
      debit,
      credit,
      change: closingBalance - openingBalance,
      closingBalance,
    });
  }
  return rows;
}
