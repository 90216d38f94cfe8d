// What other modules use from budgets: the year check, the chart as budgets and actuals read it,
// the month labels of their files, and the rule on changing the fiscal-year start.
export {
  assertFiscalStartCanChange,
  assertYear,
  fiscalMonths,
  type LedgerAccount,
  loadAccounts,
  plAccountProblem,
  saveBudget,
} from './budgets.service.js';
export { MONTH_LABELS } from './budgets.csv.js';
