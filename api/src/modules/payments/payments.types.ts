import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection.js';
import { MoneyScalar, type Cents } from '../../core/money/money.js';

export enum PaymentMethod {
  CHECK = 'check',
  ACH = 'ach',
  CARD = 'card',
  CASH = 'cash',
  OTHER = 'other',
  // A unit's credit brought from another system (entered as its opening balance).
  OPENING_CREDIT = 'opening_credit',
}
registerEnumType(PaymentMethod, { name: 'PaymentMethod' });

export enum PaymentStatus {
  POSTED = 'posted',
  VOID = 'void',
}
registerEnumType(PaymentStatus, { name: 'PaymentStatus' });

@ObjectType({ description: 'Part of a payment applied to an invoice' })
export class PaymentApplication {
  @Field(() => ID)
  invoiceId: string;

  @Field(() => ID)
  paymentId: string;

  @Field(() => MoneyScalar)
  amount: Cents;

  @Field(() => LocalDateScalar, {
    description: 'When it counts: the later of the payment and invoice dates',
  })
  date: string;
}

@ObjectType()
export class Payment {
  @Field(() => ID)
  id: string;

  @Field(() => Int, { description: 'Shown as PMT-<number>' })
  number: number;

  @Field(() => ID)
  unitId: string;

  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => MoneyScalar)
  amount: Cents;

  @Field(() => PaymentMethod)
  method: PaymentMethod;

  @Field(() => String, { nullable: true })
  reference: string | null;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => ID)
  depositAccountId: string;

  @Field(() => [PaymentApplication])
  applications: PaymentApplication[];

  @Field(() => MoneyScalar, { description: 'Credit left on the unit from this payment' })
  unapplied: Cents;

  @Field(() => PaymentStatus)
  status: PaymentStatus;

  @Field(() => ID)
  journalEntryId: string;

  @Field(() => ID, { nullable: true })
  voidEntryId: string | null;

  @Field(() => Date)
  createdAt: Date;
}

export const PaymentConnection = Connection(Payment, 'Payment');
