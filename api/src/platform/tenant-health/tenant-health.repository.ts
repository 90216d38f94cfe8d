import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrganizationStatus } from '../../core/roles.js';
import { sql } from '../../db/sql.js';

// Every SQL statement of tenant health (the rule: top of modules/journal/journal.repository.ts).
// Platform reads take the platform EntityManager; tenant reads take the EntityManager the tenant
// door opened. The tenant reads only count rows of other modules' tables (budgets, actuals, the
// journal, AI recommendations): a platform report, read-only, kept here so the formula's inputs
// are in one place. Time windows are parameters (the calendar's clock), never SQL's now().

export interface HealthOrgRow {
  id: string;
  name: string;
  status: OrganizationStatus;
}

export function selectOrganizations(em: EntityManager): Promise<HealthOrgRow[]> {
  return sql(em).all<HealthOrgRow>('SELECT id, name, status FROM organizations ORDER BY name, id');
}

// Successful sign-ins into each organization in (since, until] by users who are its members now;
// a super admin's impersonation is not the organization's activity.
export function selectSignIns(
  em: EntityManager,
  since: Date,
  until: Date,
): Promise<{ organization_id: string; n: number }[]> {
  return sql(em).all<{ organization_id: string; n: number }>(
    `SELECT h.organization_id, count(*)::int AS n
       FROM login_history h
       JOIN memberships m ON m.user_id = h.user_id AND m.organization_id = h.organization_id
      WHERE h.success AND h.impersonated_by IS NULL AND h.created_at > ? AND h.created_at <= ?
      GROUP BY h.organization_id`,
    [since, until],
  );
}

export function selectActiveMembers(
  em: EntityManager,
): Promise<{ organization_id: string; n: number }[]> {
  return sql(em).all<{ organization_id: string; n: number }>(
    `SELECT organization_id, count(*)::int AS n FROM memberships
      WHERE status = 'active' GROUP BY organization_id`,
  );
}

export interface SnapshotRow {
  organizationId: string;
  score: number;
  inputs: Record<string, number>;
}

// The week's snapshots (arrays as ARRAY[…], the form `anyOf` uses); an organization that already has one for the week keeps it.
export async function insertSnapshots(
  em: EntityManager,
  weekStart: string,
  rows: SnapshotRow[],
): Promise<number> {
  if (!rows.length) return 0;
  const inserted = await sql(em).all<{ id: string }>(
    `INSERT INTO tenant_health_snapshots (organization_id, week_start, score, inputs)
     SELECT s.organization_id, ?::date, s.score, s.inputs
       FROM unnest(ARRAY[?]::uuid[], ARRAY[?]::int[], ARRAY[?]::jsonb[])
            AS s (organization_id, score, inputs)
     ON CONFLICT (organization_id, week_start) DO NOTHING
     RETURNING id`,
    [
      weekStart,
      rows.map((r) => r.organizationId),
      rows.map((r) => r.score),
      rows.map((r) => JSON.stringify(r.inputs)),
    ],
  );
  return inserted.length;
}

// Weekly scores of the weeks from `fromWeek` through `toWeek`, oldest first.
export function selectHistory(
  em: EntityManager,
  fromWeek: string,
  toWeek: string,
): Promise<{ organization_id: string; week_start: string; score: number }[]> {
  return sql(em).all<{ organization_id: string; week_start: string; score: number }>(
    `SELECT organization_id, to_char(week_start, 'YYYY-MM-DD') AS week_start, score
       FROM tenant_health_snapshots WHERE week_start BETWEEN ? AND ?
      ORDER BY organization_id, week_start`,
    [fromWeek, toWeek],
  );
}

// ---------------------------------------------------------------------------------------------
// Tenant reads (the EntityManager of one tenant)

export async function tenantBudgetExists(em: EntityManager, fiscalYear: number): Promise<boolean> {
  const [row] = await sql(em).all<{ n: number }>(
    'SELECT count(*)::int AS n FROM budgets WHERE year = ?',
    [fiscalYear],
  );
  return row.n > 0;
}

// Actuals are the ledger's figures (modules/actuals): a month has them when an income or expense
// account has postings dated in it, whatever their source, or when Monthly Actuals was saved for it.
export async function tenantActualsRecorded(em: EntityManager, month: string): Promise<boolean> {
  const [row] = await sql(em).all<{ recorded: boolean }>(
    `SELECT EXISTS (
              SELECT 1 FROM account_month_totals t JOIN accounts a ON a.id = t.account_id
               WHERE t.month = ? AND a.type IN ('income', 'expense')
                 AND (t.debit <> 0 OR t.credit <> 0))
         OR EXISTS (SELECT 1 FROM actuals_months WHERE month = ?) AS recorded`,
    [month, month],
  );
  return row.recorded;
}

// Journal entries dated after `since30` and after `since90`, up to `until` (LocalDates), opening
// balances aside (setting up the books is not running them).
export async function tenantEntryCounts(
  em: EntityManager,
  since30: string,
  since90: string,
  until: string,
): Promise<{ n30: number; n90: number }> {
  const [row] = await sql(em).all<{ n30: number; n90: number }>(
    `SELECT count(*) FILTER (WHERE entry_date > ?)::int AS n30, count(*)::int AS n90
       FROM journal_entries
      WHERE entry_date > ? AND entry_date <= ? AND source <> 'opening_balance'`,
    [since30, since90, until],
  );
  return row;
}

export async function tenantAiRecommendations(
  em: EntityManager,
  since: Date,
  until: Date,
): Promise<number> {
  const [row] = await sql(em).all<{ n: number }>(
    `SELECT count(*)::int AS n FROM ai_recommendations
      WHERE requested_at > ? AND requested_at <= ?`,
    [since, until],
  );
  return row.n;
}
