import { Field, ID, ObjectType } from 'type-graphql';
import { CsvImportResult, CsvRecordsImportResult } from '../../core/csv/row-error.js';

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

@ObjectType({ implements: [CsvRecordsImportResult, CsvImportResult] })
export class OpeningBalanceImportResult extends CsvRecordsImportResult {}
