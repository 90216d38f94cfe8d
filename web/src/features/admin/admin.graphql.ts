import { graphql, type ResultOf } from '@/graphql';
import { SESSION_FIELDS } from '@/apollo/session.graphql';

export const ADMIN_DASHBOARD_QUERY = graphql(`
  query AdminDashboard {
    adminDashboard {
      organizationsByStatus {
        key
        count
      }
      organizationsByPlan {
        key
        count
      }
      organizationCount
      userCount
      superadminCount
      activeUsers7d
      activeUsers30d
      signInsPerDay {
        date
        count
      }
      aiRecommendationsPerDay {
        date
        count
      }
      aiTenantsCounted
      aiTenantsSkipped {
        organizationId
        name
      }
      newOrganizationsPerMonth {
        month
        count
      }
    }
  }
`);

export type AdminDashboard = ResultOf<typeof ADMIN_DASHBOARD_QUERY>['adminDashboard'];

export const ADMIN_USERS_QUERY = graphql(`
  query AdminUsers($search: String, $limit: Int) {
    adminUsers(search: $search, limit: $limit) {
      totalCount
      users {
        id
        email
        name
        isSuperadmin
        isPlatformOwner
        createdAt
        lastSignInAt
        organizationCount
      }
    }
  }
`);

export type AdminUserRow = ResultOf<typeof ADMIN_USERS_QUERY>['adminUsers']['users'][number];

const ADMIN_USER_DETAIL_FIELDS = graphql(`
  fragment AdminUserDetailFields on AdminUserDetail {
    id
    email
    name
    isSuperadmin
    isPlatformOwner
    mfaEnabled
    createdAt
    lastSignInAt
    organizationCount
    memberships {
      organizationId
      organizationName
      organizationStatus
      role
      status
      createdAt
    }
    loginHistory {
      id
      at
      method
      success
      failureReason
      organizationName
      ip
      userAgent
      impersonatedByEmail
      impersonationReason
    }
  }
`);

export type AdminUserDetail = ResultOf<typeof ADMIN_USER_DETAIL_FIELDS>;

export const ADMIN_USER_QUERY = graphql(
  `
    query AdminUser($id: ID!) {
      adminUser(id: $id) {
        ...AdminUserDetailFields
      }
    }
  `,
  [ADMIN_USER_DETAIL_FIELDS],
);

export const SET_SUPERADMIN_MUTATION = graphql(
  `
    mutation SetSuperadmin($userId: ID!, $value: Boolean!) {
      setSuperadmin(userId: $userId, value: $value) {
        ...AdminUserDetailFields
      }
    }
  `,
  [ADMIN_USER_DETAIL_FIELDS],
);

// Answers the same session fields as every other session change (see auth.graphql.ts).
export const IMPERSONATE_USER_MUTATION = graphql(
  `
    mutation ImpersonateUser($userId: ID!, $reason: String!) {
      impersonateUser(userId: $userId, reason: $reason) {
        ...Session
      }
    }
  `,
  [SESSION_FIELDS],
);

export const ADMIN_EMAIL_LOG_QUERY = graphql(`
  query AdminEmailLog($search: String, $limit: Int) {
    adminEmailLog(search: $search, limit: $limit) {
      totalCount
      emails {
        id
        to
        subject
        template
        sentAt
        bodyPreview
      }
    }
  }
`);

export type AdminEmail = ResultOf<typeof ADMIN_EMAIL_LOG_QUERY>['adminEmailLog']['emails'][number];

// The outbox's dead letters: emails that failed every try, newest first (kept 30 days).
export const FAILED_EMAILS_QUERY = graphql(`
  query FailedEmails {
    failedEmails {
      id
      to
      subject
      template
      error
      tries
      createdAt
      failedAt
    }
  }
`);

export type FailedEmail = ResultOf<typeof FAILED_EMAILS_QUERY>['failedEmails'][number];

export const RETRY_FAILED_EMAIL_MUTATION = graphql(`
  mutation RetryFailedEmail($id: ID!) {
    retryFailedEmail(id: $id)
  }
`);
