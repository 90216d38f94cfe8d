import { Field, ID, Int, ObjectType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { type Cents, MoneyScalar } from '../../core/money/money.js';
import { OnlinePayment, OnlinePaymentMethod } from '../online-payments/index.js';

@ObjectType({
  description:
    "A unit's AutoPay: the owner's saved card or bank account, charged on each open invoice's due date up to the maximum",
})
export class AutopayEnrollment {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  unitId: string;

  @Field(() => String)
  unitNumber: string;

  @Field(() => String, { nullable: true, description: '"Visa •••• 4242", "Bank •••• 6789"' })
  methodLabel: string | null;

  @Field(() => OnlinePaymentMethod)
  method: OnlinePaymentMethod;

  @Field(() => MoneyScalar, {
    description: 'Never charged above this: a larger amount due is skipped and the owner told',
  })
  maxAmount: Cents;

  @Field(() => String, { description: 'pending | active | canceled' })
  status: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'Due dates from this day on are charged',
  })
  startsOn: string | null;

  @Field(() => String, { nullable: true, description: 'The owner whose payment method it is' })
  ownerEmail: string | null;

  @Field(() => OnlinePayment, { nullable: true, description: 'The latest charge it made' })
  lastCharge: OnlinePayment | null;

  @Field(() => Int, { description: 'Charges that failed or were skipped (above the maximum)' })
  problems: number;

  @Field(() => String, {
    nullable: true,
    description: 'What went wrong the last time a charge failed or was skipped',
  })
  lastProblem: string | null;
}
