import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { FundType, LocalDate, TrialBalance } from '@/apollo/types';

export const TRIAL_BALANCE_QUERY: TypedDocumentNode<
  { trialBalance: TrialBalance },
  { asOf?: LocalDate | null; fundType?: FundType | null }
> = gql`
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
`;
