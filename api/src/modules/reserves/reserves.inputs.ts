import { IsInt, IsOptional, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { type Cents, MoneyScalar } from '../../core/money/money.js';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';
import { ReserveCategory } from './reserves.types.js';

const C = L.reserve_components;
export const QUANTITY = /^\d{1,10}(\.\d{1,2})?$/;
export const QUANTITY_MESSAGE = 'Enter a quantity like 42 or 1250.5';
// A rate in percent with up to two decimals, 0 to 25.
export const RATE = /^(\d{1,2})(\.\d{1,2})?$/;
export const RATE_MESSAGE = 'Enter a percentage from 0 to 25, e.g. 3 or 2.75';

@InputType({
  description:
    'A reserve component: give remainingLifeYears or placedInServiceYear, not both. Editing replaces every field',
})
export class ReserveComponentInput {
  @Field(() => String)
  @Length(1, C.name, { message: `Name must be 1 to ${C.name} characters` })
  name: string;

  @Field(() => ReserveCategory)
  category: ReserveCategory;

  @Field(() => String, { nullable: true, description: 'A decimal, e.g. "42"' })
  @IsOptional()
  @Matches(QUANTITY, { message: QUANTITY_MESSAGE })
  quantity?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(C.unit, { message: `Unit must be at most ${C.unit} characters` })
  unit?: string | null;

  @Field(() => Int)
  @IsInt()
  @Min(1, { message: 'Useful life is 1 to 100 years' })
  @Max(100, { message: 'Useful life is 1 to 100 years' })
  usefulLifeYears: number;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(0, { message: 'Remaining life is 0 to 100 years' })
  @Max(100, { message: 'Remaining life is 0 to 100 years' })
  remainingLifeYears?: number | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(1900, { message: 'Enter a year from 1900 to 2200' })
  @Max(2200, { message: 'Enter a year from 1900 to 2200' })
  placedInServiceYear?: number | null;

  @Field(() => MoneyScalar)
  currentReplacementCost: Cents;

  @Field(() => ID, { description: 'A reserve-fund asset account' })
  accountId: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(C.notes, { message: `Notes must be at most ${C.notes} characters` })
  notes?: string | null;
}

@InputType({
  description:
    'Only the fields given change. annualContribution: null uses the budgeted contribution again',
})
export class ReserveSettingsInput {
  @Field(() => String, { nullable: true, description: 'Percent, e.g. "3" or "2.75"' })
  @IsOptional()
  @Matches(RATE, { message: RATE_MESSAGE })
  inflationRate?: string | null;

  @Field(() => String, { nullable: true, description: 'Percent, e.g. "1.5"' })
  @IsOptional()
  @Matches(RATE, { message: RATE_MESSAGE })
  interestRate?: string | null;

  @Field(() => MoneyScalar, { nullable: true })
  annualContribution?: Cents | null;

  @Field(() => MoneyScalar, { nullable: true })
  thresholdFloor?: Cents | null;
}
