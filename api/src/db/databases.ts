import {
  createDatabase,
  databaseExists,
  databaseOf,
  withClient,
  withDatabase,
} from './connection.js';
import {
  ensureTenantTemplate,
  migrateFleet,
  previewFleet,
  templateLabel,
  type FleetEvent,
  type FleetOptions,
  type MigrateReport,
} from './fleet.js';
import { describeDrift, DriftError, migrate, migrationStatus } from './migrations.js';

export { ensureTenantTemplate, type MigrateReport };

export interface TenantRow {
  id: string;
  name: string;
  db_cluster: string;
  db_name: string;
}

export function listTenants(platformUrl: string): Promise<TenantRow[]> {
  return withClient(platformUrl, async (c) => {
    // A dry run on a database not migrated yet has no organizations table, and no tenants.
    const table = await c.query(`SELECT to_regclass('organizations') AS t`);
    if (!table.rows[0].t) return [];
    const r = await c.query<TenantRow>(
      'SELECT id, name, db_cluster, db_name FROM organizations ORDER BY created_at, id',
    );
    return r.rows;
  });
}

export type MigrateEvent = { kind: 'platform'; report: MigrateReport } | FleetEvent;

export interface MigrateOptions extends Pick<
  FleetOptions,
  'upgradeTenant' | 'concurrency' | 'stopAfter' | 'signal' | 'wait'
> {
  dryRun?: boolean;
  // Only this organization's tenant database.
  tenant?: string;
  templateDb: string;
  clusterUrl: (cluster: string) => string;
  // The configured clusters' names: the tenant template is migrated (and checked) on each.
  clusters?: string[];
  onProgress?: (e: MigrateEvent) => void;
}

const DEFAULT_CLUSTERS = ['default'];

// `npm run migrate`: the platform database, then the fleet (fleet.ts): the tenant template on every
// cluster and every tenant database not at the code's version. Answers a report per database.
export async function migrateAll(
  platformUrl: string,
  opts: MigrateOptions,
): Promise<MigrateReport[]> {
  const dryRun = !!opts.dryRun;
  const clusters = opts.clusters ?? DEFAULT_CLUSTERS;
  const reports: MigrateReport[] = [];
  const platformDb = databaseOf(platformUrl);
  if (!opts.tenant) {
    if (!(await databaseExists(platformUrl, platformDb))) {
      if (dryRun) {
        return [{ database: platformDb, applied: ['(database would be created)'], dryRun }];
      }
      await createDatabase(platformUrl, platformDb);
    }
    const p = await migrate(platformUrl, 'platform', { dryRun });
    const report = { database: platformDb, applied: p.pending, dryRun };
    reports.push(report);
    opts.onProgress?.({ kind: 'platform', report });
  }
  const fleet = { clusters, clusterUrl: opts.clusterUrl, templateDb: opts.templateDb };
  if (dryRun) {
    return [...reports, ...(await previewFleet(platformUrl, { ...fleet, only: opts.tenant }))];
  }
  const run = await migrateFleet(platformUrl, {
    ...fleet,
    only: opts.tenant,
    upgradeTenant: opts.upgradeTenant,
    concurrency: opts.concurrency,
    stopAfter: opts.stopAfter,
    signal: opts.signal,
    wait: opts.wait,
    onProgress: opts.onProgress,
  });
  return [...reports, ...run.templates, ...run.tenants];
}

// Refuses to go on when the platform database or the tenant template of any cluster is behind or
// ahead of the code. Tenant databases are not read here (that would be a connection to each at
// every start): the tenant pool checks each one's version when it opens it.
export async function assertNoDrift(
  platformUrl: string,
  opts: Pick<MigrateOptions, 'templateDb' | 'clusterUrl' | 'clusters'>,
) {
  const problems: string[] = [];
  const platformDb = databaseOf(platformUrl);
  if (!(await databaseExists(platformUrl, platformDb))) {
    throw new DriftError(`platform database ${platformDb} does not exist; run npm run migrate`);
  }
  const p = describeDrift(
    `platform database ${platformDb}`,
    await migrationStatus(platformUrl, 'platform'),
  );
  if (p) problems.push(p);
  const clusters = opts.clusters ?? DEFAULT_CLUSTERS;
  for (const cluster of clusters) {
    const url = opts.clusterUrl(cluster);
    const what = `tenant template ${templateLabel(opts.templateDb, cluster, clusters)}`;
    if (!(await databaseExists(url, opts.templateDb))) {
      problems.push(`${what} does not exist`);
      continue;
    }
    const t = describeDrift(
      what,
      await migrationStatus(withDatabase(url, opts.templateDb), 'tenant'),
    );
    if (t) problems.push(t);
  }
  if (problems.length) {
    throw new DriftError(`Database drift, refusing to start:\n  ${problems.join('\n  ')}`);
  }
}
