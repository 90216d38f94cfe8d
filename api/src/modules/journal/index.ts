// What other modules may use of the journal: post, reverse and read entries, balances, and the
// entry's GraphQL types. Everything else (SQL, the import, the maintenance check) stays inside.
export {
  EntryOwner,
  EntryOwnerType,
  EntrySource,
  JournalEntry,
  JournalLine,
} from './journal.types.js';
export { JournalLineInput, PostJournalEntryInput } from './journal.inputs.js';
export {
  booksClosedThrough,
  checkPeriodsOpen,
  closedPeriodMessage,
  controlAccountKeeper,
  controlAccountOf,
  controlAccountMessages,
  findJournalEntries,
  findJournalEntry,
  postJournalEntries,
  postJournalEntry,
  type EntryOwnerRef,
  type LineClass,
  type Posting,
  type PostOptions,
  reverseJournalEntry,
  setControlAccount,
} from './journal.service.js';
export { accountBalances, type BalanceRow, trialBalance } from './balances.service.js';
// The year-end package: the trial balance's GraphQL type and the books as an hledger journal.
export { TrialBalance } from './journal.types.js';
export { BooksExportFormat } from './books-export.types.js';
export { exportBooks } from './books-export.service.js';
// Given to accounts at boot: the entries an account's own changes post, and its balances.
export { accountLedgerOfJournal } from './accounts-port.service.js';
