import { Field, Int, ObjectType } from 'type-graphql';
import { CsvRowError } from '../../core/csv/row-error.js';

@ObjectType({ description: 'What a chart-of-accounts import did: all of the file, or nothing' })
export class AccountImportResult {
  @Field(() => Int, { description: 'Accounts created (0 when there are errors)' })
  created: number;

  @Field(() => Int, {
    description:
      'Sample rows left out (their first cell starts with "# example", as in the template\'s examples)',
  })
  sampleRowsSkipped: number;

  @Field(() => [CsvRowError], { description: 'When not empty, nothing was imported' })
  errors: CsvRowError[];
}
