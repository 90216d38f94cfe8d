import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from '../../core/context.js';
import type { EmailMessage } from '../../core/email/mailer.js';
import { addDays, addMonths, dateIn, now, todayIn } from '../../core/dates.js';
import { AppError, badInput } from '../../core/errors/app-error.js';
import { displayMoney, sumCents, type Total } from '../../core/money/money.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import {
  assessLateFees,
  dueReminders,
  generateAssessmentInvoices,
} from '../../modules/invoices/index.js';
import { approvalRequests, enterRecurringBills } from '../../modules/payables/index.js';
import { monthlyStatementEmails } from '../../modules/owner-statements/index.js';
import { autopayPreflight, runAutopay } from '../../modules/autopay/index.js';
import {
  activeSchedules,
  type ActiveScheduleRow,
  type AutomationKind,
  claimRun,
  countRun,
  finishRun,
  markDone,
  recentRuns,
  recordFailure,
  type RunRow,
  scheduleRow,
  type ScheduleRow,
  upsertSchedule,
} from './automation.repository.js';

// One scheduled run: what, for which association, for which month ("2026-12") or day
// ("2026-12-06", reminders), and the date it is made as of.
export interface ScheduledRun {
  orgId: string;
  kind: AutomationKind;
  period: string;
  date: string;
}

export const RUN_JOBS: Record<AutomationKind, string> = {
  assessment_run: 'automation-assessment-run',
  late_fees: 'automation-late-fees',
  reminders: 'automation-reminders',
  recurring_bills: 'automation-recurring-bills',
  owner_statements: 'automation-owner-statements',
  autopay: 'automation-autopay',
};
export const TICK_JOB = 'automation-tick';

const dayOf = (month: string, day: number) => `${month}-${String(day).padStart(2, '0')}`;

// The runs a schedule owes on its association's today. A monthly kind is due from its day of the
// month on (so a day the servers were down is caught up later that month), once per month; a day
// before the schedule was turned on or changed (starts_on) is not caught up. Reminders and
// recurring bills go daily.
export function dueRuns(s: ScheduleRow, today: string): ScheduledRun[] {
  const runs: ScheduledRun[] = [];
  const month = today.slice(0, 7);
  const monthly = (kind: AutomationKind, day: number | null, last: string | null) => {
    if (!day) return;
    const date = dayOf(month, day);
    if (today >= date && date >= s.starts_on && (!last || last < month)) {
      runs.push({ orgId: s.organization_id, kind, period: month, date });
    }
  };
  monthly('assessment_run', s.assessment_day, s.last_assessment_month);
  monthly('late_fees', s.late_fee_day, s.last_late_fee_month);
  if (
    s.reminder_days &&
    today >= s.starts_on &&
    (!s.last_reminder_on || s.last_reminder_on < today)
  ) {
    runs.push({ orgId: s.organization_id, kind: 'reminders', period: today, date: today });
  }
  if (
    s.recurring_bills &&
    today >= s.starts_on &&
    (!s.last_recurring_bills_on || s.last_recurring_bills_on < today)
  ) {
    runs.push({ orgId: s.organization_id, kind: 'recurring_bills', period: today, date: today });
  }
  // AutoPay: daily, charging what falls due (and telling owners 3 days before).
  if (s.autopay && today >= s.starts_on && (!s.last_autopay_on || s.last_autopay_on < today)) {
    runs.push({ orgId: s.organization_id, kind: 'autopay', period: today, date: today });
  }
  // Owners' statements of the month before, on the 1st (or the first day after it the servers
  // run); the period is the month the statements tell.
  const first = dayOf(month, 1);
  if (
    s.owner_statements &&
    first >= s.starts_on &&
    (!s.last_owner_statements_on || s.last_owner_statements_on < first)
  ) {
    const told = addMonths(first, -1).slice(0, 7);
    runs.push({ orgId: s.organization_id, kind: 'owner_statements', period: told, date: first });
  }
  return runs;
}

// Every few minutes, in whichever process the queue hands it to: queue what is due. A run already
// waiting or running is not queued twice (its key), and a run that already happened finds its
// record and does nothing.
export async function queueDueRuns(services: Services): Promise<number> {
  const em = services.platformOrm.em.fork() as EntityManager;
  let queued = 0;
  const at = now();
  for (const s of await activeSchedules(em)) {
    for (const run of dueRuns(s as ActiveScheduleRow, dateIn(s.time_zone, at))) {
      const id = await services.jobs.send(RUN_JOBS[run.kind], run, {
        key: `${run.orgId}:${run.kind}:${run.period}`,
      });
      if (id) queued++;
    }
  }
  return queued;
}

export interface RunOutcome {
  status: 'succeeded' | 'already' | 'failed' | 'skipped';
  created?: number;
  reason?: string;
}

export interface RunHooks {
  // Tests: called inside the run's transaction once it holds the claim (a worker dying here).
  midway?: (tx: EntityManager) => Promise<void>;
}

async function perform(
  services: Services,
  tx: EntityManager,
  run: ScheduledRun,
  org: { name: string; timeZone: string },
  schedule: ScheduleRow,
): Promise<{
  created: number;
  total: Total;
  emails: EmailMessage[];
  // Emails composed once the run has committed (they read the platform's members, which cannot
  // be read inside the association's transaction).
  later?: (em: EntityManager) => Promise<EmailMessage[]>;
}> {
  if (run.kind === 'assessment_run') {
    const r = await generateAssessmentInvoices(tx, null, run.period);
    return { created: r.created, total: r.total, emails: [] };
  }
  if (run.kind === 'late_fees') {
    const r = await assessLateFees(tx, null, run.date, todayIn(org.timeZone));
    return { created: r.created, total: r.total, emails: [] };
  }
  if (run.kind === 'owner_statements') {
    // Each owner of each unit, the unit's statement of the month (composed here, sent once the
    // run has committed). Who the active owners are is the platform's: read on a platform
    // connection of its own (a plain fork here would resolve to the association's transaction),
    // so the run counts the emails it sends.
    const r = await monthlyStatementEmails(
      tx,
      services.platformOrm.em.fork({ disableContextResolution: true }) as EntityManager,
      { orgId: run.orgId, name: org.name },
      services.publicUrl,
      run.period,
      todayIn(org.timeZone),
    );
    return { created: r.emails.length, total: r.total, emails: r.emails };
  }
  if (run.kind === 'autopay') {
    // Refused here (recorded as the run's failure) when the association cannot charge at all.
    // The charges happen once the run's claim has committed: each commits on its own (its row and
    // Stripe's idempotency key make it once), and none waits on this transaction's connection.
    // A decline is written on the AutoPay and its online payment; the run counts the charges.
    await autopayPreflight(services, tx, run.orgId);
    return {
      created: 0,
      total: 0n,
      emails: [],
      later: async (em) => {
        const r = await runAutopay(services, run.orgId, run.date);
        await countRun(em, run.kind, run.period, r.charged, r.total);
        return [];
      },
    };
  }
  if (run.kind === 'recurring_bills') {
    // Every bill its templates have dated on or before the run's day; the approvers of those that
    // need approval are emailed once the run commits.
    const bills = await enterRecurringBills(tx, null, run.date);
    return {
      created: bills.length,
      total: sumCents(bills.map((b) => b.total)),
      emails: [],
      later: (em) =>
        approvalRequests(
          em,
          services.platformOrm.em.fork() as EntityManager,
          { orgId: run.orgId, name: org.name },
          services.publicUrl,
          bills,
        ),
    };
  }
  const dueDate = addDays(run.date, schedule.reminder_days ?? 0);
  const reminders = await dueReminders(tx, dueDate);
  const emails: EmailMessage[] = [];
  for (const r of reminders) {
    const lines = r.invoices.map((i) => `  Invoice ${i.number}: ${displayMoney(i.open)}`);
    emails.push({
      to: r.email,
      template: 'due-reminder',
      subject: `${org.name}: ${displayMoney(r.total)} due ${r.dueDate} for unit ${r.unitNumber}`,
      body: [
        `Hello${r.ownerName ? ` ${r.ownerName}` : ''},`,
        '',
        `This is a reminder from ${org.name} that ${displayMoney(r.total)} is due on ${r.dueDate} for unit ${r.unitNumber}:`,
        ...lines,
        '',
        'If you have already paid, thank you: please disregard this reminder.',
      ].join('\n'),
    });
  }
  return {
    created: reminders.length,
    total: sumCents(reminders.map((r) => r.total)),
    emails,
  };
}

// What the schedule records of a run done: its period, or for owner statements the day they went
// out (the period is the month before it).
const doneMark = (run: ScheduledRun) => (run.kind === 'owner_statements' ? run.date : run.period);

// Runs one scheduled run inside its association, through the one door, as the system (no user).
// Its record and its invoices commit together, and a second run of the same kind and period waits
// on that record: whichever worker gets there first does the work, once. A refusal (bad input, a
// closed period) is recorded for the treasurer and not tried again; anything else (the database
// away, the process dying) leaves the job to the queue's retries.
export async function runScheduled(
  services: Services,
  run: ScheduledRun,
  hooks: RunHooks = {},
): Promise<RunOutcome> {
  const platformEm = services.platformOrm.em.fork() as EntityManager;
  const schedule = await scheduleRow(platformEm, run.orgId);
  if (!schedule || schedule.paused) return { status: 'skipped', reason: 'paused' };
  let session;
  try {
    session = await openTenant(services, run.orgId);
  } catch (err) {
    if (err instanceof AppError && (err.code === 'ORG_INACTIVE' || err.code === 'NOT_FOUND')) {
      return { status: 'skipped', reason: err.code };
    }
    throw err;
  }
  const started = now();
  try {
    const done = await session.em.transactional(async (tx) => {
      const id = await claimRun(tx, run.kind, run.period, started);
      if (!id) return null;
      await hooks.midway?.(tx);
      const r = await perform(services, tx, run, session.org, schedule);
      await finishRun(tx, id, r.created, r.total, now());
      return r;
    });
    await markDone(platformEm, run.orgId, run.kind, doneMark(run));
    // Emails leave once the run has committed (the outbox keeps any that cannot go at once).
    const later = done?.later ? await done.later(session.em) : [];
    for (const m of [...(done?.emails ?? []), ...later]) await services.mailer.send(m);
    return done ? { status: 'succeeded', created: done.created } : { status: 'already' };
  } catch (err) {
    if (!(err instanceof AppError) || err.code === 'SERVICE_UNAVAILABLE') throw err;
    const details = err.details?.map((d) => d.message).join('; ');
    const reason = details ? `${err.message}: ${details}` : err.message;
    await recordFailure(session.em, run.kind, run.period, started, reason);
    await markDone(platformEm, run.orgId, run.kind, doneMark(run));
    return { status: 'failed', reason };
  }
}

export interface AutomationSettings {
  paused: boolean;
  assessmentDay: number | null;
  lateFeeDay: number | null;
  reminderDays: number | null;
  // Omitted: as it was (off for a new schedule).
  recurringBills?: boolean | null;
  ownerStatements?: boolean | null;
  autopay?: boolean | null;
}

export async function automationOf(em: EntityManager, orgId: string) {
  return scheduleRow(em, orgId);
}

export function runsOf(tenantEm: EntityManager, limit: number): Promise<RunRow[]> {
  return recentRuns(tenantEm, limit);
}

const dayCheck = (field: string, v: number | null, max: number, what: string) =>
  v !== null && (!Number.isInteger(v) || v < 1 || v > max)
    ? [{ field, message: `Use a ${what} from 1 to ${max}, or none` }]
    : [];

// A treasurer's schedule. Changing it (or turning it back on) counts from today: a day already past
// this month is not caught up, since it may have been run by hand.
export async function updateAutomation(
  em: EntityManager,
  orgId: string,
  timeZone: string,
  input: AutomationSettings,
  userId: string | null,
): Promise<ScheduleRow> {
  const problems = [
    ...dayCheck('assessmentDay', input.assessmentDay, 28, 'day of the month'),
    ...dayCheck('lateFeeDay', input.lateFeeDay, 28, 'day of the month'),
    ...dayCheck('reminderDays', input.reminderDays, 30, 'number of days'),
  ];
  if (problems.length) throw badInput(problems);
  const before = await scheduleRow(em, orgId);
  const today = todayIn(timeZone);
  const same =
    before &&
    before.assessment_day === input.assessmentDay &&
    before.late_fee_day === input.lateFeeDay &&
    before.reminder_days === input.reminderDays &&
    before.recurring_bills === (input.recurringBills ?? before.recurring_bills) &&
    before.owner_statements === (input.ownerStatements ?? before.owner_statements) &&
    before.autopay === (input.autopay ?? before.autopay) &&
    before.paused === input.paused;
  await upsertSchedule(
    em,
    orgId,
    {
      ...input,
      recurringBills: input.recurringBills ?? before?.recurring_bills ?? false,
      ownerStatements: input.ownerStatements ?? before?.owner_statements ?? false,
      autopay: input.autopay ?? before?.autopay ?? false,
      startsOn: same ? before.starts_on : today,
    },
    userId,
  );
  return (await scheduleRow(em, orgId))!;
}
