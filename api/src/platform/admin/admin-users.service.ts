import { endAccessTokens } from '../../core/auth/refresh-tokens.js';
import type { Context } from '../../core/context.js';
import { badInput, forbidden, notFound } from '../../core/errors/app-error.js';
import { assertId } from '../../core/ids.js';
import type { OrganizationStatus, Role } from '../../core/roles.js';
import { type MembershipStatus, User } from '../users/index.js';
import { recordAudit } from './admin-audit.service.js';
import { maskSecrets } from '../../core/email/mask.js';
import {
  type AdminUserRow,
  EMAIL_PREVIEW_CHARS,
  findUser,
  searchEmailLog,
  searchUsers,
  userLoginHistory,
  userMemberships,
} from './admin-users.repository.js';
import type {
  AdminEmailList,
  AdminUser,
  AdminUserDetail,
  AdminUserList,
} from './admin-users.types.js';

export const ADMIN_LIST_MAX = 200;
const LOGIN_HISTORY_SHOWN = 50;
const SEARCH_MAX_CHARS = 200;

function listArgs(search: string | null | undefined, limit: number | null | undefined) {
  const term = search?.trim() || null;
  if (term && term.length > SEARCH_MAX_CHARS) {
    throw badInput([{ field: 'search', message: `At most ${SEARCH_MAX_CHARS} characters` }]);
  }
  const n = limit ?? 50;
  if (!Number.isInteger(n) || n < 1 || n > ADMIN_LIST_MAX) {
    throw badInput([{ field: 'limit', message: `Between 1 and ${ADMIN_LIST_MAX}` }]);
  }
  return { term, n };
}

function toAdminUser(r: AdminUserRow): AdminUser {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    isSuperadmin: r.is_superadmin,
    isPlatformOwner: r.is_platform_owner,
    createdAt: new Date(r.created_at),
    lastSignInAt: r.last_sign_in_at ? new Date(r.last_sign_in_at) : null,
    organizationCount: r.organization_count,
  };
}

export async function adminUsers(
  ctx: Context,
  search?: string | null,
  limit?: number | null,
): Promise<AdminUserList> {
  const { term, n } = listArgs(search, limit);
  const { rows, total } = await searchUsers(ctx.platformEm, term, n);
  return { totalCount: total, users: rows.map(toAdminUser) };
}

export async function adminUser(ctx: Context, id: string): Promise<AdminUserDetail> {
  const row = await findUser(ctx.platformEm, assertId(id, 'User'));
  if (!row) throw notFound('User');
  const memberships = await userMemberships(ctx.platformEm, row.id);
  const history = await userLoginHistory(ctx.platformEm, row.id, LOGIN_HISTORY_SHOWN);
  return {
    ...toAdminUser(row),
    memberships: memberships.map((m) => ({
      organizationId: m.organization_id,
      organizationName: m.organization_name,
      organizationStatus: m.organization_status as OrganizationStatus,
      role: m.role as Role,
      status: m.status as MembershipStatus,
      createdAt: new Date(m.created_at),
    })),
    loginHistory: history.map((l) => ({
      id: l.id,
      at: new Date(l.created_at),
      method: l.method,
      success: l.success,
      failureReason: l.failure_reason,
      organizationName: l.organization_name,
      ip: l.ip,
      userAgent: l.user_agent,
      impersonatedByEmail: l.impersonated_by_email,
      impersonationReason: l.reason,
    })),
  };
}

// Grants or revokes super admin. The platform owner always stays one, and nobody removes their
// own access (the panel would lock them out mid-action). The super admin rule reads the users
// table on every call, so a revocation holds from the next request. A revocation also ends the
// access tokens they hold (their session version moves on), so an impersonation they started
// ends with it; their browser renews into a session without the panel.
export async function setSuperadmin(
  ctx: Context,
  userId: string,
  value: boolean,
): Promise<AdminUserDetail> {
  const auth = ctx.auth!;
  const target = await ctx.platformEm.findOne(User, assertId(userId, 'User'));
  if (!target) throw notFound('User');
  if (target.isPlatformOwner) {
    throw forbidden("The platform owner's super admin access cannot be changed");
  }
  if (target.id === auth.userId && !value) {
    throw forbidden('You cannot remove your own super admin access');
  }
  if (target.isSuperadmin !== value) {
    await ctx.platformEm.transactional(async (em) => {
      target.isSuperadmin = value;
      em.persist(target);
      await em.flush();
      if (!value) await endAccessTokens(em, target.id);
      await recordAudit(em, {
        actor: auth,
        action: value ? 'user.superadmin.grant' : 'user.superadmin.revoke',
        entityType: 'User',
        entityId: target.id,
        details: { email: target.email },
      });
    });
    ctx.services.memberships.invalidateUser(target.id);
  }
  return adminUser(ctx, target.id);
}

export async function adminEmailLog(
  ctx: Context,
  search?: string | null,
  limit?: number | null,
): Promise<AdminEmailList> {
  const { term, n } = listArgs(search, limit);
  const { rows, total } = await searchEmailLog(ctx.platformEm, term, n);
  return {
    totalCount: total,
    emails: rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      template: r.template,
      sentAt: new Date(r.created_at),
      // Masked when stored too; masked again here for whatever was logged before that.
      bodyPreview: maskSecrets(r.body).slice(0, EMAIL_PREVIEW_CHARS),
    })),
  };
}
