import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';

// Every SQL statement of the admin dashboard (the rule: top of
// modules/journal/journal.repository.ts). Days and months are UTC calendar days: the platform
// spans every association's time zone.

export interface KeyCountRow {
  key: string;
  count: number;
}
export interface DayCountRow {
  day: string;
  count: number;
}

export function organizationsByStatus(em: EntityManager) {
  return sql(em).all<KeyCountRow>(
    `SELECT status AS key, count(*)::int AS count FROM organizations GROUP BY status ORDER BY status`,
  );
}

export function organizationsByPlan(em: EntityManager) {
  return sql(em).all<KeyCountRow>(
    `SELECT plan_level AS key, count(*)::int AS count FROM organizations
       GROUP BY plan_level ORDER BY plan_level`,
  );
}

export async function userCounts(em: EntityManager) {
  const [row] = await sql(em).all<{ users: number; superadmins: number }>(
    `SELECT count(*)::int AS users, (count(*) FILTER (WHERE is_superadmin))::int AS superadmins
       FROM users`,
  );
  return row;
}

// People who signed in or switched organization themselves (an impersonation is not their
// activity) within the last 7 and 30 days.
export async function activeUsers(em: EntityManager) {
  const [row] = await sql(em).all<{ d7: number; d30: number }>(
    `SELECT (count(DISTINCT user_id) FILTER (WHERE created_at >= now() - interval '7 days'))::int AS d7,
            count(DISTINCT user_id)::int AS d30
       FROM login_history
      WHERE success AND user_id IS NOT NULL AND method <> 'impersonation'
        AND created_at >= now() - interval '30 days'`,
  );
  return row;
}

// Successful sign-ins (password, invitation, registration) per UTC day over the last `days`
// days, today included; days without any are 0.
export function signInsPerDay(em: EntityManager, days: number) {
  return sql(em).all<DayCountRow>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(l.id)::int AS count
       FROM generate_series((now() AT TIME ZONE 'UTC')::date - (? - 1), (now() AT TIME ZONE 'UTC')::date,
                            interval '1 day') AS d(day)
       LEFT JOIN login_history l
         ON (l.created_at AT TIME ZONE 'UTC')::date = d.day::date
        AND l.success AND l.method IN ('password', 'invitation', 'register')
      GROUP BY d.day ORDER BY d.day`,
    [days],
  );
}

// Organizations created per UTC month over the last `months` months, this one included.
export function newOrganizationsPerMonth(em: EntityManager, months: number) {
  return sql(em).all<{ month: string; count: number }>(
    `SELECT to_char(m.month, 'YYYY-MM') AS month, count(o.id)::int AS count
       FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - (? - 1) * interval '1 month',
                            date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') AS m(month)
       LEFT JOIN organizations o
         ON date_trunc('month', o.created_at AT TIME ZONE 'UTC') = m.month
      GROUP BY m.month ORDER BY m.month`,
    [months],
  );
}

export function activeOrganizationIds(em: EntityManager) {
  return sql(em).all<{ id: string; name: string }>(
    `SELECT id, name FROM organizations WHERE status = 'active' ORDER BY created_at, id`,
  );
}

// In a tenant database: recommendations requested per UTC day since `since` (a date).
export function tenantRecommendationsPerDay(tenantEm: EntityManager, since: string) {
  return sql(tenantEm).all<DayCountRow>(
    `SELECT to_char((requested_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
            count(*)::int AS count
       FROM ai_recommendations
      WHERE requested_at >= (?::date)::timestamp AT TIME ZONE 'UTC'
      GROUP BY 1`,
    [since],
  );
}
