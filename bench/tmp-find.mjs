import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
const { startEmbeddedPostgres } = await import('../api/dist/api/src/db/embedded.js');
const pg = await startEmbeddedPostgres({
  dir: mkdtempSync('/tmp/pgprof-'),
  port: 55114,
  quiet: true,
});
const { createDatabase, withDatabase, withClient } =
  await import('../api/dist/api/src/db/connection.js');
const { migrate } = await import('../api/dist/api/src/db/migrations.js');
const { MikroORM } = await import('@mikro-orm/postgresql');
const { tenantOrmOptions } = await import('../api/dist/api/src/db/orm.js');
const { Account } = await import('../api/dist/api/src/modules/accounts/account.entity.js');
await createDatabase(pg.url, 't1');
await migrate(withDatabase(pg.url, 't1'), 'tenant');
await withClient(withDatabase(pg.url, 't1'), (c) =>
  c.query(
    `insert into accounts(id,number,name,type,fund_type) select gen_random_uuid(), 'n'||g, 'name '||g, 'asset','operating' from generate_series(1,16) g`,
  ),
);
const orm = await MikroORM.init(tenantOrmOptions(withDatabase(pg.url, 't1'), 4));
async function time(name, fn, n = 300) {
  for (let i = 0; i < 20; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(name.padEnd(30), ((performance.now() - t) / n).toFixed(3), 'ms');
}
await time('raw execute', () => orm.em.getConnection().execute('select * from accounts'));
await time('find all', () => orm.em.fork().find(Account, {}));
await time('find all disableIdentityMap', () =>
  orm.em.fork().find(Account, {}, { disableIdentityMap: true }),
);
await time('qb execute', () => orm.em.fork().createQueryBuilder(Account).execute());
await time('qb getResult', () => orm.em.fork().createQueryBuilder(Account).getResult());
await time('find archived order', () =>
  orm.em.fork().find(Account, { archived: false }, { orderBy: { number: 'asc' } }),
);
await time('raw param', () =>
  orm.em
    .getConnection()
    .execute('select * from accounts where archived = ? order by number', [false]),
);
const { TenantPool } = await import('../api/dist/api/src/core/tenancy/tenant-pool.js');
await withClient(withDatabase(pg.url, 't1'), (c) =>
  c.query('insert into tenant_identity(organization_id) values ($1)', [
    '00000000-0000-4000-8000-000000000001',
  ]),
);
const pool = new TenantPool({ clusterUrl: () => pg.url, max: 5, poolSize: 4 });
const porm = await pool.get(
  { cluster: 'default', database: 't1' },
  '00000000-0000-4000-8000-000000000001',
);
await time('pool find all', () => porm.em.fork().find(Account, {}));
await time('pool raw', () => porm.em.getConnection().execute('select * from accounts'));
await time('count', () => orm.em.fork().count(Account, {}));
await orm.close();
await pg.stop();
