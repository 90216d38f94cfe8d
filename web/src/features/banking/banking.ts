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
  meta: {
    association: string;
    account: string;
    finishedAt?: string | null;
    finishedBy?: string | null;
  },
): string {
  const rows: (string | number | null)[][] = [
    ['Bank reconciliation', meta.association],
    ['Bank account', meta.account],
    ['Statement date', w.statementDate],
    ['Statement period', `${w.periodStart} to ${w.statementDate}`],
    ...(meta.finishedAt ? [['Finished', meta.finishedAt]] : []),
    ...(meta.finishedBy ? [['Finished by', meta.finishedBy]] : []),
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

export type RuleDirection = 'ANY' | 'IN' | 'OUT';
export const RULE_DIRECTIONS: { value: RuleDirection; label: string }[] = [
  { value: 'OUT', label: 'Money out' },
  { value: 'IN', label: 'Money in' },
  { value: 'ANY', label: 'Money in or out' },
];

/** A new rule from a statement line: its first two words, its direction. */
export function ruleDraftFrom(line: { description: string; amount: string } | null): {
  name: string;
  contains: string;
  direction: RuleDirection;
} {
  if (!line) return { name: '', contains: '', direction: 'OUT' };
  const words = line.description.trim().split(/\s+/).slice(0, 2).join(' ');
  return {
    name: words,
    contains: words,
    direction: Number(line.amount) > 0 ? 'IN' : 'OUT',
  };
}

/**
 * The two sides of a worksheet as an auditor lists them: bank lines the books lack (unmatched),
 * book lines the bank has not cleared, split into payments (checks) and deposits in transit.
 */
export function worksheetSides<B extends { status: string }, L extends { amount: string }>(w: {
  bankLines: readonly B[];
  outstandingBookLines: readonly L[];
}) {
  return {
    unrecorded: w.bankLines.filter((l) => l.status === 'UNMATCHED'),
    outstandingPayments: w.outstandingBookLines.filter((l) => Number(l.amount) < 0),
    depositsInTransit: w.outstandingBookLines.filter((l) => Number(l.amount) > 0),
  };
}

export type BankAccountKind = 'CHECKING' | 'SAVINGS' | 'MONEY_MARKET';
export const BANK_KINDS: { value: BankAccountKind; label: string }[] = [
  { value: 'CHECKING', label: 'Checking' },
  { value: 'SAVINGS', label: 'Savings' },
  { value: 'MONEY_MARKET', label: 'Money market' },
];
