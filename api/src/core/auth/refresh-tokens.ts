import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { unauthenticated } from '../errors/app-error.js';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens.js';

export const REFRESH_COOKIE = 'covenant_rt';
// The cookie only travels to the session endpoint (/auth/graphql), never to /graphql.
export const REFRESH_COOKIE_PATH = '/auth';
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

interface Row {
  id: string;
  user_id: string;
  family_id: string;
  expired: boolean;
  replaced_at: string | null;
  revoked_at: string | null;
}

export async function issueRefreshToken(
  em: EntityManager,
  userId: string,
  meta: ClientMeta,
  familyId: string = randomUUID(),
): Promise<{ token: string; expiresAt: Date; familyId: string }> {
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(Date.now() + REFRESH_TTL_MS);
  await em.getConnection().execute(
    `INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at, ip, user_agent)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [randomUUID(), userId, familyId, hash, expiresAt, meta.ip, meta.userAgent],
    'run',
    em.getTransactionContext(),
  );
  return { token, expiresAt, familyId };
}

// Rotation: each refresh token is good for one use. Presenting one that was already rotated or
// revoked means it was copied: the whole family (every token of that sign-in) is revoked.
export async function rotateRefreshToken(
  em: EntityManager,
  token: string,
  meta: ClientMeta,
): Promise<{ userId: string; token: string; expiresAt: Date }> {
  const outcome = await em.transactional(async (tx) => {
    const conn = tx.getConnection();
    const trx = tx.getTransactionContext();
    const [row] = await conn.execute<Row[]>(
      `SELECT id, user_id, family_id, expires_at <= now() AS expired, replaced_at, revoked_at
         FROM refresh_tokens WHERE token_hash = ? FOR UPDATE`,
      [hashOpaqueToken(token)],
      'all',
      trx,
    );
    if (!row) return { error: 'Session not found' } as const;
    if (row.replaced_at || row.revoked_at) {
      await conn.execute(
        'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = ? AND revoked_at IS NULL',
        [row.family_id],
        'run',
        trx,
      );
      return { error: 'Session revoked' } as const;
    }
    if (row.expired) return { error: 'Session expired' } as const;
    await conn.execute(
      'UPDATE refresh_tokens SET replaced_at = now() WHERE id = ?',
      [row.id],
      'run',
      trx,
    );
    const next = await issueRefreshToken(tx, row.user_id, meta, row.family_id);
    return { userId: row.user_id, token: next.token, expiresAt: next.expiresAt };
  });
  // Thrown after the transaction committed, so a reuse's family revocation sticks.
  if ('error' in outcome) throw unauthenticated(outcome.error);
  return outcome;
}

export async function revokeRefreshFamily(em: EntityManager, token: string) {
  await em.getConnection().execute(
    `UPDATE refresh_tokens SET revoked_at = now()
        WHERE revoked_at IS NULL
          AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ?)`,
    [hashOpaqueToken(token)],
    'run',
  );
}

// The user's access tokens already issued end; their refresh sessions stay, so a browser renews
// into what the user may still reach (a suspended or removed membership). The request path
// compares each token's session version with the user's. Call it inside the transaction of the
// change that warrants it, and drop the cached version (`MembershipLookup.invalidateUser`) once
// that transaction has committed.
export async function endAccessTokens(em: EntityManager, userId: string) {
  await em
    .getConnection()
    .execute(
      'UPDATE users SET session_version = session_version + 1 WHERE id = ?',
      [userId],
      'run',
      em.getTransactionContext(),
    );
}

// Every sign-in of the user ends: refresh sessions revoked, access tokens ended (as above).
export async function endUserSessions(em: EntityManager, userId: string) {
  await em
    .getConnection()
    .execute(
      'UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = ? AND revoked_at IS NULL',
      [userId],
      'run',
      em.getTransactionContext(),
    );
  await endAccessTokens(em, userId);
}

export function setRefreshCookie(res: Response, token: string, expiresAt: Date, secure: boolean) {
  res.cookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    expires: expiresAt,
  });
}

export function clearRefreshCookie(res: Response, secure: boolean) {
  res.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
  });
}
