import type { Context } from '../../core/context.js';
import { badInput } from '../../core/errors/app-error.js';
import { codeVersion } from '../../db/migrations.js';
import { countBehindByCluster, selectFleetRuns } from './admin-clusters.repository.js';
import type { AdminCluster, FleetMigrationRun } from './admin-clusters.types.js';

// The admin panel's Clusters page (super admins only: permissions.ts): each configured cluster's
// room, this process's connection budget there, and the associations not at the code's version.

export async function adminClusters(ctx: Context): Promise<AdminCluster[]> {
  const { clusters, pool } = ctx.services;
  const version = await codeVersion('tenant');
  const [rooms, behind] = await Promise.all([
    clusters.rooms(ctx.platformEm),
    countBehindByCluster(ctx.platformEm, version),
  ]);
  const behindOf = new Map(behind.map((r) => [r.db_cluster, r.behind]));
  return rooms.map((room) => {
    // The budget of this process: the one its tenant pools share on that cluster.
    const budget = pool.budget(room.name);
    return {
      name: room.name,
      associations: room.associations,
      maxTenants: Number.isFinite(room.maxTenants) ? room.maxTenants : null,
      accepting: room.accepting,
      connectionBudget: budget?.limit ?? clusters.budget(room.name),
      connectionsInUse: budget?.used ?? 0,
      waiting: budget?.waiting ?? 0,
      refused: budget?.refused ?? 0,
      associationsBehind: behindOf.get(room.name) ?? 0,
    };
  });
}

// The most fleet runs one page lists (the query cost check refuses more before anything runs).
export const MAX_FLEET_RUNS = 100;

export async function adminFleetMigrations(
  ctx: Context,
  first: number,
): Promise<FleetMigrationRun[]> {
  if (!Number.isInteger(first) || first < 1 || first > MAX_FLEET_RUNS) {
    throw badInput([{ field: 'first', message: `Use a number from 1 to ${MAX_FLEET_RUNS}` }]);
  }
  return selectFleetRuns(ctx.platformEm, first);
}
