import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import type {
  AdminOrganizationDatabase,
  FleetMigrationRun,
  FleetMigrationStatus,
  TenantMove,
  TenantMoveStatus,
} from './admin-clusters.types.js';

// Every SQL statement of the admin Clusters page and an organization's database section.

// Per cluster named in the directory: associations (archived too) whose recorded version is not
// `version` (NULL, never read, counts as behind).
export function countBehindByCluster(em: EntityManager, version: string) {
  return sql(em).all<{ db_cluster: string; behind: number }>(
    `SELECT db_cluster, count(*)::int AS behind FROM organizations
      WHERE schema_version IS DISTINCT FROM ? GROUP BY db_cluster`,
    [version],
  );
}

export async function selectFleetRuns(
  em: EntityManager,
  limit: number,
): Promise<FleetMigrationRun[]> {
  const rows = await sql(em).all<{
    id: string;
    target_version: string;
    status: FleetMigrationStatus;
    total: number;
    done: number;
    failed: number;
    last_error: string | null;
    started_at: Date;
    finished_at: Date | null;
  }>(
    `SELECT id::text AS id, target_version, status, total, done, failed, last_error, started_at,
            finished_at
       FROM fleet_migrations ORDER BY started_at DESC, id DESC LIMIT ?`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    targetVersion: r.target_version,
    status: r.status,
    total: r.total,
    done: r.done,
    failed: r.failed,
    lastError: r.last_error,
    startedAt: new Date(r.started_at),
    finishedAt: r.finished_at ? new Date(r.finished_at) : null,
  }));
}

export async function selectOrganizationDatabase(
  em: EntityManager,
  orgId: string,
): Promise<AdminOrganizationDatabase> {
  const [r] = await sql(em).all<{
    db_cluster: string;
    db_name: string;
    schema_version: string | null;
    moving_since: Date | null;
  }>(`SELECT db_cluster, db_name, schema_version, moving_since FROM organizations WHERE id = ?`, [
    orgId,
  ]);
  return {
    cluster: r.db_cluster,
    name: r.db_name,
    schemaVersion: r.schema_version,
    movingSince: r.moving_since ? new Date(r.moving_since) : null,
  };
}

export async function selectTenantMoves(em: EntityManager, orgId: string): Promise<TenantMove[]> {
  const rows = await sql(em).all<{
    id: string;
    from_cluster: string;
    to_cluster: string;
    status: TenantMoveStatus;
    freeze_ms: number | null;
    started_at: Date;
    finished_at: Date | null;
    error: string | null;
  }>(
    `SELECT id, from_cluster, to_cluster, status, freeze_ms, started_at, finished_at, error
       FROM tenant_moves WHERE organization_id = ?
      ORDER BY started_at DESC, id LIMIT 100`,
    [orgId],
  );
  return rows.map((r) => ({
    id: r.id,
    fromCluster: r.from_cluster,
    toCluster: r.to_cluster,
    status: r.status,
    freezeMs: r.freeze_ms,
    startedAt: new Date(r.started_at),
    finishedAt: r.finished_at ? new Date(r.finished_at) : null,
    error: r.error,
  }));
}
