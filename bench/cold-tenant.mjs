// The price of a cold tenant: opening a tenant ORM with shared metadata (what the pool does) against
// a full MikroORM.init with discovery per tenant (what it avoids), on the same databases.
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { median } from './median.mjs';

const dist = new URL('../api/dist/api/src/', import.meta.url);
const load = (p) => import(new URL(p, dist).href);

export async function coldTenantBench(serverUrl, tenants = 12) {
  const { MikroORM } = await import('@mikro-orm/postgresql');
  const { createDatabase, withDatabase, withClient } = await load('db/connection.js');
  const { migrate } = await load('db/migrations.js');
  const { TenantPool } = await load('core/tenancy/tenant-pool.js');
  const { tenantEntities } = await load('modules/entities.js');
  const { ormOptions } = await load('db/orm.js');

  const prefix = `covenant_cold_${randomBytes(3).toString('hex')}`;
  const tpl = `${prefix}_tpl`;
  await createDatabase(serverUrl, tpl);
  await migrate(withDatabase(serverUrl, tpl), 'tenant');
  const locs = [];
  for (let i = 0; i < tenants; i++) {
    const orgId = randomUUID();
    const database = `${prefix}_${i}`;
    await createDatabase(serverUrl, database, tpl);
    await withClient(withDatabase(serverUrl, database), (c) =>
      c.query('INSERT INTO tenant_identity (organization_id) VALUES ($1)', [orgId]),
    );
    locs.push({ orgId, location: { cluster: 'default', database } });
  }

  const pool = new TenantPool({
    entities: tenantEntities,
    clusterUrl: () => serverUrl,
    max: tenants + 1,
    poolSize: 1,
  });
  const shared = [];
  for (const { orgId, location } of locs) {
    const t0 = performance.now();
    const orm = await pool.get(location, orgId);
    await orm.em.fork().count('Account', {});
    shared.push(performance.now() - t0);
  }
  await pool.closeAll();

  const full = [];
  for (const { location } of locs) {
    const t0 = performance.now();
    const orm = await MikroORM.init(
      ormOptions(withDatabase(serverUrl, location.database), 1, tenantEntities),
    );
    await orm.em.fork().count('Account', {});
    full.push(performance.now() - t0);
    await orm.close(true);
  }
  const warmShared = median(shared.slice(1));
  const warmFull = median(full.slice(1));
  console.log(`cold tenant open + first query (median of ${tenants - 1}, first excluded):`);
  console.log(`  shared metadata (tenant pool)   ${warmShared.toFixed(1).padStart(6)} ms`);
  console.log(`  full MikroORM.init per tenant   ${warmFull.toFixed(1).padStart(6)} ms`);
  console.log(`  saving: ${(100 - (warmShared / warmFull) * 100).toFixed(0)}%`);
}
