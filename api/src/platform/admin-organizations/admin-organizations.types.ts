import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { OrganizationStatus, Role } from '../../core/roles.js';
import { MembershipStatus } from '../users/index.js';
import { AdminOrganizationDatabase, TenantMove } from './admin-clusters.types.js';

// The plan levels an organization can be on (organizations.plan_level holds the lowercase value).
export enum PlanLevel {
  TRIAL = 'trial',
  STARTER = 'starter',
  STANDARD = 'standard',
  PROFESSIONAL = 'professional',
  ENTERPRISE = 'enterprise',
}
registerEnumType(PlanLevel, { name: 'PlanLevel', description: "An organization's plan level" });

@ObjectType({ description: 'An organization as the admin list shows it (super admins)' })
export class AdminOrganization {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => OrganizationStatus)
  status: OrganizationStatus;

  @Field(() => PlanLevel)
  planLevel: PlanLevel;

  @Field(() => Int, { description: 'Members in any status (active, invited, suspended)' })
  memberCount: number;

  @Field(() => LocalDateScalar, { nullable: true })
  renewalDate: string | null;

  @Field(() => Date)
  createdAt: Date;
}

@ObjectType()
export class OrganizationStatusCount {
  @Field(() => OrganizationStatus)
  status: OrganizationStatus;

  @Field(() => Int)
  count: number;
}

@ObjectType()
export class OrganizationPlanCount {
  @Field(() => PlanLevel)
  planLevel: PlanLevel;

  @Field(() => Int)
  count: number;
}

@ObjectType()
export class AdminOrganizationList {
  @Field(() => Int, {
    description: 'Organizations matching the search and filters (the list holds at most `limit`)',
  })
  totalCount: number;

  @Field(() => [AdminOrganization])
  organizations: AdminOrganization[];

  @Field(() => [OrganizationStatusCount], {
    description: 'Per status, organizations matching the search (filters aside); every status',
  })
  statusCounts: OrganizationStatusCount[];

  @Field(() => [OrganizationPlanCount], {
    description: 'Per plan level, organizations matching the search (filters aside); every level',
  })
  planCounts: OrganizationPlanCount[];
}

@ObjectType({ description: 'A member of an organization as super admins see them' })
export class AdminOrganizationMember {
  @Field(() => ID)
  userId: string;

  @Field(() => String)
  email: string;

  @Field(() => String, { nullable: true })
  name: string | null;

  @Field(() => Role)
  role: Role;

  @Field(() => MembershipStatus)
  status: MembershipStatus;

  @Field(() => Date)
  joinedAt: Date;

  @Field(() => Date, {
    nullable: true,
    description: 'Their latest successful sign-in into this organization (impersonations excluded)',
  })
  lastSignInAt: Date | null;
}

@ObjectType({ description: 'One status change of an organization' })
export class OrganizationStatusChange {
  @Field(() => ID)
  id: string;

  @Field(() => OrganizationStatus, { nullable: true, description: 'None for the first status' })
  fromStatus: OrganizationStatus | null;

  @Field(() => OrganizationStatus)
  toStatus: OrganizationStatus;

  @Field(() => String, { nullable: true, description: 'Who made it (name or email)' })
  changedBy: string | null;

  @Field(() => String)
  reason: string;

  @Field(() => Date)
  changedAt: Date;
}

@ObjectType({
  description:
    "An organization's settings, key by key, and the demo profile it was seeded from (the settings document holds nothing else)",
})
export class OrganizationSettingsView {
  @Field(() => Boolean, { description: 'Members see the Ideas page and can submit ideas' })
  ideationEnabled: boolean;

  @Field(() => Boolean, { description: 'The getting-started checklist was completed or dismissed' })
  onboardingComplete: boolean;

  @Field(() => String, { nullable: true, description: 'BCP 47 locale for dates and numbers' })
  locale: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 4217 currency code' })
  currency: string | null;

  @Field(() => String, { nullable: true, description: 'The demo profile it was seeded from' })
  demo: string | null;
}

@ObjectType({ description: 'An organization with everything the admin detail page shows' })
export class AdminOrganizationDetail extends AdminOrganization {
  @Field(() => String, { nullable: true })
  contractNumber: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  paymentDate: string | null;

  @Field(() => String, { nullable: true })
  confirmationNumber: string | null;

  @Field(() => String)
  timeZone: string;

  @Field(() => Int)
  fiscalYearStartMonth: number;

  @Field(() => OrganizationSettingsView)
  settings: OrganizationSettingsView;

  @Field(() => [AdminOrganizationMember])
  members: AdminOrganizationMember[];

  @Field(() => [OrganizationStatusChange], { description: 'Newest first' })
  statusHistory: OrganizationStatusChange[];

  @Field(() => Float, {
    nullable: true,
    description: 'Size of its database in bytes; null when the database cannot be reached',
  })
  databaseSizeBytes: number | null;

  @Field(() => Date, {
    nullable: true,
    description:
      'Latest successful sign-in of one of its members into it (impersonations excluded)',
  })
  lastActivityAt: Date | null;

  @Field(() => AdminOrganizationDatabase)
  database: AdminOrganizationDatabase;

  @Field(() => [TenantMove], { description: 'Its moves between clusters, newest first' })
  moves: TenantMove[];
}
