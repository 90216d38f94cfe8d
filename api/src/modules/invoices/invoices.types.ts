import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection.js';
import { MoneyScalar, type Cents, type Total } from '../../core/money/money.js';

export enum InvoiceStatus {
  OPEN = 'open',
  PARTIAL = 'partial',
  PAID = 'paid',
  WRITTEN_OFF = 'written_off',
  VOID = 'void',
}
registerEnumType(InvoiceStatus, { name: 'InvoiceStatus' });

export enum InvoiceKind {
  ASSESSMENT = 'assessment',
  ONE_OFF = 'one_off',
  LATE_FEE = 'late_fee',
  // What a unit owed when the association moved in from another system.
  OPENING_BALANCE = 'opening_balance',
}
registerEnumType(InvoiceKind, { name: 'InvoiceKind' });

// What an invoice line says, on an invoice or in a run's preview of one. No query returns this
// base (nor the run totals below) alone, so the schema never shows it.
@ObjectType()
export class InvoiceLineFields {
  @Field(() => String)
  description: string;

  @Field(() => ID)
  accountId: string;

  @Field(() => MoneyScalar)
  amount: Cents;
}

@ObjectType()
export class InvoiceLine extends InvoiceLineFields {
  @Field(() => ID)
  id: string;
}

@ObjectType({ description: "Bad debt: an invoice's balance written off to an expense account" })
export class InvoiceWriteOff {
  @Field(() => ID)
  id: string;

  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => MoneyScalar)
  amount: Cents;

  @Field(() => ID, { description: 'The expense account it was written off to' })
  accountId: string;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => ID)
  journalEntryId: string;
}

@ObjectType()
export class Invoice {
  @Field(() => ID)
  id: string;

  @Field(() => Int, { description: 'Shown as INV-<number>' })
  number: number;

  @Field(() => ID)
  unitId: string;

  @Field(() => InvoiceKind)
  kind: InvoiceKind;

  @Field(() => String, {
    nullable: true,
    description: 'Assessment period ("2026-03", "2026-Q1", "2026") or late-fee month',
  })
  period: string | null;

  @Field(() => LocalDateScalar)
  issueDate: string;

  @Field(() => LocalDateScalar)
  dueDate: string;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => [InvoiceLine])
  lines: InvoiceLine[];

  @Field(() => MoneyScalar)
  total: Cents;

  @Field(() => MoneyScalar)
  paid: Cents;

  @Field(() => MoneyScalar, { description: 'Written off as bad debt (see writeOff)' })
  writtenOff: Cents;

  @Field(() => MoneyScalar)
  balance: Cents;

  @Field(() => InvoiceStatus)
  status: InvoiceStatus;

  @Field(() => InvoiceWriteOff, {
    nullable: true,
    description: 'The standing write-off of the balance, if any',
  })
  writeOff: InvoiceWriteOff | null;

  @Field(() => ID)
  journalEntryId: string;

  @Field(() => ID, { nullable: true })
  voidEntryId: string | null;

  @Field(() => Date, { nullable: true })
  voidedAt: Date | null;

  @Field(() => Date)
  createdAt: Date;

  groupId: string | null;
}

export const InvoiceConnection = Connection(Invoice, 'Invoice');

// The totals of a run that invoices many units at once (assessments, late fees): what its preview
// would invoice, and what it did.
@ObjectType()
export class RunPreviewTotals {
  @Field(() => Int)
  count: number;

  @Field(() => MoneyScalar)
  total: Total;
}

@ObjectType()
export class RunResultTotals {
  @Field(() => Int)
  created: number;

  @Field(() => Int)
  skipped: number;

  @Field(() => MoneyScalar)
  total: Total;
}
