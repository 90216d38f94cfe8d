import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../core/dates.js';
import { JobQueue } from '../../core/jobs/job-queue.js';
import { sql } from '../../db/sql.js';
import { defineAutomationJobs } from '../../platform/automation/automation.jobs.js';
import type { ScheduleRow } from '../../platform/automation/automation.repository.js';
import {
  dueRuns,
  queueDueRuns,
  runScheduled,
} from '../../platform/automation/automation.service.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { receivablesChart, receivablesKit, type Ids } from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

// Owners' statements by email: the association turns them on on the Automation page; on the 1st
// (its time zone), or the first day after it the servers run, each owner of each unit whose
// membership is active gets the unit's statement of the month before, once, however many workers
// race for it.

const AUTOMATION = `{ automation { ownerStatements upcoming { kind date }
  runs { kind period status created total error } } }`;
const UPDATE = `mutation ($input: UpdateAutomationInput!) {
  updateAutomation(input: $input) { paused ownerStatements upcoming { kind date } } }`;
const STATEMENT = `query ($u: ID!, $m: String!) { ownerStatement(unitId: $u, month: $m) {
  openingBalance charges payments closingBalance amountDue } }`;

// March 1st, 2026, 10:00 in New York (the test associations' time zone).
const MARCH_1 = new Date('2026-03-01T15:00:00Z');

describe('owner statements by email', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Ids = {};
  const people: Record<string, { token: string; userId: string; email: string }> = {};
  const queues: JobQueue[] = [];

  async function worker() {
    const q = new JobQueue({
      url: app.services.platformOrm.config.getClientUrl(),
      work: true,
      pollingSeconds: 0.5,
      maintenanceSeconds: 1,
      onError: () => undefined,
    });
    defineAutomationJobs(app.services, q);
    await q.start();
    queues.push(q);
    return q;
  }

  const platform = () => app.services.platformOrm.em.fork() as EntityManager;
  const statementEmails = async () =>
    sql(platform()).all<{ to_address: string; subject: string }>(
      `SELECT to_address, subject FROM email_log WHERE template = 'owner-statement'
        ORDER BY to_address, subject`,
    );

  beforeAll(async () => {
    setClock(() => MARCH_1);
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
    t = await createTenant(app, 'Maple Ridge HOA');
    Object.assign(ids, await receivablesChart(t));
    const kit = receivablesKit(() => t, ids);
    ids.monthly = await kit.group('Monthly dues', 'MONTHLY', [[ids.house, '200.00', '0.00']]);
    for (const n of ['R-1', 'R-2', 'R-3', 'R-4']) ids[n] = await kit.unit(n);
    for (const m of ['2026-01', '2026-02']) await t.assessmentRun(m);
    // R-3 paid both months in January; R-4 has no owner.
    await t.payment(ids['R-3'], '2026-01-05', '400.00', { depositAccountId: ids.cash });
    await t.payment(ids['R-1'], '2026-02-05', '350.00', { depositAccountId: ids.cash });
    // R-1: two owners (co-owners); Ana owns R-3 too. R-2's owner has not accepted the invitation.
    people.ana = await t.owner([ids['R-1'], ids['R-3']], 'ana@example.com');
    people.ben = await t.owner([ids['R-1']], 'ben@example.com');
    people.cy = await t.owner([ids['R-2']], 'cy@example.com');
    await sql(platform()).run(
      `UPDATE memberships SET status = 'invited' WHERE user_id = ? AND organization_id = ?`,
      [people.cy.userId, t.org.id],
    );
    await sql(platform()).run(`UPDATE users SET name = 'Ana Ruiz' WHERE id = ?`, [
      people.ana.userId,
    ]);
  });
  afterEach(() => setClock(() => MARCH_1));
  afterAll(async () => {
    for (const q of queues) await q.stop();
    setClock();
    await app?.close();
  });

  it('is off until the association turns it on; then the 1st is next', async () => {
    expect((await t.ok(AUTOMATION)).automation).toMatchObject({
      ownerStatements: false,
      upcoming: [],
    });
    expect(await queueDueRuns(app.services)).toBe(0);
    const viewer = await t.gql(
      UPDATE,
      {
        input: {
          paused: false,
          assessmentDay: null,
          lateFeeDay: null,
          reminderDays: null,
          ownerStatements: true,
        },
      },
      t.viewer,
    );
    expect(viewer.body.errors![0].extensions!.code).toBe('FORBIDDEN');
    const on = await t.ok(UPDATE, {
      input: {
        paused: false,
        assessmentDay: null,
        lateFeeDay: null,
        reminderDays: null,
        ownerStatements: true,
      },
    });
    expect(on.updateAutomation).toEqual({
      paused: false,
      ownerStatements: true,
      upcoming: [{ kind: 'OWNER_STATEMENTS', date: '2026-03-01' }],
    });
    // Left out of a later change, it stays on.
    const kept = await t.ok(UPDATE, {
      input: { paused: false, assessmentDay: null, lateFeeDay: null, reminderDays: null },
    });
    expect(kept.updateAutomation.ownerStatements).toBe(true);
  });

  it("on the 1st each active owner of each unit gets last month's statement, once, with two workers", async () => {
    expect(await queueDueRuns(app.services)).toBe(1);
    // A second tick before it ran: the same key, no second job.
    expect(await queueDueRuns(app.services)).toBe(0);
    await worker();
    await worker();
    await vi.waitFor(
      async () => {
        if (!(await t.ok(AUTOMATION)).automation.runs.length) throw new Error('not run yet');
      },
      { timeout: 20_000, interval: 250 },
    );
    // R-1's owners (Ana, Ben) and R-3's (Ana); R-2's owner is only invited, R-4 has none.
    const r1 = (await t.ok(STATEMENT, { u: ids['R-1'], m: '2026-02' })).ownerStatement;
    const r3 = (await t.ok(STATEMENT, { u: ids['R-3'], m: '2026-02' })).ownerStatement;
    expect(r1).toEqual({
      openingBalance: '200.00',
      charges: '200.00',
      payments: '350.00',
      closingBalance: '50.00',
      amountDue: '50.00',
    });
    expect(r3).toMatchObject({ closingBalance: '0.00', amountDue: '0.00' });
    expect((await t.ok(AUTOMATION)).automation.runs).toEqual([
      {
        kind: 'OWNER_STATEMENTS',
        period: '2026-02',
        status: 'SUCCEEDED',
        created: 3,
        total: '50.00',
        error: null,
      },
    ]);
    expect(await statementEmails()).toEqual([
      {
        to_address: 'ana@example.com',
        subject: 'Maple Ridge HOA: your February 2026 statement for unit R-1',
      },
      {
        to_address: 'ana@example.com',
        subject: 'Maple Ridge HOA: your February 2026 statement for unit R-3',
      },
      {
        to_address: 'ben@example.com',
        subject: 'Maple Ridge HOA: your February 2026 statement for unit R-1',
      },
    ]);
    const mail = await app.lastEmail('ben@example.com');
    expect(mail!.body).toBe(
      [
        'Hello ben@example.com,',
        '',
        'Here is the February 2026 statement of unit R-1 from Maple Ridge HOA.',
        '',
        '  Opening balance on Feb 1, 2026:   $200.00',
        '  Charges:                          $200.00',
        '  Payments and credits:             $350.00',
        '  Balance on Feb 28, 2026:          $50.00',
        '',
        'Amount due: $50.00, due now (past due since Feb 10, 2026).',
        '',
        'How to pay:',
        '  By check: make it payable to Maple Ridge HOA, with your unit number on the memo line.',
        '',
        `Read the statement, with each charge and payment, and download it as a PDF in the owner portal: ${app.services.publicUrl}/owner/statements`,
      ].join('\n'),
    );
    const ana = await app.lastEmail('ana@example.com');
    expect(ana!.body).toMatch(/^Hello Ana Ruiz,/);
    // Done for the month: the next tick queues nothing, and a stray run finds it done.
    expect(await queueDueRuns(app.services)).toBe(0);
    expect(
      await runScheduled(app.services, {
        orgId: t.org.id,
        kind: 'owner_statements',
        period: '2026-02',
        date: '2026-03-01',
      }),
    ).toEqual({ status: 'already' });
    expect(await statementEmails()).toHaveLength(3);
    expect((await t.ok(AUTOMATION)).automation.upcoming).toEqual([
      { kind: 'OWNER_STATEMENTS', date: '2026-04-01' },
    ]);
    for (const q of queues.splice(0)) await q.stop();
  }, 60_000);

  it('two runs of the same month at once send it once', async () => {
    setClock(() => new Date('2026-04-01T15:00:00Z'));
    const run = {
      orgId: t.org.id,
      kind: 'owner_statements' as const,
      period: '2026-03',
      date: '2026-04-01',
    };
    const outcomes = await Promise.all([
      runScheduled(app.services, run),
      runScheduled(app.services, run),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['already', 'succeeded']);
    // R-1 still owes 50.00 (no activity in March); R-3 had nothing and owes nothing: no email.
    const march = (await statementEmails()).filter((e) => e.subject.includes('March 2026'));
    expect(march).toEqual([
      {
        to_address: 'ana@example.com',
        subject: 'Maple Ridge HOA: your March 2026 statement for unit R-1',
      },
      {
        to_address: 'ben@example.com',
        subject: 'Maple Ridge HOA: your March 2026 statement for unit R-1',
      },
    ]);
    expect(await queueDueRuns(app.services)).toBe(0);
  });

  it('waits for the next 1st when turned on later in the month, and catches up a 1st the servers missed', () => {
    const schedule = (over: Partial<ScheduleRow>): ScheduleRow => ({
      organization_id: t.org.id,
      paused: false,
      assessment_day: null,
      late_fee_day: null,
      reminder_days: null,
      recurring_bills: false,
      owner_statements: true,
      autopay: false,
      starts_on: '2026-03-15',
      last_assessment_month: null,
      last_late_fee_month: null,
      last_reminder_on: null,
      last_recurring_bills_on: null,
      last_owner_statements_on: null,
      last_autopay_on: null,
      updated_at: '',
      ...over,
    });
    const runs = (s: ScheduleRow, today: string) =>
      dueRuns(s, today).filter((r) => r.kind === 'owner_statements');
    // Turned on on March 15th: March 1st is past; April 1st sends March.
    expect(runs(schedule({}), '2026-03-15')).toEqual([]);
    expect(runs(schedule({}), '2026-03-31')).toEqual([]);
    const april = {
      orgId: t.org.id,
      kind: 'owner_statements',
      period: '2026-03',
      date: '2026-04-01',
    };
    expect(runs(schedule({}), '2026-04-01')).toEqual([april]);
    // The servers down on the 1st: the 3rd sends it; sent, nothing more that month.
    expect(runs(schedule({ last_owner_statements_on: '2026-03-01' }), '2026-04-03')).toEqual([
      april,
    ]);
    expect(runs(schedule({ last_owner_statements_on: '2026-04-01' }), '2026-04-20')).toEqual([]);
    // December's statements go out on January 1st.
    expect(runs(schedule({ starts_on: '2025-12-01' }), '2026-01-01')).toEqual([
      { ...april, period: '2025-12', date: '2026-01-01' },
    ]);
    // Off: nothing.
    expect(runs(schedule({ owner_statements: false }), '2026-04-01')).toEqual([]);
  });
});
