// Covenant as production runs it (built output, NODE_ENV=production) on its own platform database,
// with one association, a tenant admin and a 16-account chart.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { startRawSql } from './raw-sql-app.mjs';

const dist = new URL('../../api/dist/api/src/', import.meta.url);
const load = (p) => import(new URL(p, dist).href);
const { loadConfig } = await load('config.js');
const { startCovenant } = await load('boot.js');
const { createDatabase, withDatabase } = await load('db/connection.js');
const { createOrganization } = await load('platform/organizations/organizations.service.js');
const { hashPassword } = await load('core/auth/passwords.js');
const { User } = await load('platform/users/users.entity.js');
const { Membership } = await load('platform/users/memberships.entity.js');
const { ACCESS_CACHE_TTL_MS } = await load('platform/users/memberships.directory.js');
const { Role } = await load('core/roles.js');
const { openTenant } = await load('core/tenancy/tenant-door.js');
const { AccountType, FundType, createAccount } = await load('modules/accounts/index.js');

const serverUrl = process.env.BENCH_PG_URL;
const db = `covenant_bench_${randomBytes(4).toString('hex')}`;
await createDatabase(serverUrl, db);
const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_KEY: randomBytes(32).toString('base64'),
  }),
  port: 0,
  host: '127.0.0.1',
  migrateOnStart: true,
  seedDemo: false,
  serveWeb: false,
};
const app = await startCovenant(config, { platformUrl: withDatabase(serverUrl, db) });
const org = await createOrganization(app.services, { name: 'Bench Ridge HOA' });
const em = app.services.platformOrm.em.fork();
const user = em.create(User, {
  email: 'bench@bench.example',
  passwordHash: await hashPassword(randomBytes(12).toString('hex')),
});
em.create(Membership, { user, organization: org.id, role: Role.ADMIN });
await em.flush();
const { em: tenantEm } = await openTenant(app.services, org.id);
const types = Object.values(AccountType);
for (let i = 0; i < 16; i++) {
  await createAccount(tenantEm, {
    number: String(1000 + i * 10),
    name: `Bench account ${i + 1}`,
    type: types[i % types.length],
    fundType: i % 4 === 3 ? FundType.RESERVE : FundType.OPERATING,
  });
}
const token = app.services.tokens.sign({
  userId: user.id,
  orgId: org.id,
  sessionVersion: user.sessionVersion,
});
const tenantUrl = withDatabase(serverUrl, org.dbName);

// The session check every authenticated request makes (has the user's session version moved on
// since the token was issued?): from the cache, and from the platform database as after a miss
// (once per user per TTL per process). The load below runs through the same check.
async function perCall(n, fn) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  return Number(process.hrtime.bigint() - start) / n / 1000;
}
const { memberships } = app.services;
await perCall(1000, () => memberships.sessionVersion(user.id));
// Another user is cached too, as on any server with more than one: lru-cache empties its whole
// store (all 50,000 slots) when its last entry is dropped, which is not what a miss costs.
await memberships.sessionVersion(randomUUID());
const sessionCheck = {
  cachedMicros: await perCall(100_000, () => memberships.sessionVersion(user.id)),
  uncachedMicros: await perCall(300, () => {
    memberships.invalidateUser(user.id);
    return memberships.sessionVersion(user.id);
  }),
  ttlSeconds: ACCESS_CACHE_TTL_MS / 1000,
};
// With BENCH_RAW_IN_PROCESS (a tenant database's URL), the raw-SQL baseline also runs in this
// process, on a port of its own, while this server stays idle: the same baseline, in a process as
// large as Covenant's.
const rawInProcess = process.env.BENCH_RAW_IN_PROCESS;
const rawInProcessUrl = rawInProcess
  ? await startRawSql({ tenantUrl: rawInProcess, poolSize: config.tenantDbPoolSize })
  : undefined;
process.stdout.write(
  JSON.stringify({
    url: `http://127.0.0.1:${app.server.address().port}`,
    rawInProcessUrl,
    token,
    tenantUrl,
    tenantPoolSize: config.tenantDbPoolSize,
    sessionCheck,
  }) + '\n',
);
