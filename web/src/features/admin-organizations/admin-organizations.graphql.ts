import { graphql, type ResultOf } from '@/graphql';

export const ADMIN_ORGANIZATIONS_QUERY = graphql(`
  query AdminOrganizations(
    $search: String
    $status: OrganizationStatus
    $planLevel: PlanLevel
    $limit: Int
  ) {
    adminOrganizations(search: $search, status: $status, planLevel: $planLevel, limit: $limit) {
      totalCount
      organizations {
        id
        name
        status
        planLevel
        memberCount
        renewalDate
        createdAt
      }
      statusCounts {
        status
        count
      }
      planCounts {
        planLevel
        count
      }
    }
  }
`);

export type AdminOrganizationRow = ResultOf<
  typeof ADMIN_ORGANIZATIONS_QUERY
>['adminOrganizations']['organizations'][number];

export const ADMIN_ORGANIZATION_FIELDS = graphql(`
  fragment AdminOrganizationFields on AdminOrganizationDetail {
    id
    name
    status
    planLevel
    memberCount
    renewalDate
    createdAt
    contractNumber
    paymentDate
    confirmationNumber
    timeZone
    fiscalYearStartMonth
    settings {
      ideationEnabled
      onboardingComplete
      locale
      currency
      demo
    }
    members {
      userId
      email
      name
      role
      status
      joinedAt
      lastSignInAt
    }
    statusHistory {
      id
      fromStatus
      toStatus
      changedBy
      reason
      changedAt
    }
    databaseSizeBytes
    lastActivityAt
    database {
      cluster
      name
      schemaVersion
      movingSince
    }
    moves {
      id
      fromCluster
      toCluster
      status
      freezeMs
      startedAt
      finishedAt
      error
    }
  }
`);

export const ADMIN_ORGANIZATION_QUERY = graphql(
  `
    query AdminOrganization($id: ID!) {
      adminOrganization(id: $id) {
        ...AdminOrganizationFields
      }
    }
  `,
  [ADMIN_ORGANIZATION_FIELDS],
);

export type AdminOrganizationDetail = ResultOf<typeof ADMIN_ORGANIZATION_FIELDS>;

export const CREATE_TENANT_MUTATION = graphql(
  `
    mutation CreateTenant($input: CreateTenantInput!) {
      createTenant(input: $input) {
        ...AdminOrganizationFields
      }
    }
  `,
  [ADMIN_ORGANIZATION_FIELDS],
);

export const SET_ORGANIZATION_STATUS_MUTATION = graphql(
  `
    mutation SetOrganizationStatus($id: ID!, $status: OrganizationStatus!, $reason: String) {
      setOrganizationStatus(id: $id, status: $status, reason: $reason) {
        ...AdminOrganizationFields
      }
    }
  `,
  [ADMIN_ORGANIZATION_FIELDS],
);

export const UPDATE_ORGANIZATION_PLAN_MUTATION = graphql(
  `
    mutation UpdateOrganizationPlan($input: OrganizationPlanInput!) {
      updateOrganizationPlan(input: $input) {
        ...AdminOrganizationFields
      }
    }
  `,
  [ADMIN_ORGANIZATION_FIELDS],
);

export const UPDATE_ORGANIZATION_SETTINGS_MUTATION = graphql(
  `
    mutation AdminUpdateOrganizationSettings($input: OrganizationSettingsInput!) {
      adminUpdateOrganizationSettings(input: $input) {
        ...AdminOrganizationFields
      }
    }
  `,
  [ADMIN_ORGANIZATION_FIELDS],
);
