import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Paged } from '../../core/graphql/connection.js';
import { adminClusters, adminFleetMigrations, MAX_FLEET_RUNS } from './admin-clusters.service.js';
import { AdminCluster, FleetMigrationRun } from './admin-clusters.types.js';

// The admin panel's Clusters tab (super admins only: permissions.ts).
@Resolver()
export class AdminClustersResolver {
  @Query(() => [AdminCluster], {
    description:
      "Super admins: every configured database cluster, in TENANT_CLUSTERS order: its associations and room, this process's connection budget there, and the associations behind the code's schema version",
  })
  adminClusters(@Ctx() ctx: Context): Promise<AdminCluster[]> {
    return adminClusters(ctx);
  }

  @Query(() => [FleetMigrationRun], {
    description: 'Super admins: the latest fleet migration runs, newest first',
  })
  @Paged(MAX_FLEET_RUNS, 'runs')
  adminFleetMigrations(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { defaultValue: 10, description: '1 to 100' }) first: number,
  ): Promise<FleetMigrationRun[]> {
    return adminFleetMigrations(ctx, first);
  }
}
