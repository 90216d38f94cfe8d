// What other modules (and the platform) may use of accounts. The entity comes first: modules that
// accounts itself reaches (journal) read its enums while this file is still loading.
export { Account, AccountType, FundType } from './accounts.entity.js';
export { CreateAccountInput, UpdateAccountInput } from './accounts.inputs.js';
export { accountById } from './accounts.loaders.js';
export { createAccount, findAccount, listAccounts } from './accounts.service.js';
