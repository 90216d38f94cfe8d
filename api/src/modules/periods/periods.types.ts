import { MaxLength, MinLength } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';

export enum PeriodStatus {
  OPEN = 'OPEN',
  CLOSED = 'CLOSED',
}
registerEnumType(PeriodStatus, { name: 'PeriodStatus' });

export enum PeriodKind {
  MONTH = 'MONTH',
  YEAR = 'YEAR',
}
registerEnumType(PeriodKind, { name: 'PeriodKind' });

@ObjectType({ description: 'A bank account and how far its reconciliations reach' })
export class PeriodBankAccount {
  @Field(() => ID)
  accountId: string;

  @Field()
  name: string;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'The statement date of its latest finished reconciliation',
  })
  reconciledThrough: string | null;

  @Field({ description: "Reconciled through the period's end, or nothing to reconcile by then" })
  reconciled: boolean;
}

@ObjectType({ description: 'A close of a month or a fiscal year, and its reopening if any' })
export class PeriodClose {
  @Field(() => ID)
  id: string;

  @Field(() => PeriodKind)
  kind: PeriodKind;

  @Field(() => LocalDateScalar)
  start: string;

  @Field(() => LocalDateScalar)
  end: string;

  @Field()
  closedAt: Date;

  @Field(() => String, { nullable: true, description: 'Who closed it (name or email)' })
  closedBy: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why it was closed with bank accounts not reconciled',
  })
  overrideReason: string | null;

  @Field(() => [String], { description: 'The bank accounts not reconciled when it was closed' })
  unreconciled: string[];

  @Field(() => Date, { nullable: true })
  reopenedAt: Date | null;

  @Field(() => String, { nullable: true })
  reopenedBy: string | null;

  @Field(() => String, { nullable: true })
  reopenReason: string | null;
}

@ObjectType({ description: 'A calendar month of the books' })
export class PeriodMonth {
  @Field({ description: 'The month, YYYY-MM' })
  month: string;

  @Field(() => LocalDateScalar)
  start: string;

  @Field(() => LocalDateScalar)
  end: string;

  @Field(() => Int, { description: 'The fiscal year the month belongs to' })
  fiscalYear: number;

  @Field(() => PeriodStatus)
  status: PeriodStatus;

  @Field({ description: "The month's last day is before the association's today" })
  ended: boolean;

  @Field(() => Int, { description: 'Journal entries dated in the month' })
  entries: number;

  @Field(() => PeriodClose, { nullable: true, description: 'The standing close, when closed' })
  close: PeriodClose | null;

  @Field(() => [PeriodBankAccount])
  bankAccounts: PeriodBankAccount[];

  @Field({ description: 'It can be closed now (the next month to close, and it has ended)' })
  closable: boolean;

  @Field({ description: 'It can be reopened now (the latest closed month)' })
  reopenable: boolean;
}

@ObjectType({ description: 'A fiscal year and whether it is closed' })
export class PeriodYear {
  @Field(() => Int)
  fiscalYear: number;

  @Field(() => LocalDateScalar)
  start: string;

  @Field(() => LocalDateScalar)
  end: string;

  @Field(() => PeriodStatus)
  status: PeriodStatus;

  @Field(() => PeriodClose, { nullable: true })
  close: PeriodClose | null;

  @Field({ description: 'Every month of it is closed and the year itself is not yet' })
  closable: boolean;
}

@ObjectType({ description: "The books' closed periods" })
export class Periods {
  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'Every day on or before this date is closed; null when nothing is',
  })
  closedThrough: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The next month to close, YYYY-MM (null when none has ended yet)',
  })
  nextToClose: string | null;

  @Field(() => [PeriodMonth], { description: 'Months, newest first' })
  months: PeriodMonth[];

  @Field(() => [PeriodYear], { description: 'Fiscal years, newest first' })
  years: PeriodYear[];

  @Field(() => [PeriodClose], { description: 'Every close and reopen, newest first' })
  history: PeriodClose[];
}

@InputType()
export class ClosePeriodInput {
  @Field({ description: 'The month to close, YYYY-MM' })
  month: string;

  @Field(() => String, {
    nullable: true,
    description: 'Required to close with bank accounts not reconciled through the month',
  })
  @MaxLength(500, { message: 'At most 500 characters' })
  overrideReason?: string | null;
}

@InputType()
export class ReopenPeriodInput {
  @Field({ description: 'The month to reopen, YYYY-MM (the latest closed month)' })
  month: string;

  @Field({ description: 'Why it is reopened: kept, audited and reported in the next packet' })
  @MinLength(3, { message: 'Say why (at least 3 characters)' })
  @MaxLength(500, { message: 'At most 500 characters' })
  reason: string;
}
