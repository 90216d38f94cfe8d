import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { Money } from '@/apollo/types';

export interface BudgetLine {
  accountId: string;
  amounts: Money[];
  total: Money;
}

export interface Budget {
  id: string | null;
  year: number;
  exists: boolean;
  totalIncome: Money;
  totalExpense: Money;
  updatedAt: string | null;
  lines: BudgetLine[];
}

export type BudgetImportRowStatus = 'MATCHED' | 'MAPPED' | 'SKIPPED' | 'UNKNOWN' | 'INVALID';

export interface BudgetImportRow {
  row: number;
  accountNumber: string;
  accountName: string;
  accountId: string | null;
  status: BudgetImportRowStatus;
  amounts: Money[];
  total: Money;
}

export interface BudgetImportProblem {
  row: number | null;
  column: string | null;
  message: string;
}

export interface BudgetImport {
  year: number;
  committed: boolean;
  replacesExisting: boolean;
  accountCount: number;
  totalIncome: Money;
  totalExpense: Money;
  rows: BudgetImportRow[];
  problems: BudgetImportProblem[];
}

export interface BudgetImportMapping {
  row: number;
  accountId?: string | null;
  skip?: boolean | null;
}

const BUDGET_FIELDS = gql`
  fragment BudgetFields on Budget {
    id
    year
    exists
    totalIncome
    totalExpense
    updatedAt
    lines {
      accountId
      amounts
      total
    }
  }
`;

export const BUDGET_QUERY: TypedDocumentNode<{ budget: Budget }, { year: number }> = gql`
  query Budget($year: Int!) {
    budget(year: $year) {
      ...BudgetFields
    }
  }
  ${BUDGET_FIELDS}
`;

export const BUDGET_TEMPLATE_QUERY: TypedDocumentNode<
  { budgetTemplate: string },
  { year: number }
> = gql`
  query BudgetTemplate($year: Int!) {
    budgetTemplate(year: $year)
  }
`;

export const SAVE_BUDGET_MUTATION: TypedDocumentNode<
  { saveBudget: Budget },
  { input: { year: number; lines: { accountId: string; amounts: Money[] }[] } }
> = gql`
  mutation SaveBudget($input: SaveBudgetInput!) {
    saveBudget(input: $input) {
      ...BudgetFields
    }
  }
  ${BUDGET_FIELDS}
`;

export const IMPORT_BUDGET_MUTATION: TypedDocumentNode<
  { importBudget: BudgetImport },
  {
    year: number;
    file: null;
    mappings: BudgetImportMapping[];
    dryRun: boolean;
  }
> = gql`
  mutation ImportBudget(
    $year: Int!
    $file: Upload!
    $mappings: [BudgetImportMappingInput!]
    $dryRun: Boolean
  ) {
    importBudget(year: $year, file: $file, mappings: $mappings, dryRun: $dryRun) {
      year
      committed
      replacesExisting
      accountCount
      totalIncome
      totalExpense
      rows {
        row
        accountNumber
        accountName
        accountId
        status
        amounts
        total
      }
      problems {
        row
        column
        message
      }
    }
  }
`;
