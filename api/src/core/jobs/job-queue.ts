import PgBoss from 'pg-boss';
import { withClient } from '../../db/connection.js';
import { JOB_QUEUE_SCHEMA } from '../../db/job-queue-schema.js';

// The advisory lock (platform database) under which a starting process creates the queues.
const QUEUE_SETUP_LOCK = 41_0102;

// The durable job queue: pg-boss on the platform database. Chosen over a Redis queue (BullMQ)
// because PostgreSQL is already the one thing every deployment runs and backs up: a job is a row,
// committed or not, and a worker that dies leaves it to expire and be retried by another process.
// Every API process is a worker; whichever fetches a job runs it, once.

export interface JobInfo {
  id: string;
  retryCount: number;
}

export interface JobDefinition<T extends object> {
  name: string;
  // `stately`: at most one job per key waiting and one running (a scheduled run queued twice is
  // queued once); `standard` (the default): every job sent.
  policy?: 'standard' | 'stately';
  // Tries after the first, spaced by retryDelay seconds, doubling when retryBackoff is set. A job
  // that fails its last try stays `failed`: the dead-letter list (failedJobs, retry).
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  // A job still active after this long is taken for dead (its worker gone) and tried again.
  expireInSeconds: number;
  handler: (data: T, job: JobInfo) => Promise<object | void>;
}

export interface JobQueueOptions {
  // The platform database, directly (pg-boss holds transaction-scoped locks; a pooler in
  // transaction mode would do too, but DDL-free direct connections keep it simple).
  url: string;
  // Fetch and run jobs in this process (every API process does; CLIs and tests may not).
  work: boolean;
  // How often an idle worker looks for jobs.
  pollingSeconds: number;
  // How often expired (dead workers') jobs are looked for and old ones cleared (2 minutes).
  maintenanceSeconds?: number;
  onError: (err: unknown) => void;
}

export interface JobStateCount {
  queue: string;
  state: string;
  count: number;
}

export interface FailedJob {
  id: string;
  queue: string;
  data: Record<string, unknown>;
  error: string;
  retryCount: number;
  createdOn: Date;
  failedOn: Date | null;
}

// pg-boss keeps a job's error as its output ({ message, stack, … }); only the message is shown.
function errorOf(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) {
    return String((output as { message: unknown }).message);
  }
  return output == null ? '' : JSON.stringify(output);
}

export class JobQueue {
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private readonly schedules: { name: string; cron: string }[] = [];
  private started = false;
  // This process's worker per queue, woken when it queues a job to run now.
  private readonly workers = new Map<string, string>();

  constructor(private readonly opts: JobQueueOptions) {
    this.boss = new PgBoss({
      connectionString: opts.url,
      schema: JOB_QUEUE_SCHEMA,
      max: 3,
      application_name: 'covenant-jobs',
      // Installed by the platform's migrations; a process never changes the schema itself.
      migrate: false,
      supervise: opts.work,
      schedule: opts.work,
      // Failed jobs are the dead-letter list: kept in the job table for 30 days.
      archiveFailedAfterSeconds: 30 * 24 * 3600,
      maintenanceIntervalSeconds: opts.maintenanceSeconds ?? 120,
    });
    this.boss.on('error', (err) => opts.onError(err));
  }

  define<T extends object>(def: JobDefinition<T>): void {
    if (this.started) throw new Error(`Job ${def.name} defined after the queue started`);
    this.definitions.set(def.name, def as unknown as JobDefinition<object>);
  }

  // A cron schedule (UTC) that sends the job with no data; pg-boss sends it once per minute slot
  // across all processes.
  every(name: string, cron: string): void {
    this.schedules.push({ name, cron });
  }

  async start(): Promise<void> {
    await this.boss.start();
    // Processes starting together on a new platform database create the same queues at once,
    // which deadlocks inside pg-boss: one process creates them while the others wait.
    await withClient(this.opts.url, async (c) => {
      await c.query('SELECT pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
      try {
        await this.createQueues();
      } finally {
        await c.query('SELECT pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK]);
      }
    });
    this.started = true;
    if (!this.opts.work) return;
    for (const def of this.definitions.values()) {
      const workerId = await this.boss.work<object>(
        def.name,
        { pollingIntervalSeconds: this.opts.pollingSeconds, batchSize: 1, includeMetadata: true },
        async ([job]) => def.handler(job.data, { id: job.id, retryCount: job.retryCount }),
      );
      this.workers.set(def.name, workerId);
    }
    for (const s of this.schedules) await this.boss.schedule(s.name, s.cron, {}, { tz: 'UTC' });
  }

  private async createQueues(): Promise<void> {
    for (const def of this.definitions.values()) {
      const options = {
        name: def.name,
        policy: def.policy ?? 'standard',
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelay,
        retryBackoff: def.retryBackoff,
        expireInSeconds: def.expireInSeconds,
      };
      // Created once; a new release's retry and expiry settings apply from its first start.
      await this.boss.createQueue(def.name, options);
      await this.boss.updateQueue(def.name, options);
    }
  }

  // Queues a job. With a key, a second job of the same name and key is not queued while one is
  // waiting or running (null is returned).
  async send(
    name: string,
    data: object,
    opts: { key?: string; startAfterSeconds?: number } = {},
  ): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`);
    const id = await this.boss.send(name, data, {
      ...(opts.key ? { singletonKey: opts.key } : {}),
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
    });
    // A job to run now starts without waiting for the next poll (here, or in another process).
    const worker = this.workers.get(name);
    if (id && worker && !opts.startAfterSeconds) this.boss.notifyWorker(worker);
    return id;
  }

  // Done elsewhere (the email sent at once): the job is not run.
  async complete(name: string, id: string): Promise<void> {
    await this.boss.deleteJob(name, id);
  }

  // Jobs by queue and state, for /metrics and the admin's view.
  async stateCounts(): Promise<JobStateCount[]> {
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        `SELECT name, state::text AS state, count(*)::int AS count FROM ${JOB_QUEUE_SCHEMA}.job GROUP BY 1, 2 ORDER BY 1, 2`,
        [],
      );
    return rows.map((r) => ({ queue: r.name, state: r.state, count: Number(r.count) }));
  }

  // The dead-letter list: jobs that failed their last try, newest first.
  async failedJobs(names: string[], limit = 100): Promise<FailedJob[]> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT id, name, data, output, retry_count, created_on, completed_on
         FROM ${JOB_QUEUE_SCHEMA}.job
        WHERE name = ANY($1) AND state = 'failed'
        ORDER BY completed_on DESC NULLS LAST, created_on DESC
        LIMIT $2`,
      [names, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      queue: r.name,
      data: r.data ?? {},
      error: errorOf(r.output),
      retryCount: Number(r.retry_count),
      createdOn: r.created_on,
      failedOn: r.completed_on,
    }));
  }

  // A failed job back in line, with its tries counted afresh.
  async retry(name: string, id: string): Promise<boolean> {
    const { rows } = await this.boss.getDb().executeSql(
      `UPDATE ${JOB_QUEUE_SCHEMA}.job
          SET state = 'retry', retry_count = 0, start_after = now(), completed_on = NULL, output = NULL
        WHERE name = $1 AND id = $2::uuid AND state = 'failed'
        RETURNING id`,
      [name, id],
    );
    return rows.length > 0;
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: false, close: true, wait: true, timeout: 2000 });
  }
}
