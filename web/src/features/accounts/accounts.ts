import type { AccountForecastRole, AccountType, FundType } from '@/apollo/types';
import type { Account } from '@/features/accounts/accounts.graphql';
import { parseLocalDate, plural, toLocalDate } from '@/format';
import { centsToMoney, formatMoney, parseMoneyInput, toCents } from '@/money';

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

/**
 * Whether a new account is an interfund transfer account when the treasurer does not say: the two
 * sides of the reserve contribution are (the API's own default, by the same rule).
 */
export const transferByDefault = (role: AccountForecastRole | null): boolean =>
  role === 'RESERVE_TRANSFER' || role === 'RESERVE_CONTRIBUTION';

/**
 * What an account can do in the forecasts (the API refuses a role its type and fund cannot carry):
 * said on the account, never guessed from its name.
 */
export const FORECAST_ROLES: {
  value: AccountForecastRole;
  label: string;
  hint: string;
  type: AccountType;
  /** null: either fund. */
  fund: FundType | null;
}[] = [
  {
    value: 'RESERVE_TRANSFER',
    label: 'Transfer to reserves',
    hint: 'Transfer to reserves: the operating side of the reserve contribution — the forecast moves it to the reserve fund.',
    type: 'EXPENSE',
    fund: 'OPERATING',
  },
  {
    value: 'RESERVE_CONTRIBUTION',
    label: 'Reserve contribution',
    hint: 'Reserve contribution: its budget is the yearly contribution of the reserve projection and the forecast’s transfer.',
    type: 'INCOME',
    fund: 'RESERVE',
  },
  {
    value: 'INTEREST_INCOME',
    label: 'Interest income',
    hint: 'Interest income: the forecast takes interest from the investments, which post it here.',
    type: 'INCOME',
    fund: null,
  },
];

/** The roles an account of this type and fund can have (none for most). */
export function forecastRolesFor(type: AccountType | null, fund: FundType) {
  return FORECAST_ROLES.filter((r) => r.type === type && (r.fund === null || r.fund === fund));
}

const TYPE_ORDER = new Map(ACCOUNT_TYPES.map((t, i) => [t.value, i]));
const FUND_ORDER = new Map(FUND_TYPES.map((f, i) => [f.value, i]));

export function fundLabel(fund: FundType): string {
  return FUND_TYPES.find((f) => f.value === fund)?.label ?? fund;
}

/** Assets and expenses grow with debits; liabilities, equity and income with credits. */
export function isDebitNormal(type: AccountType): boolean {
  return type === 'ASSET' || type === 'EXPENSE';
}

/**
 * The line of a closing entry that brings an account's balance (in its normal direction) to zero:
 * the other side, for the same amount. Null when there is nothing to close.
 */
export function closingLine(
  type: AccountType,
  balance: string,
): { side: 'debit' | 'credit'; amount: string } | null {
  const cents = toCents(balance);
  if (!Number.isFinite(cents) || cents === 0) return null;
  // A debit-normal account holding a positive balance has more debits: a credit closes it.
  const holdsDebit = isDebitNormal(type) === cents > 0;
  return { side: holdsDebit ? 'credit' : 'debit', amount: centsToMoney(Math.abs(cents)) };
}

/** Where a table groups an account: its type, then its fund ("ASSET:RESERVE"). */
export function accountGroup(account: Pick<Account, 'type' | 'fundType'>): string {
  return `${account.type}:${account.fundType}`;
}

/** "Assets · Reserve" */
export function accountGroupLabel(account: Pick<Account, 'type' | 'fundType'>): string {
  return `${accountTypePlural(account.type)} · ${fundLabel(account.fundType)}`;
}

/** "1010 — Operating Checking", how an account is picked and named in entries. */
export function accountLabel(account: Pick<Account, 'number' | 'name'>): string {
  return `${account.number} — ${account.name}`;
}

export function accountTypeLabel(type: AccountType): string {
  return ACCOUNT_TYPES.find((t) => t.value === type)?.label ?? type;
}

export function accountTypePlural(type: AccountType): string {
  return ACCOUNT_TYPES.find((t) => t.value === type)?.plural ?? type;
}

const numberCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * By type (assets first), then fund (operating first), then by account number as a person reads
 * it (2 before 10).
 */
export function sortAccounts<T extends Pick<Account, 'type' | 'number'> & { fundType?: FundType }>(
  accounts: readonly T[],
): T[] {
  return [...accounts].sort(
    (a, b) =>
      (TYPE_ORDER.get(a.type) ?? 99) - (TYPE_ORDER.get(b.type) ?? 99) ||
      (FUND_ORDER.get(a.fundType ?? 'OPERATING') ?? 9) -
        (FUND_ORDER.get(b.fundType ?? 'OPERATING') ?? 9) ||
      numberCollator.compare(a.number, b.number),
  );
}

/** By account number only, as a person reads it (pickers and reports). */
export function sortByNumber<T extends Pick<Account, 'number'>>(accounts: readonly T[]): T[] {
  return [...accounts].sort((a, b) => numberCollator.compare(a.number, b.number));
}

/** "12 accounts · Operating and reserve funds" */
export function accountsSummary(accounts: readonly Pick<Account, 'fundType'>[]): string {
  const count = `${plural(accounts.length, 'account', 'accounts')}`;
  const hasOperating = accounts.some((a) => a.fundType === 'OPERATING');
  const hasReserve = accounts.some((a) => a.fundType === 'RESERVE');
  if (hasOperating && hasReserve) return `${count} · Operating and reserve funds`;
  if (hasOperating) return `${count} · Operating fund`;
  if (hasReserve) return `${count} · Reserve fund`;
  return count;
}

export interface OpeningBalanceFields {
  /** As typed; may be empty. */
  initialBalance: string;
  /** LocalDate, or null when not chosen. */
  openingDate: string | null;
}

export type OpeningBalanceCheck =
  | { ok: true; initialBalance?: string; openingDate?: string }
  | { ok: false; errors: Partial<Record<keyof OpeningBalanceFields, string>> };

/**
 * The create dialog's opening balance: optional; a minus sign for a balance against the normal
 * side; a date is required once a balance is given. Zero counts as none.
 */
export function checkOpeningBalance(fields: OpeningBalanceFields): OpeningBalanceCheck {
  const parsed = parseMoneyInput(fields.initialBalance, { allowNegative: true });
  if (parsed.kind === 'invalid') return { ok: false, errors: { initialBalance: parsed.message } };
  if (parsed.kind === 'empty' || parsed.cents === 0) return { ok: true };
  if (!fields.openingDate || !parseLocalDate(fields.openingDate)) {
    return { ok: false, errors: { openingDate: 'Choose the date of the opening balance.' } };
  }
  return { ok: true, initialBalance: parsed.money, openingDate: fields.openingDate };
}

/** "Account 1010 Operating Checking created with an opening balance of $25,000.00" */
export function createdMessage(
  account: Pick<Account, 'number' | 'name'>,
  initialBalance?: string,
): string {
  const base = `Account ${account.number} ${account.name} created`;
  return initialBalance
    ? `${base} with an opening balance of ${formatMoney(initialBalance)}`
    : base;
}

export interface LedgerPeriod {
  from: string | null;
  to: string | null;
}

/** The ledger's context line for its period: "Mar 1, 2026 – Mar 31, 2026", "Since …", "All dates". */
export function periodLabel(period: LedgerPeriod, format: (date: string) => string): string {
  if (period.from && period.to) return `${format(period.from)} – ${format(period.to)}`;
  if (period.from) return `Since ${format(period.from)}`;
  if (period.to) return `Through ${format(period.to)}`;
  return 'All dates';
}

/**
 * The first day a new type or fund of an account with postings may take effect: the day after its
 * latest posting and after its latest reclassification. Null without postings: it changes freely.
 */
export function earliestEffectiveDate(
  lastPostingDate: string | null | undefined,
  reclassifiedOn: readonly string[] = [],
): string | null {
  if (!lastPostingDate) return null;
  const latest = [lastPostingDate, ...reclassifiedOn].sort().at(-1)!;
  const day = parseLocalDate(latest);
  if (!day) return null;
  day.setDate(day.getDate() + 1);
  return toLocalDate(day);
}
