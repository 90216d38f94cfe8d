import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MoneyScalar, type Cents, type Total } from '../../core/money/money.js';

export enum AssessmentFrequency {
  MONTHLY = 'monthly',
  QUARTERLY = 'quarterly',
  ANNUAL = 'annual',
}
registerEnumType(AssessmentFrequency, { name: 'AssessmentFrequency' });

export const PERIODS_PER_YEAR: Record<AssessmentFrequency, number> = {
  [AssessmentFrequency.MONTHLY]: 12,
  [AssessmentFrequency.QUARTERLY]: 4,
  [AssessmentFrequency.ANNUAL]: 1,
};

// A rate per billing period as a monthly amount: monthly ×1, quarterly ÷3, annual ÷12, rounded
// half up to the cent (rates are never negative). Projections use these rounded figures.
export function monthlyEquivalent(rate: Cents, frequency: AssessmentFrequency): Cents {
  const months = 12 / PERIODS_PER_YEAR[frequency];
  return Math.floor((2 * rate + months) / (2 * months));
}

@ObjectType({
  description: 'A kind of property (single family, townhome, condo…), defined by the association',
})
export class PropertyType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => Int)
  unitCount: number;
}

@ObjectType()
export class AssessmentRate {
  @Field(() => ID)
  propertyTypeId: string;

  @Field(() => MoneyScalar, { description: 'Regular assessment per billing period' })
  regular: Cents;

  @Field(() => MoneyScalar, { description: 'Special assessment per billing period' })
  special: Cents;

  @Field(() => MoneyScalar, {
    description: 'Monthly equivalent of the regular rate (half up to the cent)',
  })
  regularMonthly: Cents;

  @Field(() => MoneyScalar)
  specialMonthly: Cents;

  @Field(() => Int, { description: 'Units of the group with this property type' })
  unitCount: number;

  @Field(() => MoneyScalar, { description: 'unitCount × (regularMonthly + specialMonthly)' })
  projectedMonthly: Total;

  @Field(() => MoneyScalar, { description: 'unitCount × (regular + special) × periods per year' })
  projectedAnnual: Total;
}

@ObjectType()
export class LateFeePolicy {
  @Field(() => Int)
  graceDays: number;

  @Field(() => MoneyScalar)
  flatFee: Cents;

  @Field(() => Float, { description: 'Percent of the overdue balance' })
  percent: number;

  @Field(() => Float, { description: 'Percent per month on the overdue balance' })
  monthlyInterestPercent: number;

  @Field(() => ID)
  incomeAccountId: string;
}

@ObjectType()
export class AssessmentGroup {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { nullable: true })
  description: string | null;

  @Field(() => AssessmentFrequency)
  frequency: AssessmentFrequency;

  @Field(() => Boolean)
  isDefault: boolean;

  @Field(() => Int, { description: "Day of the period's first month that invoices fall due" })
  dueDay: number;

  @Field(() => ID)
  regularIncomeAccountId: string;

  @Field(() => ID)
  specialIncomeAccountId: string;

  @Field(() => [AssessmentRate])
  rates: AssessmentRate[];

  @Field(() => LateFeePolicy, { nullable: true })
  lateFee: LateFeePolicy | null;

  @Field(() => Int)
  unitCount: number;

  @Field(() => MoneyScalar)
  projectedMonthlyIncome: Total;

  @Field(() => MoneyScalar)
  projectedAnnualIncome: Total;

  @Field(() => Date)
  createdAt: Date;
}

@ObjectType()
export class AssessmentProjection {
  @Field(() => MoneyScalar)
  monthly: Total;

  @Field(() => MoneyScalar)
  annual: Total;

  @Field(() => Int)
  unitCount: number;

  @Field(() => [AssessmentGroup])
  groups: AssessmentGroup[];
}

@ObjectType()
export class ReceivablesSettings {
  @Field(() => ID)
  receivableAccountId: string;

  @Field(() => ID, { nullable: true })
  depositAccountId: string | null;

  @Field(() => ID, {
    description:
      "Prepaid Assessments: owners' credit (what payments left over) until it pays an invoice",
  })
  prepaidAccountId: string;

  @Field(() => ID, {
    nullable: true,
    description:
      'Undeposited Funds: payments recorded without a deposit account wait here until a deposit carries them to the bank; null: they go to the default deposit account',
  })
  undepositedAccountId: string | null;
}
