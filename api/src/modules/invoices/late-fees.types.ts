import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';
import { RunPreviewTotals, RunResultTotals } from './invoices.types.js';

@ObjectType()
export class LateFeeCandidate {
  @Field(() => ID)
  invoiceId: string;

  @Field(() => ID)
  unitId: string;

  @Field(() => MoneyScalar)
  overdueBalance: Cents;

  @Field(() => Int)
  daysOverdue: number;

  @Field(() => MoneyScalar)
  fee: Cents;

  @Field(() => MoneyScalar)
  interest: Cents;

  @Field(() => MoneyScalar)
  total: Cents;

  incomeAccountId: string;
  invoiceNumber: number;
  unitNumber: string;
}

@ObjectType()
export class LateFeePreview extends RunPreviewTotals {
  @Field(() => LocalDateScalar)
  asOf: string;

  @Field(() => String)
  period: string;

  @Field(() => [LateFeeCandidate])
  candidates: LateFeeCandidate[];

  @Field(() => Int)
  alreadyAssessed: number;
}

@ObjectType()
export class LateFeeRunResult extends RunResultTotals {
  @Field(() => LocalDateScalar)
  asOf: string;

  @Field(() => String)
  period: string;
}
