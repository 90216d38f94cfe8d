import { IsOptional, IsPositive, Matches, MaxLength, MinLength } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { type Cents, MoneyScalar } from '../../core/money/money.js';
import { FundType } from '../accounts/index.js';
import { Compounding, InvestmentKind, InvestmentStatus } from './investments.types.js';
import { TENANT_TEXT_LIMITS } from '@covenant/shared/text-limits';

// An APY in percent with up to three decimals, below 100 %.
const APY = /^\d{1,2}(\.\d{1,3})?$/;
const APY_MESSAGE = 'Enter the APY in percent, like 4.25';
const { notes: NOTES, institution: INSTITUTION } = TENANT_TEXT_LIMITS.investments;

@InputType()
export class InvestmentFilter {
  @Field(() => InvestmentStatus, { nullable: true })
  status?: InvestmentStatus | null;

  @Field(() => FundType, { nullable: true })
  fundType?: FundType | null;
}

@InputType({ description: 'A new investment bought with cash: Dr holding account, Cr cash' })
export class PurchaseInvestmentInput {
  @Field(() => InvestmentKind)
  kind: InvestmentKind;

  @Field(() => String)
  @MinLength(1, { message: 'Name the bank or broker' })
  @MaxLength(INSTITUTION, { message: `At most ${INSTITUTION} characters` })
  institution: string;

  @Field(() => ID, {
    description:
      'The asset account that holds it: an investment account already, or one without postings (it becomes a control account kept by investments)',
  })
  accountId: string;

  @Field(() => ID, { description: 'The cash account the money comes from (same fund)' })
  cashAccountId: string;

  @Field(() => MoneyScalar)
  @IsPositive({ message: 'The principal must be positive' })
  principal: Cents;

  @Field(() => String, { description: 'APY in percent, e.g. "4.25"' })
  @Matches(APY, { message: APY_MESSAGE })
  apy: string;

  @Field(() => LocalDateScalar)
  purchaseDate: string;

  @Field(() => LocalDateScalar, { nullable: true, description: 'Required for CDs and treasuries' })
  maturityDate?: string | null;

  @Field(() => Compounding, { nullable: true, description: 'Omitted: MONTHLY' })
  compounding?: Compounding | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(NOTES, { message: `At most ${NOTES} characters` })
  notes?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The planned (draft) investment this purchase buys: marked purchased with it',
  })
  plannedInvestmentId?: string | null;
}

@InputType({
  description:
    'Interest credited: reinvested (Dr holding account) or paid out (Dr cash), Cr interest income',
})
export class RecordInvestmentInterestInput {
  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => MoneyScalar)
  @IsPositive({ message: 'The interest must be positive' })
  amount: Cents;

  @Field(() => Boolean, { description: 'Added to the investment (true) or paid into cash' })
  reinvested: boolean;

  @Field(() => ID, { nullable: true, description: 'Where paid-out interest went' })
  cashAccountId?: string | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'Omitted: the first account of the fund whose forecastRole is INTEREST_INCOME (by number)',
  })
  interestIncomeAccountId?: string | null;
}

@InputType({ description: 'The new investment the proceeds of a maturity become' })
export class RolloverInput {
  @Field(() => InvestmentKind, { nullable: true, description: 'Omitted: the same kind' })
  kind?: InvestmentKind | null;

  @Field(() => String, { nullable: true, description: 'Omitted: the same institution' })
  @IsOptional()
  @MinLength(1, { message: 'Name the bank or broker' })
  @MaxLength(INSTITUTION, { message: `At most ${INSTITUTION} characters` })
  institution?: string | null;

  @Field(() => ID, { nullable: true, description: 'Omitted: the same holding account' })
  accountId?: string | null;

  @Field(() => String)
  @Matches(APY, { message: APY_MESSAGE })
  apy: string;

  @Field(() => LocalDateScalar)
  maturityDate: string;

  @Field(() => Compounding, { nullable: true, description: 'Omitted: the same compounding' })
  compounding?: Compounding | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(NOTES, { message: `At most ${NOTES} characters` })
  notes?: string | null;
}

@InputType({
  description:
    'A CD or treasury reaching maturity: Dr cash the proceeds, Cr holding account its balance, Cr interest income the rest; or rolled over into a new investment',
})
export class MatureInvestmentInput {
  @Field(() => LocalDateScalar, { nullable: true, description: 'Omitted: the maturity date' })
  date?: string | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description:
      'Interest not yet recorded that the maturity pays; omitted: the interest of the term less what is recorded',
  })
  interest?: Cents | null;

  @Field(() => ID, { nullable: true, description: 'Where the proceeds go; not with a rollover' })
  cashAccountId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Omitted: as for recordInvestmentInterest' })
  interestIncomeAccountId?: string | null;

  @Field(() => RolloverInput, { nullable: true, description: 'Roll the proceeds over instead' })
  rollover?: RolloverInput | null;
}

@InputType({
  description:
    'Taken out before maturity (or a money market or savings account closed): Dr cash the proceeds, Cr holding account its balance; interest income takes the interest credited less the early-withdrawal penalty',
})
export class RedeemInvestmentInput {
  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => ID)
  cashAccountId: string;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'Interest the bank credited at redemption, not yet recorded; omitted: 0',
  })
  interest?: Cents | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'Early-withdrawal penalty; omitted: 0' })
  penalty?: Cents | null;

  @Field(() => ID, { nullable: true, description: 'Omitted: as for recordInvestmentInterest' })
  interestIncomeAccountId?: string | null;
}

@InputType({ description: 'What can change after the purchase: nothing the ledger carries' })
export class UpdateInvestmentInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MinLength(1, { message: 'Name the bank or broker' })
  @MaxLength(INSTITUTION, { message: `At most ${INSTITUTION} characters` })
  institution?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(NOTES, { message: `At most ${NOTES} characters` })
  notes?: string | null;
}
