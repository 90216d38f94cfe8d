import { Field, ID, ObjectType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { MoneyScalar, type Cents, type Total } from '../../core/money/money.js';

// What a homeowner reads of their association: their own units' figures and history, the
// association's contact details and how to pay. Nothing here carries an id of anything the caller
// does not own (co-owners are named, never identified).

@ObjectType({ description: 'The association as its owners see it: its name and how to reach it' })
export class OwnerAssociation {
  @Field(() => String)
  name: string;

  @Field(() => String, { nullable: true })
  contactName: string | null;

  @Field(() => String, { nullable: true })
  contactEmail: string | null;

  @Field(() => String, { nullable: true })
  contactPhone: string | null;

  @Field(() => String, { nullable: true })
  mailingAddress: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'How to pay besides online: checks payable to …, mailed to …',
  })
  paymentInstructions: string | null;

  @Field(() => Boolean, {
    description: "The association's own Stripe account can take owners' payments online",
  })
  onlinePayments: boolean;
}

@ObjectType({ description: 'An amount and the day it is due by' })
export class OwnerDue {
  @Field(() => MoneyScalar)
  amount: Cents | Total;

  @Field(() => LocalDateScalar)
  dueDate: string;
}

@ObjectType({ description: "One of the caller's units, with what it owes" })
export class OwnerUnit {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  number: string;

  @Field(() => String, { nullable: true })
  address: string | null;

  @Field(() => String, {
    nullable: true,
    description: "The unit's owner name as the association's books have it",
  })
  ownerName: string | null;

  @Field(() => MoneyScalar, {
    description:
      "What the unit owes less its credit (negative: a credit), the last balance of the unit's ledger",
  })
  balance: Total;

  @Field(() => MoneyScalar, { description: 'Open invoices due before today' })
  pastDue: Total;

  @Field(() => OwnerDue, {
    nullable: true,
    description:
      'The next due date (the earliest open invoice due today or later) and all that is due by then, past due included, less any credit; null when nothing more falls due (pastDue says what is late)',
  })
  nextDue: OwnerDue | null;
}

@ObjectType({ description: "The owner portal's home: the association and the caller's units" })
export class OwnerPortal {
  @Field(() => OwnerAssociation)
  association: OwnerAssociation;

  @Field(() => [OwnerUnit], { description: "The caller's units, by number" })
  units: OwnerUnit[];

  @Field(() => MoneyScalar, {
    description: "The units' balances that are owed (credits not netted)",
  })
  totalDue: Total;
}

@ObjectType({ description: "A row of a unit's ledger as its owner reads it" })
export class OwnerLedgerLine {
  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => String, {
    description:
      'charge, payment, credit (a credit brought from another system), void (a charge or payment undone) or write_off',
  })
  kind: string;

  @Field(() => String)
  description: string;

  @Field(() => MoneyScalar, { nullable: true, description: 'Added to the balance' })
  charge: Total | null;

  @Field(() => MoneyScalar, { nullable: true, description: 'Taken off the balance' })
  payment: Total | null;

  @Field(() => MoneyScalar, { description: 'The balance after this row' })
  balance: Total;

  @Field(() => ID, { nullable: true })
  invoiceId: string | null;

  @Field(() => ID, { nullable: true })
  paymentId: string | null;
}

@ObjectType({ description: "An invoice of one of the caller's units" })
export class OwnerInvoice {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: 'INV-1001' })
  number: string;

  @Field(() => ID)
  unitId: string;

  @Field(() => LocalDateScalar)
  issueDate: string;

  @Field(() => LocalDateScalar)
  dueDate: string;

  @Field(() => String)
  description: string;

  @Field(() => MoneyScalar)
  total: Cents;

  @Field(() => MoneyScalar)
  paid: Cents;

  @Field(() => MoneyScalar)
  balance: Cents;

  @Field(() => String, { description: 'open, partial, paid, written_off or void' })
  status: string;
}

@ObjectType({ description: "A payment of one of the caller's units" })
export class OwnerPayment {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: 'PMT-1001' })
  number: string;

  @Field(() => ID)
  unitId: string;

  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => MoneyScalar)
  amount: Cents;

  @Field(() => String, {
    description: 'check, ach, card, cash, other, or opening_credit (a credit brought over)',
  })
  method: string;

  @Field(() => String, { nullable: true, description: 'The check number or bank reference' })
  reference: string | null;

  @Field(() => String, { description: 'posted or void' })
  status: string;

  @Field(() => Boolean, { description: 'Paid online through the owner portal' })
  online: boolean;
}

@ObjectType({
  description: "The association's contact details and payment instructions for owners",
})
export class OwnerPortalSettings {
  @Field(() => String, { nullable: true })
  contactName: string | null;

  @Field(() => String, { nullable: true })
  contactEmail: string | null;

  @Field(() => String, { nullable: true })
  contactPhone: string | null;

  @Field(() => String, { nullable: true })
  mailingAddress: string | null;

  @Field(() => String, { nullable: true })
  paymentInstructions: string | null;
}
