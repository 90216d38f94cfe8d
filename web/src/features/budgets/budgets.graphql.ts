import { graphql, type ResultOf, type SchemaType } from '@/graphql';

const BUDGET_FIELDS = graphql(`
  fragment BudgetFields on Budget {
    id
    year
    exists
    fiscalYearStartMonth
    months {
      year
      month
      label
    }
    totalIncome
    totalExpense
    totalTransfersIn
    totalTransfersOut
    updatedAt
    lines {
      accountId
      amounts
      total
    }
  }
`);

export type Budget = ResultOf<typeof BUDGET_FIELDS>;
export type BudgetLine = Budget['lines'][number];

export const BUDGET_QUERY = graphql(
  `
    query Budget($year: Int!) {
      budget(year: $year) {
        ...BudgetFields
      }
    }
  `,
  [BUDGET_FIELDS],
);

// Which accounts are interfund transfer accounts: the grid shows them apart from income and
// expense. A query of its own, so the chart's shared account fields stay as they are.
export const BUDGET_TRANSFER_ACCOUNTS_QUERY = graphql(`
  query BudgetTransferAccounts {
    accounts(includeArchived: true) {
      id
      interfundTransfer
    }
  }
`);

export const BUDGET_TEMPLATE_QUERY = graphql(`
  query BudgetTemplate($year: Int!) {
    budgetTemplate(year: $year)
  }
`);

export const SAVE_BUDGET_MUTATION = graphql(
  `
    mutation SaveBudget($input: SaveBudgetInput!) {
      saveBudget(input: $input) {
        ...BudgetFields
      }
    }
  `,
  [BUDGET_FIELDS],
);

export type BudgetImportRowStatus = SchemaType<'BudgetImportRowStatus'>;
export type BudgetImportMapping = SchemaType<'BudgetImportMappingInput'>;

export const IMPORT_BUDGET_MUTATION = graphql(`
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
`);

export type BudgetImport = ResultOf<typeof IMPORT_BUDGET_MUTATION>['importBudget'];
export type BudgetImportRow = BudgetImport['rows'][number];
export type BudgetImportProblem = BudgetImport['problems'][number];
