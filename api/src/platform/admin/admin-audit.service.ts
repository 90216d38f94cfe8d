import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { insertPlatformAudit } from './admin-audit.repository.js';

// Platform audit trail of sensitive actions (impersonation, membership changes): who, as whom,
// what, on which record.
export async function recordAudit(
  em: EntityManager,
  entry: {
    // userId null: the platform itself (self-service sign-up, a payment processor's webhook).
    actor: AuthInfo | { userId: string | null; impersonatedBy?: string };
    action: string;
    entityType: string;
    entityId?: string | null;
    organizationId?: string | null;
    details?: Record<string, unknown>;
  },
) {
  await insertPlatformAudit(em, {
    actorUserId: entry.actor.userId,
    impersonatedBy: entry.actor.impersonatedBy ?? null,
    organizationId: entry.organizationId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    details: entry.details ?? {},
  });
}

// A change of an organization's record (its plan, its settings), field by field as
// { field: { before, after } }; nothing is recorded when nothing changed.
export async function recordOrganizationChange(
  em: EntityManager,
  actor: AuthInfo,
  action: string,
  organizationId: string,
  changed: Record<string, unknown>,
) {
  if (!Object.keys(changed).length) return;
  await recordAudit(em, {
    actor,
    action,
    entityType: 'Organization',
    entityId: organizationId,
    organizationId,
    details: changed,
  });
}
