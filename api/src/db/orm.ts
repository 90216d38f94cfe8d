import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';

// The entity lists (platform/entities.ts, modules/entities.ts) are handed in by the wiring
// (boot, tests, bench): the db layer imports nothing above it.
export type EntityList = NonNullable<Options['entities']>;

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

export function ormOptions(
  url: string,
  poolMax: number,
  entities: EntityList,
  logSql = false,
): Options {
  return { ...baseOptions(url, poolMax, logSql), entities };
}

export function initOrm(url: string, poolMax: number, entities: EntityList, logSql = false) {
  return MikroORM.init(ormOptions(url, poolMax, entities, logSql));
}
