import { Field, ID, ObjectType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { OwnerDue, OwnerLedgerLine } from '../owner-portal/index.js';

@ObjectType({ description: "A month of a unit's statement in figures" })
export class OwnerStatementMonth {
  @Field(() => String, { description: 'The month, "2026-03"' })
  month: string;

  @Field(() => MoneyScalar, { description: 'The balance at the end of the month before' })
  openingBalance: Total;

  @Field(() => MoneyScalar, {
    description: 'Invoices and late fees of the month, less invoices voided in it',
  })
  charges: Total;

  @Field(() => MoneyScalar, {
    description: 'Payments, credits and write-offs of the month, less payments voided in it',
  })
  payments: Total;

  @Field(() => MoneyScalar, {
    description:
      'The balance at the end of the month (today for the current month): opening + charges − payments; negative is a credit',
  })
  closingBalance: Total;
}

@ObjectType({ description: "A unit's monthly statement, as the owner receives it" })
export class OwnerStatement {
  @Field(() => ID)
  unitId: string;

  @Field(() => String)
  unitNumber: string;

  @Field(() => String, { description: 'The month, "2026-03"' })
  month: string;

  @Field(() => LocalDateScalar)
  periodStart: string;

  @Field(() => LocalDateScalar, {
    description: "The month's last day, or today for the current month",
  })
  periodEnd: string;

  @Field(() => LocalDateScalar, {
    description: 'The day after the period (today for the current month)',
  })
  statementDate: string;

  @Field(() => MoneyScalar)
  openingBalance: Total;

  @Field(() => MoneyScalar)
  charges: Total;

  @Field(() => MoneyScalar)
  payments: Total;

  @Field(() => MoneyScalar, { description: 'Negative is a credit' })
  closingBalance: Total;

  @Field(() => MoneyScalar, { description: 'The closing balance when positive, else 0' })
  amountDue: Total;

  @Field(() => [OwnerLedgerLine], {
    description: "The month's rows of the unit ledger, with its running balance",
  })
  lines: StatementLine[];

  @Field(() => [OwnerDue], {
    description:
      'What is due when: the invoices open at the end of the period by due date (any credit spent on the earliest); one due before the statement date is past due',
  })
  dueItems: StatementDue[];

  @Field(() => String, {
    description:
      "How to pay: online in the owner portal when the association's Stripe account takes payments, and the association's payment instructions",
  })
  howToPay: string;

  @Field(() => String, {
    description: 'A link to the statement as a PDF, valid 5 minutes',
  })
  downloadUrl: string;
}

// A statement's row as the PDF prints it: a ledger line and its reference (INV-1001, PMT-12).
export interface StatementLine extends OwnerLedgerLine {
  reference: string;
}

// What is due by a date, and whether that date is before the statement's (past due).
export interface StatementDue extends OwnerDue {
  amount: Total;
  pastDue: boolean;
}
