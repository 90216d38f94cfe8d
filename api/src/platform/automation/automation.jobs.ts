import type { Services } from '../../core/context.js';
import type { JobQueue } from '../../core/jobs/job-queue.js';
import type { AutomationKind } from './automation.repository.js';
import {
  queueDueRuns,
  RUN_JOBS,
  type RunHooks,
  runScheduled,
  type ScheduledRun,
  TICK_JOB,
} from './automation.service.js';

// The scheduled work: a tick every five minutes queues what each association owes on its own
// today, and one job per run does it. A run's job is tried again (JOB_RETRY_SECONDS, doubling) when
// the database or the process failed it; a run whose worker died is taken for dead after
// `expireInSeconds` and tried by another.
export function defineAutomationJobs(
  services: Services,
  queue: JobQueue = services.jobs,
  opts: { expireInSeconds?: number; retryDelay?: number; hooks?: RunHooks } = {},
): void {
  queue.define({
    name: TICK_JOB,
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 240,
    handler: async () => ({ queued: await queueDueRuns(services) }),
  });
  queue.every(TICK_JOB, '*/5 * * * *');
  for (const kind of Object.keys(RUN_JOBS) as AutomationKind[]) {
    queue.define<ScheduledRun>({
      name: RUN_JOBS[kind],
      policy: 'stately',
      retryLimit: 5,
      retryDelay: opts.retryDelay ?? services.config.jobs.retrySeconds,
      retryBackoff: true,
      expireInSeconds: opts.expireInSeconds ?? 15 * 60,
      handler: async (run) => ({ ...(await runScheduled(services, run, opts.hooks)) }),
    });
  }
}
