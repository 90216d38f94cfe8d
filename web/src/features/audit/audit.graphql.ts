import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { AuditLogEntry } from '@/apollo/types';

export type AuditEntityType = 'Account' | 'JournalEntry';

export const AUDIT_LOG_QUERY: TypedDocumentNode<
  { auditLog: AuditLogEntry[] },
  { entityType: AuditEntityType; entityId: string }
> = gql`
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
`;
