import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { AccountType, FundType, Money } from '@/apollo/types';

export interface BvaFigures {
  budget: Money;
  actual: Money;
  variance: Money;
  variancePercent: number | null;
  favourable: boolean;
}

export interface BvaRow extends BvaFigures {
  accountId: string;
  number: string;
  name: string;
  type: AccountType;
  fundType: FundType;
  archived: boolean;
}

export interface BvaSubtotal extends BvaFigures {
  fundType: FundType;
  type: AccountType;
}

export interface BvaMonth {
  month: number;
  incomeBudget: Money;
  incomeActual: Money;
  expenseBudget: Money;
  expenseActual: Money;
}

export interface BudgetVsActual {
  year: number;
  fromMonth: number;
  toMonth: number;
  fundType: FundType | null;
  rows: BvaRow[];
  subtotals: BvaSubtotal[];
  totalIncome: BvaFigures;
  totalExpense: BvaFigures;
  net: BvaFigures;
  months: BvaMonth[];
}

export interface BvaVariables {
  year: number;
  month?: number | null;
  yearToDate?: boolean;
  fundType?: FundType | null;
}

const FIGURES = gql`
  fragment BvaFigures on BudgetVsActualFigures {
    budget
    actual
    variance
    variancePercent
    favourable
  }
`;

export const BUDGET_VS_ACTUAL_QUERY: TypedDocumentNode<
  { budgetVsActual: BudgetVsActual },
  BvaVariables
> = gql`
  query BudgetVsActual($year: Int!, $month: Int, $yearToDate: Boolean, $fundType: FundType) {
    budgetVsActual(year: $year, month: $month, yearToDate: $yearToDate, fundType: $fundType) {
      year
      fromMonth
      toMonth
      fundType
      rows {
        accountId
        number
        name
        type
        fundType
        archived
        budget
        actual
        variance
        variancePercent
        favourable
      }
      subtotals {
        fundType
        type
        budget
        actual
        variance
        variancePercent
        favourable
      }
      totalIncome {
        ...BvaFigures
      }
      totalExpense {
        ...BvaFigures
      }
      net {
        ...BvaFigures
      }
      months {
        month
        incomeBudget
        incomeActual
        expenseBudget
        expenseActual
      }
    }
  }
  ${FIGURES}
`;
