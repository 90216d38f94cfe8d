import { GraphQLLocalDate } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection.js';
import { MoneyScalar, type Cents } from '../../core/money/money.js';

export enum InvoiceStatus {
  OPEN = 'open',
  PARTIAL = 'partial',
  PAID = 'paid',
  VOID = 'void',
}
registerEnumType(InvoiceStatus, { name: 'InvoiceStatus' });

export enum InvoiceKind {
  ASSESSMENT = 'assessment',
  ONE_OFF = 'one_off',
  LATE_FEE = 'late_fee',
}
registerEnumType(InvoiceKind, { name: 'InvoiceKind' });

@ObjectType()
export class InvoiceLine {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  description: string;

  @Field(() => ID)
  accountId: string;

  @Field(() => MoneyScalar)
  amount: Cents;
}

@ObjectType({ description: 'Part of a payment applied to an invoice' })
export class PaymentApplication {
  @Field(() => ID)
  invoiceId: string;

  @Field(() => ID)
  paymentId: string;

  @Field(() => MoneyScalar)
  amount: Cents;

  @Field(() => GraphQLLocalDate, {
    description: 'When it counts: the later of the payment and invoice dates',
  })
  date: string;
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

  @Field(() => GraphQLLocalDate)
  issueDate: string;

  @Field(() => GraphQLLocalDate)
  dueDate: string;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => [InvoiceLine])
  lines: InvoiceLine[];

  @Field(() => MoneyScalar)
  total: Cents;

  @Field(() => MoneyScalar)
  paid: Cents;

  @Field(() => MoneyScalar)
  balance: Cents;

  @Field(() => InvoiceStatus)
  status: InvoiceStatus;

  @Field(() => Int, { description: 'Days past the due date as of today; 0 when not overdue' })
  daysOverdue: number;

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

@InputType()
export class InvoiceFilter {
  @Field(() => ID, { nullable: true })
  unitId?: string | null;

  @Field(() => InvoiceStatus, { nullable: true })
  status?: InvoiceStatus | null;

  @Field(() => InvoiceKind, { nullable: true })
  kind?: InvoiceKind | null;

  @Field(() => GraphQLLocalDate, { nullable: true })
  from?: string | null;

  @Field(() => GraphQLLocalDate, { nullable: true })
  to?: string | null;

  @Field(() => String, { nullable: true, description: 'Invoice number, unit number or owner name' })
  search?: string | null;
}

@InputType()
export class InvoiceLineInput {
  @Field(() => String)
  description: string;

  @Field(() => ID)
  accountId: string;

  @Field(() => MoneyScalar)
  amount: Cents;
}

@InputType()
export class CreateInvoiceInput {
  @Field(() => ID)
  unitId: string;

  @Field(() => GraphQLLocalDate)
  issueDate: string;

  @Field(() => GraphQLLocalDate)
  dueDate: string;

  @Field(() => String, { nullable: true })
  memo?: string | null;

  @Field(() => [InvoiceLineInput])
  lines: InvoiceLineInput[];
}

@ObjectType()
export class AssessmentRunLine {
  @Field(() => String)
  description: string;

  @Field(() => ID)
  accountId: string;

  @Field(() => MoneyScalar)
  amount: Cents;
}

@ObjectType()
export class AssessmentRunInvoice {
  @Field(() => ID)
  unitId: string;

  @Field(() => ID)
  groupId: string;

  @Field(() => String)
  period: string;

  @Field(() => GraphQLLocalDate)
  dueDate: string;

  @Field(() => [AssessmentRunLine])
  lines: AssessmentRunLine[];

  @Field(() => MoneyScalar)
  total: Cents;
}

@ObjectType()
export class AssessmentRunPreview {
  @Field(() => String)
  month: string;

  @Field(() => GraphQLLocalDate)
  issueDate: string;

  @Field(() => [AssessmentRunInvoice])
  invoices: AssessmentRunInvoice[];

  @Field(() => Int)
  count: number;

  @Field(() => MoneyScalar)
  total: Cents;

  @Field(() => Int, { description: 'Units already invoiced for their period (skipped)' })
  alreadyInvoiced: number;
}

@ObjectType()
export class AssessmentRunResult {
  @Field(() => String)
  month: string;

  @Field(() => Int)
  created: number;

  @Field(() => Int)
  skipped: number;

  @Field(() => MoneyScalar)
  total: Cents;
}

@ObjectType()
export class LateFeeCandidate {
  @Field(() => ID)
  invoiceId: string;

  @Field(() => ID)
  unitId: string;

  @Field(() => MoneyScalar)
  overdueBalance: Cents;

  @Field(() => Int)
  daysOverdue: number;

  @Field(() => MoneyScalar)
  fee: Cents;

  @Field(() => MoneyScalar)
  interest: Cents;

  @Field(() => MoneyScalar)
  total: Cents;

  incomeAccountId: string;
  invoiceNumber: number;
  unitNumber: string;
}

@ObjectType()
export class LateFeePreview {
  @Field(() => GraphQLLocalDate)
  asOf: string;

  @Field(() => String)
  period: string;

  @Field(() => [LateFeeCandidate])
  candidates: LateFeeCandidate[];

  @Field(() => Int)
  count: number;

  @Field(() => MoneyScalar)
  total: Cents;

  @Field(() => Int)
  alreadyAssessed: number;
}

@ObjectType()
export class LateFeeRunResult {
  @Field(() => GraphQLLocalDate)
  asOf: string;

  @Field(() => String)
  period: string;

  @Field(() => Int)
  created: number;

  @Field(() => Int)
  skipped: number;

  @Field(() => MoneyScalar)
  total: Cents;
}

@ObjectType()
export class AgingBuckets {
  @Field(() => MoneyScalar)
  current: Cents;

  @Field(() => MoneyScalar)
  days1to30: Cents;

  @Field(() => MoneyScalar)
  days31to60: Cents;

  @Field(() => MoneyScalar)
  days61to90: Cents;

  @Field(() => MoneyScalar)
  over90: Cents;

  @Field(() => MoneyScalar, { description: 'Unapplied payments (negative)' })
  credit: Cents;

  @Field(() => MoneyScalar)
  total: Cents;
}

@ObjectType()
export class AgingRow {
  @Field(() => ID)
  unitId: string;

  @Field(() => AgingBuckets)
  buckets: AgingBuckets;
}

@ObjectType()
export class AgingReport {
  @Field(() => GraphQLLocalDate)
  asOf: string;

  @Field(() => [AgingRow])
  rows: AgingRow[];

  @Field(() => AgingBuckets)
  totals: AgingBuckets;

  @Field(() => ID)
  receivableAccountId: string;

  @Field(() => MoneyScalar, {
    description: 'Ledger balance of the receivable account as of the date',
  })
  receivableBalance: Cents;
}
