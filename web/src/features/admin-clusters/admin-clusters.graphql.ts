import { graphql, type ResultOf } from '@/graphql';

// The whole page in one query: every configured cluster and the latest fleet migration runs.
export const ADMIN_CLUSTERS_QUERY = graphql(`
  query AdminClusters {
    adminClusters {
      name
      associations
      maxTenants
      accepting
      connectionBudget
      connectionsInUse
      waiting
      refused
      associationsBehind
    }
    adminFleetMigrations(first: 10) {
      id
      targetVersion
      status
      total
      done
      failed
      lastError
      startedAt
      finishedAt
    }
  }
`);

export type AdminCluster = ResultOf<typeof ADMIN_CLUSTERS_QUERY>['adminClusters'][number];
export type FleetRun = ResultOf<typeof ADMIN_CLUSTERS_QUERY>['adminFleetMigrations'][number];
export type FleetStatus = FleetRun['status'];
