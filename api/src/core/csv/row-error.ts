import { Field, Int, ObjectType } from 'type-graphql';

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
