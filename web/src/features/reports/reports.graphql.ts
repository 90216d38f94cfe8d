import { graphql, type ResultOf } from '@/graphql';

export const TRIAL_BALANCE_QUERY = graphql(`
  query TrialBalance($asOf: LocalDate, $fundType: FundType) {
    trialBalance(asOf: $asOf, fundType: $fundType) {
      asOf
      totalDebit
      totalCredit
      rows {
        accountId
        number
        name
        type
        fundType
        archived
        debit
        credit
        balance
        debitBalance
        creditBalance
      }
    }
  }
`);

export type TrialBalance = ResultOf<typeof TRIAL_BALANCE_QUERY>['trialBalance'];
export type TrialBalanceRow = TrialBalance['rows'][number];
