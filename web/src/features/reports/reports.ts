import type { TrialBalance, TrialBalanceRow } from '@/features/reports/reports.graphql';
import { toCents } from '@/money';

/** Rows with something in them (a debit or credit balance), unless every row is wanted. */
export function visibleRows(
  rows: readonly TrialBalanceRow[],
  includeZero: boolean,
): TrialBalanceRow[] {
  return includeZero
    ? [...rows]
    : rows.filter((r) => toCents(r.debitBalance) !== 0 || toCents(r.creditBalance) !== 0);
}

/** Total debits minus total credits: zero when the books balance. */
export function outOfBalanceBy(tb: Pick<TrialBalance, 'totalDebit' | 'totalCredit'>): number {
  return toCents(tb.totalDebit) - toCents(tb.totalCredit);
}
