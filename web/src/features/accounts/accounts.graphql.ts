import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type {
  Account,
  AccountBalance,
  AccountLedger,
  AccountType,
  FundType,
  LocalDate,
  Money,
} from '@/apollo/types';

export const ACCOUNT_FIELDS = gql`
  fragment AccountFields on Account {
    id
    number
    name
    type
    fundType
    description
    archived
    createdAt
  }
`;

export const ACCOUNTS_QUERY: TypedDocumentNode<
  { accounts: Account[] },
  { includeArchived?: boolean }
> = gql`
  query Accounts($includeArchived: Boolean! = false) {
    accounts(includeArchived: $includeArchived) {
      ...AccountFields
    }
  }
  ${ACCOUNT_FIELDS}
`;

export interface CreateAccountInput {
  number: string;
  name: string;
  type: AccountType;
  fundType: FundType;
  description?: string | null;
  /** Opening balance in the account's normal direction. */
  initialBalance?: Money;
  /** Required with an opening balance. */
  openingDate?: LocalDate;
}

export const CREATE_ACCOUNT_MUTATION: TypedDocumentNode<
  { createAccount: Account },
  { input: CreateAccountInput }
> = gql`
  mutation CreateAccount($input: CreateAccountInput!) {
    createAccount(input: $input) {
      ...AccountFields
    }
  }
  ${ACCOUNT_FIELDS}
`;

/** Only the fields given change. */
export type UpdateAccountInput = Partial<
  Omit<CreateAccountInput, 'initialBalance' | 'openingDate'>
>;

export const UPDATE_ACCOUNT_MUTATION: TypedDocumentNode<
  { updateAccount: Account },
  { id: string; input: UpdateAccountInput }
> = gql`
  mutation UpdateAccount($id: ID!, $input: UpdateAccountInput!) {
    updateAccount(id: $id, input: $input) {
      ...AccountFields
    }
  }
  ${ACCOUNT_FIELDS}
`;

export const ARCHIVE_ACCOUNT_MUTATION: TypedDocumentNode<
  { archiveAccount: Account },
  { id: string }
> = gql`
  mutation ArchiveAccount($id: ID!) {
    archiveAccount(id: $id) {
      ...AccountFields
    }
  }
  ${ACCOUNT_FIELDS}
`;

export const RESTORE_ACCOUNT_MUTATION: TypedDocumentNode<
  { restoreAccount: Account },
  { id: string }
> = gql`
  mutation RestoreAccount($id: ID!) {
    restoreAccount(id: $id) {
      ...AccountFields
    }
  }
  ${ACCOUNT_FIELDS}
`;

export const ACCOUNT_QUERY: TypedDocumentNode<{ account: Account }, { id: string }> = gql`
  query Account($id: ID!) {
    account(id: $id) {
      ...AccountFields
    }
  }
  ${ACCOUNT_FIELDS}
`;

export const ACCOUNT_BALANCES_QUERY: TypedDocumentNode<
  { accountBalances: AccountBalance[] },
  { asOf?: LocalDate | null }
> = gql`
  query AccountBalances($asOf: LocalDate) {
    accountBalances(asOf: $asOf) {
      accountId
      number
      name
      type
      fundType
      archived
      debit
      credit
      balance
    }
  }
`;

export const ACCOUNT_LEDGER_QUERY: TypedDocumentNode<
  { accountLedger: AccountLedger },
  { accountId: string; from?: LocalDate | null; to?: LocalDate | null; first?: number }
> = gql`
  query AccountLedger($accountId: ID!, $from: LocalDate, $to: LocalDate, $first: Int! = 500) {
    accountLedger(accountId: $accountId, from: $from, to: $to, first: $first) {
      accountId
      openingBalance
      closingBalance
      truncated
      rows {
        entryId
        entryNumber
        date
        memo
        source
        reconciled
        debit
        credit
        balance
      }
    }
  }
`;
