// What other modules use from budgets: the year check, the chart as budgets and actuals read it,
// and the month labels of their files.
export {
  assertYear,
  type LedgerAccount,
  loadAccounts,
  plAccountProblem,
} from './budgets.service.js';
export { MONTH_LABELS } from './budgets.csv.js';
