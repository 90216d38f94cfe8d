import { MikroORM, type Options } from '@mikro-orm/postgresql';
import type { MetadataStorage } from '@mikro-orm/core';
import { LRUCache } from 'lru-cache';
import { withDatabase } from '../../db/connection.js';
import { ormOptions, type DbTimeouts, type EntityList } from '../../db/orm.js';
import type { TenantLocation } from './tenant-directory.js';

export interface TenantPoolOptions {
  clusterUrl: (cluster: string) => string;
  // Every tenant database's entities (modules/entities.ts).
  entities: EntityList;
  max: number;
  poolSize: number;
  logSql?: boolean;
  // Bounds on a request's wait for its tenant's database; unset, it waits as long as it takes.
  timeouts?: DbTimeouts;
  // Grace period before an evicted tenant's connections close, so in-flight requests finish.
  closeDelayMs?: number;
}

// The parts of MikroORM's bootstrap that `init` runs after discovery; private in its typings.
interface OrmInternals {
  metadata: MetadataStorage;
  createEntityManager(): void;
  driver: MikroORM['em']['getDriver'] extends () => infer D ? D : never;
}

export class TenantIdentityError extends Error {}

// The shared-metadata open reaches into MikroORM's private bootstrap. An upgrade that renames or
// drops those parts must fail loudly here (and in the tenancy tests), not half-initialise an ORM.
export function assertInternals(orm: MikroORM): OrmInternals {
  const internals = orm as unknown as Partial<OrmInternals>;
  const missing = [
    typeof internals.createEntityManager !== 'function' && 'createEntityManager()',
    !('metadata' in orm) && 'metadata',
    typeof internals.driver?.getPlatform !== 'function' && 'driver.getPlatform()',
  ].filter(Boolean);
  if (missing.length) {
    throw new Error(
      `MikroORM internals changed (missing ${missing.join(', ')}): update TenantPool.open`,
    );
  }
  return internals as OrmInternals;
}

// location → MikroORM instance, LRU-bounded: connections = open tenants × a small pool.
// Entity metadata is discovered once and shared, so a cold tenant costs a connection, not a
// discovery run.
export class TenantPool {
  private readonly lru: LRUCache<string, Promise<MikroORM>>;
  private metadata?: MetadataStorage;
  opened = 0;
  closed = 0;

  constructor(private readonly opts: TenantPoolOptions) {
    this.lru = new LRUCache({
      max: opts.max,
      dispose: (orm) => {
        const close = () =>
          orm
            .then((o) => o.close(true))
            .then(() => this.closed++)
            .catch(() => undefined);
        const delay = opts.closeDelayMs ?? 5_000;
        if (delay > 0) setTimeout(close, delay).unref();
        else void close();
      },
    });
  }

  get size() {
    return this.lru.size;
  }

  static key(location: TenantLocation) {
    return `${location.cluster}/${location.database}`;
  }

  get(location: TenantLocation, orgId: string): Promise<MikroORM> {
    const key = TenantPool.key(location);
    let orm = this.lru.get(key);
    if (!orm) {
      orm = this.open(location, orgId);
      this.lru.set(key, orm);
      // A failed open must not stay cached.
      orm.catch(() => {
        if (this.lru.peek(key) === orm) this.lru.delete(key);
      });
    }
    return orm;
  }

  private async open(location: TenantLocation, orgId: string): Promise<MikroORM> {
    const url = withDatabase(this.opts.clusterUrl(location.cluster), location.database);
    const options: Options = {
      ...ormOptions(
        url,
        this.opts.poolSize,
        this.opts.entities,
        this.opts.logSql,
        this.opts.timeouts,
      ),
      // The identity query below is the first to reach the database; MikroORM's own connect
      // would only add a probe, and with the database away a second wait for it.
      connect: false,
    };
    let orm: MikroORM;
    if (this.metadata) {
      orm = new MikroORM(options);
      const internals = assertInternals(orm);
      internals.metadata = this.metadata;
      internals.createEntityManager();
      internals.driver.getPlatform().init(orm);
    } else {
      orm = await MikroORM.init(options);
      this.metadata = orm.getMetadata();
    }
    this.opened++;
    let rows: { organization_id: string }[];
    try {
      // Defense in depth: the database must say it belongs to the organization we resolved.
      rows = await orm.em
        .getConnection()
        .execute<{ organization_id: string }[]>('SELECT organization_id FROM tenant_identity');
    } catch (err) {
      // The database is away (or the query failed): this ORM is not cached, so close it here.
      await orm.close(true).catch(() => undefined);
      throw err;
    }
    if (rows[0]?.organization_id !== orgId) {
      await orm.close(true);
      throw new TenantIdentityError(
        `Tenant database ${location.database} does not belong to ${orgId}`,
      );
    }
    return orm;
  }

  async closeAll() {
    const all = [...this.lru.values()];
    this.lru.clear();
    await Promise.all(all.map((p) => p.then((o) => o.close(true)).catch(() => undefined)));
  }
}
