import { defineAsyncComponent } from 'vue';

// What other features may use of accounts; the router reads routes.ts.
export { default as AccountSelect } from './components/AccountSelect.vue';
export {
  type Account,
  ACCOUNT_BALANCES_QUERY,
  ACCOUNT_CLOSING_BALANCE_QUERY,
  CREATE_ACCOUNT_MUTATION,
} from './accounts.graphql';
export {
  accountTypeLabel,
  checkOpeningBalance,
  closingLine,
  createdMessage,
  fundLabel,
} from './accounts';
export {
  ADD_STANDARD_CHART_MUTATION,
  SET_ACCOUNT_OPENING_BALANCE_MUTATION,
  STANDARD_CHART_QUERY,
} from './chart-import.graphql';
export { evictChartLists, importedMessage } from './chart-import';
export { useAccounts } from './useAccounts';

/** The chart import dialog, loaded when it first opens. */
export const ImportAccountsDialog = defineAsyncComponent(
  () => import('./components/ImportAccountsDialog.vue'),
);
