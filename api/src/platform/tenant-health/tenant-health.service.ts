import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from '../../core/context.js';
import { dateIn, fiscalYearOf, now } from '../../core/dates.js';
import { AppError } from '../../core/errors/app-error.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import {
  describeTenantHealthFormula,
  type HealthScore,
  type HealthValues,
  scoreTenantHealth,
  TENANT_HEALTH_GRADES,
  TENANT_HEALTH_INPUTS,
} from './tenant-health.formula.js';
import {
  type HealthOrgRow,
  insertSnapshots,
  selectActiveMembers,
  selectHistory,
  selectOrganizations,
  selectSignIns,
  tenantActualsRecorded,
  tenantAiRecommendations,
  tenantBudgetExists,
  tenantEntryCounts,
} from './tenant-health.repository.js';
import {
  type TenantHealth,
  type TenantHealthFormula,
  TenantHealthGrade,
  TenantHealthOrder,
  type TenantHealthReport,
} from './tenant-health.types.js';

// Tenant health: each organization's score from the formula (tenant-health.formula.ts), read from
// the platform database (sign-ins, members) and from the tenant's own books through the tenant
// door. One snapshot per organization and week (Monday, UTC) is kept: the admin page stores the
// current week's when it has none, and `snapshotTenantHealth` does the same for a scheduler or a
// CLI. An organization whose books cannot be read (suspended, archived, database away) is
// reported with the reason, never failing the others.

const DAY_MS = 86_400_000;
const HISTORY_WEEKS = 12;
// Tenants opened at once: each holds a pool connection while its four counts run.
const CONCURRENCY = 3;

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

// The Monday (UTC) of the week an instant falls in.
export function weekStartOf(at: Date): string {
  const day = at.toISOString().slice(0, 10);
  return addDays(day, -((at.getUTCDay() + 6) % 7));
}

// The first day of the month before the one `today` falls in: the latest closed month.
function latestClosedMonth(today: string): string {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

export interface OrgHealth {
  org: HealthOrgRow;
  values: HealthValues | null;
  result: HealthScore | null;
  problem: string | null;
}

// The inputs read from the tenant's books, in its own calendar (time zone, fiscal year).
async function tenantValues(services: Services, orgId: string, at: Date) {
  const { org, em } = await openTenant(services, orgId);
  const today = dateIn(org.timeZone, at);
  const fiscalYear = fiscalYearOf(today, org.fiscalYearStartMonth);
  const budget = await tenantBudgetExists(em, fiscalYear);
  const actuals = await tenantActualsRecorded(em, latestClosedMonth(today));
  const entries = await tenantEntryCounts(em, addDays(today, -30), addDays(today, -90), today);
  const ai = await tenantAiRecommendations(em, new Date(at.getTime() - 90 * DAY_MS), at);
  return {
    budgetCurrentYear: budget ? 1 : 0,
    actualsUpToDate: actuals ? 1 : 0,
    entries30d: entries.n30,
    entries90d: entries.n90,
    aiRecommendations90d: ai,
  };
}

function problemOf(err: unknown): string {
  if (err instanceof AppError && (err.code === 'ORG_INACTIVE' || err.code === 'NOT_FOUND')) {
    return err.message;
  }
  return 'Its database could not be read';
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

// Every organization's health at an instant.
export async function computeTenantHealth(
  services: Services,
  at: Date = now(),
): Promise<OrgHealth[]> {
  const pem = services.platformOrm.em.fork() as EntityManager;
  const orgs = await selectOrganizations(pem);
  const count = (rows: { organization_id: string; n: number }[]) =>
    new Map(rows.map((r) => [r.organization_id, r.n]));
  const signIns = count(await selectSignIns(pem, new Date(at.getTime() - 30 * DAY_MS), at));
  const members = count(await selectActiveMembers(pem));
  return mapLimited(orgs, CONCURRENCY, async (org): Promise<OrgHealth> => {
    try {
      const values: HealthValues = {
        signIns30d: signIns.get(org.id) ?? 0,
        activeMembers: members.get(org.id) ?? 0,
        ...(await tenantValues(services, org.id, at)),
      };
      return { org, values, result: scoreTenantHealth(values), problem: null };
    } catch (err) {
      return { org, values: null, result: null, problem: problemOf(err) };
    }
  });
}

// Stores the week's snapshot of every scored organization that has none yet; how many it stored.
async function storeSnapshots(em: EntityManager, weekStart: string, health: OrgHealth[]) {
  return insertSnapshots(
    em,
    weekStart,
    health.flatMap((h) =>
      h.result && h.values
        ? [{ organizationId: h.org.id, score: h.result.score, inputs: h.values }]
        : [],
    ),
  );
}

// For a scheduler or a CLI: this week's snapshots (organizations that have one keep it).
export async function snapshotTenantHealth(
  services: Services,
  at: Date = now(),
): Promise<{ weekStart: string; stored: number }> {
  const health = await computeTenantHealth(services, at);
  const weekStart = weekStartOf(at);
  const em = services.platformOrm.em.fork() as EntityManager;
  return { weekStart, stored: await storeSnapshots(em, weekStart, health) };
}

export function tenantHealthFormula(): TenantHealthFormula {
  return {
    inputs: TENANT_HEALTH_INPUTS.map((i) => ({
      key: i.key,
      label: i.label,
      description: i.description,
      weight: i.weight,
      measures: i.measures.map((m) => ({ ...m })),
    })),
    grades: TENANT_HEALTH_GRADES.map((g) => ({ ...g, grade: TenantHealthGrade[g.grade] })),
    text: describeTenantHealthFormula(),
  };
}

const ORDER: Record<TenantHealthOrder, (a: TenantHealth, b: TenantHealth) => number> = {
  [TenantHealthOrder.SCORE_ASC]: (a, b) => a.score! - b.score!,
  [TenantHealthOrder.SCORE_DESC]: (a, b) => b.score! - a.score!,
  [TenantHealthOrder.NAME]: () => 0,
};

// The admin page: every organization's health now, the formula, and the last 12 weeks.
export async function tenantHealthReport(
  services: Services,
  platformEm: EntityManager,
  orderBy: TenantHealthOrder,
): Promise<TenantHealthReport> {
  const at = now();
  const weekStart = weekStartOf(at);
  const health = await computeTenantHealth(services, at);
  await storeSnapshots(platformEm, weekStart, health);
  const history = await selectHistory(
    platformEm,
    addDays(weekStart, -7 * (HISTORY_WEEKS - 1)),
    weekStart,
  );
  const organizations: TenantHealth[] = health.map(({ org, result, problem }) => ({
    organizationId: org.id,
    name: org.name,
    status: org.status,
    reachable: !!result,
    problem,
    score: result?.score ?? null,
    grade: result ? TenantHealthGrade[result.grade] : null,
    inputs: (result?.inputs ?? []).map((i) => ({
      key: i.input.key,
      label: i.input.label,
      weight: i.input.weight,
      subScore: i.subScore,
      measures: i.values.map(({ measure, value }) => ({ ...measure, value })),
    })),
    history: history
      .filter((h) => h.organization_id === org.id)
      .map((h) => ({ weekStart: h.week_start, score: h.score })),
  }));
  // Organizations come by name from the database; a stable sort keeps that order among equals.
  const scored = organizations.filter((o) => o.reachable).sort(ORDER[orderBy]);
  return {
    computedAt: at,
    weekStart,
    formula: tenantHealthFormula(),
    organizations: [...scored, ...organizations.filter((o) => !o.reachable)],
  };
}
