import { type AccountLedger } from '../accounts/index.js';
import { accountBalances } from './balances.service.js';
import { EntrySource } from './journal.types.js';
import { controlAccountKeeper, postJournalEntry } from './journal.service.js';

// What the chart of accounts asks of the ledger (accounts/ledger-port.service.ts): the journal sits
// above accounts, so boot.ts hands this to accounts.
export const accountLedgerOfJournal: AccountLedger = {
  post: (tx, actor, entry, opts) =>
    postJournalEntry(tx, actor, entry, {
      source:
        opts.source === 'opening_balance'
          ? EntrySource.OPENING_BALANCE
          : EntrySource.RECLASSIFICATION,
      lineClasses: opts.lineClasses,
    }),
  keeperOf: controlAccountKeeper,
  balances: (em, accountId) => accountBalances(em, { accountId }),
};
