import { Field, ID, Int, ObjectType } from 'type-graphql';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { FundType } from '../accounts/index.js';
import { InvestmentPlacement } from '../investments/index.js';

@ObjectType({ description: 'Assessment rates changed by a percentage from a month on' })
export class ScenarioAssessmentChange {
  @Field(() => String, { description: 'The first month it applies to, "2027-01"' })
  fromMonth: string;

  @Field(() => String, { description: 'Percent, −50 to 100 with up to two decimals, e.g. "3.5"' })
  percent: string;
}

@ObjectType({ description: 'A special assessment: its total for the association, in one month' })
export class ScenarioSpecialAssessment {
  @Field(() => String, { description: '"2027-03"' })
  month: string;

  @Field(() => FundType)
  fund: FundType;

  @Field(() => MoneyScalar)
  amount: Total;
}

@ObjectType({ description: 'A capital project moved to another fiscal year (null: Future)' })
export class ScenarioProjectMove {
  @Field(() => ID)
  projectId: string;

  @Field(() => Int, { nullable: true })
  targetYear: number | null;
}

@ObjectType({ description: 'An investment the scenario buys in a month with cash of a fund' })
export class ScenarioPlannedInvestment extends InvestmentPlacement {
  @Field(() => ID, { description: 'Assigned by the server' })
  id: string;

  @Field(() => MoneyScalar)
  amount: Total;

  @Field(() => Int, {
    nullable: true,
    description: '1 to 120 for CDs and treasuries; null for money market and savings',
  })
  termMonths: number | null;

  @Field(() => String, { description: 'APY in percent, e.g. "4.25"' })
  apy: string;

  @Field(() => String, { description: 'The month it is bought, "2026-09"' })
  month: string;

  @Field(() => ID, {
    nullable: true,
    description:
      'The real investment it became (executeScenarioInvestment); the projection then leaves the plan out, as the books hold it',
  })
  executedInvestmentId: string | null;
}

@ObjectType({ description: "What a scenario changes in today's books" })
export class ScenarioAssumptions {
  @Field(() => [ScenarioAssessmentChange])
  assessmentChanges: ScenarioAssessmentChange[];

  @Field(() => [ScenarioSpecialAssessment])
  specialAssessments: ScenarioSpecialAssessment[];

  @Field(() => [ScenarioProjectMove])
  projectMoves: ScenarioProjectMove[];

  @Field(() => [ScenarioPlannedInvestment])
  plannedInvestments: ScenarioPlannedInvestment[];

  @Field(() => [ID], {
    description:
      'Active investments treated as cashed out today: their expected proceeds return in the first month',
  })
  excludedInvestmentIds: string[];

  @Field(() => String, {
    nullable: true,
    description:
      'Yearly inflation in percent (0 to 20) on budgeted expenses and capital project costs, from the second fiscal year on',
  })
  inflationPercent: string | null;
}

@ObjectType({ description: 'A saved, named what-if scenario' })
export class Scenario {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => ScenarioAssumptions)
  assumptions: ScenarioAssumptions;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date)
  updatedAt: Date;

  @Field(() => String, { nullable: true, description: 'The id of the user who created it' })
  createdBy: string | null;
}

@ObjectType({ description: 'A fiscal year end of a scenario projection' })
export class ScenarioYear {
  @Field(() => Int)
  fiscalYear: number;

  @Field(() => String, { description: 'The last month of the fiscal year, "2026-12"' })
  month: string;

  @Field(() => MoneyScalar, { description: 'Operating cash + operating investments at cost' })
  operatingBalance: Total;

  @Field(() => MoneyScalar, { description: 'Reserve cash + reserve investments at cost' })
  reserveBalance: Total;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: "The reserve study's fully funded balance at the end of that year",
  })
  fullyFundedBalance: Total | null;

  @Field(() => String, {
    nullable: true,
    description: 'Reserve balance ÷ fully funded balance, one decimal; null without a study',
  })
  percentFunded: string | null;
}

@ObjectType({ description: 'One month end of a scenario projection' })
export class ScenarioMonth {
  @Field(() => String, { description: '"2026-03"' })
  month: string;

  @Field(() => MoneyScalar)
  operatingCash: Total;

  @Field(() => MoneyScalar)
  reserveCash: Total;

  @Field(() => MoneyScalar, { description: 'Cash + investments at cost' })
  operatingBalance: Total;

  @Field(() => MoneyScalar, { description: 'Cash + investments at cost' })
  reserveBalance: Total;
}

@ObjectType({ description: 'The lowest month-end balance of a fund and its month' })
export class ScenarioLowest {
  @Field(() => String)
  month: string;

  @Field(() => MoneyScalar)
  balance: Total;
}

@ObjectType({ description: "A scenario's (or today's books') projection" })
export class ScenarioProjection {
  @Field(() => ID, { nullable: true, description: "Null for today's books" })
  scenarioId: string | null;

  @Field(() => String)
  name: string;

  @Field(() => [ScenarioYear], { description: 'The five fiscal year ends in the window' })
  years: ScenarioYear[];

  @Field(() => [ScenarioMonth], { description: 'Sixty month ends' })
  months: ScenarioMonth[];

  @Field(() => ScenarioLowest)
  lowestOperating: ScenarioLowest;

  @Field(() => ScenarioLowest)
  lowestReserve: ScenarioLowest;
}

@ObjectType({ description: "Scenarios side by side with today's books" })
export class ScenarioComparison {
  @Field(() => LocalDateScalar, { description: "The association's today" })
  asOf: string;

  @Field(() => String, { description: 'The first projected month' })
  firstMonth: string;

  @Field(() => ScenarioProjection)
  baseline: ScenarioProjection;

  @Field(() => [ScenarioProjection], { description: 'In the order asked for' })
  scenarios: ScenarioProjection[];
}
