import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import type { OrganizationStatus, Role } from '../../core/roles.js';
import type { MembershipStatus } from '../users/index.js';
import type {
  AdminOrganization,
  AdminOrganizationMember,
  OrganizationStatusChange,
  PlanLevel,
} from './admin-organizations.types.js';

// Every SQL statement of the admin Organizations pages (the rule: top of
// modules/journal/journal.repository.ts). Raw results may carry times as text: read through Date.

export interface OrganizationFilter {
  search: string | null;
  status: OrganizationStatus | null;
  planLevel: PlanLevel | null;
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface OrganizationRow {
  id: string;
  name: string;
  status: OrganizationStatus;
  plan_level: PlanLevel;
  renewal_date: string | null;
  created_at: Date;
  member_count: number;
  total: number;
}

export async function selectOrganizations(
  em: EntityManager,
  filter: OrganizationFilter,
  limit: number,
): Promise<{ totalCount: number; organizations: AdminOrganization[] }> {
  const pattern = filter.search ? likePattern(filter.search) : null;
  const rows = await sql(em).all<OrganizationRow>(
    `SELECT o.id, o.name, o.status, o.plan_level, o.renewal_date::text AS renewal_date, o.created_at,
            (SELECT count(*)::int FROM memberships m WHERE m.organization_id = o.id) AS member_count,
            count(*) OVER ()::int AS total
       FROM organizations o
      WHERE (?::text IS NULL OR o.name ILIKE ?)
        AND (?::text IS NULL OR o.status = ?)
        AND (?::text IS NULL OR o.plan_level = ?)
      ORDER BY lower(o.name), o.id
      LIMIT ?`,
    [pattern, pattern, filter.status, filter.status, filter.planLevel, filter.planLevel, limit],
  );
  return {
    totalCount: rows[0]?.total ?? 0,
    organizations: rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      planLevel: r.plan_level,
      renewalDate: r.renewal_date,
      createdAt: new Date(r.created_at),
      memberCount: r.member_count,
    })),
  };
}

// Organizations matching the search, per (status, plan level).
export function countOrganizations(em: EntityManager, search: string | null) {
  const pattern = search ? likePattern(search) : null;
  return sql(em).all<{ status: OrganizationStatus; plan_level: PlanLevel; count: number }>(
    `SELECT status, plan_level, count(*)::int AS count FROM organizations
      WHERE (?::text IS NULL OR name ILIKE ?)
      GROUP BY status, plan_level`,
    [pattern, pattern],
  );
}

export async function selectOrganizationMembers(
  em: EntityManager,
  orgId: string,
): Promise<AdminOrganizationMember[]> {
  const rows = await sql(em).all<{
    user_id: string;
    email: string;
    name: string | null;
    role: Role;
    status: MembershipStatus;
    created_at: Date;
    last_sign_in_at: Date | null;
  }>(
    `SELECT u.id AS user_id, u.email, u.name, m.role, m.status, m.created_at,
            (SELECT max(l.created_at) FROM login_history l
              WHERE l.user_id = u.id AND l.organization_id = m.organization_id AND l.success
                AND l.impersonated_by IS NULL) AS last_sign_in_at
       FROM memberships m
       JOIN users u ON u.id = m.user_id
      WHERE m.organization_id = ?
      ORDER BY u.email`,
    [orgId],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    email: r.email,
    name: r.name,
    role: r.role,
    status: r.status,
    joinedAt: new Date(r.created_at),
    lastSignInAt: r.last_sign_in_at ? new Date(r.last_sign_in_at) : null,
  }));
}

export async function selectStatusHistory(
  em: EntityManager,
  orgId: string,
): Promise<OrganizationStatusChange[]> {
  const rows = await sql(em).all<{
    id: string;
    from_status: OrganizationStatus | null;
    to_status: OrganizationStatus;
    changed_by: string | null;
    reason: string;
    created_at: Date;
  }>(
    `SELECT h.id, h.from_status, h.to_status, coalesce(nullif(u.name, ''), u.email) AS changed_by,
            h.reason, h.created_at
       FROM organization_status_history h
       LEFT JOIN users u ON u.id = h.changed_by
      WHERE h.organization_id = ?
      ORDER BY h.created_at DESC, h.id
      LIMIT 200`,
    [orgId],
  );
  return rows.map((r) => ({
    id: r.id,
    fromStatus: r.from_status,
    toStatus: r.to_status,
    changedBy: r.changed_by,
    reason: r.reason,
    changedAt: new Date(r.created_at),
  }));
}

export async function insertStatusChange(
  em: EntityManager,
  change: {
    organizationId: string;
    fromStatus: OrganizationStatus | null;
    toStatus: OrganizationStatus;
    changedBy: string | null;
    reason: string;
  },
) {
  await sql(em).run(
    `INSERT INTO organization_status_history
         (organization_id, from_status, to_status, changed_by, reason) VALUES (?, ?, ?, ?, ?)`,
    [change.organizationId, change.fromStatus, change.toStatus, change.changedBy, change.reason],
  );
}
