import type { Context } from '../../core/context.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import {
  activeOrganizationIds,
  activeUsers,
  newOrganizationsPerMonth,
  organizationsByPlan,
  organizationsByStatus,
  signInsPerDay,
  tenantRecommendationsPerDay,
  userCounts,
} from './admin-dashboard.repository.js';
import type { AdminDashboard, AdminSkippedTenant } from './admin-dashboard.types.js';

export const DASHBOARD_DAYS = 30;
export const DASHBOARD_MONTHS = 12;

export async function adminDashboard(ctx: Context): Promise<AdminDashboard> {
  const em = ctx.platformEm;
  // One connection per request: the statements run one after another.
  const byStatus = await organizationsByStatus(em);
  const byPlan = await organizationsByPlan(em);
  const users = await userCounts(em);
  const active = await activeUsers(em);
  const signIns = await signInsPerDay(em, DASHBOARD_DAYS);
  const months = await newOrganizationsPerMonth(em, DASHBOARD_MONTHS);
  const ai = await recommendationsPerDay(
    ctx,
    signIns.map((d) => d.day),
  );
  return {
    organizationsByStatus: byStatus,
    organizationsByPlan: byPlan,
    organizationCount: byStatus.reduce((n, r) => n + r.count, 0),
    userCount: users.users,
    superadminCount: users.superadmins,
    activeUsers7d: active.d7,
    activeUsers30d: active.d30,
    signInsPerDay: signIns.map((r) => ({ date: r.day, count: r.count })),
    aiRecommendationsPerDay: ai.perDay,
    aiTenantsCounted: ai.counted,
    aiTenantsSkipped: ai.skipped,
    newOrganizationsPerMonth: months,
  };
}

// Recommendations live in each tenant's database: each active organization is opened through
// the tenant door and its per-day counts are summed. A tenant that cannot be opened or read (its
// database gone, a cluster down) is skipped and named, so one bad tenant does not blank the page.
async function recommendationsPerDay(ctx: Context, days: string[]) {
  const totals = new Map(days.map((d) => [d, 0]));
  const skipped: AdminSkippedTenant[] = [];
  let counted = 0;
  for (const org of await activeOrganizationIds(ctx.platformEm)) {
    try {
      const { em } = await openTenant(ctx.services, org.id);
      for (const row of await tenantRecommendationsPerDay(em, days[0])) {
        if (totals.has(row.day)) totals.set(row.day, totals.get(row.day)! + row.count);
      }
      counted++;
    } catch (err) {
      skipped.push({ organizationId: org.id, name: org.name });
      console.warn(`Admin dashboard: organization ${org.id} skipped:`, (err as Error).message);
    }
  }
  return {
    perDay: days.map((date) => ({ date, count: totals.get(date)! })),
    counted,
    skipped,
  };
}
