import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { FundType } from '../accounts/index.js';
import { InvestmentKind, InvestmentPlacement } from '../investments/index.js';
import { HealthGrade, RecommendationPriority, RecommendationType } from './ai-planning.planner.js';

registerEnumType(RecommendationType, { name: 'RecommendationType' });
registerEnumType(RecommendationPriority, { name: 'RecommendationPriority' });
registerEnumType(HealthGrade, {
  name: 'HealthGrade',
  description: 'STRONG 80+, FAIR 60+, WEAK 40+, CRITICAL below 40, UNKNOWN without a score',
});

export enum AiRecommendationStatus {
  PENDING = 'pending',
  DONE = 'done',
  FAILED = 'failed',
}
registerEnumType(AiRecommendationStatus, { name: 'AiRecommendationStatus' });

export enum NarrativeSource {
  PLANNER = 'planner',
  PROVIDER = 'provider',
}
registerEnumType(NarrativeSource, {
  name: 'NarrativeSource',
  description:
    "Who wrote the words: the planner's own text, or the configured AI provider (checked against the planner's figures)",
});

@ObjectType({ description: 'A rate the planner may assume for new money' })
export class PlanningRate {
  @Field(() => ID)
  id: string;

  @Field(() => InvestmentKind)
  kind: InvestmentKind;

  @Field(() => Int, { nullable: true, description: 'CDs and treasuries only' })
  termMonths: number | null;

  @Field(() => String, { description: 'APY in percent, "4.25"' })
  apy: string;

  @Field(() => String, { nullable: true, description: 'None: any FDIC-insured bank' })
  institution: string | null;

  @Field(() => Date)
  updatedAt: Date;
}

@ObjectType()
export class PlanRung {
  @Field(() => InvestmentKind)
  kind: InvestmentKind;

  @Field(() => MoneyScalar)
  amount: Total;

  @Field(() => Int)
  termMonths: number;

  @Field(() => String)
  apy: string;

  @Field(() => String, { nullable: true })
  institution: string | null;

  @Field(() => String, { description: 'The month it comes back, "2027-05"' })
  maturityMonth: string;

  @Field(() => MoneyScalar, { description: 'Interest over the term at the APY' })
  interest: Total;
}

@ObjectType({ description: 'One typed recommendation; every figure is the planner’s' })
export class PlanRecommendation {
  @Field(() => String, { description: 'r1, r2, … within its plan' })
  id: string;

  @Field(() => RecommendationType)
  type: RecommendationType;

  @Field(() => RecommendationPriority)
  priority: RecommendationPriority;

  @Field(() => FundType, { nullable: true })
  fund: FundType | null;

  @Field(() => String)
  title: string;

  @Field(() => String)
  summary: string;

  @Field(() => String)
  details: string;

  @Field(() => MoneyScalar, { nullable: true })
  suggestedAmount: Total | null;

  @Field(() => InvestmentKind, { nullable: true })
  kind: InvestmentKind | null;

  @Field(() => Int, { nullable: true })
  termMonths: number | null;

  @Field(() => String, { nullable: true })
  apy: string | null;

  @Field(() => String, { nullable: true })
  institution: string | null;

  @Field(() => ID, { nullable: true, description: 'The holding a maturity or move is about' })
  investmentId: string | null;

  @Field(() => [PlanRung], { description: 'A ladder’s rungs, shortest first' })
  rungs: PlanRung[];

  @Field(() => Boolean, { description: 'Has an investment that "Add to plan" can draft' })
  plannable: boolean;
}

@ObjectType({ description: "A fund's cash position as the planner saw it" })
export class PlanFundPosition {
  @Field(() => FundType)
  fund: FundType;

  @Field(() => MoneyScalar, { description: 'Cash today (cash accounts, not investments)' })
  cash: Total;

  @Field(() => MoneyScalar, { description: 'Average budgeted expense per month, next 12 months' })
  monthlyExpenses: Total;

  @Field(() => MoneyScalar, { description: 'Capital-project spending in the next 12 months' })
  capitalNext12: Total;

  @Field(() => MoneyScalar, { description: '3 × monthly expenses + capital next 12 months' })
  floor: Total;

  @Field(() => MoneyScalar, { description: '3 × monthly expenses: kept through every month' })
  cushion: Total;

  @Field(() => MoneyScalar, { description: 'Cash − floor (negative: short)' })
  aboveFloor: Total;

  @Field(() => MoneyScalar, { description: 'Lowest forecast balance (or cash today)' })
  lowest: Total;

  @Field(() => String)
  lowestMonth: string;

  @Field(() => MoneyScalar, { description: 'What the plan puts to work in this fund' })
  toInvest: Total;
}

@ObjectType({ description: 'A score per fund with how it was made' })
export class FundHealth {
  @Field(() => FundType)
  fund: FundType;

  @Field(() => Int, { nullable: true, description: '0–100; none without the figures' })
  score: number | null;

  @Field(() => HealthGrade)
  grade: HealthGrade;

  @Field(() => String, { nullable: true, description: 'Operating: months of expenses in cash' })
  liquidityMonths: string | null;

  @Field(() => String, { nullable: true, description: 'Reserve: percent funded' })
  percentFunded: string | null;

  @Field(() => Int, { nullable: true, description: 'Up to 70 from liquidity or percent funded' })
  basePoints: number | null;

  @Field(() => Int, { description: '30, 15 or 0 from the 12-month trend' })
  trendPoints: number;

  @Field(() => MoneyScalar, { description: "The forecast's balance in 12 months minus today's" })
  trend: Total;

  @Field(() => String)
  explanation: string;
}

@ObjectType({ description: 'What the planner recommends, with the figures it used' })
export class InvestmentPlan {
  @Field(() => LocalDateScalar)
  asOf: string;

  @Field(() => String)
  overall: string;

  @Field(() => [String])
  riskNotes: string[];

  @Field(() => [PlanFundPosition])
  funds: PlanFundPosition[];

  @Field(() => [FundHealth])
  health: FundHealth[];

  @Field(() => [PlanRecommendation], { description: 'Highest priority first' })
  recommendations: PlanRecommendation[];

  @Field(() => MoneyScalar)
  toInvest: Total;

  @Field(() => MoneyScalar)
  estimatedInterest: Total;
}

@ObjectType({ description: "A fund's forecast as the planner read it" })
export class PlanningInputFund {
  @Field(() => FundType)
  fund: FundType;

  @Field(() => MoneyScalar)
  cash: Total;

  @Field(() => [MoneyScalar], { description: 'Closing balance per forecast month' })
  closings: Total[];

  @Field(() => [MoneyScalar])
  expenses: Total[];

  @Field(() => [MoneyScalar])
  capital: Total[];
}

@ObjectType()
export class PlanningInputHolding extends InvestmentPlacement {
  @Field(() => ID)
  id: string;

  @Field(() => MoneyScalar)
  value: Total;

  @Field(() => MoneyScalar)
  proceeds: Total;

  @Field(() => String)
  apy: string;

  @Field(() => LocalDateScalar, { nullable: true })
  maturityDate: string | null;
}

@ObjectType()
export class PlanningInputRate {
  @Field(() => InvestmentKind)
  kind: InvestmentKind;

  @Field(() => Int, { nullable: true })
  termMonths: number | null;

  @Field(() => String)
  apy: string;

  @Field(() => String, { nullable: true })
  institution: string | null;
}

@ObjectType({ description: 'The snapshot of the figures a recommendation was made from' })
export class PlanningInputs {
  @Field(() => LocalDateScalar)
  asOf: string;

  @Field(() => [String])
  months: string[];

  @Field(() => [PlanningInputFund])
  funds: PlanningInputFund[];

  @Field(() => [PlanningInputHolding])
  holdings: PlanningInputHolding[];

  @Field(() => [PlanningInputRate])
  rates: PlanningInputRate[];

  @Field(() => LocalDateScalar, { nullable: true })
  ratesUpdatedOn: string | null;

  @Field(() => String)
  collectionRate: string;

  @Field(() => String, { nullable: true })
  percentFunded: string | null;
}

@ObjectType({ description: 'One entry of the recommendation log' })
export class AiRecommendation {
  @Field(() => ID)
  id: string;

  @Field(() => AiRecommendationStatus)
  status: AiRecommendationStatus;

  @Field(() => Date)
  requestedAt: Date;

  @Field(() => Date, { nullable: true })
  completedAt: Date | null;

  @Field(() => String, { nullable: true, description: 'Who asked (their email then)' })
  requestedByEmail: string | null;

  @Field(() => String, {
    description: '"planner" without a provider, or the provider endpoint’s host',
  })
  provider: string;

  @Field(() => String, { nullable: true })
  model: string | null;

  @Field(() => NarrativeSource, { nullable: true })
  narrativeSource: NarrativeSource | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why it failed, or why the provider’s words were not used',
  })
  error: string | null;

  @Field(() => Int, { nullable: true, description: 'Milliseconds from request to result' })
  responseMs: number | null;

  @Field(() => PlanningInputs, { nullable: true })
  inputs: PlanningInputs | null;

  @Field(() => InvestmentPlan, { nullable: true })
  plan: InvestmentPlan | null;
}

@ObjectType({ description: 'What the planning page needs before any request' })
export class PlanningSettings {
  @Field(() => Boolean, { description: 'An AI provider is configured' })
  providerConfigured: boolean;

  @Field(() => String, { nullable: true })
  providerModel: string | null;

  @Field(() => [PlanningRate])
  rates: PlanningRate[];

  @Field(() => LocalDateScalar, { nullable: true })
  ratesUpdatedOn: string | null;

  @Field(() => [FundHealth], { description: "Today's fund health from today's books" })
  health: FundHealth[];
}
