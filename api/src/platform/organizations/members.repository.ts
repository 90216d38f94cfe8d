import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../../core/roles.js';

// Every SQL statement of invitations (the rule: top of modules/journal/journal.repository.ts).
// Memberships and users are written through their entities.
//
// An invitation is one row per pending membership (status 'invited'); resending it or copying its
// link replaces the token hash in place, so only the newest link works.

export interface InvitationRow {
  id: string;
  organization_id: string;
  user_id: string;
  role: Role;
  expired: boolean;
  accepted_at: string | null;
}

export interface PendingInvitationRow {
  id: string;
  user_id: string;
  email: string;
  role: Role;
  created_at: Date;
  expires_at: Date;
  expired: boolean;
}

export function insertInvitation(
  em: EntityManager,
  row: {
    id: string;
    organizationId: string;
    userId: string;
    role: Role;
    tokenHash: string;
    invitedBy: string | null;
    expiresAt: Date;
  },
) {
  return em.getConnection().execute(
    `INSERT INTO invitations (id, organization_id, user_id, role, token_hash, invited_by, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [row.id, row.organizationId, row.userId, row.role, row.tokenHash, row.invitedBy, row.expiresAt],
    'run',
    em.getTransactionContext(),
  );
}

// Earlier, never accepted invitations of the same person to the same organization (a membership
// removed while pending, then invited again): their links must not work any more.
export function deleteUnacceptedInvitations(
  em: EntityManager,
  organizationId: string,
  userId: string,
) {
  return em
    .getConnection()
    .execute(
      'DELETE FROM invitations WHERE organization_id = ? AND user_id = ? AND accepted_at IS NULL',
      [organizationId, userId],
      'run',
      em.getTransactionContext(),
    );
}

// The invitation of a token hash, while its membership is still pending or was accepted through
// it; `lock` takes it FOR UPDATE (inside the caller's transaction).
export async function selectInvitation(
  em: EntityManager,
  tokenHash: string,
  lock = false,
): Promise<InvitationRow | undefined> {
  const [row] = await em.getConnection().execute<InvitationRow[]>(
    `SELECT i.id, i.organization_id, i.user_id, m.role, i.expires_at <= now() AS expired,
            i.accepted_at
       FROM invitations i
       JOIN memberships m ON m.user_id = i.user_id AND m.organization_id = i.organization_id
      WHERE i.token_hash = ? AND (m.status = 'invited' OR i.accepted_at IS NOT NULL)
      ${lock ? 'FOR UPDATE OF i' : ''}`,
    [tokenHash],
    'all',
    em.getTransactionContext(),
  );
  return row;
}

const PENDING = `
  SELECT i.id, i.user_id, u.email, m.role, i.created_at, i.expires_at, i.expires_at <= now() AS expired
    FROM invitations i
    JOIN users u ON u.id = i.user_id
    JOIN memberships m ON m.user_id = i.user_id AND m.organization_id = i.organization_id
   WHERE i.organization_id = ? AND i.accepted_at IS NULL AND m.status = 'invited'`;

// Pending invitations of an organization, newest link first.
export function selectPendingInvitations(
  em: EntityManager,
  organizationId: string,
): Promise<PendingInvitationRow[]> {
  return em
    .getConnection()
    .execute<PendingInvitationRow[]>(
      `${PENDING} ORDER BY i.created_at DESC, u.email`,
      [organizationId],
      'all',
      em.getTransactionContext(),
    );
}

// One pending invitation of the organization (another organization's id finds nothing).
export async function selectPendingInvitation(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<PendingInvitationRow | undefined> {
  const [row] = await em
    .getConnection()
    .execute<PendingInvitationRow[]>(
      `${PENDING} AND i.id = ?`,
      [organizationId, id],
      'all',
      em.getTransactionContext(),
    );
  return row;
}

// A new link for the invitation: the new token's hash replaces the old one, and the clock restarts.
export function replaceInvitationToken(
  em: EntityManager,
  id: string,
  tokenHash: string,
  expiresAt: Date,
) {
  return em
    .getConnection()
    .execute(
      'UPDATE invitations SET token_hash = ?, expires_at = ?, created_at = now() WHERE id = ?',
      [tokenHash, expiresAt, id],
      'run',
      em.getTransactionContext(),
    );
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

// The pending invitations of these people to the organization (an owner's, beside their units).
export function selectPendingInvitationsOf(
  em: EntityManager,
  organizationId: string,
  userIds: string[],
): Promise<PendingInvitationRow[]> {
  return em
    .getConnection()
    .execute<PendingInvitationRow[]>(
      `${PENDING} AND i.user_id = ANY(ARRAY[?]::uuid[])`,
      [organizationId, userIds],
      'all',
      em.getTransactionContext(),
    );
}
