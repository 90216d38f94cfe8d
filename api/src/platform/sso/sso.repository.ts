import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import type { SsoProviderId } from './sso.providers.js';

// Every SQL statement of sign-in through identity providers (the rule: top of
// modules/journal/journal.repository.ts).

export type SsoPurpose = 'sign-in' | 'link';

export interface IdentityRow {
  id: string;
  user_id: string;
  provider: SsoProviderId;
  subject: string;
  email: string | null;
  // Raw timestamps (text) as the driver answers them.
  created_at: string;
  last_used_at: string | null;
}

export interface StateRow {
  provider: SsoProviderId;
  purpose: SsoPurpose;
  user_id: string | null;
  code_verifier: string;
  nonce: string;
  redirect_path: string;
}

export async function insertState(
  em: EntityManager,
  row: {
    stateHash: string;
    provider: SsoProviderId;
    purpose: SsoPurpose;
    userId: string | null;
    codeVerifier: string;
    nonce: string;
    redirectPath: string;
    ttlSeconds: number;
  },
) {
  // Old states go as new ones come (a sign-in abandoned at the provider is never finished).
  await sql(em).run(`DELETE FROM sso_states WHERE expires_at < now() - interval '1 hour'`);
  await sql(em).run(
    `INSERT INTO sso_states
         (state_hash, provider, purpose, user_id, code_verifier, nonce, redirect_path, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, now() + make_interval(secs => ?))`,
    [
      row.stateHash,
      row.provider,
      row.purpose,
      row.userId,
      row.codeVerifier,
      row.nonce,
      row.redirectPath,
      row.ttlSeconds,
    ],
  );
}

// Spends a state: only an unused, unexpired one of this provider, and only once (two callbacks
// racing with the same state: one wins).
export async function consumeState(
  em: EntityManager,
  stateHash: string,
  provider: SsoProviderId,
): Promise<StateRow | null> {
  const [row] = await sql(em).all<StateRow>(
    `UPDATE sso_states SET used_at = now()
      WHERE state_hash = ? AND provider = ? AND used_at IS NULL AND expires_at > now()
      RETURNING provider, purpose, user_id, code_verifier, nonce, redirect_path`,
    [stateHash, provider],
  );
  return row ?? null;
}

export async function selectIdentityBySubject(
  em: EntityManager,
  provider: SsoProviderId,
  subject: string,
): Promise<IdentityRow | null> {
  const [row] = await sql(em).all<IdentityRow>(
    'SELECT * FROM user_identities WHERE provider = ? AND subject = ?',
    [provider, subject],
  );
  return row ?? null;
}

export function selectUserIdentities(em: EntityManager, userId: string) {
  return sql(em).all<IdentityRow>(
    'SELECT * FROM user_identities WHERE user_id = ? ORDER BY created_at, id',
    [userId],
  );
}

export async function selectUserIdentity(
  em: EntityManager,
  userId: string,
  provider: SsoProviderId,
): Promise<IdentityRow | null> {
  const [row] = await sql(em).all<IdentityRow>(
    'SELECT * FROM user_identities WHERE user_id = ? AND provider = ?',
    [userId, provider],
  );
  return row ?? null;
}

// A new link; null when (provider, subject) or (user, provider) is taken already.
export async function insertIdentity(
  em: EntityManager,
  row: { userId: string; provider: SsoProviderId; subject: string; email: string | null },
): Promise<IdentityRow | null> {
  const [inserted] = await sql(em).all<IdentityRow>(
    `INSERT INTO user_identities (user_id, provider, subject, email)
       VALUES (?, ?, ?, ?)
     ON CONFLICT DO NOTHING
     RETURNING *`,
    [row.userId, row.provider, row.subject, row.email],
  );
  return inserted ?? null;
}

export async function recordIdentityUse(em: EntityManager, id: string, email: string | null) {
  await sql(em).run(
    'UPDATE user_identities SET last_used_at = now(), email = coalesce(?, email) WHERE id = ?',
    [email, id],
  );
}

export async function deleteIdentity(em: EntityManager, id: string) {
  await sql(em).run('DELETE FROM user_identities WHERE id = ?', [id]);
}

// Locks the user's row, so two removals of sign-in methods at once are judged one after the other.
export async function lockUser(em: EntityManager, userId: string) {
  await sql(em).run('SELECT id FROM users WHERE id = ? FOR UPDATE', [userId]);
}

// The ways into the account other than the identity `exceptIdentityId`: a password, a passkey,
// another linked identity. The passkeys table may not exist in an older database, hence to_regclass.
export async function otherSignInMethods(
  em: EntityManager,
  userId: string,
  exceptIdentityId: string,
): Promise<{ password: boolean; passkeys: number; identities: number }> {
  const [row] = await sql(em).all<{ password: boolean; identities: number; has_passkeys: boolean }>(
    `SELECT (SELECT password_hash IS NOT NULL FROM users WHERE id = ?) AS password,
            (SELECT count(*)::int FROM user_identities WHERE user_id = ? AND id <> ?) AS identities,
            to_regclass('passkeys') IS NOT NULL AS has_passkeys`,
    [userId, userId, exceptIdentityId],
  );
  let passkeys = 0;
  if (row.has_passkeys) {
    [{ n: passkeys }] = await sql(em).all<{ n: number }>(
      'SELECT count(*)::int AS n FROM passkeys WHERE user_id = ?',
      [userId],
    );
  }
  return { password: row.password === true, passkeys, identities: row.identities };
}
