import { graphql, type ResultOf } from '@/graphql';

export const INCOME_EXPENSE_FLOW_QUERY = graphql(`
  query IncomeExpenseFlow($from: LocalDate!, $to: LocalDate!) {
    incomeExpenseFlow(from: $from, to: $to) {
      from
      to
      totalIncome
      totalExpenses
      nodes {
        id
        label
        kind
        accountId
        accountNumber
        fundType
        amount
      }
      links {
        source
        target
        kind
        amount
        actual
        accountId
        fundType
      }
      funds {
        fundType
        income
        expenses
        transfersIn
        transfersOut
        drawnFromFundBalance
        addedToFundBalance
      }
    }
  }
`);

export type IncomeExpenseFlow = ResultOf<typeof INCOME_EXPENSE_FLOW_QUERY>['incomeExpenseFlow'];
export type FlowNode = IncomeExpenseFlow['nodes'][number];
export type FlowLink = IncomeExpenseFlow['links'][number];
