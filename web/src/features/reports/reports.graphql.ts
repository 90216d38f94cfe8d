import { graphql, type ResultOf } from '@/graphql';
import { ACCOUNT_COLUMNS_FIELDS } from '@/apollo/account-columns.graphql';

export const TRIAL_BALANCE_QUERY = graphql(
  `
    query TrialBalance($asOf: LocalDate, $fundType: FundType) {
      trialBalance(asOf: $asOf, fundType: $fundType) {
        asOf
        totalDebit
        totalCredit
        rows {
          ...AccountColumnsFields
          debit
          credit
          balance
          debitBalance
          creditBalance
        }
      }
    }
  `,
  [ACCOUNT_COLUMNS_FIELDS],
);

export type TrialBalance = ResultOf<typeof TRIAL_BALANCE_QUERY>['trialBalance'];
export type TrialBalanceRow = TrialBalance['rows'][number];
