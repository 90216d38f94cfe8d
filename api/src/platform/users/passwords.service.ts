import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword, verifyPassword } from '../../core/auth/passwords.js';
import { checkPassword } from '../../core/auth/password-policy.js';
import {
  issueRefreshToken,
  revokeUserSessions,
  setRefreshCookie,
} from '../../core/auth/refresh-tokens.js';
import {
  createPasswordResetToken,
  findPasswordResetToken,
  markPasswordResetTokenUsed,
} from '../../core/auth/single-use-tokens.js';
import { badInput, unauthenticated } from '../../core/errors/app-error.js';
import type { Context } from '../../core/context.js';
import { User } from './users.entity.js';
import { normalizeEmail } from './users.service.js';

// Same answer whether or not the account exists; the link goes out through the mailer.
export async function requestPasswordReset(ctx: Context, rawEmail: string) {
  const email = normalizeEmail(rawEmail);
  await ctx.services.rateLimiter.consume('password-reset', { ip: ctx.meta.ip, email });
  const user = await ctx.platformEm.findOne(User, { email });
  if (user) {
    const token = await createPasswordResetToken(ctx.platformEm, user.id);
    const link = `${ctx.services.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await ctx.services.mailer.send({
      to: user.email,
      subject: 'Reset your Covenant password',
      template: 'password-reset',
      body: `Someone asked to reset the password of your Covenant account.\n\nSet a new password within 15 minutes: ${link}\n\nIf it was not you, ignore this message; your password stays as it is.`,
    });
  }
  return true;
}

// Consumes the token (single use, 15 minutes), sets the password and signs out every session.
export async function resetPassword(ctx: Context, token: string, newPassword: string) {
  await ctx.platformEm.transactional(async (em: EntityManager) => {
    const found = await findPasswordResetToken(em, token);
    const user = await em.findOneOrFail(User, found.userId);
    // A refused password leaves the token usable.
    const weak = await checkPassword(newPassword, 'newPassword', [user.email, user.name]);
    if (weak) throw badInput([weak], weak.message);
    user.passwordHash = await hashPassword(newPassword);
    await markPasswordResetTokenUsed(em, found.id);
    await revokeUserSessions(em, user.id);
  });
  return true;
}

// For the signed-in user: every other session is signed out; this browser gets a fresh one.
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
    await revokeUserSessions(em, user.id);
  });
  const refresh = await issueRefreshToken(ctx.platformEm, user.id, ctx.meta);
  setRefreshCookie(ctx.res, refresh.token, refresh.expiresAt, ctx.services.config.cookieSecure);
  return true;
}
