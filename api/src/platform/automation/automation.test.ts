/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../core/dates.js';
import { JobQueue } from '../../core/jobs/job-queue.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { receivablesChart, receivablesKit } from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { defineAutomationJobs } from './automation.jobs.js';
import { queueDueRuns, RUN_JOBS, runScheduled } from './automation.service.js';

const AUTOMATION = `{ automation { paused assessmentDay lateFeeDay reminderDays timeZone
  upcoming { kind date } runs { kind period status created total error } } }`;
const RUN_TIMES = `{ automation { runs { startedAt finishedAt } } }`;
const UPDATE = `mutation ($input: UpdateAutomationInput!) {
  updateAutomation(input: $input) { paused assessmentDay lateFeeDay reminderDays upcoming { kind date } } }`;

// March 1st, 2026, 10:00 in New York (the test associations' time zone).
const MARCH_1 = new Date('2026-03-01T15:00:00Z');

describe('automation: runs on a date, once', () => {
  let app: TestApp;
  let t: Tenant;
  let ids: Record<string, string> = {};
  const queues: JobQueue[] = [];
  // Workers held mid-run by a test; let go before the app closes (its pool waits for them).
  const held: (() => void)[] = [];
  const kit = receivablesKit(() => t, ids);

  // A worker of its own on the app's platform database, as another API process would be.
  async function worker(opts: Parameters<typeof defineAutomationJobs>[2] = {}) {
    const q = new JobQueue({
      url: app.services.platformOrm.config.getClientUrl(),
      work: true,
      pollingSeconds: 0.5,
      maintenanceSeconds: 1,
      onError: () => undefined,
    });
    defineAutomationJobs(app.services, q, opts);
    await q.start();
    queues.push(q);
    return q;
  }

  const jobState = async (id: string) => {
    const { rows } = await app.services.jobs.boss
      .getDb()
      .executeSql(`SELECT state::text AS state, output FROM pgboss.job WHERE id = $1`, [id]);
    return rows[0] as { state: string; output: any };
  };

  const invoiceCount = async (period: string) => {
    const em = (
      await app.services.pool.get(
        (await app.services.directory.resolve(t.org.id))!.location,
        t.org.id,
      )
    ).em.fork() as EntityManager;
    const [r] = await em
      .getConnection()
      .execute(
        `SELECT count(*)::int AS n, count(DISTINCT unit_id)::int AS units FROM invoices WHERE period = ?`,
        [period],
      );
    return r as { n: number; units: number };
  };

  beforeAll(async () => {
    // This process runs no jobs itself: the workers below are the only ones.
    app = await startTestApp({
      jobs: {
        work: false,
        pollingSeconds: 0.5,
        retrySeconds: 1,
        emailRetrySeconds: 60,
        emailRetryLimit: 1,
      },
    });
    t = await createTenant(app, 'Willow Creek HOA');
    ids = Object.assign(ids, await receivablesChart(t));
    ids.monthly = await kit.group('Monthly dues', 'MONTHLY', [[ids.house, '250.00', '0.00']]);
    for (const n of ['W-1', 'W-2', 'W-3']) ids[n] = await kit.unit(n);
  });
  afterEach(() => setClock());
  afterAll(async () => {
    for (const q of queues) await q.stop();
    for (const let_go of held) let_go();
    await app.close();
  });

  it('is off until a treasurer sets it; a viewer reads it and cannot change it; bad days are refused', async () => {
    expect((await t.ok(AUTOMATION)).automation).toMatchObject({
      paused: false,
      assessmentDay: null,
      lateFeeDay: null,
      reminderDays: null,
      timeZone: 'America/New_York',
      upcoming: [],
      runs: [],
    });
    const input = { paused: false, assessmentDay: 1, lateFeeDay: 16, reminderDays: 5 };
    const viewer = await t.gql(UPDATE, { input }, t.viewer);
    expect(viewer.body.errors![0].extensions!.code).toBe('FORBIDDEN');
    const bad = await t.gql(UPDATE, { input: { ...input, assessmentDay: 31, reminderDays: 0 } });
    expect(bad.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [
        { field: 'assessmentDay', message: 'Use a day of the month from 1 to 28, or none' },
        { field: 'reminderDays', message: 'Use a number of days from 1 to 30, or none' },
      ],
    });
    expect((await t.ok(AUTOMATION, {}, t.viewer)).automation.assessmentDay).toBeNull();
  });

  it('queues a due run once, and the run makes the month’s invoices once', async () => {
    setClock(() => MARCH_1);
    const set = await t.ok(UPDATE, {
      input: { paused: false, assessmentDay: 1, lateFeeDay: null, reminderDays: null },
    });
    expect(set.updateAutomation.upcoming).toEqual([{ kind: 'ASSESSMENT_RUN', date: '2026-03-01' }]);
    expect(await queueDueRuns(app.services)).toBe(1);
    // Queued again before it ran: the same key, not a second job.
    expect(await queueDueRuns(app.services)).toBe(0);
    const b = await worker();
    await vi.waitFor(
      async () => {
        const { runs } = (await t.ok(AUTOMATION)).automation;
        if (!runs.length) throw new Error('not run yet');
      },
      { timeout: 15_000, interval: 250 },
    );
    expect((await t.ok(AUTOMATION)).automation.runs).toEqual([
      {
        kind: 'ASSESSMENT_RUN',
        period: '2026-03',
        status: 'SUCCEEDED',
        created: 3,
        total: '750.00',
        error: null,
      },
    ]);
    expect(await invoiceCount('2026-03')).toEqual({ n: 3, units: 3 });
    const [times] = (await t.ok(RUN_TIMES)).automation.runs;
    expect(Date.parse(times.finishedAt)).toBeGreaterThanOrEqual(Date.parse(times.startedAt));
    // Done for the month: nothing more is queued, and a stray run finds it done.
    expect(await queueDueRuns(app.services)).toBe(0);
    const stray = await runScheduled(app.services, {
      orgId: t.org.id,
      kind: 'assessment_run',
      period: '2026-03',
      date: '2026-03-01',
    });
    expect(stray).toEqual({ status: 'already' });
    expect(await invoiceCount('2026-03')).toEqual({ n: 3, units: 3 });
    // April's run is next.
    expect((await t.ok(AUTOMATION)).automation.upcoming).toEqual([
      { kind: 'ASSESSMENT_RUN', date: '2026-04-01' },
    ]);
    await b.stop();
  });

  it('runs a month’s invoices exactly once while two workers race for it and one dies midway', async () => {
    const APRIL_1 = new Date('2026-04-01T15:00:00Z');
    setClock(() => APRIL_1);
    // Worker A stops inside the run's transaction, holding its claim, until it is killed.
    let pidA: number | undefined;
    let unblock!: () => void;
    const blocked = new Promise<void>((r) => (unblock = r));
    held.push(() => unblock());
    const a = await worker({
      expireInSeconds: 2,
      retryDelay: 1,
      hooks: {
        midway: async (tx) => {
          if (pidA !== undefined) return;
          const [row] = await tx
            .getConnection()
            .execute(`SELECT pg_backend_pid() AS pid`, [], 'all', tx.getTransactionContext());
          pidA = Number(row.pid);
          await blocked;
        },
      },
    });
    expect(await queueDueRuns(app.services)).toBe(1);
    await vi.waitFor(
      () => {
        if (pidA === undefined) throw new Error('A has not started');
      },
      { timeout: 15_000, interval: 100 },
    );
    // Worker B, and the same run queued a second time (as a second process's tick might).
    const b = await worker({ expireInSeconds: 2, retryDelay: 1 });
    const second = await app.services.jobs.send(
      RUN_JOBS.assessment_run,
      { orgId: t.org.id, kind: 'assessment_run', period: '2026-04', date: '2026-04-01' },
      { key: 'a second tick' },
    );
    // A dies: it fetches no more work, its connection goes (its transaction with it), and its
    // job stays active, unanswered, until the queue takes it for dead.
    for (const name of Object.values(RUN_JOBS)) await a.boss.offWork(name);
    await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(`SELECT pg_terminate_backend(?)`, [pidA]);

    // B makes April's invoices, once; A's job, taken for dead, is tried again and finds it done.
    await vi.waitFor(
      async () => {
        const s = await jobState(second!);
        if (s.state !== 'completed') throw new Error(`second job ${s.state}`);
      },
      { timeout: 20_000, interval: 250 },
    );
    const { rows } = await app.services.jobs.boss
      .getDb()
      .executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND singleton_key LIKE $2`, [
        RUN_JOBS.assessment_run,
        `${t.org.id}:assessment_run:2026-04`,
      ]);
    const first = rows[0].id as string;
    await vi.waitFor(
      async () => {
        const s = await jobState(first);
        if (s.state !== 'completed') throw new Error(`first job ${s.state}`);
      },
      { timeout: 30_000, interval: 250 },
    );
    const outputs = [(await jobState(first)).output, (await jobState(second!)).output];
    expect(outputs.map((o) => o.status).sort()).toEqual(['already', 'succeeded']);
    expect(await invoiceCount('2026-04')).toEqual({ n: 3, units: 3 });
    const runs = (await t.ok(AUTOMATION)).automation.runs.filter(
      (r: any) => r.period === '2026-04',
    );
    expect(runs).toEqual([expect.objectContaining({ status: 'SUCCEEDED', created: 3 })]);
    await b.stop();
    await a.stop();
    unblock();
  }, 60_000);

  it('runs nothing while paused, and reminds owners before a due date once a day', async () => {
    const paused = await t.ok(UPDATE, {
      input: { paused: true, assessmentDay: 1, lateFeeDay: null, reminderDays: 5 },
    });
    expect(paused.updateAutomation).toMatchObject({ paused: true, upcoming: [] });
    setClock(() => new Date('2026-05-05T15:00:00Z'));
    expect(await queueDueRuns(app.services)).toBe(0);
    const skipped = await runScheduled(app.services, {
      orgId: t.org.id,
      kind: 'assessment_run',
      period: '2026-05',
      date: '2026-05-01',
    });
    expect(skipped).toEqual({ status: 'skipped', reason: 'paused' });
    expect(await invoiceCount('2026-05')).toEqual({ n: 0, units: 0 });

    // Back on, on May 5th: the 1st is past (not caught up), and May's invoices fall due on the 10th.
    await t.unit('W-4', {
      groupId: ids.monthly,
      propertyTypeId: ids.house,
      email: 'owner.w4@example.test',
    });
    await t.assessmentRun('2026-05');
    const on = await t.ok(UPDATE, {
      input: { paused: false, assessmentDay: 1, lateFeeDay: null, reminderDays: 5 },
    });
    expect(on.updateAutomation.upcoming).toEqual([
      { kind: 'ASSESSMENT_RUN', date: '2026-06-01' },
      { kind: 'REMINDERS', date: '2026-05-05' },
    ]);
    const b = await worker();
    expect(await queueDueRuns(app.services)).toBe(1);
    const mail = await vi.waitFor(
      async () => {
        const m = await app.lastEmail('owner.w4@example.test');
        if (!m) throw new Error('no reminder yet');
        return m;
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(mail.subject).toBe('Willow Creek HOA: $250.00 due 2026-05-10 for unit W-4');
    expect(mail.body).toContain('Invoice');
    await vi.waitFor(
      async () => {
        const runs = (await t.ok(AUTOMATION)).automation.runs;
        if (runs[0]?.kind !== 'REMINDERS') throw new Error('not recorded yet');
      },
      { timeout: 10_000, interval: 250 },
    );
    expect((await t.ok(AUTOMATION)).automation.runs[0]).toMatchObject({
      kind: 'REMINDERS',
      period: '2026-05-05',
      status: 'SUCCEEDED',
      created: 1,
      total: '250.00',
    });
    // Once a day.
    expect(await queueDueRuns(app.services)).toBe(0);
    await b.stop();
  });
  it('records a run dated in a closed month as failed, naming the month, and posts nothing', async () => {
    setClock(() => new Date('2026-06-10T15:00:00Z'));
    await t.ok(`mutation { closeMonth(input: { month: "2026-05" }) { closedThrough } }`);
    const run = await runScheduled(app.services, {
      orgId: t.org.id,
      kind: 'assessment_run',
      period: '2026-02',
      date: '2026-02-01',
    });
    expect(run).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/February 2026 is closed/),
    });
    expect(await invoiceCount('2026-02')).toEqual({ n: 0, units: 0 });
    expect((await t.ok(AUTOMATION)).automation.runs[0]).toMatchObject({
      kind: 'ASSESSMENT_RUN',
      period: '2026-02',
      status: 'FAILED',
      error: expect.stringMatching(/February 2026 is closed/),
    });
    await t.ok(
      `mutation { reopenMonth(input: { month: "2026-05", reason: "Back to the test's open books" }) { closedThrough } }`,
    );
  });
});
