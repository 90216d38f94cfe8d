import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';

// Every SQL statement of passkeys (the rule: top of modules/journal/journal.repository.ts).

export type ChallengePurpose = 'register' | 'authenticate';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  // bigint arrives as a string; counters stay far below 2^53 (the authenticator's is 32 bits).
  counter: string;
  transports: string[];
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  name: string;
  // Timestamps come back as text from raw statements.
  created_at: string;
  last_used_at: string | null;
}

const COLUMNS = `id, user_id, credential_id, public_key, counter, transports, device_type, backed_up,
  name, created_at, last_used_at`;

export async function insertChallenge(
  em: EntityManager,
  row: { purpose: ChallengePurpose; userId: string | null; challenge: string; ttlSeconds: number },
): Promise<string> {
  // Spent and expired challenges are of no further use; dropping them here keeps the table small.
  await sql(em).run(`DELETE FROM passkey_challenges WHERE expires_at < now() - interval '1 hour'`);
  const [inserted] = await sql(em).all<{ id: string }>(
    `INSERT INTO passkey_challenges (purpose, user_id, challenge, expires_at)
       VALUES (?, ?, ?, now() + make_interval(secs => ?)) RETURNING id`,
    [row.purpose, row.userId, row.challenge, row.ttlSeconds],
  );
  return inserted.id;
}

export type ChallengeState = { challenge: string } | 'used' | 'expired' | 'unknown';

// Consumes the challenge in one statement: of two requests presenting it, one gets it. A challenge
// of another purpose or (registration) of another user is unknown.
export async function consumeChallenge(
  em: EntityManager,
  id: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<ChallengeState> {
  const [row] = await sql(em).all<{ challenge: string }>(
    `UPDATE passkey_challenges SET used_at = now()
      WHERE id = ? AND purpose = ? AND user_id IS NOT DISTINCT FROM ?
        AND used_at IS NULL AND expires_at > now()
      RETURNING challenge`,
    [id, purpose, userId],
  );
  if (row) return { challenge: row.challenge };
  const [why] = await sql(em).all<{ used: boolean }>(
    `SELECT used_at IS NOT NULL AS used FROM passkey_challenges
      WHERE id = ? AND purpose = ? AND user_id IS NOT DISTINCT FROM ?`,
    [id, purpose, userId],
  );
  if (!why) return 'unknown';
  return why.used ? 'used' : 'expired';
}

export function selectUserPasskeys(em: EntityManager, userId: string): Promise<PasskeyRow[]> {
  return sql(em).all<PasskeyRow>(
    `SELECT ${COLUMNS} FROM passkeys WHERE user_id = ? ORDER BY created_at, id`,
    [userId],
  );
}

export async function selectByCredentialId(
  em: EntityManager,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const [row] = await sql(em).all<PasskeyRow>(
    `SELECT ${COLUMNS} FROM passkeys WHERE credential_id = ?`,
    [credentialId],
  );
  return row ?? null;
}

// The caller's own passkey only: another user's id finds nothing.
export async function selectOwnPasskey(
  em: EntityManager,
  userId: string,
  id: string,
): Promise<PasskeyRow | null> {
  const [row] = await sql(em).all<PasskeyRow>(
    `SELECT ${COLUMNS} FROM passkeys WHERE id = ? AND user_id = ?`,
    [id, userId],
  );
  return row ?? null;
}

export function countUserPasskeys(em: EntityManager, userId: string): Promise<number> {
  return sql(em)
    .all<{ n: number }>('SELECT count(*)::int AS n FROM passkeys WHERE user_id = ?', [userId])
    .then((rows) => rows[0].n);
}

// Null when the credential is registered already (to anyone).
export async function insertPasskey(
  em: EntityManager,
  row: {
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    deviceType: string;
    backedUp: boolean;
    name: string;
  },
): Promise<PasskeyRow | null> {
  const [inserted] = await sql(em).all<PasskeyRow>(
    `INSERT INTO passkeys
         (user_id, credential_id, public_key, counter, transports, device_type, backed_up, name)
       VALUES (?, ?, decode(?, 'hex'), ?, ARRAY[?]::text[], ?, ?, ?)
     ON CONFLICT (credential_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      row.userId,
      row.credentialId,
      // As hex text: the driver's literal for a Buffer is not a bytea.
      Buffer.from(row.publicKey).toString('hex'),
      row.counter,
      row.transports,
      row.deviceType,
      row.backedUp,
      row.name,
    ],
  );
  return inserted ?? null;
}

// Records a use only when the counter went forward (or both are zero: authenticators that keep
// no counter). Checked in the same statement as the write, so two assertions carrying the same
// counter cannot both pass. Null: refused, nothing changed.
export async function recordUse(
  em: EntityManager,
  id: string,
  newCounter: number,
  flags: { backedUp: boolean },
): Promise<PasskeyRow | null> {
  const [row] = await sql(em).all<PasskeyRow>(
    `UPDATE passkeys SET counter = ?, backed_up = ?, last_used_at = now()
      WHERE id = ? AND (counter < ? OR (counter = 0 AND ? = 0))
      RETURNING ${COLUMNS}`,
    [newCounter, flags.backedUp, id, newCounter, newCounter],
  );
  return row ?? null;
}

export async function renamePasskey(
  em: EntityManager,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | null> {
  const [row] = await sql(em).all<PasskeyRow>(
    `UPDATE passkeys SET name = ? WHERE id = ? AND user_id = ? RETURNING ${COLUMNS}`,
    [name, id, userId],
  );
  return row ?? null;
}

export async function deletePasskey(
  em: EntityManager,
  userId: string,
  id: string,
): Promise<PasskeyRow | null> {
  const [row] = await sql(em).all<PasskeyRow>(
    `DELETE FROM passkeys WHERE id = ? AND user_id = ? RETURNING ${COLUMNS}`,
    [id, userId],
  );
  return row ?? null;
}
