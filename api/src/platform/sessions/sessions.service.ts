import type { EntityManager } from '@mikro-orm/postgresql';
import {
  clearRefreshCookie,
  endUserSessions,
  issueRefreshToken,
  REFRESH_COOKIE,
  revokeRefreshFamily,
  rotateRefreshToken,
  setRefreshCookie,
} from '../../core/auth/refresh-tokens.js';
import {
  AppError,
  badInput,
  forbidden,
  notFound,
  unauthenticated,
} from '../../core/errors/app-error.js';
import { assertId, isId } from '../../core/ids.js';
import type { Context } from '../../core/context.js';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { PLATFORM_TEXT_LIMITS } from '@covenant/shared/text-limits';
import { recordAudit } from '../admin/index.js';
import { OrganizationStatus } from '../../core/roles.js';
import { activeMemberships, Membership, MembershipStatus, User } from '../users/index.js';
import { type LoginMethod, recordLogin } from './login-history.service.js';
import type { LoginPayload, SessionPayload } from './sessions.types.js';

// The super admin behind an impersonation, with their session version when it began.
interface Impersonator {
  userId: string;
  sessionVersion: number;
}

// Access token for the user in the chosen (or first) active organization.
async function sessionFor(
  ctx: Context,
  user: User,
  opts: { organizationId?: string | null; impersonator?: Impersonator } = {},
): Promise<SessionPayload> {
  const organizations = await activeMemberships(ctx.platformEm, user.id);
  const organization =
    (opts.organizationId && organizations.find((o) => o.id === opts.organizationId)) ||
    organizations[0] ||
    null;
  const accessToken = ctx.services.tokens.sign({
    userId: user.id,
    orgId: organization?.id ?? null,
    sessionVersion: user.sessionVersion,
    ...(opts.impersonator
      ? {
          impersonatedBy: opts.impersonator.userId,
          impersonatorSessionVersion: opts.impersonator.sessionVersion,
        }
      : {}),
  });
  const impersonatedBy = opts.impersonator
    ? await ctx.platformEm.findOne(User, opts.impersonator.userId)
    : null;
  return { accessToken, user, organization, organizations, impersonatedBy };
}

// The impersonation a request belongs to, carried into the next token (an organization switch).
const impersonatorOf = (auth: AuthInfo): Impersonator | undefined =>
  auth.impersonatedBy
    ? { userId: auth.impersonatedBy, sessionVersion: auth.impersonatorSessionVersion! }
    : undefined;

// A signed-in browser: access token in the answer, refresh token in an httpOnly cookie.
export async function startSession(
  ctx: Context,
  user: User,
  method: LoginMethod,
): Promise<LoginPayload> {
  const session = await sessionFor(ctx, user);
  if (!session.organization && !user.isSuperadmin) {
    await recordLogin(ctx.platformEm, {
      userId: user.id,
      email: user.email,
      method,
      success: false,
      failureReason: 'no active organization',
      meta: ctx.meta,
    });
    throw unauthenticated('None of your organizations is active');
  }
  const refresh = await issueRefreshToken(ctx.platformEm, user.id, ctx.meta);
  setRefreshCookie(ctx.res, refresh.token, refresh.expiresAt, ctx.services.config.cookieSecure);
  await recordLogin(ctx.platformEm, {
    userId: user.id,
    email: user.email,
    organizationId: session.organization?.id,
    method,
    success: true,
    meta: ctx.meta,
  });
  return { ...session, hasSeenIntro: user.hasSeenIntro, mfaRequired: false };
}

// No refresh cookie at all is a signed-out browser asking whether it has a session: the answer is
// "no" (null, HTTP 200), not an error, so every guest page load does not log a failed request. A
// cookie that is present but expired, revoked or reused still gets UNAUTHENTICATED (and is cleared).
export async function refreshSession(
  ctx: Context,
  organizationId?: string | null,
): Promise<SessionPayload | null> {
  const token = (ctx.req.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE];
  if (!token) return null;
  let rotated;
  try {
    rotated = await rotateRefreshToken(ctx.platformEm, token, ctx.meta);
  } catch (err) {
    clearRefreshCookie(ctx.res, ctx.services.config.cookieSecure);
    throw err;
  }
  setRefreshCookie(ctx.res, rotated.token, rotated.expiresAt, ctx.services.config.cookieSecure);
  const user = await ctx.platformEm.findOne(User, rotated.userId);
  if (!user) throw unauthenticated('No session');
  const session = await sessionFor(ctx, user, {
    organizationId: isId(organizationId) ? organizationId : null,
  });
  if (!session.organization && !user.isSuperadmin) {
    throw unauthenticated('None of your organizations is active');
  }
  return session;
}

export async function logout(ctx: Context) {
  const token = (ctx.req.cookies as Record<string, string> | undefined)?.[REFRESH_COOKIE];
  if (token) await revokeRefreshFamily(ctx.platformEm, token);
  clearRefreshCookie(ctx.res, ctx.services.config.cookieSecure);
  return true;
}

// Every sign-in of the caller ends, this browser's included: refresh sessions are revoked and the
// access tokens already issued are refused from the next request on.
export async function signOutEverywhere(ctx: Context) {
  const auth = ctx.auth!;
  if (auth.impersonatedBy) throw badInput([], 'You cannot sign out a user you are impersonating');
  await ctx.platformEm.transactional((em: EntityManager) => endUserSessions(em, auth.userId));
  ctx.services.memberships.invalidateUser(auth.userId);
  clearRefreshCookie(ctx.res, ctx.services.config.cookieSecure);
  await recordAudit(ctx.platformEm, {
    actor: auth,
    action: 'sessions.end-all',
    entityType: 'User',
    entityId: auth.userId,
  });
  return true;
}

export async function switchOrganization(ctx: Context, organizationId: string) {
  const auth = ctx.auth!;
  assertId(organizationId, 'Organization');
  const membership = await ctx.platformEm.findOne(
    Membership,
    { user: auth.userId, organization: organizationId, status: MembershipStatus.ACTIVE },
    { populate: ['organization', 'user'] },
  );
  const fail = async (reason: string, error: AppError) => {
    await recordLogin(ctx.platformEm, {
      userId: auth.userId,
      organizationId: membership ? organizationId : null,
      method: 'switch',
      success: false,
      failureReason: reason,
      impersonatedBy: auth.impersonatedBy,
      meta: ctx.meta,
    });
    return error;
  };
  // Another organization's id and an unknown id look the same to the caller.
  if (!membership) throw await fail('not a member', notFound('Organization'));
  const org = membership.organization;
  if (org.status !== OrganizationStatus.ACTIVE) {
    throw await fail(
      `organization ${org.status}`,
      new AppError('ORG_INACTIVE', `This organization is ${org.status}`),
    );
  }
  const session = await sessionFor(ctx, membership.user, {
    organizationId,
    impersonator: impersonatorOf(auth),
  });
  await recordLogin(ctx.platformEm, {
    userId: auth.userId,
    organizationId,
    method: 'switch',
    success: true,
    impersonatedBy: auth.impersonatedBy,
    meta: ctx.meta,
  });
  return session;
}

export const IMPERSONATION_REASON_MAX = PLATFORM_TEXT_LIMITS.login_history.reason;

// Acting as another user takes a reason (a support ticket, what the user asked), kept in the audit
// trail and the user's sign-in history beside the super admin's name.
export async function impersonateUser(ctx: Context, userId: string, rawReason: string) {
  const admin = ctx.auth!;
  const reason = rawReason.trim();
  if (!reason || reason.length > IMPERSONATION_REASON_MAX) {
    const message = reason
      ? `At most ${IMPERSONATION_REASON_MAX} characters`
      : 'Say why you are impersonating this user';
    throw badInput([{ field: 'reason', message }], message);
  }
  const target = await ctx.platformEm.findOne(User, assertId(userId, 'User'));
  if (!target) throw notFound('User');
  if (target.isSuperadmin) throw forbidden('Super admins cannot be impersonated');
  // The admin's own token was checked against their current session version on this request.
  const session = await sessionFor(ctx, target, {
    impersonator: { userId: admin.userId, sessionVersion: admin.sessionVersion ?? 0 },
  });
  await recordAudit(ctx.platformEm, {
    actor: admin,
    action: 'impersonation.start',
    entityType: 'User',
    entityId: target.id,
    organizationId: session.organization?.id,
    details: { reason },
  });
  await recordLogin(ctx.platformEm, {
    userId: target.id,
    email: target.email,
    organizationId: session.organization?.id,
    method: 'impersonation',
    success: true,
    impersonatedBy: admin.userId,
    reason,
    meta: ctx.meta,
  });
  return session;
}

export async function stopImpersonating(ctx: Context) {
  const auth = ctx.auth!;
  if (!auth.impersonatedBy) throw badInput([], 'This session is not an impersonation');
  const admin = await ctx.platformEm.findOne(User, auth.impersonatedBy);
  if (!admin?.isSuperadmin) throw unauthenticated('The impersonating admin is no longer valid');
  await recordAudit(ctx.platformEm, {
    actor: { userId: admin.id },
    action: 'impersonation.stop',
    entityType: 'User',
    entityId: auth.userId,
  });
  return sessionFor(ctx, admin);
}
