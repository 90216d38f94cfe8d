import type { EntityManager } from '@mikro-orm/postgresql';
import { newOpaqueToken } from '../../core/auth/opaque-tokens.js';
import { hashPassword, verifyPassword } from '../../core/auth/passwords.js';
import { checkPassword } from '../../core/auth/password-policy.js';
import {
  endUserSessions,
  issueRefreshToken,
  setRefreshCookie,
} from '../../core/auth/refresh-tokens.js';
import {
  findPasswordResetToken,
  markPasswordResetTokenUsed,
  RESET_TOKEN_TTL_MS,
} from '../../core/auth/single-use-tokens.js';
import { badInput, unauthenticated } from '../../core/errors/app-error.js';
import type { Context } from '../../core/context.js';
import { insertResetTokenForEmail } from './passwords.repository.js';
import { User } from './users.entity.js';
import { normalizeEmail } from './users.service.js';

// Same answer and the same work whether or not the account exists: a token is made and stored
// either way (with no user for an unknown email; see passwords.repository.ts). The email goes out
// once the answer has been sent, so neither a provider's call nor the email log's write shows in
// how long the answer takes.
export async function requestPasswordReset(ctx: Context, rawEmail: string) {
  const email = normalizeEmail(rawEmail);
  await ctx.services.rateLimiter.consume('password-reset', { ip: ctx.meta.ip, email });
  const { token, hash } = newOpaqueToken();
  const userId = await insertResetTokenForEmail(ctx.platformEm, {
    email,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  if (userId) {
    const link = `${ctx.services.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const message = {
      to: email,
      subject: 'Reset your Covenant password',
      template: 'password-reset',
      body: `Someone asked to reset the password of your Covenant account.\n\nSet a new password within 15 minutes: ${link}\n\nIf it was not you, ignore this message; your password stays as it is.`,
    };
    // 'close' also comes when the caller hung up early: the email still goes out.
    ctx.res.once('close', () => {
      // Nobody waits for it: a failure is logged, and the user can ask again.
      ctx.services.mailer
        .send(message)
        .catch((err: unknown) => console.error('Password reset email not sent', err));
    });
  }
  return true;
}

// Consumes the token (single use, 15 minutes), sets the password and signs out every session.
export async function resetPassword(ctx: Context, token: string, newPassword: string) {
  const userId = await ctx.platformEm.transactional(async (em: EntityManager) => {
    const found = await findPasswordResetToken(em, token);
    const user = await em.findOneOrFail(User, found.userId);
    // A refused password leaves the token usable.
    const weak = await checkPassword(newPassword, 'newPassword', [user.email, user.name]);
    if (weak) throw badInput([weak], weak.message);
    user.passwordHash = await hashPassword(newPassword);
    await markPasswordResetTokenUsed(em, found.id);
    await endUserSessions(em, user.id);
    return user.id;
  });
  // After the commit, so a request in between cannot cache the old version again.
  ctx.services.memberships.invalidateUser(userId);
  return true;
}

// For the signed-in user: every session is signed out (access tokens included); this browser gets
// a fresh refresh cookie and renews its access token with it.
export async function changePassword(ctx: Context, current: string, next: string) {
  const auth = ctx.auth!;
  if (auth.impersonatedBy) throw badInput([], 'Passwords cannot be changed while impersonating');
  const user = await ctx.platformEm.findOne(User, auth.userId, { populate: ['passwordHash'] });
  if (!user) throw unauthenticated('User no longer exists');
  if (!(await verifyPassword(user.passwordHash, current))) {
    throw badInput([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
  }
  const weak = await checkPassword(next, 'newPassword', [user.email, user.name]);
  if (weak) throw badInput([weak], weak.message);
  if (await verifyPassword(user.passwordHash, next)) {
    throw badInput([{ field: 'newPassword', message: 'Choose a password you have not used here' }]);
  }
  await ctx.platformEm.transactional(async (em: EntityManager) => {
    user.passwordHash = await hashPassword(next);
    em.persist(user);
    await endUserSessions(em, user.id);
  });
  ctx.services.memberships.invalidateUser(user.id);
  const refresh = await issueRefreshToken(ctx.platformEm, user.id, ctx.meta);
  setRefreshCookie(ctx.res, refresh.token, refresh.expiresAt, ctx.services.config.cookieSecure);
  return true;
}
