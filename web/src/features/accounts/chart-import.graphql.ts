import { graphql, type ResultOf } from '@/graphql';
import { CSV_RECORDS_IMPORT_FIELDS } from '@/apollo/csv-import.graphql';

// Bringing a chart of accounts: the CSV import and its template, and the standard HOA chart a
// new association may start with (the setup wizard's first step offers both).

export const ACCOUNT_IMPORT_TEMPLATE_QUERY = graphql(`
  query AccountImportTemplate {
    accountImportTemplate
  }
`);

export const IMPORT_ACCOUNTS_MUTATION = graphql(
  `
    mutation ImportAccounts($file: Upload!, $date: LocalDate) {
      importAccounts(file: $file, date: $date) {
        ...CsvRecordsImportFields
      }
    }
  `,
  [CSV_RECORDS_IMPORT_FIELDS],
);

export type AccountImportResult = ResultOf<typeof IMPORT_ACCOUNTS_MUTATION>['importAccounts'];

export const STANDARD_CHART_QUERY = graphql(`
  query StandardChartOfAccounts {
    standardChartOfAccounts {
      number
      name
      type
      fundType
      keptBy
    }
  }
`);

export type StandardChartAccount = ResultOf<
  typeof STANDARD_CHART_QUERY
>['standardChartOfAccounts'][number];

export const ADD_STANDARD_CHART_MUTATION = graphql(`
  mutation AddStandardChart {
    addStandardChart {
      created {
        id
        number
        name
      }
      skipped {
        number
        name
        reason
      }
    }
  }
`);

export const SET_ACCOUNT_OPENING_BALANCE_MUTATION = graphql(`
  mutation SetAccountOpeningBalance(
    $accountId: ID!
    $amount: Money!
    $date: LocalDate!
    $name: String
  ) {
    setAccountOpeningBalance(accountId: $accountId, amount: $amount, date: $date, name: $name) {
      id
      number
      name
    }
  }
`);
