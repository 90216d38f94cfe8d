import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';

// Platform audit trail of sensitive actions (impersonation, membership changes): who, as whom,
// what, on which record.
export async function recordAudit(
  em: EntityManager,
  entry: {
    actor: AuthInfo | { userId: string; impersonatedBy?: string };
    action: string;
    entityType: string;
    entityId?: string | null;
    organizationId?: string | null;
    details?: Record<string, unknown>;
  },
) {
  await em.getConnection().execute(
    `INSERT INTO audit_log
         (actor_user_id, impersonated_by, organization_id, action, entity_type, entity_id, details)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      entry.actor.userId,
      entry.actor.impersonatedBy ?? null,
      entry.organizationId ?? null,
      entry.action,
      entry.entityType,
      entry.entityId ?? null,
      JSON.stringify(entry.details ?? {}),
    ],
    'run',
    em.getTransactionContext(),
  );
}
