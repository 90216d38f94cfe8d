import { GraphQLLocalDate } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { MoneyScalar, type Total } from '../../core/money/money.js';

@ObjectType()
export class AgingBuckets {
  @Field(() => MoneyScalar)
  current: Total;

  @Field(() => MoneyScalar)
  days1to30: Total;

  @Field(() => MoneyScalar)
  days31to60: Total;

  @Field(() => MoneyScalar)
  days61to90: Total;

  @Field(() => MoneyScalar)
  over90: Total;

  @Field(() => MoneyScalar, { description: 'Unapplied payments (negative)' })
  credit: Total;

  @Field(() => MoneyScalar)
  total: Total;
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
  receivableBalance: Total;
}
