import type { EntityManager } from '@mikro-orm/postgresql';
import { now } from '../../core/dates.js';
import { sql } from '../../db/sql.js';

export type AutomationKind =
  'assessment_run' | 'late_fees' | 'reminders' | 'recurring_bills' | 'owner_statements' | 'autopay';

export interface ScheduleRow {
  organization_id: string;
  paused: boolean;
  assessment_day: number | null;
  late_fee_day: number | null;
  reminder_days: number | null;
  recurring_bills: boolean;
  owner_statements: boolean;
  autopay: boolean;
  starts_on: string;
  last_assessment_month: string | null;
  last_late_fee_month: string | null;
  last_reminder_on: string | null;
  last_recurring_bills_on: string | null;
  last_owner_statements_on: string | null;
  last_autopay_on: string | null;
  updated_at: string;
}

const SCHEDULE_COLUMNS = `s.organization_id, s.paused, s.assessment_day, s.late_fee_day,
  s.reminder_days, s.recurring_bills, s.starts_on::text AS starts_on, s.last_assessment_month,
  s.last_late_fee_month, s.last_reminder_on::text AS last_reminder_on,
  s.last_recurring_bills_on::text AS last_recurring_bills_on, s.owner_statements,
  s.last_owner_statements_on::text AS last_owner_statements_on, s.autopay,
  s.last_autopay_on::text AS last_autopay_on, s.updated_at`;

// Platform database.
export async function scheduleRow(em: EntityManager, orgId: string): Promise<ScheduleRow | null> {
  const [row] = await sql(em).all<ScheduleRow>(
    `SELECT ${SCHEDULE_COLUMNS} FROM automation_schedules s WHERE s.organization_id = ?`,
    [orgId],
  );
  return row ?? null;
}

export interface ScheduleWrite {
  paused: boolean;
  assessmentDay: number | null;
  lateFeeDay: number | null;
  reminderDays: number | null;
  recurringBills: boolean;
  ownerStatements: boolean;
  autopay: boolean;
  startsOn: string;
}

export function upsertSchedule(
  em: EntityManager,
  orgId: string,
  s: ScheduleWrite,
  userId: string | null,
) {
  return sql(em).run(
    `INSERT INTO automation_schedules
       (organization_id, paused, assessment_day, late_fee_day, reminder_days, recurring_bills,
        owner_statements, autopay, starts_on, updated_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (organization_id) DO UPDATE SET
       paused = excluded.paused, assessment_day = excluded.assessment_day,
       late_fee_day = excluded.late_fee_day, reminder_days = excluded.reminder_days,
       recurring_bills = excluded.recurring_bills, owner_statements = excluded.owner_statements,
       autopay = excluded.autopay,
       starts_on = excluded.starts_on, updated_by = excluded.updated_by, updated_at = now()`,
    [
      orgId,
      s.paused,
      s.assessmentDay,
      s.lateFeeDay,
      s.reminderDays,
      s.recurringBills,
      s.ownerStatements,
      s.autopay,
      s.startsOn,
      userId,
    ],
  );
}

export interface ActiveScheduleRow extends ScheduleRow {
  time_zone: string;
}

// Every active association's schedule that is not paused, with its time zone.
export function activeSchedules(em: EntityManager): Promise<ActiveScheduleRow[]> {
  return sql(em).all<ActiveScheduleRow>(
    `SELECT ${SCHEDULE_COLUMNS}, o.time_zone
       FROM automation_schedules s JOIN organizations o ON o.id = s.organization_id
      WHERE o.status = 'active' AND NOT s.paused
        AND (s.assessment_day IS NOT NULL OR s.late_fee_day IS NOT NULL OR s.reminder_days IS NOT NULL
             OR s.recurring_bills OR s.owner_statements OR s.autopay)`,
  );
}

const LAST_COLUMN: Record<AutomationKind, string> = {
  assessment_run: 'last_assessment_month',
  late_fees: 'last_late_fee_month',
  reminders: 'last_reminder_on',
  recurring_bills: 'last_recurring_bills_on',
  owner_statements: 'last_owner_statements_on',
  autopay: 'last_autopay_on',
};

// A kind's period is done (succeeded, or failed in a way trying again would not change). Owner
// statements record the day they went out (the 1st), their period being the month they tell.
export function markDone(em: EntityManager, orgId: string, kind: AutomationKind, period: string) {
  const column = LAST_COLUMN[kind];
  const cast =
    kind === 'reminders' ||
    kind === 'recurring_bills' ||
    kind === 'owner_statements' ||
    kind === 'autopay'
      ? '::date'
      : '';
  return sql(em).run(
    `UPDATE automation_schedules SET ${column} = ?${cast}
      WHERE organization_id = ? AND (${column} IS NULL OR ${column} < ?${cast})`,
    [period, orgId, period],
  );
}

// Tenant database.
export interface RunRow {
  id: string;
  kind: AutomationKind;
  period: string;
  status: 'succeeded' | 'failed';
  created: number;
  total: string;
  error: string | null;
  started_at: string | Date;
  finished_at: string | Date;
}

// Claims a kind's period for this run: a second run of the same period waits here until the first
// commits (then finds it done: null) or rolls back (then claims it).
export async function claimRun(
  em: EntityManager,
  kind: AutomationKind,
  period: string,
  startedAt: Date,
): Promise<string | null> {
  const [row] = await sql(em).all<{ id: string }>(
    `INSERT INTO automation_runs (kind, period, status, started_at) VALUES (?, ?, 'succeeded', ?)
     ON CONFLICT (kind, period) WHERE status = 'succeeded' DO NOTHING RETURNING id`,
    [kind, period, startedAt],
  );
  return row?.id ?? null;
}

export function finishRun(
  em: EntityManager,
  id: string,
  created: number,
  total: bigint,
  finishedAt: Date,
) {
  return sql(em).run(
    `UPDATE automation_runs SET created = ?, total = ?, finished_at = ? WHERE id = ?`,
    [created, total.toString(), finishedAt, id],
  );
}

// What a run that works after its claim (AutoPay) did, counted once it is done.
export function countRun(
  em: EntityManager,
  kind: AutomationKind,
  period: string,
  created: number,
  total: bigint,
) {
  return sql(em).run(
    `UPDATE automation_runs SET created = ?, total = ?, finished_at = ?
      WHERE kind = ? AND period = ? AND status = 'succeeded'`,
    [created, total.toString(), now(), kind, period],
  );
}

export function recordFailure(
  em: EntityManager,
  kind: AutomationKind,
  period: string,
  startedAt: Date,
  error: string,
) {
  return sql(em).run(
    `INSERT INTO automation_runs (kind, period, status, error, started_at, finished_at)
     VALUES (?, ?, 'failed', ?, ?, ?)`,
    [kind, period, error.slice(0, 1000), startedAt, now()],
  );
}

export function recentRuns(em: EntityManager, limit: number): Promise<RunRow[]> {
  return sql(em).all<RunRow>(
    `SELECT id, kind, period, status, created, total::text AS total, error, started_at, finished_at
       FROM automation_runs ORDER BY finished_at DESC, id LIMIT ?`,
    [limit],
  );
}
