import { IsOptional, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { Field, Float, ID, InputType, Int } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';
import { AtMost, Filled } from '../../core/validation.js';
import { AssessmentFrequency } from './assessments.types.js';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';

// A percentage from 0 to 100 with at most two decimals (stored as basis points).
const isPercent = (v: unknown): v is number =>
  typeof v === 'number' &&
  Number.isFinite(v) &&
  v >= 0 &&
  v <= 100 &&
  Math.abs(Math.round(v * 100) - v * 100) <= 1e-6;

function IsPercent() {
  return ValidateBy({
    name: 'isPercent',
    validator: {
      validate: isPercent,
      defaultMessage: () => 'Use a percentage from 0 to 100 with at most two decimals',
    },
  });
}

@InputType()
export class AssessmentRateInput {
  @Field(() => ID)
  propertyTypeId: string;

  @Field(() => MoneyScalar)
  @Min(0, { message: 'Rates cannot be negative' })
  regular: Cents;

  @Field(() => MoneyScalar)
  @Min(0, { message: 'Rates cannot be negative' })
  special: Cents;
}

@InputType()
export class LateFeePolicyInput {
  @Field(() => Int)
  @Min(0, { message: 'Use 0 to 365 days' })
  @Max(365, { message: 'Use 0 to 365 days' })
  graceDays: number;

  @Field(() => MoneyScalar)
  @Min(0, { message: 'The fee cannot be negative' })
  flatFee: Cents;

  @Field(() => Float)
  @IsPercent()
  percent: number;

  @Field(() => Float)
  @IsPercent()
  monthlyInterestPercent: number;

  @Field(() => ID)
  incomeAccountId: string;
}

@InputType()
export class AssessmentGroupInput {
  @Field(() => String)
  @Filled('Enter a name')
  @AtMost(L.assessment_groups.name)
  name: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.assessment_groups.description, {
    message: `At most ${L.assessment_groups.description} characters`,
  })
  description?: string | null;

  @Field(() => AssessmentFrequency)
  frequency: AssessmentFrequency;

  @Field(() => Boolean)
  isDefault: boolean;

  @Field(() => Int)
  @Min(1, { message: 'Use a day from 1 to 28' })
  @Max(28, { message: 'Use a day from 1 to 28' })
  dueDay: number;

  @Field(() => ID)
  regularIncomeAccountId: string;

  @Field(() => ID, {
    nullable: true,
    description:
      'Needed once a rate has a special amount; without one, special income (none) would go to the regular income account',
  })
  @IsOptional()
  specialIncomeAccountId?: string | null;

  @Field(() => [AssessmentRateInput])
  rates: AssessmentRateInput[];

  @Field(() => LateFeePolicyInput, { nullable: true })
  @IsOptional()
  lateFee?: LateFeePolicyInput | null;
}

@InputType()
export class ReceivablesSettingsInput {
  @Field(() => ID)
  receivableAccountId: string;

  @Field(() => ID, { nullable: true })
  depositAccountId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Omitted: unchanged' })
  prepaidAccountId?: string | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'Undeposited Funds (an operating asset account with no postings but payments). Omitted: unchanged; null: payments go to the default deposit account again',
  })
  undepositedAccountId?: string | null;
}
