import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';

export enum AutomationKind {
  ASSESSMENT_RUN = 'assessment_run',
  LATE_FEES = 'late_fees',
  REMINDERS = 'reminders',
  RECURRING_BILLS = 'recurring_bills',
  OWNER_STATEMENTS = 'owner_statements',
  AUTOPAY = 'autopay',
}
registerEnumType(AutomationKind, {
  name: 'AutomationKind',
  description: 'What runs on its own on a date',
  valuesConfig: {
    ASSESSMENT_RUN: { description: "The month's assessment invoices, on the billing day" },
    LATE_FEES: { description: 'Late fees on what is overdue, on the grace day' },
    REMINDERS: { description: 'Emails to owners some days before invoices fall due' },
    RECURRING_BILLS: { description: "Vendors' recurring bills from their templates, daily" },
    OWNER_STATEMENTS: {
      description: "Each owner's statement of last month by email, on the 1st (period: that month)",
    },
    AUTOPAY: {
      description: "Owners' AutoPay charged on their invoices' due dates, daily (created: charges)",
    },
  },
});

export enum AutomationRunStatus {
  SUCCEEDED = 'succeeded',
  FAILED = 'failed',
}
registerEnumType(AutomationRunStatus, { name: 'AutomationRunStatus' });

@ObjectType({ description: 'One run that happened on its own, and its result' })
export class AutomationRun {
  @Field(() => ID)
  id: string;

  @Field(() => AutomationKind)
  kind: AutomationKind;

  @Field(() => String, {
    description: 'The month ("2026-12") or, for reminders and recurring bills, the day',
  })
  period: string;

  @Field(() => AutomationRunStatus)
  status: AutomationRunStatus;

  @Field(() => Int, {
    description: 'Invoices created, reminders sent, bills entered, or statements emailed',
  })
  created: number;

  @Field(() => MoneyScalar, { description: 'Their total' })
  total: Total;

  @Field(() => String, { nullable: true, description: 'Why it did not run (a failed run)' })
  error: string | null;

  @Field(() => Date)
  startedAt: Date;

  @Field(() => Date)
  finishedAt: Date;
}

@ObjectType({ description: 'The next date a kind of run is due' })
export class AutomationUpcoming {
  @Field(() => AutomationKind)
  kind: AutomationKind;

  @Field(() => LocalDateScalar)
  date: string;
}

@ObjectType({ description: 'What runs on its own for the association, in its time zone' })
export class Automation {
  @Field(() => Boolean, { description: 'Nothing runs on its own while paused' })
  paused: boolean;

  @Field(() => Int, {
    nullable: true,
    description: 'Day of the month (1–28) the assessment run makes the month’s invoices; null: off',
  })
  assessmentDay: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Day of the month (1–28) late fees are assessed on what is overdue; null: off',
  })
  lateFeeDay: number | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Days (1–30) before a due date owners with an email are reminded; null: off',
  })
  reminderDays: number | null;

  @Field(() => Boolean, {
    description:
      'Recurring bills are entered each day from their templates (dated on or before it)',
  })
  recurringBills: boolean;

  @Field(() => Boolean, {
    description:
      "Owners are emailed their units' statements of last month on the 1st (owners with an active membership)",
  })
  ownerStatements: boolean;

  @Field(() => Boolean, {
    description:
      "Owners' AutoPay is charged each day on what falls due (and owners told 3 days before)",
  })
  autopay: boolean;

  @Field(() => String, { description: 'The time zone the days are read in' })
  timeZone: string;

  @Field(() => [AutomationUpcoming], { description: 'When each kind that is on runs next' })
  upcoming: AutomationUpcoming[];

  @Field(() => [AutomationRun], { description: 'What ran, newest first (the last 50)' })
  runs: AutomationRun[];
}

@InputType({ description: 'What runs on its own; a day of null turns that kind off' })
export class UpdateAutomationInput {
  @Field(() => Boolean)
  paused: boolean;

  @Field(() => Int, { nullable: true })
  assessmentDay: number | null;

  @Field(() => Int, { nullable: true })
  lateFeeDay: number | null;

  @Field(() => Int, { nullable: true })
  reminderDays: number | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Enter recurring bills each day; omitted: as it was (off for a new schedule)',
  })
  recurringBills?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "Email owners last month's statements on the 1st; omitted: as it was (off for a new schedule)",
  })
  ownerStatements?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Charge AutoPay each day; omitted: as it was (off for a new schedule)',
  })
  autopay?: boolean | null;
}
