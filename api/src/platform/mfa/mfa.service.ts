import type { EntityManager } from '@mikro-orm/postgresql';
import QRCode from 'qrcode';
import { hashOpaqueToken, newOpaqueToken } from '../../core/auth/opaque-tokens.js';
import {
  AppError,
  badInput,
  conflict,
  forbidden,
  unauthenticated,
} from '../../core/errors/app-error.js';
import type { Context } from '../../core/context.js';
import { Role } from '../../core/roles.js';
import { recordAudit } from '../admin/index.js';
import {
  type LoginMethod,
  recordLogin,
  startSession,
  type LoginPayload,
} from '../sessions/index.js';
import { User } from '../users/index.js';
import {
  clearWrongCodes,
  countChallengeFailure,
  countWrongCode,
  deleteMfa,
  enableMfa,
  insertChallenge,
  markChallengeUsed,
  replaceRecoveryCodes,
  saveLastTimeStep,
  savePendingSecret,
  selectChallenge,
  selectMfaStatus,
  selectUserMfa,
  useRecoveryCode,
} from './mfa.repository.js';
import type { MfaChallenge, MfaSetup, MfaStatus } from './mfa.types.js';
import {
  hashRecoveryCode,
  isRecoveryCodeShape,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normalizeCode,
  totpUri,
} from './totp.js';

export const CHALLENGE_TTL_SECONDS = 5 * 60;
// Wrong codes one challenge takes before it is spent (the rate limit also counts each one).
export const CHALLENGE_MAX_FAILURES = 5;
// The authenticator's lock (NIST SP 800-63B 5.2.2 allows at most 100 wrong codes in a row; a
// 6-digit code stands ±1 step, so each guess has 3 in a million). Wrong codes are counted per
// user in the platform database, across challenges, sign-ins, processes and restarts; the count
// starts again only with a right code. At MFA_LOCK_AFTER the authenticator's codes are refused
// for MFA_LOCK_SECONDS, and the user is emailed. A recovery code still signs in and lifts the
// lock at once. Once the time is up, one more wrong code locks it again (the count is still past
// the limit): someone who knows the password gets 10 guesses, then one a day. A password reset
// does not lift it: a mailbox alone must not buy more guesses at the second factor.
export const MFA_LOCK_AFTER = 10;
export const MFA_LOCK_SECONDS = 24 * 60 * 60;

// Sealed to the user: a sealed secret copied to another user's row does not open there.
const sealContext = (userId: string) => `user:${userId}:totp`;

// Does the user have two-step sign-in on? (The sign-in path asks; requests use the cached lookup.)
export async function hasMfa(em: EntityManager, userId: string): Promise<boolean> {
  const row = await selectUserMfa(em, userId);
  return !!row?.enabled_at;
}

// The password was right: a short-lived, single-use token for the second step.
export async function createChallenge(ctx: Context, user: User): Promise<MfaChallenge> {
  const { token, hash } = newOpaqueToken();
  const expiresAt = await insertChallenge(ctx.platformEm, {
    tokenHash: hash,
    userId: user.id,
    ttlSeconds: CHALLENGE_TTL_SECONDS,
  });
  return { mfaRequired: true, challengeToken: token, expiresAt };
}

type CodeCheck =
  | { ok: true; method: 'totp' | 'recovery-code' }
  // `lockedUntil`: the authenticator is locked (`lockedNow`: by this very code).
  | { ok: false; lockedUntil: Date | null; lockedNow: boolean };

// A code from the authenticator app (±1 step, never a step already used) or an unused recovery
// code, for a user with MFA on. Runs inside the caller's transaction, which must commit whatever
// the answer (the count of wrong codes is written there): the user's MFA row is locked, and what
// the code used up (its time step, the recovery code) is written there too. While the
// authenticator is locked its codes are refused unchecked; recovery codes still work.
async function checkCode(
  ctx: Context,
  em: EntityManager,
  userId: string,
  raw: string,
): Promise<CodeCheck> {
  const mfa = await selectUserMfa(em, userId, true);
  if (!mfa?.enabled_at || !mfa.secret_sealed) {
    return { ok: false, lockedUntil: null, lockedNow: false };
  }
  const code = normalizeCode(raw);
  const wrong = async (): Promise<CodeCheck> => {
    const counted = await countWrongCode(em, userId, MFA_LOCK_AFTER, MFA_LOCK_SECONDS);
    const until = counted.locked_until ? new Date(counted.locked_until) : null;
    return {
      ok: false,
      lockedUntil: until && until.getTime() > Date.now() ? until : null,
      lockedNow: counted.locked_now,
    };
  };
  if (isRecoveryCodeShape(code)) {
    if (!(await useRecoveryCode(em, userId, hashRecoveryCode(code)))) return wrong();
    await clearWrongCodes(em, userId);
    return { ok: true, method: 'recovery-code' };
  }
  if (mfa.locked) {
    return { ok: false, lockedUntil: new Date(mfa.locked_until!), lockedNow: false };
  }
  const secret = ctx.services.secrets.open(mfa.secret_sealed, sealContext(userId));
  const last = mfa.last_time_step === null ? null : Number(mfa.last_time_step);
  const step = await matchTotp(secret, code, last);
  if (step === null) return wrong();
  await saveLastTimeStep(em, userId, step);
  await clearWrongCodes(em, userId);
  return { ok: true, method: 'totp' };
}

// The refusal of an authenticator code while the app is locked: the way on is a recovery code.
function lockedMessage() {
  return `Codes from your authenticator app are locked after ${MFA_LOCK_AFTER} wrong codes in a row: use one of your recovery codes`;
}

// Once, when a lock begins: the account's owner learns that someone has their password.
async function sendLockedEmail(ctx: Context, user: User, until: Date) {
  const link = `${ctx.services.publicUrl}/forgot-password`;
  await ctx.services.mailer
    .send({
      to: user.email,
      subject: 'Two-step sign-in to Covenant is locked',
      template: 'mfa-locked',
      body:
        `Someone entered your password and then ${MFA_LOCK_AFTER} wrong codes from your authenticator app in a row, so codes from the app no longer sign in to your account.\n\n` +
        `To sign in, use one of the recovery codes you saved when you turned on two-step sign-in; that also unlocks the app. Otherwise the app works again from ${until.toUTCString()}.\n\n` +
        `If it was not you, someone knows your password: choose a new one now at ${link}`,
    })
    .catch((err: unknown) => console.error('Two-step lock email not sent', err));
}

const challengeError = (reason: string, message: string, extra: Record<string, unknown> = {}) =>
  new AppError('UNAUTHENTICATED', message, undefined, { reason, ...extra });

// The second step of signing in. Every attempt counts against the rate limit (per IP and per
// account); a challenge takes a few wrong codes, then is spent.
export async function verifyMfa(
  ctx: Context,
  challengeToken: string,
  rawCode: string,
): Promise<LoginPayload> {
  const found = await selectChallenge(ctx.platformEm, hashOpaqueToken(challengeToken));
  const user = found ? await ctx.platformEm.findOne(User, found.user_id) : null;
  await ctx.services.rateLimiter.consume('mfa', { ip: ctx.meta.ip, email: user?.email });
  if (!found || !user) {
    throw challengeError('MFA_CHALLENGE_INVALID', 'This sign-in is not valid: sign in again');
  }
  const method = (m: 'totp' | 'recovery-code'): LoginMethod => `password+${m}`;
  const guessed: LoginMethod = isRecoveryCodeShape(normalizeCode(rawCode))
    ? 'password+recovery-code'
    : 'password+totp';
  const fail = async (reason: string) =>
    recordLogin(ctx.platformEm, {
      userId: user.id,
      email: user.email,
      method: guessed,
      success: false,
      failureReason: reason,
      meta: ctx.meta,
    });
  const outcome = await ctx.platformEm.transactional(async (em: EntityManager) => {
    const challenge = await selectChallenge(em, hashOpaqueToken(challengeToken));
    if (!challenge || challenge.used_at || challenge.failed_attempts >= CHALLENGE_MAX_FAILURES) {
      return { error: 'MFA_CHALLENGE_USED' as const };
    }
    if (challenge.expired) return { error: 'MFA_CHALLENGE_EXPIRED' as const };
    const check = await checkCode(ctx, em, user.id, rawCode);
    if (!check.ok) {
      // An app code refused unchecked (the app is locked) spends nothing of the challenge: the
      // same sign-in goes on with a recovery code.
      const unchecked = !!check.lockedUntil && !check.lockedNow && guessed === 'password+totp';
      if (!unchecked) await countChallengeFailure(em, challenge.id);
      if (check.lockedUntil && (unchecked || check.lockedNow)) {
        const { lockedUntil, lockedNow } = check;
        return { error: 'MFA_LOCKED' as const, lockedUntil, lockedNow };
      }
      return { error: 'MFA_CODE_INVALID' as const };
    }
    await markChallengeUsed(em, challenge.id);
    return { method: method(check.method) };
  });
  if ('error' in outcome) {
    await fail(
      outcome.error === 'MFA_CODE_INVALID'
        ? 'wrong code'
        : outcome.error === 'MFA_LOCKED'
          ? outcome.lockedNow
            ? 'wrong code; authenticator locked'
            : 'authenticator locked'
          : outcome.error === 'MFA_CHALLENGE_EXPIRED'
            ? 'challenge expired'
            : 'challenge used',
    );
    if (outcome.error === 'MFA_LOCKED') {
      if (outcome.lockedNow) await sendLockedEmail(ctx, user, outcome.lockedUntil);
      throw challengeError('MFA_LOCKED', lockedMessage(), {
        lockedUntil: outcome.lockedUntil.toISOString(),
      });
    }
    if (outcome.error === 'MFA_CODE_INVALID') {
      throw challengeError('MFA_CODE_INVALID', 'That code is not valid');
    }
    if (outcome.error === 'MFA_CHALLENGE_EXPIRED') {
      throw challengeError(
        'MFA_CHALLENGE_EXPIRED',
        'This sign-in took too long: enter your password again',
      );
    }
    throw challengeError(
      'MFA_CHALLENGE_USED',
      'This sign-in can no longer be used: enter your password again',
    );
  }
  return startSession(ctx, user, outcome.method);
}

function ownUser(ctx: Context): string {
  const auth = ctx.auth!;
  if (auth.impersonatedBy) {
    throw forbidden('Two-step sign-in cannot be changed while impersonating');
  }
  return auth.userId;
}

async function userOf(ctx: Context, userId: string): Promise<User> {
  const user = await ctx.platformEm.findOne(User, userId);
  if (!user) throw unauthenticated('User no longer exists');
  return user;
}

const wrongCode = () =>
  badInput([{ field: 'code', message: 'That code is not valid: check your authenticator app' }]);

export async function mfaStatus(ctx: Context): Promise<MfaStatus> {
  const row = await selectMfaStatus(ctx.platformEm, ctx.auth!.userId);
  return {
    enabled: !!row?.enabledAt,
    enabledAt: row?.enabledAt ?? null,
    recoveryCodesLeft: row?.enabledAt ? row.codesLeft : 0,
  };
}

// A new secret, kept pending (sealed) until a code from the app confirms it.
export async function beginMfaSetup(ctx: Context): Promise<MfaSetup> {
  const user = await userOf(ctx, ownUser(ctx));
  if (await hasMfa(ctx.platformEm, user.id)) {
    throw conflict('Two-step sign-in is already on: turn it off first to use another app');
  }
  const secret = newTotpSecret();
  await savePendingSecret(
    ctx.platformEm,
    user.id,
    ctx.services.secrets.seal(secret, sealContext(user.id)),
  );
  const otpauthUri = totpUri(secret, user.email);
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUri, { margin: 1, width: 220 });
  return { otpauthUri, qrCodeDataUrl, secret };
}

async function issueRecoveryCodes(em: EntityManager, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    em,
    userId,
    codes.map((c) => hashRecoveryCode(normalizeCode(c))),
  );
  return codes;
}

export async function confirmMfaSetup(ctx: Context, code: string): Promise<string[]> {
  const user = await userOf(ctx, ownUser(ctx));
  await ctx.services.rateLimiter.consume('mfa', { ip: ctx.meta.ip, email: user.email });
  const codes = await ctx.platformEm.transactional(async (em: EntityManager) => {
    const mfa = await selectUserMfa(em, user.id, true);
    if (mfa?.enabled_at) throw conflict('Two-step sign-in is already on');
    if (!mfa?.pending_secret_sealed) {
      throw badInput([{ field: 'code', message: 'Start the setup again' }], 'No setup in progress');
    }
    const step = await matchTotp(
      ctx.services.secrets.open(mfa.pending_secret_sealed, sealContext(user.id)),
      normalizeCode(code),
      null,
    );
    if (step === null) throw wrongCode();
    // The confirming code's step is spent: it cannot also sign someone in.
    await enableMfa(em, user.id, mfa.pending_secret_sealed, step);
    const issued = await issueRecoveryCodes(em, user.id);
    await recordAudit(em, {
      actor: ctx.auth!,
      action: 'mfa.enable',
      entityType: 'User',
      entityId: user.id,
    });
    return issued;
  });
  ctx.services.memberships.invalidateUser(user.id);
  return codes;
}

// Runs `then` once a current code (app or recovery) of the caller checks out.
async function withCurrentCode<T>(
  ctx: Context,
  code: string,
  then: (em: EntityManager, userId: string) => Promise<T>,
): Promise<T> {
  const user = await userOf(ctx, ownUser(ctx));
  await ctx.services.rateLimiter.consume('mfa', { ip: ctx.meta.ip, email: user.email });
  if (!(await hasMfa(ctx.platformEm, user.id))) throw conflict('Two-step sign-in is not on');
  // The refusal is thrown once the transaction has committed: the wrong code stays counted.
  type Outcome = { ok: true; done: T } | { ok: false; refused: CodeCheck & { ok: false } };
  const outcome = await ctx.platformEm.transactional(
    async (em: EntityManager): Promise<Outcome> => {
      const check = await checkCode(ctx, em, user.id, code);
      if (!check.ok) return { ok: false, refused: check };
      return { ok: true, done: await then(em, user.id) };
    },
  );
  if (outcome.ok) return outcome.done;
  const { lockedUntil, lockedNow } = outcome.refused;
  if (lockedNow) await sendLockedEmail(ctx, user, lockedUntil!);
  if (lockedUntil && (lockedNow || !isRecoveryCodeShape(normalizeCode(code)))) {
    throw new AppError(
      'BAD_USER_INPUT',
      lockedMessage(),
      [{ field: 'code', message: lockedMessage() }],
      { reason: 'MFA_LOCKED', lockedUntil: lockedUntil.toISOString() },
    );
  }
  throw wrongCode();
}

export async function disableMfa(ctx: Context, code: string): Promise<boolean> {
  const userId = await withCurrentCode(ctx, code, async (em, userId) => {
    await deleteMfa(em, userId);
    await recordAudit(em, {
      actor: ctx.auth!,
      action: 'mfa.disable',
      entityType: 'User',
      entityId: userId,
    });
    return userId;
  });
  ctx.services.memberships.invalidateUser(userId);
  return true;
}

export function regenerateRecoveryCodes(ctx: Context, code: string): Promise<string[]> {
  return withCurrentCode(ctx, code, async (em, userId) => {
    const codes = await issueRecoveryCodes(em, userId);
    await recordAudit(em, {
      actor: ctx.auth!,
      action: 'mfa.recovery-codes',
      entityType: 'User',
      entityId: userId,
    });
    return codes;
  });
}

// The organization settings key `requireMfa`: a boolean, set by the organization's admins, and
// turned on only by an admin who has two-step sign-in on themselves (or they would lock
// themselves out of the organization at once).
export async function checkRequireMfaPatch(ctx: Context, patch: Record<string, unknown>) {
  if (!('requireMfa' in patch)) return false;
  const value = patch.requireMfa;
  if (typeof value !== 'boolean') {
    throw badInput([{ field: 'requireMfa', message: 'Use true or false' }]);
  }
  if (ctx.role !== Role.ADMIN) {
    throw forbidden('Only organization admins can require two-step sign-in');
  }
  if (value && !(await hasMfa(ctx.platformEm, ctx.auth!.userId))) {
    throw badInput(
      [
        {
          field: 'requireMfa',
          message: 'Turn on two-step sign-in for yourself first (Security page)',
        },
      ],
      'Turn on two-step sign-in for yourself before requiring it of everyone',
    );
  }
  return true;
}

// After the settings changed: audited, and this process reads the new setting at once.
export async function requireMfaChanged(ctx: Context, value: boolean) {
  ctx.services.memberships.invalidateOrganization(ctx.org!.orgId);
  await recordAudit(ctx.platformEm, {
    actor: ctx.auth!,
    action: value ? 'organization.require-mfa.on' : 'organization.require-mfa.off',
    entityType: 'Organization',
    entityId: ctx.org!.orgId,
    organizationId: ctx.org!.orgId,
  });
}
