import { Field, Int, InterfaceType, ObjectType } from 'type-graphql';

// One problem in an imported CSV file, at its line (every import reports problems this way).
@ObjectType()
export class CsvRowError {
  @Field(() => Int, { description: 'Line number in the file (the header is line 1)' })
  row: number;

  @Field(() => String, { nullable: true })
  field: string | null;

  @Field(() => String)
  message: string;
}

// What every CSV import answers (GraphQL interfaces, so a client reads them with one fragment):
// the template's sample rows it left out, and the rows it refused, in which case nothing was written.
@InterfaceType({
  description: 'What a CSV import answers: the sample rows left out and the rows refused',
})
export abstract class CsvImportResult {
  @Field(() => Int, {
    description:
      'Sample rows left out (their first cell starts with "# example", as in the template\'s examples)',
  })
  sampleRowsSkipped: number;

  @Field(() => [CsvRowError], { description: 'When not empty, nothing was imported' })
  errors: CsvRowError[];
}

// An import of records (units, accounts, opening balances, reserve components): all of the file,
// or nothing.
@InterfaceType({
  implements: CsvImportResult,
  description: 'What an all-or-nothing import of records did: all of the file, or nothing',
})
export abstract class CsvRecordsImportResult extends CsvImportResult {
  @Field(() => Int, { description: 'Records created (0 when there are errors)' })
  created: number;
}
