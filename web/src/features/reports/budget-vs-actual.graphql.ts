import { graphql, type ResultOf, type VariablesOf } from '@/graphql';
import { ACCOUNT_COLUMNS_FIELDS } from '@/apollo/account-columns.graphql';
import { BUDGET_FIGURES_FIELDS, type BudgetFigures } from '@/apollo/budget-figures.graphql';

export type BvaFigures = BudgetFigures;

export const BUDGET_VS_ACTUAL_QUERY = graphql(
  `
    query BudgetVsActual($year: Int!, $month: Int, $yearToDate: Boolean, $fundType: FundType) {
      budgetVsActual(year: $year, month: $month, yearToDate: $yearToDate, fundType: $fundType) {
        year
        fiscalYearStartMonth
        fromMonth
        toMonth
        from
        to
        fundType
        rows {
          ...AccountColumnsFields
          transfer
          budget
          actual
          variance
          variancePercent
          favorable
        }
        subtotals {
          fundType
          type
          transfer
          budget
          actual
          variance
          variancePercent
          favorable
        }
        totalIncome {
          ...BudgetFigures
        }
        totalExpense {
          ...BudgetFigures
        }
        net {
          ...BudgetFigures
        }
        transfersIn {
          ...BudgetFigures
        }
        transfersOut {
          ...BudgetFigures
        }
        netTransfers {
          ...BudgetFigures
        }
        changeInFundBalance {
          ...BudgetFigures
        }
        months {
          year
          month
          label
          incomeBudget
          incomeActual
          expenseBudget
          expenseActual
        }
      }
    }
  `,
  [ACCOUNT_COLUMNS_FIELDS, BUDGET_FIGURES_FIELDS],
);

export type BudgetVsActual = ResultOf<typeof BUDGET_VS_ACTUAL_QUERY>['budgetVsActual'];
export type BvaRow = BudgetVsActual['rows'][number];
export type BvaSubtotal = BudgetVsActual['subtotals'][number];
export type BvaMonth = BudgetVsActual['months'][number];
export type BvaVariables = VariablesOf<typeof BUDGET_VS_ACTUAL_QUERY>;
