import { graphql } from '@/graphql';

/** An account's columns in a report row: balances, the trial balance, budget vs actual. */
export const ACCOUNT_COLUMNS_FIELDS = graphql(`
  fragment AccountColumnsFields on AccountColumns {
    accountId
    number
    name
    type
    fundType
    archived
  }
`);
