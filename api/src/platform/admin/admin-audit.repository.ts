import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';

// Every SQL statement of the platform audit trail (the rule: top of
// modules/journal/journal.repository.ts). Written inside the caller's transaction, if any.
export function insertPlatformAudit(
  em: EntityManager,
  row: {
    actorUserId: string | null;
    impersonatedBy: string | null;
    organizationId: string | null;
    action: string;
    entityType: string;
    entityId: string | null;
    details: Record<string, unknown>;
  },
) {
  return sql(em).run(
    `INSERT INTO audit_log
         (actor_user_id, impersonated_by, organization_id, action, entity_type, entity_id, details)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      row.actorUserId,
      row.impersonatedBy,
      row.organizationId,
      row.action,
      row.entityType,
      row.entityId,
      JSON.stringify(row.details),
    ],
  );
}
