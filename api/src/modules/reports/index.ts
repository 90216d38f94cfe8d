// What other modules may use of reports: the Budget vs Actual figures.
export {
  budgetVsActual,
  type BudgetVsActualOptions,
  figures as budgetFigures,
} from './budget-vs-actual.service.js';
export { BudgetVsActualFigures } from './budget-vs-actual.types.js';
// The financial statements (balance sheet, income statement) and the 1099 report.
export { balanceSheet, incomeStatement, vendor1099Report } from './statements.service.js';
export { BalanceSheet } from './statements.types.js';
