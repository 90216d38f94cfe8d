import { IsEmail, IsInt, Length, Max, Min } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { MoneyScalar } from '../../core/money/money.js';
import { PlanLevel } from '../admin-organizations/index.js';
import { StartingChart } from '../onboarding/index.js';

export enum SignupMode {
  CHECKOUT = 'CHECKOUT',
  TRIAL = 'TRIAL',
  CLOSED = 'CLOSED',
}
registerEnumType(SignupMode, {
  name: 'SignupMode',
  description:
    'How sign-up works here: CHECKOUT through Stripe, TRIAL without payment (open registration), or CLOSED',
});

export enum BillingInterval {
  MONTHLY = 'monthly',
  ANNUAL = 'annual',
}
registerEnumType(BillingInterval, { name: 'BillingInterval' });

export enum SignupState {
  PENDING_PAYMENT = 'pending_payment',
  PROVISIONING = 'provisioning',
  READY = 'ready',
  FAILED = 'failed',
}
registerEnumType(SignupState, { name: 'SignupState' });

export enum BillingStatus {
  ACTIVE = 'active',
  TRIALING = 'trialing',
  PAST_DUE = 'past_due',
  CANCELED = 'canceled',
}
registerEnumType(BillingStatus, { name: 'BillingStatus' });

@ObjectType({ description: 'A plan of the pricing page' })
export class PricingPlan {
  @Field(() => PlanLevel)
  level: PlanLevel;

  @Field(() => String)
  name: string;

  @Field(() => Int, { nullable: true, description: 'Most units the plan covers; null: unlimited' })
  maxUnits: number | null;

  @Field(() => Boolean)
  aiPlanning: boolean;

  @Field(() => Boolean, { description: 'Sold by contract: no online checkout' })
  contactSales: boolean;

  @Field(() => MoneyScalar, { nullable: true, description: 'Price per month, billed monthly' })
  monthlyPrice: number | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'Price per year, billed annually' })
  annualPrice: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Whole percent saved by paying annually against 12 monthly payments',
  })
  annualSavingsPercent: number | null;
}

@ObjectType()
export class Pricing {
  @Field(() => SignupMode)
  mode: SignupMode;

  @Field(() => Int, { description: 'Days of free trial before the first payment' })
  trialDays: number;

  @Field(() => [PricingPlan])
  plans: PricingPlan[];
}

@InputType({ description: 'A new association signing up from the pricing page' })
export class SignupInput {
  @Field(() => String)
  @Length(1, 200, { message: 'Enter the association name (up to 200 characters)' })
  associationName: string;

  @Field(() => String)
  @Length(1, 120, { message: 'Enter your name (up to 120 characters)' })
  contactName: string;

  @Field(() => String)
  @IsEmail({}, { message: 'Enter a valid email address' })
  email: string;

  @Field(() => Int, { description: 'Homes or units in the association' })
  @IsInt({ message: 'Enter a whole number of units' })
  @Min(1, { message: 'Enter at least 1 unit' })
  @Max(100_000, { message: 'Enter at most 100,000 units' })
  unitCount: number;

  @Field(() => PlanLevel)
  planLevel: PlanLevel;

  @Field(() => BillingInterval)
  interval: BillingInterval;

  @Field(() => StartingChart, {
    nullable: true,
    description: 'The chart of accounts the association starts with; MINIMAL when omitted',
  })
  startingChart?: StartingChart | null;
}

@ObjectType()
export class SignupStarted {
  @Field(() => ID)
  signupId: string;

  @Field(() => String, { description: 'Shown once: signupStatus asks with it' })
  statusKey: string;

  @Field(() => String, {
    nullable: true,
    description: 'Stripe Checkout page to send the browser to (null for a trial without payment)',
  })
  checkoutUrl: string | null;
}

@ObjectType()
export class SignupStatus {
  @Field(() => SignupState)
  state: SignupState;

  @Field(() => String)
  associationName: string;

  @Field(() => String, { description: 'Where the activation email goes' })
  email: string;
}

@ObjectType({ description: "The association's plan and subscription as its members see them" })
export class OrganizationBilling {
  @Field(() => PlanLevel)
  planLevel: PlanLevel;

  @Field(() => String)
  planName: string;

  @Field(() => BillingStatus)
  status: BillingStatus;

  @Field(() => Boolean, {
    description: 'Writes are refused (ORG_READ_ONLY): past-due grace over or trial ended',
  })
  readOnly: boolean;

  @Field(() => Date, { nullable: true, description: 'When writes stop (or stopped)' })
  readOnlyFrom: Date | null;

  @Field(() => LocalDateScalar, { nullable: true })
  renewalDate: string | null;

  @Field(() => Int, { nullable: true, description: 'Most units the plan covers; null: unlimited' })
  maxUnits: number | null;

  @Field(() => Boolean)
  aiPlanning: boolean;

  @Field(() => BillingInterval, { nullable: true, description: 'How it pays; null: by contract' })
  interval: BillingInterval | null;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'When the last payment went through',
  })
  lastPaymentDate: string | null;

  @Field(() => Date, {
    nullable: true,
    description:
      'When the subscription ends: canceled at the end of its period in the billing portal, still running until then',
  })
  cancelAt: Date | null;

  @Field(() => Boolean, {
    description:
      "Managed online in Stripe's billing portal (createBillingPortalSession); false: billed by contract or no payment processor on this server",
  })
  portalAvailable: boolean;
}

@ObjectType({ description: "A short-lived session of Stripe's billing portal" })
export class BillingPortalSession {
  @Field(() => String, {
    description: 'Where to send the browser: plan, card, invoices and cancelation, then back',
  })
  url: string;
}
