import { GraphQLLocalDate } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';

@ObjectType()
export class AgingBuckets {
  @Field(() => MoneyScalar)
  current: Cents;

  @Field(() => MoneyScalar)
  days1to30: Cents;

  @Field(() => MoneyScalar)
  days31to60: Cents;

  @Field(() => MoneyScalar)
  days61to90: Cents;

  @Field(() => MoneyScalar)
  over90: Cents;

  @Field(() => MoneyScalar, { description: 'Unapplied payments (negative)' })
  credit: Cents;

  @Field(() => MoneyScalar)
  total: Cents;
}

@ObjectType()
export class AgingRow {
  @Field(() => ID)
  unitId: string;

  @Field(() => AgingBuckets)
  buckets: AgingBuckets;
}

@ObjectType()
export class AgingReport {
  @Field(() => GraphQLLocalDate)
  asOf: string;

  @Field(() => [AgingRow])
  rows: AgingRow[];

  @Field(() => AgingBuckets)
  totals: AgingBuckets;

  @Field(() => ID)
  receivableAccountId: string;

  @Field(() => MoneyScalar, {
    description: 'Ledger balance of the receivable account as of the date',
  })
  receivableBalance: Cents;
}
