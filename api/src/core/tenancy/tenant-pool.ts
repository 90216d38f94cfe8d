import { MikroORM, type Options } from '@mikro-orm/postgresql';
import type { MetadataStorage } from '@mikro-orm/core';
import { LRUCache } from 'lru-cache';
import { withDatabase } from '../../db/connection.js';
import { APPLIED_VERSION_SQL, codeVersion } from '../../db/migrations.js';
import { ormOptions, type DbTimeouts, type EntityList } from '../../db/orm.js';
import { serviceUnavailable } from '../errors/app-error.js';
import type { Logger } from '../observability/logger.js';
import { ConnectionBudget } from './connection-budget.js';
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
  // Grace period before an evicted tenant's ORM closes, so in-flight requests finish.
  closeDelayMs?: number;
  // The connection budget of each cluster (all its tenant pools together); unset, no budget.
  budget?: { limit: (cluster: string) => number; queueMax: number; waitMs: number };
  // Told of a tenant database ahead of this code (a newer release migrated it).
  logger?: Pick<Logger, 'error'>;
  // Told of the version found in a database that is not at the code's (restored from an older
  // backup, say), so the organization's recorded version can say so and the next fleet run visits
  // it; its promise is not awaited by the request.
  onVersionFound?: (orgId: string, version: string | null) => Promise<void>;
}

// Seconds an association being upgraded asks its callers to wait.
export const UPGRADE_RETRY_AFTER_S = 15;

export const UPGRADING_MESSAGE =
  'This association is being upgraded to a new version; try again in a few seconds';

// The parts of MikroORM's bootstrap that `init` runs after discovery; private in its typings.
interface OrmInternals {
  metadata: MetadataStorage;
  createEntityManager(): void;
  driver: MikroORM['em']['getDriver'] extends () => infer D ? D : never;
}

export class TenantIdentityError extends Error {}

// The parts of a knex pool (tarn) the connection budget works with. `creator` and `destroyer` are
// wrapped so that every new connection first takes a slot and gives it back when closed;
// `check()` with no idle allowance closes the free connections at once (what tarn's own reaper
// does after idleTimeoutMillis). The events are tarn's public ones.
interface TarnPool {
  creator: () => Promise<unknown>;
  destroyer: (connection: unknown) => unknown;
  idleTimeoutMillis: number;
  check(): void;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
  on(event: 'release', fn: () => void): void;
}

export function assertTarn(pool: unknown): TarnPool {
  const p = pool as Partial<TarnPool> | undefined;
  const missing = [
    typeof p?.creator !== 'function' && 'creator',
    typeof p?.destroyer !== 'function' && 'destroyer',
    typeof p?.idleTimeoutMillis !== 'number' && 'idleTimeoutMillis',
    typeof p?.check !== 'function' && 'check()',
    typeof p?.numFree !== 'function' && 'numFree()',
    typeof p?.on !== 'function' && 'on()',
  ].filter(Boolean);
  if (missing.length) {
    throw new Error(
      `knex's pool (tarn) changed (missing ${missing.join(', ')}): update TenantPool.budgeted`,
    );
  }
  return p as TarnPool;
}

// One tenant ORM's connections as the budget sees them: the slots it holds, one for each
// connection open or being opened. While it holds any, it is in its cluster's `holders`, least
// recently active first (a Set keeps insertion order; activity moves it to the end), which is the
// order reclaim looks in.
class Budgeted {
  slots = 0;
  closed = false;

  constructor(
    readonly key: string,
    readonly budget: ConnectionBudget,
    readonly tarn: TarnPool,
    private readonly holders: Set<Budgeted>,
  ) {}

  take() {
    if (this.slots++ === 0) this.holders.add(this);
  }

  give() {
    if (--this.slots === 0) this.holders.delete(this);
    this.budget.release();
  }

  // A connection of this pool was just used: it becomes the most recently active.
  used() {
    if (this.slots === 0) return;
    this.holders.delete(this);
    this.holders.add(this);
  }

  get idle() {
    return (
      this.tarn.numUsed() === 0 &&
      this.tarn.numPendingAcquires() === 0 &&
      this.tarn.numPendingCreates() === 0
    );
  }

  // Closes the free connections now; true when there were any.
  closeFree(): boolean {
    if (this.tarn.numFree() === 0) return false;
    const keep = this.tarn.idleTimeoutMillis;
    this.tarn.idleTimeoutMillis = 0;
    try {
      this.tarn.check();
    } finally {
      this.tarn.idleTimeoutMillis = keep;
    }
    return true;
  }
}

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

// location → MikroORM instance, LRU-bounded (memory: an instance with shared metadata is small).
// Entity metadata is discovered once and shared, so a cold tenant costs a connection, not a
// discovery run. Connections are bounded separately: every tenant pool of a cluster draws on the
// cluster's connection budget (connection-budget.ts), so open tenants × pool size may exceed it
// while the connections actually open never do.
export class TenantPool {
  private readonly lru: LRUCache<string, Promise<MikroORM>>;
  private metadata?: MetadataStorage;
  private readonly budgets = new Map<string, ConnectionBudget>();
  // Every budgeted ORM not yet closed, evicted ones included until they close.
  private readonly live = new Set<Budgeted>();
  // Per cluster, the budgeted ORMs holding slots, least recently active first (see Budgeted).
  private readonly holders = new Map<string, Set<Budgeted>>();
  private readonly closing = new WeakMap<MikroORM, Promise<void>>();
  // location → the organization its tenant_identity named, once checked (and found at the code's
  // version): reopening an evicted tenant skips the query. Dropped by forget() (a move, an
  // archive, a restore). A database behind or ahead is never kept here, so it is asked again.
  private readonly identities = new LRUCache<string, string>({ max: 100_000 });
  // cluster → its server's version, as knex read it from the first connection.
  private readonly versions = new Map<string, string | undefined>();
  // The tenant migration this code expects every tenant database to have applied last.
  private expected?: Promise<string>;
  opened = 0;
  closed = 0;
  identityChecks = 0;

  constructor(private readonly opts: TenantPoolOptions) {
    this.lru = new LRUCache({
      max: opts.max,
      dispose: (orm) => {
        const delay = opts.closeDelayMs ?? 5_000;
        if (delay > 0) setTimeout(() => void this.close(orm), delay).unref();
        else void this.close(orm);
      },
    });
  }

  get size() {
    return this.lru.size;
  }

  static key(location: TenantLocation) {
    return `${location.cluster}/${location.database}`;
  }

  // The cluster's budget, made on first use; undefined when the pool has none.
  budget(cluster: string): ConnectionBudget | undefined {
    const b = this.opts.budget;
    if (!b) return undefined;
    let budget = this.budgets.get(cluster);
    if (!budget) {
      budget = new ConnectionBudget({
        limit: b.limit(cluster),
        queueMax: b.queueMax,
        waitMs: b.waitMs,
        reclaim: () => this.reclaim(cluster),
      });
      this.budgets.set(cluster, budget);
    }
    return budget;
  }

  // Each cluster's budget as it stands (read by /metrics); a cluster appears once it was used.
  budgetReadings() {
    return [...this.budgets].map(([cluster, b]) => ({
      cluster,
      limit: b.limit,
      inUse: b.used,
      waiting: b.waiting,
      refused: b.refused,
    }));
  }

  // Open connections of a cluster's tenant pools (what the budget counts).
  connections(cluster: string) {
    let n = 0;
    for (const b of this.live) if (b.key.startsWith(`${cluster}/`)) n += b.slots;
    return n;
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

  // An organization that moved, was archived or restored: every location it was checked at is
  // checked again on its next open. (An ORM still open on an old location is never asked for
  // again, the directory naming the new one; the LRU and the budget reclaim it like any idle one.)
  forget(orgId: string) {
    for (const [key, owner] of this.identities.entries()) {
      if (owner === orgId) this.identities.delete(key);
    }
  }

  private async open(location: TenantLocation, orgId: string): Promise<MikroORM> {
    const key = TenantPool.key(location);
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
    // knex asks a new client's first connection for the server's version (`select version()`);
    // every database of a cluster is on the same server, so it is asked once per cluster.
    const version = this.versions.get(location.cluster);
    if (version) options.driverOptions = { ...options.driverOptions, version };
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
    const budget = this.budget(location.cluster);
    if (budget) this.budgeted(key, location.cluster, orm, budget);
    if (this.identities.get(key) === orgId) return orm;
    let row: { organization_id: string | null; version: string | null } | undefined;
    let expected: string;
    try {
      this.identityChecks++;
      expected = await (this.expected ??= codeVersion('tenant'));
      // Defense in depth: the database must say it belongs to the organization we resolved. And
      // it must be at the code's version: one a fleet migration has not reached yet is refused
      // for a moment rather than served by code written for another schema. One round trip.
      [row] = await orm.em
        .getConnection()
        .execute<{ organization_id: string | null; version: string | null }[]>(
          `SELECT (SELECT organization_id FROM tenant_identity LIMIT 1) AS organization_id,
                  (${APPLIED_VERSION_SQL}) AS version`,
        );
    } catch (err) {
      // The database is away (or the query failed): this ORM is not cached, so close it here.
      await this.close(Promise.resolve(orm));
      throw err;
    }
    if (!version) this.versions.set(location.cluster, knexClient(orm).version);
    if (row?.organization_id !== orgId) {
      await this.close(Promise.resolve(orm));
      throw new TenantIdentityError(
        `Tenant database ${location.database} does not belong to ${orgId}`,
      );
    }
    if (row.version !== expected) {
      await this.close(Promise.resolve(orm));
      void this.opts
        .onVersionFound?.(orgId, row.version)
        .catch((err: unknown) =>
          this.opts.logger?.error({ err, org: orgId }, 'tenant version not recorded'),
        );
      if (row.version && row.version > expected) {
        // Not an upgrade under way: a newer release's migrations reached this database.
        this.opts.logger?.error(
          { org: orgId, database: location.database, version: row.version, expected },
          'tenant database is ahead of this code; refusing it',
        );
      }
      throw serviceUnavailable(UPGRADING_MESSAGE, UPGRADE_RETRY_AFTER_S);
    }
    this.identities.set(key, orgId);
    return orm;
  }

  // Every new connection of this ORM first takes a slot of the cluster's budget; the slot comes
  // back when the connection closes (or its create fails).
  private budgeted(key: string, cluster: string, orm: MikroORM, budget: ConnectionBudget) {
    const tarn = assertTarn(knexClient(orm).pool);
    let holders = this.holders.get(cluster);
    if (!holders) this.holders.set(cluster, (holders = new Set()));
    const b = new Budgeted(key, budget, tarn, holders);
    // tarn calls the destroyer once for every connection the creator made (a free one reaped, a
    // broken one dropped, a late one whose create had timed out, all of them at close).
    const create = tarn.creator;
    const destroy = tarn.destroyer;
    tarn.creator = async () => {
      await budget.take();
      b.take();
      // While this create waited for its slot, a released connection may have served the query
      // that asked for it: the slot goes back rather than open a connection nobody wants.
      if (tarn.numPendingAcquires() === 0) {
        b.give();
        throw new Error('Connection no longer needed');
      }
      try {
        return await create();
      } catch (err) {
        b.give();
        throw err;
      }
    };
    // The slot comes back once the connection has ended (its Terminate sent and the socket
    // closed), so that a new connection does not start while the server still counts the old
    // backend; at most a second later if the end hangs (an unreachable server).
    tarn.destroyer = (connection) => {
      let given = false;
      const giveOnce = () => {
        clearTimeout(cap);
        if (!given) {
          given = true;
          b.give();
        }
      };
      const cap = setTimeout(giveOnce, END_WAIT_MS).unref();
      let ended: unknown;
      try {
        ended = destroy(connection);
      } catch (err) {
        giveOnce();
        throw err;
      }
      return Promise.resolve(ended).finally(giveOnce);
    };
    tarn.on('release', () => {
      b.used();
      // tarn tells before it frees the connection (and hands it to a query of this pool that
      // waits for one); once it has, a connection left free goes to whoever waits for a slot.
      if (budget.waiting > 0) {
        queueMicrotask(() => {
          if (budget.waiting > 0 && tarn.numPendingAcquires() === 0) b.closeFree();
        });
      }
    });
    this.live.add(b);
    budgetOf.set(orm, b);
  }

  // Frees a slot for a waiter: the pool with free connections that is idle, and of those the least
  // recently active, closes them. Pools that are all busy give one back on their next release
  // (the 'release' hook above).
  private reclaim(cluster: string): boolean {
    let busy: Budgeted | undefined;
    for (const b of this.holders.get(cluster) ?? []) {
      if (b.closed || b.tarn.numFree() === 0) continue;
      if (b.idle) return b.closeFree();
      busy ??= b;
    }
    return busy ? busy.closeFree() : false;
  }

  private async close(orm: Promise<MikroORM>) {
    let o: MikroORM;
    try {
      o = await orm;
    } catch {
      return; // A failed open has nothing to close.
    }
    let closing = this.closing.get(o);
    if (!closing) {
      closing = o
        .close(true)
        .catch(() => undefined)
        .then(() => {
          const b = budgetOf.get(o);
          if (b) {
            b.closed = true;
            this.live.delete(b);
          }
          this.closed++;
        });
      this.closing.set(o, closing);
    }
    await closing;
  }

  async closeAll() {
    const all = [...this.lru.values()];
    this.lru.clear();
    await Promise.all(all.map((p) => this.close(p)));
  }
}

// How long a closing connection keeps its slot at most, waiting for its end (see budgeted).
const END_WAIT_MS = 1_000;

const budgetOf = new WeakMap<MikroORM, Budgeted>();

const knexClient = (orm: MikroORM) =>
  orm.em.getConnection().getKnex().client as { pool?: unknown; version?: string };
