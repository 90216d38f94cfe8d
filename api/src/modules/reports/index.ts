// What other modules may use of reports: the Budget vs Actual figures.
export {
  budgetVsActual,
  type BudgetVsActualOptions,
  figures as budgetFigures,
} from './budget-vs-actual.service.js';
export { BudgetVsActualFigures } from './budget-vs-actual.types.js';
// The financial statements (balance sheet, income statement).
export { balanceSheet, incomeStatement } from './statements.service.js';
export { BalanceSheet } from './statements.types.js';
// The 1099 report's threshold, its types and the admins-only tax ids: payables answers the
// report from its 1099 year (bills are counted by their payments).
export { taxIdsForAdmin, threshold1099 } from './statements.service.js';
export { taxIdOfVendor } from './statements.loaders.js';
export { Vendor1099Report, Vendor1099Row } from './statements.types.js';
