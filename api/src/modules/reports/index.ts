// What other modules may use of reports: the Budget vs Actual figures.
export { budgetVsActual, type BudgetVsActualOptions } from './budget-vs-actual.service.js';
