import { LocalDateScalar } from '../../core/graphql/local-date.js';
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

  @Field(() => MoneyScalar, {
    description:
      "Unapplied payments (negative): owners' credit, held in Prepaid Assessments and not part of the total",
  })
  credit: Total;

  @Field(() => MoneyScalar, { description: 'Owed: the sum of the aged buckets' })
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
  @Field(() => LocalDateScalar)
  asOf: string;

  @Field(() => [AgingRow])
  rows: AgingRow[];

  @Field(() => AgingBuckets)
  totals: AgingBuckets;

  @Field(() => ID)
  receivableAccountId: string;

  @Field(() => MoneyScalar, {
    description: 'Ledger balance of the receivable account as of the date (equals totals.total)',
  })
  receivableBalance: Total;

  @Field(() => ID)
  prepaidAccountId: string;

  @Field(() => MoneyScalar, {
    description:
      'Ledger balance of Prepaid Assessments as of the date (a liability, positive; equals −totals.credit)',
  })
  prepaidBalance: Total;
}
