import { IsOptional, Matches, Max, MaxLength, Min } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';
import { TENANT_TEXT_LIMITS } from '@covenant/shared/text-limits';
import { InvestmentKind } from '../investments/index.js';

const INSTITUTION = TENANT_TEXT_LIMITS.planning_rates.institution;

@InputType({ description: 'One row of the rate table' })
export class PlanningRateInput {
  @Field(() => InvestmentKind)
  kind: InvestmentKind;

  @Field(() => Int, { nullable: true, description: 'Months, 1–120; CDs and treasuries only' })
  @IsOptional()
  @Min(1, { message: 'At least 1 month' })
  @Max(120, { message: 'At most 120 months' })
  termMonths?: number | null;

  @Field(() => String, { description: 'APY in percent, "4.25"' })
  @Matches(/^\d{1,2}(\.\d{1,3})?$/, { message: 'Enter the APY in percent, like 4.25' })
  apy: string;

  @Field(() => String, { nullable: true, description: 'Omitted: any FDIC-insured bank' })
  @IsOptional()
  @MaxLength(INSTITUTION, { message: `At most ${INSTITUTION} characters` })
  institution?: string | null;
}
