import { graphql, type ResultOf, type VariablesOf } from '@/graphql';
import { ACCOUNT_COLUMNS_FIELDS } from '@/apollo/account-columns.graphql';
import { PAGE_INFO_FIELDS } from '@/apollo/connection.graphql';

export const ACCOUNT_FIELDS = graphql(`
  fragment AccountFields on Account {
    id
    number
    name
    type
    fundType
    description
    forecastRole
    archived
    createdAt
  }
`);

export type Account = ResultOf<typeof ACCOUNT_FIELDS>;

export const ACCOUNTS_QUERY = graphql(
  `
    query Accounts($includeArchived: Boolean! = false) {
      accounts(includeArchived: $includeArchived) {
        ...AccountFields
      }
    }
  `,
  [ACCOUNT_FIELDS],
);

export const CREATE_ACCOUNT_MUTATION = graphql(
  `
    mutation CreateAccount($input: CreateAccountInput!) {
      createAccount(input: $input) {
        ...AccountFields
      }
    }
  `,
  [ACCOUNT_FIELDS],
);

/** `initialBalance` is in the account's normal direction; it needs `openingDate`. */
export type CreateAccountInput = VariablesOf<typeof CREATE_ACCOUNT_MUTATION>['input'];

export const UPDATE_ACCOUNT_MUTATION = graphql(
  `
    mutation UpdateAccount($id: ID!, $input: UpdateAccountInput!) {
      updateAccount(id: $id, input: $input) {
        ...AccountFields
      }
    }
  `,
  [ACCOUNT_FIELDS],
);

// Whether an account is an interfund transfer account (the reports keep it out of income and
// expense). Asked by the account dialog alone, so the chart's shared fields stay as they are.
export const ACCOUNT_TRANSFER_QUERY = graphql(`
  query AccountInterfundTransfer($id: ID!) {
    account(id: $id) {
      id
      interfundTransfer
    }
  }
`);

/** Only the fields given change. */
export type UpdateAccountInput = VariablesOf<typeof UPDATE_ACCOUNT_MUTATION>['input'];

export const ARCHIVE_ACCOUNT_MUTATION = graphql(
  `
    mutation ArchiveAccount($id: ID!) {
      archiveAccount(id: $id) {
        ...AccountFields
      }
    }
  `,
  [ACCOUNT_FIELDS],
);

export const RESTORE_ACCOUNT_MUTATION = graphql(
  `
    mutation RestoreAccount($id: ID!) {
      restoreAccount(id: $id) {
        ...AccountFields
      }
    }
  `,
  [ACCOUNT_FIELDS],
);

export const ACCOUNT_QUERY = graphql(
  `
    query Account($id: ID!) {
      account(id: $id) {
        ...AccountFields
      }
    }
  `,
  [ACCOUNT_FIELDS],
);

/** What a change of type or fund needs to know: whether the account has postings, and since when. */
export const ACCOUNT_POSTINGS_QUERY = graphql(`
  query AccountPostings($id: ID!) {
    account(id: $id) {
      id
      lastPostingDate
      reclassifications {
        id
        effectiveDate
      }
    }
  }
`);

export const ACCOUNT_BALANCES_QUERY = graphql(
  `
    query AccountBalances($asOf: LocalDate) {
      accountBalances(asOf: $asOf) {
        ...AccountColumnsFields
        debit
        credit
        balance
      }
    }
  `,
  [ACCOUNT_COLUMNS_FIELDS],
);

/** Balances of every account as of a date; `balance` is in the account's normal direction. */
export type AccountBalance = ResultOf<typeof ACCOUNT_BALANCES_QUERY>['accountBalances'][number];

/** Lines of an account ledger read at a time ("Load more" reads the next page). */
export const LEDGER_PAGE_SIZE = 200;

/**
 * One page of an account's ledger, oldest first; pass `pageInfo.endCursor` as `after` for the
 * next. `closingBalance` is the account's at the end of the period whichever page this is.
 */
export const ACCOUNT_LEDGER_QUERY = graphql(
  `
    query AccountLedger(
      $accountId: ID!
      $from: LocalDate
      $to: LocalDate
      $first: Int! = 200
      $after: String
    ) {
      accountLedger(accountId: $accountId, from: $from, to: $to, first: $first, after: $after) {
        accountId
        openingBalance
        closingBalance
        rows {
          entryId
          entryNumber
          lineNo
          date
          memo
          source
          reconciled
          debit
          credit
          balance
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [PAGE_INFO_FIELDS],
);

export type AccountLedger = ResultOf<typeof ACCOUNT_LEDGER_QUERY>['accountLedger'];
/** `balance`: the running balance after this line, in the account's normal direction. */
export type LedgerRow = AccountLedger['rows'][number];

/**
 * An account's balance after every posting, later-dated ones too (what archiving requires to be
 * zero), in its normal direction.
 */
export const ACCOUNT_CLOSING_BALANCE_QUERY = graphql(`
  query AccountClosingBalance($id: ID!) {
    accountLedger(accountId: $id, first: 1) {
      accountId
      closingBalance
    }
  }
`);
