import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { isId } from '../../core/ids.js';
import {
  insertAuditRow,
  selectAuditRows,
  selectUserEmails,
  selectUserLabels,
} from './audit.repository.js';

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
  await insertAuditRow(em, {
    entityType: e.entityType,
    entityId: e.entityId,
    action: e.action,
    userId: actor?.userId ?? null,
    impersonatedBy: actor?.impersonatedBy ?? null,
    changes: e.changes ?? {},
  });
}

export function diff<T extends object>(before: T, after: T, fields: (keyof T)[]) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const f of fields) {
    if (before[f] !== after[f]) changes[String(f)] = { before: before[f], after: after[f] };
  }
  return changes;
}

export interface AuditRecord {
  id: string;
  entityType: string;
  entityId: string;
  action: string;
  userEmail: string | null;
  impersonatedByEmail: string | null;
  changes: Record<string, unknown>;
  createdAt: Date;
}

// One record's history with the emails of who made each change. An id that is not an id has no
// history (an empty list, as for any record never written).
export async function auditLog(
  em: EntityManager,
  platformEm: EntityManager,
  entityType: string,
  entityId: string,
): Promise<AuditRecord[]> {
  if (!isId(entityId)) return [];
  const rows = await selectAuditRows(em, entityType, entityId);
  const userIds = [...new Set(rows.flatMap((r) => [r.user_id, r.impersonated_by]))].filter(
    (x): x is string => !!x,
  );
  const users = userIds.length ? await selectUserEmails(platformEm, userIds) : [];
  const email = new Map(users.map((u) => [u.id, u.email]));
  return rows.map((r) => ({
    id: r.id,
    entityType: r.entity_type,
    entityId: r.entity_id,
    action: r.action,
    userEmail: r.user_id ? (email.get(r.user_id) ?? null) : null,
    impersonatedByEmail: r.impersonated_by ? (email.get(r.impersonated_by) ?? null) : null,
    changes: r.changes,
    createdAt: new Date(r.created_at),
  }));
}

// People by name (or email when they gave none), for pages that say who did something.
export async function userLabels(
  platformEm: EntityManager,
  ids: (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await selectUserLabels(platformEm, wanted);
  return new Map(rows.map((r) => [r.id, r.label]));
}
