import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { Account, AccountType, FundType } from '@/apollo/types';

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
