import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { FundType, Money } from '@/apollo/types';

export interface ActualsCashAccount {
  fundType: FundType;
  accountId: string | null;
  number: string | null;
  name: string | null;
  isDefault: boolean;
}

export interface ActualsEntry {
  id: string;
  number: number;
  date: string;
  source: string;
  reconciled: boolean;
  total: Money;
}

export interface MonthlyActuals {
  year: number;
  lines: { accountId: string; amounts: Money[]; total: Money }[];
  months: { month: number; saved: boolean; updatedAt: string | null; entries: ActualsEntry[] }[];
  cashAccounts: ActualsCashAccount[];
}

const ACTUALS_FIELDS = gql`
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
        id
        number
        date
        source
        reconciled
        total
      }
    }
    cashAccounts {
      fundType
      accountId
      number
      name
      isDefault
    }
  }
`;

export const MONTHLY_ACTUALS_QUERY: TypedDocumentNode<
  { monthlyActuals: MonthlyActuals },
  { year: number }
> = gql`
  query MonthlyActuals($year: Int!) {
    monthlyActuals(year: $year) {
      ...MonthlyActualsFields
    }
  }
  ${ACTUALS_FIELDS}
`;

export interface SaveMonthlyActualsInput {
  year: number;
  months: { month: number; lines: { accountId: string; amount: Money }[] }[];
}

export const SAVE_MONTHLY_ACTUALS_MUTATION: TypedDocumentNode<
  { saveMonthlyActuals: { actuals: MonthlyActuals; posted: ActualsEntry[] } },
  { input: SaveMonthlyActualsInput }
> = gql`
  mutation SaveMonthlyActuals($input: SaveMonthlyActualsInput!) {
    saveMonthlyActuals(input: $input) {
      actuals {
        ...MonthlyActualsFields
      }
      posted {
        id
        number
        date
        source
        reconciled
        total
      }
    }
  }
  ${ACTUALS_FIELDS}
`;

export const SET_CASH_ACCOUNT_MUTATION: TypedDocumentNode<
  { setActualsCashAccount: ActualsCashAccount[] },
  { fundType: FundType; accountId: string }
> = gql`
  mutation SetActualsCashAccount($fundType: FundType!, $accountId: ID!) {
    setActualsCashAccount(fundType: $fundType, accountId: $accountId) {
      fundType
      accountId
      number
      name
      isDefault
    }
  }
`;
