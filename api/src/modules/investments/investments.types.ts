import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { FundType } from '../accounts/index.js';

export enum InvestmentKind {
  CD = 'cd',
  TREASURY = 'treasury',
  MONEY_MARKET = 'money_market',
  SAVINGS = 'savings',
}
registerEnumType(InvestmentKind, { name: 'InvestmentKind' });

// Kinds with a maturity date; the others are redeemed when the money is taken out.
export const MATURING_KINDS = [InvestmentKind.CD, InvestmentKind.TREASURY];

// Where an investment is, or would be, held: its fund, kind and institution. The fields every type
// naming one shares (the planner's holdings, a scenario's planned investments and their input),
// which extend it; no field returns it, so the schema holds only those types, not it.
@ObjectType('InvestmentPlacement')
@InputType('InvestmentPlacementInput')
export abstract class InvestmentPlacement {
  @Field(() => FundType)
  fund: FundType;

  @Field(() => InvestmentKind)
  kind: InvestmentKind;

  @Field(() => String)
  institution: string;
}

export enum Compounding {
  DAILY = 'daily',
  MONTHLY = 'monthly',
  QUARTERLY = 'quarterly',
  ANNUALLY = 'annually',
  // Interest paid at maturity without compounding.
  SIMPLE = 'simple',
}
registerEnumType(Compounding, {
  name: 'Compounding',
  description:
    'How the bank credits interest. The APY already includes compounding, so DAILY to ANNUALLY earn P·((1+APY)^(days/365) − 1); SIMPLE (interest at maturity) earns P·APY·days/365',
});

export enum InvestmentStatus {
  ACTIVE = 'active',
  MATURED = 'matured',
  REDEEMED = 'redeemed',
  ROLLED_OVER = 'rolled_over',
}
registerEnumType(InvestmentStatus, { name: 'InvestmentStatus' });

export enum InvestmentEntryKind {
  PURCHASE = 'purchase',
  INTEREST = 'interest',
  MATURITY = 'maturity',
  REDEMPTION = 'redemption',
}
registerEnumType(InvestmentEntryKind, { name: 'InvestmentEntryKind' });

@ObjectType({ description: 'A journal entry an action on the investment posted' })
export class InvestmentEntry {
  @Field(() => ID)
  entryId: string;

  @Field(() => Int, { description: 'Shown as JE-<number>' })
  entryNumber: number;

  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => InvestmentEntryKind)
  kind: InvestmentEntryKind;

  @Field(() => MoneyScalar, {
    description: "What the entry did to the investment's carrying amount (negative: taken out)",
  })
  holding: Total;

  @Field(() => MoneyScalar, { description: 'Interest income it recorded, net of any penalty' })
  interest: Total;

  @Field(() => MoneyScalar, { description: 'Cash in (positive) or out (negative)' })
  cash: Total;
}

@ObjectType({
  description: 'A CD, treasury, money market or savings account the association holds',
})
export class Investment {
  @Field(() => ID)
  id: string;

  @Field(() => InvestmentKind)
  kind: InvestmentKind;

  @Field(() => String)
  institution: string;

  @Field(() => ID, { description: 'The asset account that holds it (a control account)' })
  accountId: string;

  @Field(() => String)
  accountNumber: string;

  @Field(() => String)
  accountName: string;

  @Field(() => FundType, { description: "The holding account's fund" })
  fundType: FundType;

  @Field(() => MoneyScalar)
  principal: Total;

  @Field(() => String, { description: 'Annual percentage yield in percent, e.g. "4.25"' })
  apy: string;

  @Field(() => LocalDateScalar)
  purchaseDate: string;

  @Field(() => LocalDateScalar, { nullable: true, description: 'None for money market, savings' })
  maturityDate: string | null;

  @Field(() => Compounding)
  compounding: Compounding;

  @Field(() => InvestmentStatus)
  status: InvestmentStatus;

  @Field(() => LocalDateScalar, { nullable: true, description: 'When it matured or was redeemed' })
  closedOn: string | null;

  @Field(() => ID, { nullable: true, description: 'The investment it was rolled over into' })
  rolledIntoId: string | null;

  @Field(() => ID, { nullable: true, description: 'The investment rolled over into this one' })
  rolledFromId: string | null;

  @Field(() => String, { nullable: true })
  notes: string | null;

  @Field(() => MoneyScalar, {
    description:
      'Carrying amount: principal plus reinvested interest recorded, less what was taken out (the share of the holding account)',
  })
  balance: Total;

  @Field(() => MoneyScalar, {
    description:
      "Interest earned from the purchase to the association's today (or the maturity or close date, if earlier), at the APY",
  })
  accruedInterest: Total;

  @Field(() => MoneyScalar, { description: 'Interest income recorded in the ledger' })
  interestRecorded: Total;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'Principal plus the interest of the term',
  })
  valueAtMaturity: Total | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Days from today to the maturity date (negative when past); null when closed',
  })
  daysToMaturity: number | null;

  @Field(() => [InvestmentEntry], { description: 'Oldest first' })
  entries: InvestmentEntry[];
}

// What a group of active investments adds up to: by fund, by institution, all of them. The fields
// the three types share, which extend it; no field returns it, so the schema holds only those.
@ObjectType('InvestmentTotals')
export abstract class InvestmentTotals {
  @Field(() => Int)
  count: number;

  @Field(() => MoneyScalar)
  principal: Total;

  @Field(() => MoneyScalar)
  accruedInterest: Total;

  @Field(() => MoneyScalar, { description: 'Principal plus accrued interest' })
  value: Total;
}

@ObjectType()
export class InvestmentFundTotal extends InvestmentTotals {
  @Field(() => FundType)
  fundType: FundType;
}

@ObjectType()
export class InvestmentInstitutionTotal extends InvestmentTotals {
  @Field(() => String)
  institution: string;

  @Field(() => MoneyScalar, {
    description: 'The part FDIC insurance can cover: everything but treasuries',
  })
  depositValue: Total;

  @Field(() => Boolean, {
    description:
      'Deposits at this institution exceed the FDIC limit of $250,000 per institution per ownership category (the association is one category)',
  })
  fdicWarning: boolean;

  @Field(() => MoneyScalar, { description: 'Deposits above the FDIC limit (0 when within it)' })
  uninsured: Total;
}

@ObjectType({ description: 'What matures in one calendar month' })
export class InvestmentLadderMonth {
  @Field(() => LocalDateScalar, { description: 'First day of the month' })
  month: string;

  @Field(() => Int)
  count: number;

  @Field(() => MoneyScalar)
  principal: Total;

  @Field(() => MoneyScalar, { description: 'Value at maturity of what matures in the month' })
  amount: Total;
}

@ObjectType({ description: 'Active investments: totals by fund and institution, maturity ladder' })
export class InvestmentSummary extends InvestmentTotals {
  @Field(() => LocalDateScalar, { description: "The association's today the figures are as of" })
  asOf: string;

  @Field(() => [InvestmentFundTotal], { description: 'OPERATING, then RESERVE (both, always)' })
  byFund: InvestmentFundTotal[];

  @Field(() => [InvestmentInstitutionTotal], { description: 'Largest value first' })
  byInstitution: InvestmentInstitutionTotal[];

  @Field(() => [InvestmentLadderMonth], {
    description:
      'The next 24 months from the month of today, each with what matures in it (a maturity already past but not acted on counts in the first month)',
  })
  ladder: InvestmentLadderMonth[];
}

@ObjectType({ description: 'Active investments maturing within a number of days' })
export class InvestmentsMaturing {
  @Field(() => Int)
  days: number;

  @Field(() => Int)
  count: number;

  @Field(() => MoneyScalar, { description: 'Their value at maturity' })
  total: Total;

  @Field(() => Investment, { nullable: true, description: 'The first to mature' })
  next: Investment | null;
}

export enum PlannedInvestmentStatus {
  DRAFT = 'draft',
  PURCHASED = 'purchased',
  DISCARDED = 'discarded',
}
registerEnumType(PlannedInvestmentStatus, { name: 'PlannedInvestmentStatus' });

@ObjectType({
  description:
    'A draft investment on the plan ("Add to plan" from a recommendation): no money has moved; buying it is an ordinary purchase that names it',
})
export class PlannedInvestment {
  @Field(() => ID)
  id: string;

  @Field(() => FundType)
  fundType: FundType;

  @Field(() => InvestmentKind)
  kind: InvestmentKind;

  @Field(() => String, { nullable: true, description: 'None: any FDIC-insured bank' })
  institution: string | null;

  @Field(() => MoneyScalar)
  amount: Total;

  @Field(() => Int, { nullable: true, description: 'None for money market and savings' })
  termMonths: number | null;

  @Field(() => String, { description: 'The APY the plan assumed, in percent' })
  apy: string;

  @Field(() => String, { nullable: true, description: 'Where it came from, in words' })
  note: string | null;

  @Field(() => ID, { nullable: true, description: 'The recommendation it came from' })
  recommendationId: string | null;

  @Field(() => PlannedInvestmentStatus)
  status: PlannedInvestmentStatus;

  @Field(() => ID, { nullable: true, description: 'The investment it became when bought' })
  investmentId: string | null;

  @Field(() => Date)
  createdAt: Date;
}
