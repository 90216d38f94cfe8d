import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors/app-error.js';
import { hashOpaqueToken } from './opaque-tokens.js';

export type TokenProblem = 'TOKEN_INVALID' | 'TOKEN_EXPIRED' | 'TOKEN_USED';

const MESSAGES: Record<TokenProblem, string> = {
  TOKEN_INVALID: 'This link is not valid',
  TOKEN_EXPIRED: 'This link has expired',
  TOKEN_USED: 'This link has already been used',
};

export function tokenError(problem: TokenProblem) {
  return new AppError('BAD_USER_INPUT', MESSAGES[problem], undefined, { reason: problem });
}

export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;

// Looks a reset token up (locking it inside a transaction); throws a typed error for an unknown,
// expired or used token.
export async function findPasswordResetToken(
  em: EntityManager,
  token: string,
): Promise<{ id: string; userId: string }> {
  const [row] = await em
    .getConnection()
    .execute<{ id: string; user_id: string; expired: boolean; used_at: string | null }[]>(
      `SELECT id, user_id, expires_at <= now() AS expired, used_at FROM password_reset_tokens
      WHERE token_hash = ? AND user_id IS NOT NULL FOR UPDATE`,
      [hashOpaqueToken(token)],
      'all',
      em.getTransactionContext(),
    );
  if (!row) throw tokenError('TOKEN_INVALID');
  if (row.used_at) throw tokenError('TOKEN_USED');
  if (row.expired) throw tokenError('TOKEN_EXPIRED');
  return { id: row.id, userId: row.user_id };
}

export async function markPasswordResetTokenUsed(em: EntityManager, id: string) {
  await em
    .getConnection()
    .execute(
      'UPDATE password_reset_tokens SET used_at = now() WHERE id = ?',
      [id],
      'run',
      em.getTransactionContext(),
    );
}
