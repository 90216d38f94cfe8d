import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../../core/roles.js';

// Every SQL statement of invitations (the rule: top of modules/journal/journal.repository.ts).
// Memberships and users are written through their entities.

export interface InvitationRow {
  id: string;
  organization_id: string;
  user_id: string;
  role: Role;
  expired: boolean;
  accepted_at: string | null;
}

export function insertInvitation(
  em: EntityManager,
  row: {
    id: string;
    organizationId: string;
    userId: string;
    role: Role;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
) {
  return em.getConnection().execute(
    `INSERT INTO invitations (id, organization_id, user_id, role, token_hash, invited_by, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [row.id, row.organizationId, row.userId, row.role, row.tokenHash, row.invitedBy, row.expiresAt],
    'run',
  );
}

// The invitation of a token hash; `lock` takes it FOR UPDATE (inside the caller's transaction).
export async function selectInvitation(
  em: EntityManager,
  tokenHash: string,
  lock = false,
): Promise<InvitationRow | undefined> {
  const [row] = await em.getConnection().execute<InvitationRow[]>(
    `SELECT id, organization_id, user_id, role, expires_at <= now() AS expired, accepted_at
       FROM invitations
      WHERE token_hash = ?${lock ? ' FOR UPDATE' : ''}`,
    [tokenHash],
    'all',
    em.getTransactionContext(),
  );
  return row;
}

export function markInvitationAccepted(em: EntityManager, id: string) {
  return em
    .getConnection()
    .execute(
      'UPDATE invitations SET accepted_at = now() WHERE id = ?',
      [id],
      'run',
      em.getTransactionContext(),
    );
}
