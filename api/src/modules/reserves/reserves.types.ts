import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { CsvImportResult, CsvRecordsImportResult } from '../../core/csv/row-error.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';

export enum ReserveCategory {
  ROOFING = 'roofing',
  PAVING = 'paving',
  POOL = 'pool',
  PAINTING = 'painting',
  ELEVATORS = 'elevators',
  FENCING = 'fencing',
  HVAC = 'hvac',
  SIDING = 'siding',
  PLUMBING = 'plumbing',
  ELECTRICAL = 'electrical',
  LIGHTING = 'lighting',
  PLAYGROUND = 'playground',
  SITE = 'site',
  INTERIORS = 'interiors',
  OTHER = 'other',
}
registerEnumType(ReserveCategory, {
  name: 'ReserveCategory',
  description:
    'What a reserve component is: SITE covers grounds (landscaping, signs, mailboxes), INTERIORS the clubhouse finishes',
});

export enum ReserveBand {
  WEAK = 'WEAK',
  FAIR = 'FAIR',
  STRONG = 'STRONG',
}
registerEnumType(ReserveBand, {
  name: 'ReserveBand',
  description: 'Percent funded: WEAK below 30 %, FAIR from 30 % below 70 %, STRONG from 70 %',
});

@ObjectType({ description: 'A common element the reserve fund replaces on a cycle' })
export class ReserveComponent {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => ReserveCategory)
  category: ReserveCategory;

  @Field(() => String, { nullable: true, description: 'A decimal, e.g. "42" or "1250.5"' })
  quantity: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The unit of the quantity: "squares", "sq yd"…',
  })
  unit: string | null;

  @Field(() => Int)
  usefulLifeYears: number;

  @Field(() => Int, {
    description:
      'Years left from the start of the current fiscal year: as entered, or max(0, placed in service + useful life − current fiscal year)',
  })
  remainingLifeYears: number;

  @Field(() => Boolean, { description: 'Remaining life derived from placedInServiceYear' })
  remainingLifeDerived: boolean;

  @Field(() => Int, { nullable: true })
  placedInServiceYear: number | null;

  @Field(() => Int, { description: 'Useful life − remaining life, within 0 … useful life' })
  effectiveAgeYears: number;

  @Field(() => Int, { description: 'The fiscal year of the next replacement' })
  nextReplacementYear: number;

  @Field(() => MoneyScalar)
  currentReplacementCost: Total;

  @Field(() => MoneyScalar, {
    description: 'Cost × effective age ÷ useful life, rounded half-up to the cent',
  })
  fullyFundedBalance: Total;

  @Field(() => ID, { description: 'The reserve-fund asset account it is funded from' })
  accountId: string;

  @Field(() => String, { nullable: true })
  notes: string | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date)
  updatedAt: Date;
}

@ObjectType({
  description: 'Percent funded: the reserve fund balance against the fully funded balance',
})
export class ReserveStudy {
  @Field(() => MoneyScalar, {
    description:
      "The reserve fund's balance on the date (the balance sheet's reserve fund balance total)",
  })
  reserveBalance: Total;

  @Field(() => MoneyScalar, { description: 'Σ fully funded balance of the components' })
  totalFullyFunded: Total;

  @Field(() => MoneyScalar, { description: 'Σ current replacement cost of the components' })
  totalReplacementCost: Total;

  @Field(() => String, {
    nullable: true,
    description:
      'Reserve balance ÷ total fully funded, a percentage with one decimal ("61.4"); null when nothing is to be funded',
  })
  percentFunded: string | null;

  @Field(() => ReserveBand, { nullable: true })
  band: ReserveBand | null;

  @Field(() => Int)
  componentsCount: number;

  @Field(() => String, { description: 'The date the balance is read on' })
  asOf: string;
}

@ObjectType()
export class ReserveReplacement {
  @Field(() => ID)
  componentId: string;

  @Field(() => String)
  name: string;

  @Field(() => MoneyScalar, { description: 'The inflated cost in that year' })
  cost: Total;
}

@ObjectType({ description: 'One fiscal year of the funding projection' })
export class ReserveProjectionYear {
  @Field(() => Int)
  fiscalYear: number;

  @Field(() => MoneyScalar)
  opening: Total;

  @Field(() => MoneyScalar)
  contribution: Total;

  @Field(() => MoneyScalar, { description: 'Opening × interest rate (none on a negative opening)' })
  interest: Total;

  @Field(() => MoneyScalar)
  expenditures: Total;

  @Field(() => MoneyScalar, { description: 'Opening + contribution + interest − expenditures' })
  closing: Total;

  @Field(() => MoneyScalar, { description: 'Fully funded balance at the end of the year' })
  fullyFunded: Total;

  @Field(() => Boolean, { description: 'The year closes below zero' })
  negative: boolean;

  @Field(() => [ReserveReplacement])
  replacements: ReserveReplacement[];
}

@ObjectType()
export class ReserveAssumptions {
  @Field(() => String, { description: 'Annual inflation of replacement costs, percent ("3.00")' })
  inflationRate: string;

  @Field(() => String, { description: 'Annual interest on the opening balance, percent ("1.00")' })
  interestRate: string;

  @Field(() => MoneyScalar, { description: 'The annual contribution the projection uses' })
  annualContribution: Total;

  @Field(() => Boolean, {
    description:
      "True when the contribution is the current fiscal year's budget (the accounts whose forecastRole is RESERVE_CONTRIBUTION)",
  })
  contributionFromBudget: boolean;

  @Field(() => MoneyScalar, {
    description: "The current fiscal year's budgeted reserve contribution",
  })
  budgetedContribution: Total;

  @Field(() => MoneyScalar)
  thresholdFloor: Total;

  @Field(() => MoneyScalar, {
    description: 'Reserve fund balance at the start of the current fiscal year (the ledger)',
  })
  openingBalance: Total;

  @Field(() => String, { description: 'The day the opening balance is read on' })
  openingAsOf: string;
}

@ObjectType({ description: 'A funding goal: the least constant annual contribution that meets it' })
export class ReserveFundingGoal {
  @Field(() => MoneyScalar)
  annualContribution: Total;

  @Field(() => MoneyScalar, { description: 'The lowest closing balance at that contribution' })
  lowestClosing: Total;

  @Field(() => Int, { description: 'The year of that lowest closing' })
  lowestYear: number;

  @Field(() => MoneyScalar, { description: 'The last year’s closing at that contribution' })
  finalClosing: Total;
}

@ObjectType()
export class ReserveFundingGoals {
  @Field(() => ReserveFundingGoal, {
    description: 'Threshold funding: every year closes at or above the threshold floor',
  })
  threshold: ReserveFundingGoal;

  @Field(() => ReserveFundingGoal, {
    description:
      'Full funding: no year closes below zero and the last year closes at or above its fully funded balance',
  })
  fullFunding: ReserveFundingGoal;
}

@ObjectType({ description: '30-year funding projection from the current fiscal year' })
export class ReserveProjection {
  @Field(() => [ReserveProjectionYear])
  years: ReserveProjectionYear[];

  @Field(() => ReserveFundingGoals)
  goals: ReserveFundingGoals;

  @Field(() => ReserveAssumptions)
  assumptions: ReserveAssumptions;

  @Field(() => Int, { description: 'Years that close below zero' })
  negativeYears: number;
}

@ObjectType()
export class ReserveSettings {
  @Field(() => String, { description: 'Percent, e.g. "3.00"' })
  inflationRate: string;

  @Field(() => String, { description: 'Percent, e.g. "1.00"' })
  interestRate: string;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: "Null: the current fiscal year's budgeted reserve contribution",
  })
  annualContribution: Total | null;

  @Field(() => MoneyScalar)
  thresholdFloor: Total;
}

@ObjectType({ implements: [CsvRecordsImportResult, CsvImportResult] })
export class ReserveImportResult extends CsvRecordsImportResult {}
