// What other modules (and the platform) may use of accounts: the chart itself. Accounts sits below
// the journal and imports no other module but audit.
export {
  Account,
  AccountForecastRole,
  AccountType,
  defaultInterfundTransfer,
  FundType,
} from './accounts.entity.js';
export {
  accountSummary,
  type AccountSummaryRow,
  WithAccountColumns,
} from './account-summary.types.js';
export { CreateAccountInput, UpdateAccountInput } from './accounts.inputs.js';
export { accountById } from './accounts.loaders.js';
export {
  createAccount,
  findAccount,
  listAccounts,
  openingEquityAccount,
} from './accounts.service.js';
// The standard HOA chart a new association may start with (onboarding adds it).
export {
  type ChartControl,
  type ChartTemplateRow,
  STANDARD_CHART,
} from './accounts.standard-chart.js';
// The ledger's side of the chart: the journal provides it at boot (accounts sits below the journal).
export { type AccountLedger, provideAccountLedger } from './ledger-port.service.js';
