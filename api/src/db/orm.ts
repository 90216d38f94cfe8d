import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';
import { platformEntities } from '../platform/entities.js';
import { tenantEntities } from '../modules/entities.js';

function baseOptions(url: string, poolMax: number, logSql: boolean): Options {
  return defineConfig({
    clientUrl: url,
    pool: { min: 0, max: poolMax, idleTimeoutMillis: 30_000 },
    // Databases are created by provisioning and migrations only, never as a side effect of connecting.
    ensureDatabase: false,
    allowGlobalContext: false,
    debug: logSql,
    forceUtcTimezone: true,
  });
}

export function platformOrmOptions(url: string, poolMax: number, logSql = false): Options {
  return { ...baseOptions(url, poolMax, logSql), entities: platformEntities };
}

export function tenantOrmOptions(url: string, poolMax: number, logSql = false): Options {
  return { ...baseOptions(url, poolMax, logSql), entities: tenantEntities };
}

export function initPlatformOrm(url: string, poolMax: number, logSql = false) {
  return MikroORM.init(platformOrmOptions(url, poolMax, logSql));
}
