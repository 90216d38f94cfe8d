import { canWrite } from '@covenant/shared/roles';
import type { OrganizationSettings, Role } from '@/apollo/types';
import { toCents } from '@/money';

// The tenant setup wizard (/setup): three steps that put a new association's books in order —
// the chart of accounts (the standard HOA chart, or one imported) and the operating bank account
// with its opening balance, an assessment group with its units, and the budget. Where a person stands is read from the books themselves (no progress is stored):
// a step is done when what it creates exists. Finishing sets the organization's
// `onboardingComplete` setting, after which nobody is sent here again.

/**
 * Whether this member of the current association still belongs in the setup wizard: admins and
 * members (who can write) until the organization's settings say onboarding is complete. Viewers
 * never (they could not write a thing in it).
 */
export function needsSetupWizard(
  role: Role | null | undefined,
  settings: OrganizationSettings | null | undefined,
): boolean {
  if (!canWrite(role)) return false;
  return settings?.onboardingComplete !== true;
}

export type SetupStep = 1 | 2 | 3;

export const SETUP_STEPS: { value: SetupStep; title: string; short: string }[] = [
  { value: 1, title: 'Chart and bank account', short: 'Bank account' },
  { value: 2, title: 'Assessment group and units', short: 'Group and units' },
  { value: 3, title: 'Budget', short: 'Budget' },
];

export type StepsDone = Record<SetupStep, boolean>;

/** Where the wizard opens: the first step not done yet, else the last (to finish). */
export function firstOpenStep(done: StepsDone): SetupStep {
  return SETUP_STEPS.find((s) => !done[s.value])?.value ?? 3;
}

/** What step 1 needs of an account balance row (accountBalances). */
export interface BalanceRow {
  accountId: string;
  number: string;
  name: string;
  balance: string;
  archived: boolean;
  /** What was posted to it (both zero: nothing yet). */
  debit?: string;
  credit?: string;
}

/**
 * The operating fund's bank accounts that already hold a balance: step 1 is done with one. Which
 * accounts are cash is the API's own answer (`actualsCashAccounts`' candidates: operating asset
 * accounts that are not control accounts such as receivables or interfund).
 */
export function fundedBankAccounts(
  balances: readonly BalanceRow[],
  operatingCashIds: readonly string[],
): BalanceRow[] {
  const cash = new Set(operatingCashIds);
  return balances.filter((b) => cash.has(b.accountId) && !b.archived && toCents(b.balance) !== 0);
}

/**
 * The operating fund's bank accounts with nothing posted yet (the standard chart's 1010
 * Operating Checking): step 1 gives one of them its opening balance rather than making another.
 */
export function unpostedBankAccounts(
  balances: readonly BalanceRow[],
  operatingCashIds: readonly string[],
): BalanceRow[] {
  const cash = new Set(operatingCashIds);
  const zero = (amount: string | undefined) => !amount || toCents(amount) === 0;
  return balances.filter(
    (b) => cash.has(b.accountId) && !b.archived && zero(b.debit) && zero(b.credit),
  );
}

/**
 * Whether the chart is still the few accounts made on the way (no expense account): step 1 then
 * offers the standard HOA chart and the chart import.
 */
export function chartIsMinimal(accounts: readonly { type: string; archived: boolean }[]): boolean {
  return !accounts.some((a) => a.type === 'EXPENSE' && !a.archived);
}

/**
 * The next free number in a run of account numbers counted in tens: after the highest of
 * `after` (the accounts of the same kind) within [from, to), skipping numbers in use anywhere
 * in the chart. 1010 in an empty chart; 1020 beside 1010 Operating Checking.
 */
export function nextAccountNumber(
  used: readonly string[],
  after: readonly string[],
  range: { from: number; to: number },
): string {
  const taken = new Set(used.map((n) => n.trim()));
  const inRange = after
    .map((n) => Number(n))
    .filter((n) => Number.isInteger(n) && n >= range.from && n < range.to);
  const start = inRange.length ? Math.floor(Math.max(...inRange) / 10) * 10 + 10 : range.from;
  for (let n = start; n < range.to; n += 10) {
    if (!taken.has(String(n))) return String(n);
  }
  // The tens are full: the first free number after them.
  let n = Math.max(start, range.to);
  while (taken.has(String(n))) n += 1;
  return String(n);
}

/** Operating cash accounts are numbered 1010, 1020, … (1100 onwards: receivables and the like). */
export const BANK_NUMBERS = { from: 1010, to: 1100 };
/** Assessment income: 4010, 4020, … */
export const INCOME_NUMBERS = { from: 4010, to: 4100 };

/** The suggested number of the next operating bank account. */
export function suggestBankNumber(
  chart: readonly { id: string; number: string }[],
  operatingCashIds: readonly string[],
): string {
  const cash = new Set(operatingCashIds);
  return nextAccountNumber(
    chart.map((a) => a.number),
    chart.filter((a) => cash.has(a.id)).map((a) => a.number),
    BANK_NUMBERS,
  );
}

/** The income account a new group's assessments go to: one named for assessments, else the first. */
export function assessmentIncomeAccount<T extends { name: string }>(
  incomeAccounts: readonly T[],
): T | null {
  return incomeAccounts.find((a) => /assess/i.test(a.name)) ?? incomeAccounts[0] ?? null;
}
