import { formatMoney } from '@/money';
import type { Worksheet } from './banking.graphql';

export const RANK_LABELS: Record<number, string> = {
  1: 'Bank id in the books',
  2: 'Same amount, check or payee',
  3: 'Same amount, within 7 days',
};

export const STATUS_LABELS: Record<string, string> = {
  UNMATCHED: 'Unmatched',
  MATCHED: 'Matched',
  RECONCILED: 'Reconciled',
};

export const STATUS_SEVERITY: Record<string, 'warn' | 'info' | 'success'> = {
  UNMATCHED: 'warn',
  MATCHED: 'info',
  RECONCILED: 'success',
};

const cell = (v: string | number | null | undefined): string => {
  const s = v == null ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * The reconciliation report as CSV (the auditor's layout): a header block, the two sides'
 * adjusted balances, then every item with its section. Amounts as plain decimals.
 */
export function reconciliationCsv(
  w: Worksheet,
  meta: { association: string; account: string; finishedAt?: string | null },
): string {
  const rows: (string | number | null)[][] = [
    ['Bank reconciliation', meta.association],
    ['Bank account', meta.account],
    ['Statement period', `${w.periodStart} to ${w.statementDate}`],
    ...(meta.finishedAt ? [['Finished', meta.finishedAt]] : []),
    [],
    ['Balance per bank statement', w.closingBalance],
    ['Add: deposits in transit', w.depositsInTransit],
    ['Less: outstanding checks and payments', w.outstandingPayments],
    ['Adjusted bank balance', w.adjustedBankBalance],
    [],
    ['Balance per books', w.bookBalance],
    ['Add: bank items not yet in the books', w.unrecordedBankItems],
    ['Adjusted book balance', w.adjustedBookBalance],
    ['Difference', w.difference],
    [],
    ['Section', 'Date', 'Entry', 'Check', 'Description', 'Amount'],
    ...w.outstandingBookLines.map((l) => [
      Number(l.amount) > 0 ? 'Deposit in transit' : 'Outstanding check or payment',
      l.date,
      `JE-${l.entryNumber}`,
      l.checkNumber,
      l.memo,
      l.amount,
    ]),
    ...w.bankLines
      .filter((l) => l.status === 'UNMATCHED')
      .map((l) => ['Bank item not in the books', l.date, null, null, l.description, l.amount]),
    ...w.clearedBookLines.map((l) => [
      'Cleared',
      l.date,
      `JE-${l.entryNumber}`,
      l.checkNumber,
      l.memo,
      l.amount,
    ]),
  ];
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** "Difference $0.00" in words for the header of the worksheet. */
export function differenceLabel(difference: string): string {
  return Number(difference) === 0 ? 'Balanced' : `${formatMoney(difference)} to find`;
}
