import {
  createDatabase,
  databaseExists,
  databaseOf,
  withClient,
  withDatabase,
} from './connection.js';
import { describeDrift, DriftError, migrate, migrationStatus } from './migrations.js';

// New tenants are copied from a migrated template database: a file copy, not a migration run.
export async function ensureTenantTemplate(clusterUrl: string, templateDb: string) {
  if (!(await databaseExists(clusterUrl, templateDb))) {
    await createDatabase(clusterUrl, templateDb);
  }
  return migrate(withDatabase(clusterUrl, templateDb), 'tenant');
}

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

export interface MigrateReport {
  database: string;
  applied: string[];
  dryRun: boolean;
}

export interface MigrateOptions {
  dryRun?: boolean;
  // Only this organization's tenant database.
  tenant?: string;
  templateDb: string;
  clusterUrl: (cluster: string) => string;
  // Data upgrades that need the application (such as its keys), run on each tenant database
  // after its migrations.
  upgradeTenant?: (tenantUrl: string) => Promise<void>;
}

// `npm run migrate`: the platform database, the tenant template, then every tenant database.
export async function migrateAll(
  platformUrl: string,
  opts: MigrateOptions,
): Promise<MigrateReport[]> {
  const dryRun = !!opts.dryRun;
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
    reports.push({ database: platformDb, applied: p.pending, dryRun });
    const defaultCluster = opts.clusterUrl('default');
    if (dryRun && !(await databaseExists(defaultCluster, opts.templateDb))) {
      reports.push({ database: opts.templateDb, applied: ['(database would be created)'], dryRun });
    } else {
      const t = dryRun
        ? await migrate(withDatabase(defaultCluster, opts.templateDb), 'tenant', { dryRun })
        : await ensureTenantTemplate(defaultCluster, opts.templateDb);
      reports.push({ database: opts.templateDb, applied: t.pending, dryRun });
    }
  }
  const tenants = (await listTenants(platformUrl)).filter(
    (t) => !opts.tenant || t.id === opts.tenant,
  );
  if (opts.tenant && tenants.length === 0)
    throw new Error(`No organization with id ${opts.tenant}`);
  for (const t of tenants) {
    const s = await migrate(withDatabase(opts.clusterUrl(t.db_cluster), t.db_name), 'tenant', {
      dryRun,
    });
    if (!dryRun) await opts.upgradeTenant?.(withDatabase(opts.clusterUrl(t.db_cluster), t.db_name));
    reports.push({ database: `${t.db_name} (${t.name})`, applied: s.pending, dryRun });
  }
  return reports;
}

// Refuses to go on when any database is behind or ahead of the code.
export async function assertNoDrift(
  platformUrl: string,
  opts: Pick<MigrateOptions, 'templateDb' | 'clusterUrl'>,
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
  const cluster = opts.clusterUrl('default');
  if (!(await databaseExists(cluster, opts.templateDb))) {
    problems.push(`tenant template ${opts.templateDb} does not exist`);
  } else {
    const t = describeDrift(
      `tenant template ${opts.templateDb}`,
      await migrationStatus(withDatabase(cluster, opts.templateDb), 'tenant'),
    );
    if (t) problems.push(t);
  }
  if (!problems.length) {
    for (const t of await listTenants(platformUrl)) {
      const url = withDatabase(opts.clusterUrl(t.db_cluster), t.db_name);
      const d = describeDrift(`tenant database ${t.db_name}`, await migrationStatus(url, 'tenant'));
      if (d) problems.push(d);
    }
  }
  if (problems.length) {
    throw new DriftError(`Database drift, refusing to start:\n  ${problems.join('\n  ')}`);
  }
}
