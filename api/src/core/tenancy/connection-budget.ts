// One cluster's budget of tenant connections, shared by every tenant pool on it. A pool takes a
// slot before it opens a connection and gives it back when the connection closes, so the open
// connections of all tenants together never exceed the budget, whatever the number of tenants.
//
// At the budget a new connection waits in a bounded queue while the tenant pool frees a slot
// (`reclaim`: the least recently used idle connection is closed at once; a busy pool gives one
// back as soon as a query releases it). A wait that would overflow the queue, or outlast
// `waitMs`, fails with ConnectionBudgetFull, which the API answers as SERVICE_UNAVAILABLE (503,
// Retry-After): never the server's own "too many clients", never a 500.

export interface ConnectionBudgetOptions {
  // Connections the tenant pools of this cluster may hold together.
  limit: number;
  // Connections that may wait for a slot at once; one more is refused at once.
  queueMax: number;
  // Longest wait for a slot.
  waitMs: number;
  // Asked to free one slot (close an idle connection somewhere) when a wait begins; true when it
  // started closing one.
  reclaim: () => boolean;
}

// SQLSTATE 53300 too_many_connections: "the server is full for the moment", which the database
// availability check (core/db/availability.ts) already words as a retryable 503.
export class ConnectionBudgetFull extends Error {
  readonly code = '53300';
  constructor(
    readonly limit: number,
    reason: 'queue' | 'wait',
  ) {
    super(
      reason === 'queue'
        ? `All ${limit} tenant connections are in use and the queue for one is full`
        : `All ${limit} tenant connections stayed in use for longer than the wait allows`,
    );
    this.name = 'ConnectionBudgetFull';
  }
}

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export class ConnectionBudget {
  private inUse = 0;
  private readonly waiters: Waiter[] = [];
  // Measured for the bench and tests.
  peak = 0;
  refused = 0;
  waited = 0;

  constructor(private readonly opts: ConnectionBudgetOptions) {}

  get limit() {
    return this.opts.limit;
  }

  // Slots held now (open or opening connections).
  get used() {
    return this.inUse;
  }

  get waiting() {
    return this.waiters.length;
  }

  // Resolves once this caller holds a slot.
  take(): Promise<void> {
    if (this.inUse < this.opts.limit && this.waiters.length === 0) {
      this.inUse++;
      if (this.inUse > this.peak) this.peak = this.inUse;
      return Promise.resolve();
    }
    if (this.waiters.length >= this.opts.queueMax) {
      this.refused++;
      return Promise.reject(new ConnectionBudgetFull(this.opts.limit, 'queue'));
    }
    this.waited++;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          this.refused++;
          reject(new ConnectionBudgetFull(this.opts.limit, 'wait'));
        }, this.opts.waitMs),
      };
      this.waiters.push(waiter);
      this.opts.reclaim();
    });
  }

  // A slot comes back: it goes straight to the longest waiter, if any.
  release() {
    const next = this.waiters.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve();
      return;
    }
    if (this.inUse > 0) this.inUse--;
  }
}

export interface BudgetRoom {
  // The server's max_connections and its reserved slots (db/connection.ts serverRoom).
  max: number;
  reserved: number;
  platformPool: number;
  headroom: number;
}

// The budget for the tenant pools of a cluster: what the server has room for once the platform
// pool and the headroom are set aside, or the configured figure when it fits in that room.
// Behind PgBouncer the API's connections go to PgBouncer, not the server: a configured figure is
// taken as it is (PgBouncer's own limits protect the server).
// `setting` names where the configured figure came from, and `server` the cluster, in refusals.
export function budgetLimit(
  room: BudgetRoom,
  configured: number | undefined,
  pooler: 'none' | 'pgbouncer',
  { setting = 'TENANT_CONNECTION_BUDGET', server = 'the database server' } = {},
): number {
  const fits = room.max - room.reserved - room.platformPool - room.headroom;
  const explain = `max_connections ${room.max} − ${room.reserved} reserved − ${room.platformPool} platform pool − ${room.headroom} headroom = ${fits}`;
  if (pooler === 'pgbouncer' && configured) return configured;
  if (configured !== undefined) {
    if (configured > fits) {
      throw new Error(
        `${setting}=${configured} does not fit on ${server} (${explain}); lower it, or raise max_connections`,
      );
    }
    return configured;
  }
  if (fits < 1) {
    throw new Error(`No room for tenant connections on ${server} (${explain})`);
  }
  return fits;
}
