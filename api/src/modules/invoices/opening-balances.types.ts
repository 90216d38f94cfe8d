import { Field, ID, Int, ObjectType } from 'type-graphql';
import { CsvRowError } from '../../core/csv/row-error.js';

@ObjectType({
  description:
    "A unit's opening balance: an invoice of kind OPENING_BALANCE for an amount owed, or a payment of method OPENING_CREDIT for a credit",
})
export class UnitOpeningBalance {
  @Field(() => ID)
  unitId: string;

  @Field(() => ID, { nullable: true })
  invoiceId: string | null;

  @Field(() => ID, { nullable: true })
  paymentId: string | null;
}

@ObjectType()
export class OpeningBalanceImportResult {
  @Field(() => Int)
  created: number;

  @Field(() => Int, {
    description:
      'Sample rows left out (their first cell starts with "# example", as in the template\'s examples)',
  })
  sampleRowsSkipped: number;

  @Field(() => [CsvRowError], { description: 'When not empty, nothing was imported' })
  errors: CsvRowError[];
}
