import type { EntityManager } from '@mikro-orm/postgresql';
import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { addDays, addMonths, todayIn } from '../../core/dates.js';
import { toTotal } from '../../core/money/money.js';
import { recordAudit } from '../admin/index.js';
import type { ScheduleRow } from './automation.repository.js';
import { automationOf, dueRuns, runsOf, updateAutomation } from './automation.service.js';
import {
  Automation,
  AutomationKind,
  AutomationRunStatus,
  UpdateAutomationInput,
  type AutomationUpcoming,
} from './automation.types.js';

const OFF: Omit<ScheduleRow, 'organization_id' | 'starts_on' | 'updated_at'> = {
  paused: false,
  assessment_day: null,
  late_fee_day: null,
  reminder_days: null,
  recurring_bills: false,
  owner_statements: false,
  autopay: false,
  last_assessment_month: null,
  last_late_fee_month: null,
  last_reminder_on: null,
  last_recurring_bills_on: null,
  last_owner_statements_on: null,
  last_autopay_on: null,
};

// When each kind that is on runs next: today when it is due now, else its next day.
function upcoming(s: ScheduleRow, today: string): AutomationUpcoming[] {
  if (s.paused) return [];
  const due = new Set(dueRuns(s, today).map((r) => r.kind));
  const next = (kind: AutomationKind, day: number | null): AutomationUpcoming[] => {
    if (!day) return [];
    if (due.has(kind)) return [{ kind, date: today }];
    const thisMonth = `${today.slice(0, 7)}-${String(day).padStart(2, '0')}`;
    const date =
      thisMonth > today && thisMonth >= s.starts_on ? thisMonth : addMonths(thisMonth, 1);
    return [{ kind, date }];
  };
  return [
    ...next(AutomationKind.ASSESSMENT_RUN, s.assessment_day),
    ...next(AutomationKind.LATE_FEES, s.late_fee_day),
    ...(s.reminder_days
      ? [{ kind: AutomationKind.REMINDERS, date: due.has('reminders') ? today : addDays(today, 1) }]
      : []),
    ...(s.recurring_bills
      ? [
          {
            kind: AutomationKind.RECURRING_BILLS,
            date: due.has('recurring_bills') ? today : addDays(today, 1),
          },
        ]
      : []),
    ...(s.owner_statements
      ? [
          {
            kind: AutomationKind.OWNER_STATEMENTS,
            date: due.has('owner_statements') ? today : addMonths(`${today.slice(0, 7)}-01`, 1),
          },
        ]
      : []),
    ...(s.autopay
      ? [{ kind: AutomationKind.AUTOPAY, date: due.has('autopay') ? today : addDays(today, 1) }]
      : []),
  ];
}

async function view(ctx: Context): Promise<Automation> {
  const org = ctx.org!;
  const today = todayIn(org.timeZone);
  const row = await automationOf(ctx.platformEm as EntityManager, org.orgId);
  const s: ScheduleRow = row ?? {
    ...OFF,
    organization_id: org.orgId,
    starts_on: today,
    updated_at: '',
  };
  const runs = await runsOf(ctx.em, 50);
  return {
    paused: s.paused,
    assessmentDay: s.assessment_day,
    lateFeeDay: s.late_fee_day,
    reminderDays: s.reminder_days,
    recurringBills: s.recurring_bills,
    ownerStatements: s.owner_statements,
    autopay: s.autopay,
    timeZone: org.timeZone,
    upcoming: upcoming(s, today),
    runs: runs.map((r) => ({
      id: r.id,
      kind: r.kind as AutomationKind,
      period: r.period,
      status: r.status as AutomationRunStatus,
      created: r.created,
      total: toTotal(r.total),
      error: r.error,
      // Hand-written SQL hands timestamptz back as text.
      startedAt: new Date(r.started_at),
      finishedAt: new Date(r.finished_at),
    })),
  };
}

@Resolver(() => Automation)
export class AutomationResolver {
  @Query(() => Automation, {
    description:
      'What runs on its own for the association (assessment run, late fees, reminders), when next, and what ran',
  })
  automation(@Ctx() ctx: Context) {
    return view(ctx);
  }

  @Mutation(() => Automation, {
    description:
      'Set what runs on its own, or pause it all. A day already past this month is not caught up.',
  })
  async updateAutomation(
    @Arg('input', () => UpdateAutomationInput) input: UpdateAutomationInput,
    @Ctx() ctx: Context,
  ) {
    const org = ctx.org!;
    const em = ctx.platformEm as EntityManager;
    await em.transactional(async (tx) => {
      const after = await updateAutomation(tx, org.orgId, org.timeZone, input, ctx.auth!.userId);
      await recordAudit(tx, {
        actor: ctx.auth!,
        action: after.paused ? 'automation.pause' : 'automation.update',
        entityType: 'Organization',
        entityId: org.orgId,
        organizationId: org.orgId,
        details: { ...input },
      });
    });
    return view(ctx);
  }
}
