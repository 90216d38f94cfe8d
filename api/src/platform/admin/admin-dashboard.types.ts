import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'How many records share one value (a status, a plan level)' })
export class AdminKeyCount {
  @Field(() => String)
  key: string;

  @Field(() => Int)
  count: number;
}

@ObjectType({ description: 'A count for one UTC calendar day' })
export class AdminDayCount {
  @Field(() => String, { description: 'YYYY-MM-DD (UTC)' })
  date: string;

  @Field(() => Int)
  count: number;
}

@ObjectType({ description: 'A count for one UTC calendar month' })
export class AdminMonthCount {
  @Field(() => String, { description: 'YYYY-MM (UTC)' })
  month: string;

  @Field(() => Int)
  count: number;
}

@ObjectType({ description: 'An active organization whose database could not be read' })
export class AdminSkippedTenant {
  @Field(() => String)
  organizationId: string;

  @Field(() => String)
  name: string;
}

@ObjectType({ description: 'Platform figures for super admins' })
export class AdminDashboard {
  @Field(() => [AdminKeyCount], { description: 'Organizations per status' })
  organizationsByStatus: AdminKeyCount[];

  @Field(() => [AdminKeyCount], { description: 'Organizations per plan level' })
  organizationsByPlan: AdminKeyCount[];

  @Field(() => Int)
  organizationCount: number;

  @Field(() => Int)
  userCount: number;

  @Field(() => Int)
  superadminCount: number;

  @Field(() => Int, {
    description: 'Users who signed in or switched organization in the last 7 days',
  })
  activeUsers7d: number;

  @Field(() => Int, {
    description: 'Users who signed in or switched organization in the last 30 days',
  })
  activeUsers30d: number;

  @Field(() => [AdminDayCount], {
    description: 'Successful sign-ins per day, the last 30 days (today included)',
  })
  signInsPerDay: AdminDayCount[];

  @Field(() => [AdminDayCount], {
    description:
      "AI recommendations requested per day, the last 30 days, summed over active organizations' databases",
  })
  aiRecommendationsPerDay: AdminDayCount[];

  @Field(() => Int, { description: 'Organizations whose recommendations were counted' })
  aiTenantsCounted: number;

  @Field(() => [AdminSkippedTenant], {
    description: 'Active organizations whose database could not be read (not in the AI figures)',
  })
  aiTenantsSkipped: AdminSkippedTenant[];

  @Field(() => [AdminMonthCount], {
    description: 'Organizations created per month, the last 12 months (this month included)',
  })
  newOrganizationsPerMonth: AdminMonthCount[];
}
