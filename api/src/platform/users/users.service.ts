import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context } from '../../core/context.js';
import { badInput, unauthenticated } from '../../core/errors/app-error.js';
import { OrganizationStatus, Role } from '../../core/roles.js';
import { USER_NAME_MAX } from '@covenant/shared/text-limits';
import { Membership, MembershipStatus } from './memberships.entity.js';
import { User } from './users.entity.js';
import type { OrganizationMembership } from './users.types.js';

// What an owner (a homeowner) reads of an association's settings: how its figures and dates are
// written and whether it requires two-step sign-in. Its setup and features are the staff's.
const OWNER_SETTING_KEYS = ['locale', 'currency', 'requireMfa'];

export function settingsFor(role: Role, settings: Record<string, unknown>) {
  if (role !== Role.OWNER) return settings;
  return Object.fromEntries(
    Object.entries(settings).filter(([k]) => OWNER_SETTING_KEYS.includes(k)),
  );
}

// The user's organizations that can be used now (suspended and archived ones are left out),
// by name.
export async function activeMemberships(
  em: EntityManager,
  userId: string,
): Promise<OrganizationMembership[]> {
  const rows = await em.find(
    Membership,
    {
      user: userId,
      status: MembershipStatus.ACTIVE,
      organization: { status: OrganizationStatus.ACTIVE },
    },
    { populate: ['organization'], orderBy: { organization: { name: 'asc' } } },
  );
  return rows.map((m) => ({
    id: m.organization.id,
    name: m.organization.name,
    role: m.role,
    status: m.organization.status,
    settings: settingsFor(m.role, m.organization.settings),
  }));
}

// Emails are stored and compared in lower case (the database checks it).
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// The signed-in user's own name: trimmed, empty means none. Impersonation may not put words in
// the user's mouth. (Control characters never reach here: the input guard refuses them.)
export async function updateProfile(ctx: Context, input: { name?: string | null }): Promise<User> {
  const auth = ctx.auth!;
  if (auth.impersonatedBy) throw badInput([], 'A profile cannot be changed while impersonating');
  const user = await ctx.platformEm.findOne(User, auth.userId);
  if (!user) throw unauthenticated('User no longer exists');
  if (input.name !== undefined) {
    const name = input.name?.trim() ?? '';
    if (name.length > USER_NAME_MAX) {
      throw badInput([{ field: 'name', message: `Use at most ${USER_NAME_MAX} characters` }]);
    }
    user.name = name || null;
  }
  await ctx.platformEm.flush();
  return user;
}
