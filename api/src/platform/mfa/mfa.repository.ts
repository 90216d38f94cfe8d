import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of two-step sign-in (the rule: top of modules/journal/journal.repository.ts).

export interface UserMfaRow {
  secret_sealed: string | null;
  pending_secret_sealed: string | null;
  enabled_at: string | null;
  last_time_step: string | null;
  // Wrong codes in a row, and until when the authenticator is locked (past: no longer locked).
  failed_codes: number;
  locked_until: string | null;
  locked: boolean;
}

// The user's MFA row; locked inside a transaction (`forUpdate`) so two codes checked at once are
// judged one after the other (the second sees the step the first used, and the count of wrong
// codes the first left).
export async function selectUserMfa(
  em: EntityManager,
  userId: string,
  forUpdate = false,
): Promise<UserMfaRow | null> {
  const [row] = await sql(em).all<UserMfaRow>(
    `SELECT secret_sealed, pending_secret_sealed, enabled_at, last_time_step, failed_codes,
            locked_until, coalesce(locked_until > now(), false) AS locked
       FROM user_mfa WHERE user_id = ? ${forUpdate ? 'FOR UPDATE' : ''}`,
    [userId],
  );
  return row ?? null;
}

// One more wrong code in a row. Reaching `lockAfter` (or going on past it once a lock has run
// out) locks the authenticator for `lockSeconds`; a wrong code while locked leaves the lock as it
// is. Answers the count, the lock's end, and whether this code began the lock.
export async function countWrongCode(
  em: EntityManager,
  userId: string,
  lockAfter: number,
  lockSeconds: number,
) {
  const [row] = await sql(em).all<{
    failed_codes: number;
    locked_until: string | null;
    locked_now: boolean;
  }>(
    `WITH before AS (
       SELECT coalesce(locked_until > now(), false) AS locked FROM user_mfa WHERE user_id = ?
     )
     UPDATE user_mfa
        SET failed_codes = failed_codes + 1,
            locked_until = CASE
              WHEN (SELECT locked FROM before) THEN locked_until
              WHEN failed_codes + 1 >= ? THEN now() + make_interval(secs => ?)
              ELSE locked_until END,
            updated_at = now()
      WHERE user_id = ?
      RETURNING failed_codes, locked_until,
                NOT (SELECT locked FROM before) AND failed_codes >= ? AS locked_now`,
    [userId, lockAfter, lockSeconds, userId, lockAfter],
  );
  return row;
}

// A right code: the count starts again, and any lock ends.
export async function clearWrongCodes(em: EntityManager, userId: string) {
  await sql(em).run(
    `UPDATE user_mfa SET failed_codes = 0, locked_until = NULL, updated_at = now()
      WHERE user_id = ? AND (failed_codes > 0 OR locked_until IS NOT NULL)`,
    [userId],
  );
}

export async function savePendingSecret(em: EntityManager, userId: string, sealed: string) {
  await sql(em).run(
    `INSERT INTO user_mfa (user_id, pending_secret_sealed, pending_since)
       VALUES (?, ?, now())
     ON CONFLICT (user_id) DO UPDATE
       SET pending_secret_sealed = EXCLUDED.pending_secret_sealed, pending_since = now(),
           updated_at = now()`,
    [userId, sealed],
  );
}

export async function enableMfa(em: EntityManager, userId: string, sealed: string, step: number) {
  await sql(em).run(
    `UPDATE user_mfa
        SET secret_sealed = ?, pending_secret_sealed = NULL, pending_since = NULL,
            enabled_at = now(), last_time_step = ?, updated_at = now()
      WHERE user_id = ?`,
    [sealed, step, userId],
  );
}

export async function saveLastTimeStep(em: EntityManager, userId: string, step: number) {
  await sql(em).run(
    'UPDATE user_mfa SET last_time_step = ?, updated_at = now() WHERE user_id = ?',
    [step, userId],
  );
}

export async function deleteMfa(em: EntityManager, userId: string) {
  await sql(em).run('DELETE FROM mfa_recovery_codes WHERE user_id = ?', [userId]);
  await sql(em).run('DELETE FROM user_mfa WHERE user_id = ?', [userId]);
}

// The user's recovery codes become these (hashes) and only these.
export async function replaceRecoveryCodes(em: EntityManager, userId: string, hashes: string[]) {
  await sql(em).run('DELETE FROM mfa_recovery_codes WHERE user_id = ?', [userId]);
  await sql(em).run(
    `INSERT INTO mfa_recovery_codes (user_id, code_hash)
       SELECT ?, h FROM unnest(ARRAY[?]::text[]) AS h`,
    [userId, hashes],
  );
}

// Marks an unused recovery code used; false when there is no such unused code.
export async function useRecoveryCode(
  em: EntityManager,
  userId: string,
  hash: string,
): Promise<boolean> {
  const rows = await sql(em).all<{ id: string }>(
    `UPDATE mfa_recovery_codes SET used_at = now()
      WHERE user_id = ? AND code_hash = ? AND used_at IS NULL RETURNING id`,
    [userId, hash],
  );
  return rows.length === 1;
}

export async function selectMfaStatus(em: EntityManager, userId: string) {
  const [row] = await sql(em).all<{ enabled_at: string | null; codes_left: number }>(
    `SELECT f.enabled_at,
            (SELECT count(*)::int FROM mfa_recovery_codes c
              WHERE c.user_id = f.user_id AND c.used_at IS NULL) AS codes_left
       FROM user_mfa f WHERE f.user_id = ?`,
    [userId],
  );
  if (!row) return null;
  // The driver hands timestamps over as PostgreSQL's text; the DateTime scalar wants a Date.
  return { enabledAt: row.enabled_at ? new Date(row.enabled_at) : null, codesLeft: row.codes_left };
}

// Which of these users have two-step sign-in on.
export async function selectMfaEnabled(em: EntityManager, userIds: readonly string[]) {
  const rows = await sql(em).all<{ user_id: string }>(
    `SELECT user_id FROM user_mfa WHERE enabled_at IS NOT NULL AND user_id = ${anyOf('uuid')}`,
    [userIds],
  );
  return new Set(rows.map((r) => r.user_id));
}

export async function insertChallenge(
  em: EntityManager,
  row: { tokenHash: string; userId: string; ttlSeconds: number },
): Promise<Date> {
  const [inserted] = await sql(em).all<{ expires_at: string }>(
    `INSERT INTO mfa_challenges (token_hash, user_id, expires_at)
       VALUES (?, ?, now() + make_interval(secs => ?)) RETURNING expires_at`,
    [row.tokenHash, row.userId, row.ttlSeconds],
  );
  // Challenges a day past their end are of no use to anyone.
  await sql(em).run(`DELETE FROM mfa_challenges WHERE expires_at < now() - interval '1 day'`);
  return new Date(inserted.expires_at);
}

export interface ChallengeRow {
  id: string;
  user_id: string;
  expired: boolean;
  used_at: string | null;
  failed_attempts: number;
}

export async function selectChallenge(
  em: EntityManager,
  tokenHash: string,
): Promise<ChallengeRow | null> {
  const [row] = await sql(em).all<ChallengeRow>(
    `SELECT id, user_id, expires_at <= now() AS expired, used_at, failed_attempts
       FROM mfa_challenges WHERE token_hash = ? FOR UPDATE`,
    [tokenHash],
  );
  return row ?? null;
}

export async function markChallengeUsed(em: EntityManager, id: string) {
  await sql(em).run('UPDATE mfa_challenges SET used_at = now() WHERE id = ?', [id]);
}

export async function countChallengeFailure(em: EntityManager, id: string) {
  await sql(em).run(
    'UPDATE mfa_challenges SET failed_attempts = failed_attempts + 1 WHERE id = ?',
    [id],
  );
}
