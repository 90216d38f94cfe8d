import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config, TenantClusterConfig } from '../../config.js';
import { serverRoom } from '../../db/connection.js';
import { sql } from '../../db/sql.js';
import { AppError } from '../errors/app-error.js';
import { budgetLimit } from './connection-budget.js';

// The cluster every association lived on before TENANT_CLUSTERS: the platform's own server.
export const DEFAULT_CLUSTER = 'default';

// The platform's EntityManager (the API) or a pg client (the CLIs).
export type Queryable =
  EntityManager | { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

async function rowsOf<T>(db: Queryable, text: string, values: unknown[] = []): Promise<T[]> {
  if ('getConnection' in db) {
    // The EntityManager's placeholders are `?`; the texts here use $1…
    return sql(db).all<T>(text.replace(/\$\d+/g, '?'), values);
  }
  return (await db.query(text, values)).rows as T[];
}

// host:port, to tell whether a cluster is the platform's own server (its pool counts there).
function serverOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname.toLowerCase()}:${u.port || '5432'}`;
}

// Where a cluster is, safe to print (no password).
export function describeServer(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}`;
}

export interface ClusterRoom {
  name: string;
  associations: number;
  maxTenants: number;
  accepting: boolean;
}

// The PostgreSQL clusters associations live on (TENANT_CLUSTERS, or the platform's server alone):
// where each is reached for DDL and for requests, its connection budget, and where a new
// association goes.
export class ClusterRegistry {
  private readonly byName: Map<string, TenantClusterConfig>;
  private readonly budgets = new Map<string, number>();

  constructor(
    private readonly list: readonly TenantClusterConfig[],
    // TENANT_CONNECTION_BUDGET: the budget of a cluster that sets none of its own. `implicit`: the
    // one cluster of an unset TENANT_CLUSTERS, whose refusals read as they always did.
    private readonly opts: { defaultBudget?: number; implicit?: boolean } = {},
  ) {
    if (!list.length) throw new Error('At least one database cluster is needed');
    this.byName = new Map(list.map((c) => [c.name, c]));
  }

  // Unset TENANT_CLUSTERS is one cluster, `default`: the platform's server behind
  // DATABASE_POOLER_URL, with TENANT_CONNECTION_BUDGET and no limit on associations (as before).
  static fromConfig(config: Config, platformUrl: string): ClusterRegistry {
    if (config.tenantClusters) {
      return new ClusterRegistry(config.tenantClusters, {
        defaultBudget: config.tenantConnectionBudget,
      });
    }
    return new ClusterRegistry(
      [
        {
          name: DEFAULT_CLUSTER,
          url: platformUrl,
          poolerUrl: config.databasePoolerUrl,
          maxTenants: Number.POSITIVE_INFINITY,
          accepting: true,
        },
      ],
      { defaultBudget: config.tenantConnectionBudget, implicit: true },
    );
  }

  names(): string[] {
    return this.list.map((c) => c.name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  private get(name: string): TenantClusterConfig {
    const c = this.byName.get(name);
    if (!c) throw new Error(`Unknown database cluster: ${name}`);
    return c;
  }

  // The server itself: DDL, provisioning, migrations, moves.
  url(name: string): string {
    return this.get(name).url;
  }

  // Requests: through the cluster's PgBouncer when it has one.
  requestUrl(name: string): string {
    const c = this.get(name);
    return c.poolerUrl ?? c.url;
  }

  // The cluster's connection budget, once measureBudgets has read it.
  budget(name: string): number {
    const b = this.budgets.get(name);
    if (b === undefined) throw new Error(`The connection budget of cluster ${name} was not read`);
    return b;
  }

  // Each cluster's budget: its own connectionBudget (or TENANT_CONNECTION_BUDGET) when it fits,
  // else the room on its server; the platform pool counts only on the platform's own server.
  async measureBudgets(opts: {
    platformUrl: string;
    platformPool: number;
    headroom: number;
  }): Promise<void> {
    await Promise.all(
      this.list.map(async (c) => {
        const where = `cluster ${c.name} (${describeServer(c.url)})`;
        let room: { max: number; reserved: number };
        try {
          room = await serverRoom(c.url);
        } catch (err) {
          const why = err instanceof Error ? err.message : String(err);
          throw new Error(`The database ${where} cannot be reached: ${why}`, { cause: err });
        }
        const platformPool = serverOf(c.url) === serverOf(opts.platformUrl) ? opts.platformPool : 0;
        const named = c.connectionBudget !== undefined;
        const limit = budgetLimit(
          { ...room, platformPool, headroom: opts.headroom },
          c.connectionBudget ?? this.opts.defaultBudget,
          c.poolerUrl ? 'pgbouncer' : 'none',
          this.opts.implicit
            ? {}
            : {
                setting: named
                  ? `TENANT_CLUSTERS ${c.name}.connectionBudget`
                  : 'TENANT_CONNECTION_BUDGET',
                server: where,
              },
        );
        this.budgets.set(c.name, limit);
      }),
    );
  }

  // Associations per cluster, and what each may still take.
  async rooms(db: Queryable): Promise<ClusterRoom[]> {
    const counts = await rowsOf<{ db_cluster: string; n: number | string }>(
      db,
      'SELECT db_cluster, count(*) AS n FROM organizations GROUP BY db_cluster',
    );
    const n = new Map(counts.map((r) => [r.db_cluster, Number(r.n)]));
    return this.list.map((c) => ({
      name: c.name,
      associations: n.get(c.name) ?? 0,
      maxTenants: c.maxTenants,
      accepting: c.accepting,
    }));
  }

  // Where a new association goes: the accepting cluster with the most room (maxTenants less its
  // associations, archived ones included: their databases are there); ties go to the first in
  // TENANT_CLUSTERS. None with room: refused, as an operator must add a cluster.
  async placeNew(db: Queryable): Promise<string> {
    let best: { name: string; room: number } | undefined;
    for (const c of await this.rooms(db)) {
      const room = c.maxTenants - c.associations;
      if (!c.accepting || room < 1) continue;
      if (!best || room > best.room) best = { name: c.name, room };
    }
    if (!best) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'New associations cannot be created right now: every database cluster is full or closed to new associations',
      );
    }
    return best.name;
  }

  // Associations on clusters this configuration does not name (start-up refuses them): per
  // cluster, how many and the first few names.
  async unknownPlacements(
    db: Queryable,
  ): Promise<{ cluster: string; count: number; names: string[] }[]> {
    const rows = await rowsOf<{ db_cluster: string; n: number | string; names: string[] }>(
      db,
      `SELECT db_cluster, count(*) AS n, (array_agg(name ORDER BY name))[1:5] AS names
         FROM organizations GROUP BY db_cluster ORDER BY db_cluster`,
    );
    return rows
      .filter((r) => !this.has(r.db_cluster))
      .map((r) => ({ cluster: r.db_cluster, count: Number(r.n), names: r.names }));
  }

  async assertEveryPlacementKnown(db: Queryable): Promise<void> {
    const unknown = await this.unknownPlacements(db);
    if (!unknown.length) return;
    const lines = unknown.map(
      (u) =>
        `  ${u.cluster}: ${u.names.join(', ')}${u.count > u.names.length ? ` and ${u.count - u.names.length} more` : ''}`,
    );
    throw new Error(
      `Associations live on database clusters that TENANT_CLUSTERS does not name (it names ${this.names().join(', ')}); add those clusters. Refusing to start:\n${lines.join('\n')}`,
    );
  }
}
