// Covenant with many associations over the clusters TENANT_CLUSTERS names, as production runs it
// (built output, NODE_ENV=production, default pool settings).
//   BENCH_MODE=setup: creates BENCH_TENANTS associations on a new platform database (each from the
//     tenant template on the cluster with most room, as registration does), each with a treasurer
//     and a small chart, prints the platform database, each association's cluster and database and
//     a token per association, and exits.
//   BENCH_MODE=serve: starts the API on that platform database with every tenant cold.
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';

const dist = new URL('../../api/dist/api/src/', import.meta.url);
const load = (p) => import(new URL(p, dist).href);
const { loadConfig } = await load('config.js');
const { startCovenant } = await load('boot.js');
const { createDatabase, withDatabase } = await load('db/connection.js');
const { createOrganization } = await load('platform/organizations/organizations.service.js');
const { User } = await load('platform/users/users.entity.js');
const { Membership } = await load('platform/users/memberships.entity.js');
const { Role } = await load('core/roles.js');
const { openTenant } = await load('core/tenancy/tenant-door.js');
const { AccountType, FundType, createAccount } = await load('modules/accounts/index.js');

const serverUrl = process.env.BENCH_PG_URL;
const mode = process.env.BENCH_MODE;
const config = {
  ...loadConfig({ ...process.env, NODE_ENV: 'production' }),
  port: 0,
  host: '127.0.0.1',
  migrateOnStart: true,
  seedDemo: false,
  serveWeb: false,
};

if (mode === 'setup') {
  const db = `covenant_tenants_${randomBytes(4).toString('hex')}`;
  await createDatabase(serverUrl, db);
  const platformUrl = withDatabase(serverUrl, db);
  const app = await startCovenant(config, { platformUrl });
  const n = Number(process.env.BENCH_TENANTS);
  const tokens = new Array(n);
  const databases = new Array(n);
  const created = [];
  let next = 0;
  const types = Object.values(AccountType);
  async function one(i) {
    const t0 = performance.now();
    const org = await createOrganization(app.services, { name: `Bench Association ${i + 1}` });
    created.push(performance.now() - t0);
    databases[i] = { cluster: org.dbCluster, db: org.dbName };
    const em = app.services.platformOrm.em.fork();
    const user = em.create(User, {
      email: `treasurer${i + 1}@tenants.bench.example`,
      // Never signed in with: the bench uses tokens.
      passwordHash: `unusable:${randomBytes(8).toString('hex')}`,
    });
    em.create(Membership, { user, organization: org.id, role: Role.ADMIN });
    await em.flush();
    const { em: tenantEm } = await openTenant(app.services, org.id);
    for (let a = 0; a < 8; a++) {
      await createAccount(tenantEm, {
        number: String(1000 + a * 10),
        name: `Account ${a + 1}`,
        type: types[a % types.length],
        fundType: a % 4 === 3 ? FundType.RESERVE : FundType.OPERATING,
      });
    }
    tokens[i] = app.services.tokens.sign({
      userId: user.id,
      orgId: org.id,
      sessionVersion: user.sessionVersion,
    });
  }
  // Four at a time, as a busy sign-up day might.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < n) await one(next++);
    }),
  );
  await app.close();
  created.sort((a, b) => a - b);
  // Exits once the line (a few hundred KB) is written: process.exit would cut a pipe short.
  process.stdout.write(
    JSON.stringify({
      platformUrl,
      tokens,
      databases,
      createdP50: created[Math.floor(created.length / 2)],
      createdP95: created[Math.floor(created.length * 0.95)],
    }) + '\n',
    () => process.exit(0),
  );
} else {
  const app = await startCovenant(config, { platformUrl: process.env.BENCH_PLATFORM_URL });
  const clusterNames = JSON.parse(process.env.TENANT_CLUSTERS ?? '[{"name":"default"}]').map(
    (c) => c.name,
  );
  // The parent asks for the budget's figures on stdin ("stats") between patterns.
  // BENCH_CPU_PROFILE_DIR: a CPU profile of the API from each 'stats' to the next, written there
  // as interval-N.cpuprofile (Chrome's DevTools opens them). The bench asks before its first run
  // and after each, so with 3 rounds intervals 1, 3 and 5 are the reference's, 2, 4 and 6 the hot
  // set's, 7 the uniform pattern and 8 the mixed one.
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  let profiler;
  let profiles = 0;
  if (profileDir) {
    const { Session } = await import('node:inspector/promises');
    mkdirSync(profileDir, { recursive: true });
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
  }
  const nextProfile = async () => {
    if (!profiler) return;
    if (profiles > 0) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(`${profileDir}/interval-${profiles}.cpuprofile`, JSON.stringify(profile));
    }
    profiles++;
    await profiler.post('Profiler.start');
  };
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', async (line) => {
    if (!line.startsWith('stats')) return;
    await nextProfile();
    const budgets = Object.fromEntries(
      clusterNames.map((name) => {
        const b = app.services.pool.budget(name);
        return [name, { limit: b?.limit, peak: b?.peak, waited: b?.waited, refused: b?.refused }];
      }),
    );
    process.stdout.write(
      JSON.stringify({
        stats: {
          budgets,
          opened: app.services.pool.opened,
          identityChecks: app.services.pool.identityChecks,
          rssMb: Math.round(process.memoryUsage().rss / 1e6),
        },
      }) + '\n',
    );
    for (const name of clusterNames) {
      const b = app.services.pool.budget(name);
      if (b) b.peak = b.used;
    }
  });
  process.stdout.write(
    JSON.stringify({
      url: `http://127.0.0.1:${app.server.address().port}`,
      platformPool: config.platformDbPoolSize,
      tenantPoolSize: config.tenantDbPoolSize,
    }) + '\n',
  );
}
