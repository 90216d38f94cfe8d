import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import type { Cents, Total } from '../../core/money/money.js';
import type { AccountType, FundType } from './accounts.entity.js';

// The ledger as the chart of accounts uses it. The journal posts to accounts, so it sits above
// them and accounts never import it; the entries an account's own changes post (an opening
// balance, a reclassification) and what archiving checks go through this port instead, which the
// journal provides when the app boots (boot.ts: `provideAccountLedger(accountLedgerOfJournal)`).

export interface AccountEntryLine {
  accountId: string;
  debit?: Cents | null;
  credit?: Cents | null;
  memo?: string | null;
}

export interface AccountLedger {
  // Posts a balanced entry of the account's own: its opening balance, or a reclassification
  // (each line then says the type and fund it is posted in).
  post(
    tx: EntityManager,
    actor: AuthInfo | null,
    entry: { date: string; memo: string; lines: AccountEntryLine[] },
    opts: {
      source: 'opening_balance' | 'reclassification';
      lineClasses?: { type: AccountType; fundType: FundType }[];
    },
  ): Promise<{ id: string }>;
  // Who keeps a control account (null for any other account).
  keeperOf(em: EntityManager, accountId: string): Promise<{ role: string; keptBy: string } | null>;
  // The account's balance in each type and fund its lines were posted in, every posting counted.
  balances(em: EntityManager, accountId: string): Promise<{ balance: Total }[]>;
}

let provided: AccountLedger | null = null;

export function provideAccountLedger(ledger: AccountLedger): void {
  provided = ledger;
}

export function accountLedger(): AccountLedger {
  if (!provided) throw new Error('The journal has not provided the ledger to accounts (boot.ts)');
  return provided;
}
