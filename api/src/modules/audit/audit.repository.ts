import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of the tenant audit log (the rule: top of `journal/journal.repository.ts`).

export interface AuditRow {
  id: string;
  entity_type: string;
  entity_id: string;
  action: string;
  user_id: string | null;
  impersonated_by: string | null;
  changes: Record<string, unknown>;
  created_at: string;
}

export function insertAuditRow(
  em: EntityManager,
  row: {
    entityType: string;
    entityId: string;
    action: string;
    userId: string | null;
    impersonatedBy: string | null;
    changes: Record<string, unknown>;
  },
) {
  return sql(em).run(
    `INSERT INTO audit_log (entity_type, entity_id, action, user_id, impersonated_by, changes)
       VALUES (?, ?, ?, ?, ?, ?)`,
    [
      row.entityType,
      row.entityId,
      row.action,
      row.userId,
      row.impersonatedBy,
      JSON.stringify(row.changes),
    ],
  );
}

// One record's history, oldest first.
export function selectAuditRows(em: EntityManager, entityType: string, entityId: string) {
  return sql(em).all<AuditRow>(
    `SELECT id, entity_type, entity_id, action, user_id, impersonated_by, changes, created_at
       FROM audit_log WHERE entity_type = ? AND entity_id = ? ORDER BY created_at, id`,
    [entityType, entityId],
  );
}

// Users live in the platform database: `platformEm` is the platform's EntityManager. Read by SQL
// so that a module never imports the platform's entities.
export function selectUserEmails(platformEm: EntityManager, ids: string[]) {
  return sql(platformEm).all<{ id: string; email: string }>(
    `SELECT id, email FROM users WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
}

export function selectUserLabels(platformEm: EntityManager, ids: string[]) {
  return sql(platformEm).all<{ id: string; label: string }>(
    `SELECT id, coalesce(nullif(name, ''), email) AS label FROM users WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
}
