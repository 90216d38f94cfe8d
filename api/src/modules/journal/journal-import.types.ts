import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Field, Int, ObjectType } from 'type-graphql';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { CsvImportResult } from '../../core/csv/row-error.js';

@ObjectType({ description: 'One entry of an import file' })
export class JournalImportEntry {
  @Field(() => String)
  reference: string;

  @Field(() => LocalDateScalar, { nullable: true })
  date: string | null;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => Int)
  lineCount: number;

  @Field(() => MoneyScalar, { description: 'Its debits' })
  total: Total;

  @Field(() => Int, { description: 'Line of the file where the entry starts' })
  firstRow: number;
}

@ObjectType({ implements: CsvImportResult })
export class JournalImportResult extends CsvImportResult {
  @Field(() => Boolean, { description: 'True when the entries were posted' })
  committed: boolean;

  @Field(() => Int)
  entryCount: number;

  @Field(() => Int)
  lineCount: number;

  @Field(() => MoneyScalar)
  totalDebit: Total;

  @Field(() => LocalDateScalar, { nullable: true, description: 'The earliest entry date' })
  from: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'The latest entry date' })
  to: string | null;

  @Field(() => [JournalImportEntry], { description: 'The first 20 entries of the file' })
  entries: JournalImportEntry[];
}
