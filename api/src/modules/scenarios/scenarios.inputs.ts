import { Field, ID, InputType, Int } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { type Cents, MoneyScalar } from '../../core/money/money.js';
import { FundType } from '../accounts/index.js';
import { InvestmentPlacement } from '../investments/index.js';

// The assumptions arrive in the shape they are stored in; scenarios.service.ts checks every
// field (months, percentages, amounts, terms, ids) and answers with per-field details such as
// `assumptions.assessmentChanges.0.percent`, so the rules live in one place for the API, the
// demo and any other caller.

@InputType()
export class ScenarioAssessmentChangeInput {
  @Field(() => String, { description: '"2027-01"' })
  fromMonth: string;

  @Field(() => String, { description: 'Percent, −50 to 100, up to two decimals: "3.5", "-10"' })
  percent: string;
}

@InputType()
export class ScenarioSpecialAssessmentInput {
  @Field(() => String, { description: '"2027-03"' })
  month: string;

  @Field(() => FundType)
  fund: FundType;

  @Field(() => MoneyScalar, { description: 'The total for the association' })
  amount: Cents;
}

@InputType()
export class ScenarioProjectMoveInput {
  @Field(() => ID)
  projectId: string;

  @Field(() => Int, { nullable: true, description: 'A fiscal year; null = Future' })
  targetYear?: number | null;
}

@InputType()
export class ScenarioPlannedInvestmentInput extends InvestmentPlacement {
  @Field(() => ID, {
    nullable: true,
    description: "An existing plan's id (kept); omitted for a new one (the server assigns it)",
  })
  id?: string | null;

  @Field(() => MoneyScalar)
  amount: Cents;

  @Field(() => Int, { nullable: true, description: '1 to 120; null for money market, savings' })
  termMonths?: number | null;

  @Field(() => String, { description: 'APY in percent, e.g. "4.25"' })
  apy: string;

  @Field(() => String, { description: 'The month it is bought, "2026-09"' })
  month: string;
}

@InputType()
export class ScenarioAssumptionsInput {
  @Field(() => [ScenarioAssessmentChangeInput], { nullable: true })
  assessmentChanges?: ScenarioAssessmentChangeInput[] | null;

  @Field(() => [ScenarioSpecialAssessmentInput], { nullable: true })
  specialAssessments?: ScenarioSpecialAssessmentInput[] | null;

  @Field(() => [ScenarioProjectMoveInput], { nullable: true })
  projectMoves?: ScenarioProjectMoveInput[] | null;

  @Field(() => [ScenarioPlannedInvestmentInput], { nullable: true })
  plannedInvestments?: ScenarioPlannedInvestmentInput[] | null;

  @Field(() => [ID], { nullable: true })
  excludedInvestmentIds?: string[] | null;

  @Field(() => String, { nullable: true, description: 'Percent a year, 0 to 20: "3", "2.5"' })
  inflationPercent?: string | null;
}

@InputType({ description: 'A scenario: its name (unique) and assumptions' })
export class ScenarioInput {
  @Field(() => String, { description: '1 to 80 characters' })
  name: string;

  @Field(() => ScenarioAssumptionsInput, { nullable: true, description: 'Omitted: none' })
  assumptions?: ScenarioAssumptionsInput | null;
}

@InputType({ description: 'How a planned investment is bought for real' })
export class ExecuteScenarioInvestmentInput {
  @Field(() => ID, { description: 'The holding account (as for purchaseInvestment)' })
  accountId: string;

  @Field(() => ID, { description: "The cash account the money comes from (the plan's fund)" })
  cashAccountId: string;

  @Field(() => LocalDateScalar, { description: 'Not after today' })
  purchaseDate: string;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description: "Omitted for a CD or treasury: the purchase date + the plan's term",
  })
  maturityDate?: string | null;

  @Field(() => String, { nullable: true, description: "Omitted: the plan's institution" })
  institution?: string | null;
}
