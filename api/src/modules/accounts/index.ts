// What other modules (and the platform) may use of accounts. The entity and the summary come first:
// modules that accounts itself reaches (journal) read its enums and the report columns while this
// file is still loading.
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
