import { hashPassword, verifyPassword } from '../../core/auth/passwords.js';
import { checkPassword } from '../../core/auth/password-policy.js';
import type { Context } from '../../core/context.js';
import { badInput, conflict, forbidden, unauthenticated } from '../../core/errors/app-error.js';
import { Role } from '../../core/roles.js';
import { createChallenge, hasMfa, type MfaChallenge } from '../mfa/index.js';
import { createOrganization } from '../organizations/index.js';
import { type LoginPayload, recordLogin, startSession } from '../sessions/index.js';
import { Membership, normalizeEmail, User } from '../users/index.js';
import type { RegisterInput } from './sign-in.types.js';

// Signing in with a password (and, when the account has it on, a second step) and registering a
// new association: the ways in that need two-step sign-in and organizations, so they sit above
// both; the session they end in is the sessions feature's.

export async function login(
  ctx: Context,
  rawEmail: string,
  password: string,
): Promise<LoginPayload | MfaChallenge> {
  const email = normalizeEmail(rawEmail);
  await ctx.services.rateLimiter.consume('login', { ip: ctx.meta.ip, email });
  const user = await ctx.platformEm.findOne(User, { email }, { populate: ['passwordHash'] });
  // Same message and (through the dummy hash) the same time whether the email or the password
  // was wrong.
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await recordLogin(ctx.platformEm, {
      userId: user?.id,
      email,
      method: 'password',
      success: false,
      failureReason: user ? 'wrong password' : 'unknown email',
      meta: ctx.meta,
    });
    throw unauthenticated('Invalid email or password');
  }
  // Two-step sign-in on: no session yet, a challenge for the code (verifyMfa finishes it).
  if (await hasMfa(ctx.platformEm, user.id)) return createChallenge(ctx, user);
  return startSession(ctx, user, 'password');
}

export async function register(ctx: Context, input: RegisterInput) {
  if (!ctx.services.config.allowOpenRegistration) throw forbidden('Registration is closed');
  const email = normalizeEmail(input.email);
  await ctx.services.rateLimiter.consume('register', { ip: ctx.meta.ip, email });
  const weak = await checkPassword(input.password, 'password', [email, input.name]);
  if (weak) throw badInput([weak], weak.message);
  if (await ctx.platformEm.count(User, { email })) {
    throw conflict('An account with this email already exists', [
      { field: 'email', message: 'An account with this email already exists' },
    ]);
  }
  const org = await createOrganization(ctx.services, { name: input.organizationName });
  const user = ctx.platformEm.create(User, {
    email,
    name: input.name?.trim() || null,
    passwordHash: await hashPassword(input.password),
  });
  ctx.platformEm.create(Membership, { user, organization: org.id, role: Role.ADMIN });
  await ctx.platformEm.flush();
  return startSession(ctx, user, 'register');
}
