import { graphql, type ResultOf, type VariablesOf } from '@/graphql';

// An entry a month's actuals posted (an adjustment to the ledger's figures, listed under the
// month, returned by a save).
const ACTUALS_ENTRY_FIELDS = graphql(`
  fragment ActualsEntryFields on JournalEntry {
    id
    number
    date
    source
    reconciled
    total
  }
`);

// The cash account each fund's actuals are posted against, and the ones it may be.
const CASH_ACCOUNT_FIELDS = graphql(`
  fragment ActualsCashAccountFields on ActualsCashAccount {
    fundType
    accountId
    number
    name
    isDefault
    candidateIds
  }
`);

// The grid's figures are the ledger's (every posting of the account and month, any source).
const ACTUALS_FIELDS = graphql(
  `
    fragment MonthlyActualsFields on MonthlyActuals {
      year
      lines {
        accountId
        amounts
        total
      }
      months {
        month
        saved
        updatedAt
        entries {
          ...ActualsEntryFields
        }
      }
      cashAccounts {
        ...ActualsCashAccountFields
      }
    }
  `,
  [ACTUALS_ENTRY_FIELDS, CASH_ACCOUNT_FIELDS],
);

export type MonthlyActuals = ResultOf<typeof ACTUALS_FIELDS>;
export type ActualsEntry = MonthlyActuals['months'][number]['entries'][number];
export type ActualsCashAccount = MonthlyActuals['cashAccounts'][number];

export const MONTHLY_ACTUALS_QUERY = graphql(
  `
    query MonthlyActuals($year: Int!) {
      monthlyActuals(year: $year) {
        ...MonthlyActualsFields
      }
    }
  `,
  [ACTUALS_FIELDS],
);

export const SAVE_MONTHLY_ACTUALS_MUTATION = graphql(
  `
    mutation SaveMonthlyActuals($input: SaveMonthlyActualsInput!) {
      saveMonthlyActuals(input: $input) {
        actuals {
          ...MonthlyActualsFields
        }
        posted {
          ...ActualsEntryFields
        }
      }
    }
  `,
  [ACTUALS_FIELDS, ACTUALS_ENTRY_FIELDS],
);

export type SaveMonthlyActualsInput = VariablesOf<typeof SAVE_MONTHLY_ACTUALS_MUTATION>['input'];

export const SET_CASH_ACCOUNT_MUTATION = graphql(
  `
    mutation SetActualsCashAccount($fundType: FundType!, $accountId: ID!) {
      setActualsCashAccount(fundType: $fundType, accountId: $accountId) {
        ...ActualsCashAccountFields
      }
    }
  `,
  [CASH_ACCOUNT_FIELDS],
);
