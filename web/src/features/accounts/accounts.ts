import type { Account, AccountType, FundType } from '@/apollo/types';

// The conventional chart-of-accounts order (balance sheet, then income statement).
export const ACCOUNT_TYPES: { value: AccountType; label: string; plural: string }[] = [
  { value: 'ASSET', label: 'Asset', plural: 'Assets' },
  { value: 'LIABILITY', label: 'Liability', plural: 'Liabilities' },
  { value: 'EQUITY', label: 'Equity', plural: 'Equity' },
  { value: 'INCOME', label: 'Income', plural: 'Income' },
  { value: 'EXPENSE', label: 'Expense', plural: 'Expenses' },
];

export const FUND_TYPES: { value: FundType; label: string }[] = [
  { value: 'OPERATING', label: 'Operating' },
  { value: 'RESERVE', label: 'Reserve' },
];

const TYPE_ORDER = new Map(ACCOUNT_TYPES.map((t, i) => [t.value, i]));

export function accountTypeLabel(type: AccountType): string {
  return ACCOUNT_TYPES.find((t) => t.value === type)?.label ?? type;
}

export function accountTypePlural(type: AccountType): string {
  return ACCOUNT_TYPES.find((t) => t.value === type)?.plural ?? type;
}

const numberCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** By type (assets first), then by account number as a person reads it (2 before 10). */
export function sortAccounts<T extends Pick<Account, 'type' | 'number'>>(
  accounts: readonly T[],
): T[] {
  return [...accounts].sort(
    (a, b) =>
      (TYPE_ORDER.get(a.type) ?? 99) - (TYPE_ORDER.get(b.type) ?? 99) ||
      numberCollator.compare(a.number, b.number),
  );
}

/** "12 accounts · Operating and reserve funds" */
export function accountsSummary(accounts: readonly Pick<Account, 'fundType'>[]): string {
  const count = `${accounts.length} ${accounts.length === 1 ? 'account' : 'accounts'}`;
  const hasOperating = accounts.some((a) => a.fundType === 'OPERATING');
  const hasReserve = accounts.some((a) => a.fundType === 'RESERVE');
  if (hasOperating && hasReserve) return `${count} · Operating and reserve funds`;
  if (hasOperating) return `${count} · Operating fund`;
  if (hasReserve) return `${count} · Reserve fund`;
  return count;
}
