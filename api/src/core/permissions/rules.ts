import { rule } from 'graphql-shield';
import { AppError, forbidden, serviceUnavailable, unauthenticated } from '../errors/app-error.js';
import { decide, type ShieldRule } from './decide.js';
import { isReadOnly, readOnlyError } from '../plans.js';
import { OrganizationStatus } from '../roles.js';
import { Role } from '../roles.js';
import { sql } from '../../db/sql.js';
import type { Context } from '../context.js';

// Rules return true or the typed error to report; graphql-shield passes errors through.
async function tenantAccess(ctx: Context, staff = true): Promise<true | AppError> {
  if (!ctx.auth) return unauthenticated();
  if (!ctx.org) return forbidden('No organization selected');
  if (ctx.org.status !== OrganizationStatus.ACTIVE) {
    return new AppError('ORG_INACTIVE', `This organization is ${ctx.org.status}`);
  }
  if (!ctx.role) return forbidden('You are not a member of this organization');
  // An owner reaches only the owner portal (isUnitOwner), never the association's books.
  if (staff && ctx.role === Role.OWNER) {
    return forbidden('Owners see only their own units, in the owner portal');
  }
  if (!staff && ctx.role !== Role.OWNER) return forbidden('Only owners of units have this');
  // The organization requires two-step sign-in: a member without it still signs in (to set it
  // up), but reaches nothing of the organization. An impersonating super admin signed in themselves.
  if (
    !ctx.auth.impersonatedBy &&
    (await ctx.services.memberships.requiresMfa(ctx.org.orgId)) &&
    !(await ctx.services.memberships.mfaEnabled(ctx.auth.userId))
  ) {
    return new AppError(
      'MFA_REQUIRED',
      'This organization requires two-step sign-in: set it up on your Security page',
    );
  }
  return true;
}

export const isAuthenticated = rule({ cache: 'contextual' })(
  (_p, _a, ctx: Context) => ctx.auth !== null || unauthenticated(),
);

export const canReadTenant = rule({ cache: 'contextual' })((_p, _a, ctx: Context) =>
  tenantAccess(ctx),
);

// The owner portal: a homeowner of the caller's association (each field then checks every id
// against the caller's own units). Staff reach the association's books instead.
export const isUnitOwner = rule({ cache: 'contextual' })((_p, _a, ctx: Context) =>
  tenantAccess(ctx, false),
);

// An owner's writes (paying, AutoPay, profile choices) refuse a read-only API token.
export const notReadOnlyToken = rule({ cache: 'contextual' })((_p, _a, ctx: Context) =>
  ctx.auth?.readOnly ? forbidden('A read-only API token cannot do this') : true,
);

export const canWriteTenant = rule({ cache: 'contextual' })(async (_p, _a, ctx: Context) => {
  const access = await tenantAccess(ctx);
  if (access !== true) return access;
  return ctx.role === Role.VIEWER ? forbidden('Viewers have read-only access') : true;
});

export const isTenantAdmin = rule({ cache: 'contextual' })(async (_p, _a, ctx: Context) => {
  const access = await tenantAccess(ctx);
  if (access !== true) return access;
  return ctx.role === Role.ADMIN ? true : forbidden('Only organization admins can do this');
});

export const isSuperadmin = rule({ cache: 'contextual' })(async (_p, _a, ctx: Context) => {
  if (!ctx.auth) return unauthenticated();
  // A personal API token is a credential for one association, never for the platform.
  if (ctx.auth.apiTokenId) return forbidden('API tokens cannot administer the platform');
  // Read from the platform's users table on every call: a revoked super admin loses access at once.
  const [user] = await sql(ctx.platformEm).all<{ is_superadmin: boolean }>(
    'SELECT is_superadmin FROM users WHERE id = ?',
    [ctx.auth.userId],
  );
  return user?.is_superadmin ? true : forbidden('Super admins only');
});

// The write guard for viewers, applied to every mutation outside the allow-list.
export const notViewer = rule({ cache: 'contextual' })((_p, _a, ctx: Context) =>
  ctx.role === Role.VIEWER ? forbidden('Viewers have read-only access') : true,
);

// Sign-in, session and credential operations refuse personal API tokens (API_TOKEN_REFUSED).
export const notApiToken = rule({ cache: 'contextual' })((_p, _a, ctx: Context) =>
  ctx.auth?.apiTokenId ? forbidden('This operation cannot be called with an API token') : true,
);

// The write guard for a lapsed subscription (past-due grace over, trial ended): every mutation that
// acts in the caller's organization is refused with ORG_READ_ONLY; reads and exports go on.
export const notReadOnly = rule({ cache: 'contextual' })((_p, _a, ctx: Context) =>
  ctx.org && isReadOnly(ctx.org) ? readOnlyError(ctx.org) : true,
);

// The write guard for an association being moved to another database cluster (npm run
// tenant:move): its database is read-only for the copy, so a mutation is refused up front, as a
// short outage the caller retries, rather than failing half way in the database.
export const MOVING_RETRY_AFTER_S = 5;
export const notMoving = rule({ cache: 'contextual' })((_p, _a, ctx: Context) =>
  ctx.org?.movingSince
    ? serviceUnavailable(
        'This association is being moved to another database server; its changes are paused for a moment, try again shortly',
        MOVING_RETRY_AFTER_S,
      )
    : true,
);

// A rule per key of an object argument (an organization's settings patch): each key the caller
// sends passes its own rule, and the refusal names the key. A key without a rule is no key of the
// argument at all: the service refuses it as BAD_USER_INPUT.
export function eachKeyOf(arg: string, keys: Readonly<Record<string, ShieldRule>>) {
  return rule({ cache: 'no_cache' })(async (parent, args, ctx: Context, info) => {
    const value = (args as Record<string, unknown>)[arg];
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return true;
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(keys, key)) continue;
      const answer = await decide(keys[key], ctx, { parent, args, info });
      if (answer === true) continue;
      return answer.code === 'FORBIDDEN'
        ? new AppError('FORBIDDEN', `${answer.message} (${key})`, [
            { field: key, message: answer.message },
          ])
        : answer;
    }
    return true;
  });
}
