import { IsIn, IsOptional, Max, Min } from 'class-validator';
import { Field, Float, ID, InputType } from 'type-graphql';
import { type Cents, MoneyScalar } from '../../core/money/money.js';
import { FeePolicy, OnlinePaymentStatus } from './online-payments.types.js';

// The most an owner pays online at once ($50,000.00): above a few years of assessments, below
// what a card or an ACH debit of a household is good for.
export const MAX_ONLINE_PAYMENT = 5_000_000;

@InputType()
export class OnlinePaymentsSettingsInput {
  @Field(() => FeePolicy)
  feePolicy: FeePolicy;

  @Field(() => Float, { description: 'In percent, 0 to 3, at most two decimals' })
  @Min(0, { message: 'The surcharge cannot be negative' })
  @Max(3, { message: 'Card networks cap a surcharge at 3%' })
  cardSurchargePercent: number;

  @Field(() => MoneyScalar)
  @Min(0, { message: 'The fee cannot be negative' })
  @Max(2500, { message: 'At most 25.00' })
  achFee: Cents;

  @Field(() => MoneyScalar)
  @Min(0, { message: 'The fee cannot be negative' })
  @Max(10000, { message: 'At most 100.00' })
  returnedPaymentFee: Cents;

  @Field(() => Boolean)
  autopayAllowed: boolean;

  @Field(() => ID, {
    nullable: true,
    description: "Omitted or null: the receivables settings' deposit account",
  })
  payoutAccountId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Omitted or null: as it is (or created)' })
  feeAccountId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Omitted or null: as it is (or created)' })
  feeIncomeAccountId?: string | null;
}

@InputType()
export class OnlinePaymentFilter {
  @Field(() => ID, { nullable: true })
  unitId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'open | processing | succeeded | failed | returned | expired',
  })
  @IsOptional()
  @IsIn(Object.values(OnlinePaymentStatus), {
    message: 'One of open, processing, succeeded, failed, returned, expired',
  })
  status?: string | null;
}
