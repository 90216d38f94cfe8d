import { graphql, type ResultOf } from '@/graphql';

// The API's auditLog takes any entity type name; the web app shows the history of these.
export type AuditEntityType = 'Account' | 'JournalEntry';

export const AUDIT_LOG_QUERY = graphql(`
  query AuditLog($entityType: String!, $entityId: ID!) {
    auditLog(entityType: $entityType, entityId: $entityId) {
      id
      entityType
      entityId
      action
      userEmail
      impersonatedByEmail
      changes
      createdAt
    }
  }
`);

/** One recorded write: who (and as whom), what, when. */
export type AuditLogEntry = ResultOf<typeof AUDIT_LOG_QUERY>['auditLog'][number];
