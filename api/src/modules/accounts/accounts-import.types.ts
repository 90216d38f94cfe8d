import { ObjectType } from 'type-graphql';
import { CsvImportResult, CsvRecordsImportResult } from '../../core/csv/row-error.js';

@ObjectType({
  implements: [CsvRecordsImportResult, CsvImportResult],
  description: 'What a chart-of-accounts import did: all of the file, or nothing',
})
export class AccountImportResult extends CsvRecordsImportResult {}
