import { timingSafeEqual, createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RouteKind } from './requests.js';

// One reading of a scrape-time metric: its labels and its value now.
export interface Sample<L extends string = string> {
  labels?: Partial<Record<L, string | number>>;
  value: number;
}

// A metric read when Prometheus scrapes rather than counted as things happen: the tenant pools'
// state, the job queue's jobs by queue and state. `collect` answers every series there is now; a
// series it no longer answers disappears. A collect that fails leaves its metric empty for that
// scrape (one without labels reads 0) and is reported; the rest of the page is answered.
export interface ReadingDefinition<L extends string = string> {
  name: string;
  help: string;
  labelNames?: readonly L[];
  collect: () => Sample<L>[] | Promise<Sample<L>[]>;
}

// Distinct operation names counted per process; later ones count as "other", so that names a
// client makes up cannot grow the series without bound.
export const MAX_OPERATION_NAMES = 200;

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

// The process's metrics, in a registry of its own (never prom-client's global one), so that tests
// can run several servers in one process.
export class Metrics {
  readonly registry = new Registry();
  private readonly duration: Histogram<'route' | 'status'>;
  private readonly operations: Counter<'operation' | 'outcome'>;
  private readonly operationNames = new Set<string>();

  constructor(
    private readonly opts: { onCollectError?: (err: unknown, metric: string) => void } = {},
  ) {
    collectDefaultMetrics({ register: this.registry });
    this.duration = new Histogram({
      name: 'covenant_http_request_duration_seconds',
      help: 'HTTP requests by route kind and status class, and how long they took',
      labelNames: ['route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [this.registry],
    });
    this.operations = new Counter({
      name: 'covenant_graphql_operations_total',
      help: 'GraphQL requests by operation name and outcome (ok, or the error codes answered)',
      labelNames: ['operation', 'outcome'],
      registers: [this.registry],
    });
  }

  request(route: RouteKind, status: number, seconds: number) {
    this.duration.observe({ route, status: statusClass(status) }, seconds);
  }

  operation(name: string | null, outcome: string) {
    let operation = name ?? 'anonymous';
    if (!this.operationNames.has(operation)) {
      if (this.operationNames.size < MAX_OPERATION_NAMES) this.operationNames.add(operation);
      else operation = 'other';
    }
    this.operations.inc({ operation, outcome });
  }

  // A gauge read at scrape time (see ReadingDefinition).
  gauge<L extends string>(def: ReadingDefinition<L>): void {
    const read = this.reader(def);
    new Gauge<L>({
      name: def.name,
      help: def.help,
      labelNames: def.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        const samples = await read();
        this.reset();
        for (const s of samples) this.set(s.labels ?? {}, s.value);
      },
    });
  }

  // A counter read at scrape time: `collect` answers running totals kept elsewhere.
  counter<L extends string>(def: ReadingDefinition<L>): void {
    const read = this.reader(def);
    new Counter<L>({
      name: def.name,
      help: def.help,
      labelNames: def.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        const samples = await read();
        this.reset();
        for (const s of samples) this.inc(s.labels ?? {}, s.value);
      },
    });
  }

  private reader<L extends string>(def: ReadingDefinition<L>) {
    return async (): Promise<Sample<L>[]> => {
      try {
        return await def.collect();
      } catch (err) {
        this.opts.onCollectError?.(err, def.name);
        return [];
      }
    };
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

// What the tenant pool tells the metrics (core/tenancy/tenant-pool.ts).
export interface TenantPoolReadings {
  readonly size: number;
  readonly opened: number;
  budgetReadings(): {
    cluster: string;
    limit: number;
    inUse: number;
    waiting: number;
    refused: number;
  }[];
}

export function watchTenantPool(metrics: Metrics, pool: TenantPoolReadings) {
  const perCluster =
    (pick: (b: ReturnType<TenantPoolReadings['budgetReadings']>[number]) => number) => () =>
      pool.budgetReadings().map((b) => ({ labels: { cluster: b.cluster }, value: pick(b) }));
  metrics.gauge({
    name: 'covenant_tenant_pools_open',
    help: 'Tenant ORM instances open (each a small connection pool of one association)',
    collect: () => [{ value: pool.size }],
  });
  metrics.counter({
    name: 'covenant_tenant_pools_opened_total',
    help: 'Tenant ORM instances opened (a cold association, or one evicted from the LRU and back)',
    collect: () => [{ value: pool.opened }],
  });
  metrics.gauge({
    name: 'covenant_tenant_connection_budget',
    help: "Connections the cluster's tenant pools may hold together",
    labelNames: ['cluster'],
    collect: perCluster((b) => b.limit),
  });
  metrics.gauge({
    name: 'covenant_tenant_connections_in_use',
    help: "Slots of the cluster's connection budget held (connections open or opening)",
    labelNames: ['cluster'],
    collect: perCluster((b) => b.inUse),
  });
  metrics.gauge({
    name: 'covenant_tenant_connections_waiting',
    help: "Requests waiting for a slot of the cluster's connection budget",
    labelNames: ['cluster'],
    collect: perCluster((b) => b.waiting),
  });
  metrics.counter({
    name: 'covenant_tenant_connections_refused_total',
    help: 'Waits for a tenant connection refused (queue full or wait too long: a 503)',
    labelNames: ['cluster'],
    collect: perCluster((b) => b.refused),
  });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

// GET /metrics in Prometheus' text format. With a token, only a scraper sending it as a bearer
// token is answered (compared in constant time); without one, whoever reaches the API's port is.
export function metricsEndpoint(metrics: Metrics, token: string | undefined) {
  const expected = token ? digest(token) : null;
  return async (req: Request, res: Response) => {
    if (expected) {
      const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
      if (!match || !timingSafeEqual(digest(match[1]), expected)) {
        res.set('WWW-Authenticate', 'Bearer realm="metrics"');
        res.status(401).type('text/plain').send('Unauthorized\n');
        return;
      }
    }
    res.type(metrics.contentType).send(await metrics.text());
  };
}
