// What other modules (and the platform) may use of banking: the demo seed's and the dashboard's
// ways in, and the finished reconciliations a board packet prints. Everything else stays inside.
export { setBankAccount, listBankAccounts } from './bank-accounts.service.js';
export { importStatement, writeStatement } from './statements.service.js';
export { autoMatch, matchBankLines, matchExact, postBankLine } from './matching.service.js';
export {
  finishReconciliation,
  listReconciliations,
  reconciliationReport,
  reconciliationWorksheet,
} from './reconciliation.service.js';
export { createBankRule } from './rules.service.js';
export {
  createDeposit,
  type DepositAdjustment,
  seedDeposits,
  setUndepositedFundsAccount,
  undepositedPayments,
} from './deposits.service.js';
export { type LedgerLineRow, ledgerLinesOf, reconciliationStatus } from './banking.repository.js';
export { BankAccountKind, CsvDateFormat, CsvSign, RuleDirection } from './banking.types.js';
