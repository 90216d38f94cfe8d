import type { EntityManager } from '@mikro-orm/postgresql';
import { OrganizationStatus } from '../../core/roles.js';
import { Membership, MembershipStatus } from './memberships.entity.js';
import type { OrganizationMembership } from './users.types.js';

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
    settings: m.organization.settings,
  }));
}

// Emails are stored and compared in lower case (the database checks it).
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
