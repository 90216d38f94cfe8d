import { createDatabase, dropDatabase, withClient, withDatabase } from '../../db/connection.js';
import { migrate } from '../../db/migrations.js';

async function createFromTemplate(clusterUrl: string, dbName: string, templateDb: string) {
  // CREATE DATABASE … TEMPLATE fails while anything else is connected to the template; that is
  // brief (a migration check), so retry a few times.
  for (let attempt = 0; ; attempt++) {
    try {
      await createDatabase(clusterUrl, dbName, templateDb);
      return;
    } catch (err) {
      const busy = err instanceof Error && /being accessed by other users/.test(err.message);
      if (!busy || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + attempt * 50));
    }
  }
}

export type ProvisionStep = 'database' | 'migrations' | 'identity';

// The database's tenant schema version once provisioned (its last migration), which the
// organization records (organizations.schema_version) so the fleet run need not read it again.
// `afterStep` runs after each step (tenant creation checks its steps one by one with it); a
// failure there is a failure of the step: the database is dropped.
export async function provisionTenantDatabase(opts: {
  clusterUrl: string;
  templateDb: string;
  dbName: string;
  orgId: string;
  afterStep?: (step: ProvisionStep) => void | Promise<void>;
}): Promise<{ schemaVersion: string | null }> {
  await createFromTemplate(opts.clusterUrl, opts.dbName, opts.templateDb);
  try {
    await opts.afterStep?.('database');
    const url = withDatabase(opts.clusterUrl, opts.dbName);
    const s = await migrate(url, 'tenant');
    await opts.afterStep?.('migrations');
    await withClient(url, (c) =>
      c.query('INSERT INTO tenant_identity (organization_id) VALUES ($1)', [opts.orgId]),
    );
    await opts.afterStep?.('identity');
    return { schemaVersion: [...s.applied, ...s.pending].sort().at(-1) ?? null };
  } catch (err) {
    await dropDatabase(opts.clusterUrl, opts.dbName).catch(() => undefined);
    throw err;
  }
}
