import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

// Every SQL statement of password resets (the rule: top of modules/journal/journal.repository.ts).
// Users are written through their entity.

// Stores a reset token for an email and answers the user id of its account, if there is one. The
// row is written either way (with no user for an unknown email, a token nobody is sent): the
// lookup and the write are one statement, so the request does the same work and takes the same
// time whether the account exists or not. Tokens expired for a day are deleted by the same
// statement: the table holds what can still be answered (TOKEN_EXPIRED for a day, then
// TOKEN_INVALID), however many requests name unknown addresses.
export async function insertResetTokenForEmail(
  em: EntityManager,
  row: { email: string; tokenHash: string; expiresAt: Date },
): Promise<string | null> {
  const [created] = await em.getConnection().execute<{ user_id: string | null }[]>(
    `WITH purged AS (
       DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day'
     )
     INSERT INTO password_reset_tokens (id, user_id, token_hash, expires_at)
       VALUES (?, (SELECT id FROM users WHERE email = ?), ?, ?)
     RETURNING user_id`,
    [randomUUID(), row.email, row.tokenHash, row.expiresAt],
    'all',
    em.getTransactionContext(),
  );
  return created.user_id;
}
