import type { GridChange } from '@/components/spreadsheet';
import { centsToMoney } from '@/money';
import type { SaveMonthlyActualsInput } from './actuals.graphql';

/** The grid's changed cells as the months to save: only the months and accounts that changed. */
export function monthsToSave(
  year: number,
  changes: readonly GridChange[],
): SaveMonthlyActualsInput {
  const months = new Map<number, { accountId: string; amount: string }[]>();
  for (const c of changes) {
    const list = months.get(c.col + 1) ?? [];
    list.push({ accountId: c.rowId, amount: centsToMoney(c.cents) });
    months.set(c.col + 1, list);
  }
  return {
    year,
    months: [...months].sort((a, b) => a[0] - b[0]).map(([month, lines]) => ({ month, lines })),
  };
}
