import { graphql, type ResultOf } from '@/graphql';

export const CASH_FLOW_QUERY = graphql(`
  query CashFlow($from: LocalDate!, $to: LocalDate!) {
    cashFlow(from: $from, to: $to) {
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

export type CashFlow = ResultOf<typeof CASH_FLOW_QUERY>['cashFlow'];
export type CashFlowNode = CashFlow['nodes'][number];
export type CashFlowLink = CashFlow['links'][number];
