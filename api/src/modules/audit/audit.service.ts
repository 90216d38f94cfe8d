import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';

export interface AuditEntry {
  entityType: string;
  entityId: string;
  action: string;
  // For updates: { field: { before, after } } of the changed fields; for creates: the values.
  changes?: Record<string, unknown>;
}

// Every write in a tenant database records who (and the impersonating admin), what and when, in
// the same transaction as the write.
export async function recordTenantAudit(em: EntityManager, actor: AuthInfo | null, e: AuditEntry) {
  await em.getConnection().execute(
    `INSERT INTO audit_log (entity_type, entity_id, action, user_id, impersonated_by, changes)
       VALUES (?, ?, ?, ?, ?, ?)`,
    [
      e.entityType,
      e.entityId,
      e.action,
      actor?.userId ?? null,
      actor?.impersonatedBy ?? null,
      JSON.stringify(e.changes ?? {}),
    ],
    'run',
    em.getTransactionContext(),
  );
}

export function diff<T extends object>(before: T, after: T, fields: (keyof T)[]) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const f of fields) {
    if (before[f] !== after[f]) changes[String(f)] = { before: before[f], after: after[f] };
  }
  return changes;
}
