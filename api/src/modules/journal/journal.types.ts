import { GraphQLLocalDate } from 'graphql-scalars';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';

export enum EntrySource {
  MANUAL = 'manual',
  OPENING_BALANCE = 'opening_balance',
  MONTHLY_ACTUALS = 'monthly_actuals',
  INVOICE = 'invoice',
  PAYMENT = 'payment',
  REVERSAL = 'reversal',
  LATE_FEE = 'late_fee',
  IMPORT = 'import',
}
registerEnumType(EntrySource, { name: 'EntrySource' });

@ObjectType()
export class JournalLine {
  @Field(() => ID)
  id: string;

  @Field(() => Int)
  lineNo: number;

  @Field(() => ID)
  accountId: string;

  @Field(() => MoneyScalar)
  debit: Cents;

  @Field(() => MoneyScalar)
  credit: Cents;

  @Field(() => String, { nullable: true })
  memo: string | null;

  entryId: string;
}

@ObjectType({ description: 'A posted, balanced, immutable journal entry' })
export class JournalEntry {
  @Field(() => ID)
  id: string;

  @Field(() => Int, { description: 'Sequential number, shown as JE-1042' })
  number: number;

  @Field(() => GraphQLLocalDate)
  date: string;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => EntrySource)
  source: EntrySource;

  @Field(() => Boolean, { description: 'Set on entries generated from monthly actuals' })
  reconciled: boolean;

  @Field(() => ID, { nullable: true })
  vendorId: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'For an imported entry, its reference in the file (and the system it came from)',
  })
  importReference: string | null;

  @Field(() => ID, { nullable: true, description: 'The entry this one reverses' })
  reversesId: string | null;

  @Field(() => ID, { nullable: true, description: 'The reversal of this entry, if any' })
  reversedById: string | null;

  @Field(() => MoneyScalar, { description: 'Sum of debits (= sum of credits)' })
  total: Cents;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => [JournalLine])
  lines: JournalLine[];
}
