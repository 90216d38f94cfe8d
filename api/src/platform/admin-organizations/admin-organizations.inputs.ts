import { Field, ID, InputType, Int } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { StartingChart } from '../onboarding/index.js';
import { PlanLevel } from './admin-organizations.types.js';

@InputType({
  description:
    'A new tenant: its organization, database and first admin (a new or existing account, invited by email)',
})
export class CreateTenantInput {
  @Field(() => String)
  name: string;

  @Field(() => String, { description: 'The first admin: invited by email to accept' })
  adminEmail: string;

  @Field(() => PlanLevel, { nullable: true, description: 'STANDARD when omitted' })
  planLevel?: PlanLevel | null;

  @Field(() => String, {
    nullable: true,
    description: 'IANA time zone; America/New_York when omitted',
  })
  timeZone?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'First month of the fiscal year; 1 when omitted',
  })
  fiscalYearStartMonth?: number | null;

  @Field(() => StartingChart, {
    nullable: true,
    description: 'The chart of accounts it starts with; MINIMAL (an empty chart) when omitted',
  })
  startingChart?: StartingChart | null;
}

@InputType({ description: "An organization's plan and subscription fields (replaced whole)" })
export class OrganizationPlanInput {
  @Field(() => ID)
  organizationId: string;

  @Field(() => PlanLevel)
  planLevel: PlanLevel;

  @Field(() => String, { nullable: true, description: 'Blank clears it' })
  contractNumber?: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  paymentDate?: string | null;

  @Field(() => String, { nullable: true, description: 'Blank clears it' })
  confirmationNumber?: string | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'On or after the payment date' })
  renewalDate?: string | null;
}

@InputType({
  description:
    "An organization's settings, key by key (replaced whole; any other key is refused by the schema)",
})
export class OrganizationSettingsInput {
  @Field(() => ID)
  organizationId: string;

  @Field(() => Boolean)
  ideationEnabled: boolean;

  @Field(() => Boolean)
  onboardingComplete: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'BCP 47 locale, e.g. en-US; blank removes it',
  })
  locale?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 4217 code, e.g. USD; blank removes it' })
  currency?: string | null;
}
