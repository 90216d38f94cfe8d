import { graphql } from '@/graphql';

/** What every CSV import answers: the template's sample rows left out, and the refused rows. */
export const CSV_IMPORT_FIELDS = graphql(`
  fragment CsvImportFields on CsvImportResult {
    sampleRowsSkipped
    errors {
      row
      field
      message
    }
  }
`);

/** What an all-or-nothing import of records answers (units, accounts, opening balances…). */
export const CSV_RECORDS_IMPORT_FIELDS = graphql(
  `
    fragment CsvRecordsImportFields on CsvRecordsImportResult {
      created
      ...CsvImportFields
    }
  `,
  [CSV_IMPORT_FIELDS],
);
