// What other features may use of budgets; the router reads routes.ts.
export { default as AccountMonthsGrid } from './components/AccountMonthsGrid.vue';
export { default as BudgetImportDialog } from './components/BudgetImportDialog.vue';
export { BUDGET_QUERY, BUDGET_TEMPLATE_QUERY, type BudgetImport } from './budgets.graphql';
export { fiscalYearName, MONTHS, yearFrom, yearIn, yearOptions } from './budgets';
export { useYearGrid } from './useYearGrid';
