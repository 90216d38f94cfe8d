import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../../core/graphql/connection.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { type Cents, MoneyScalar, type Total } from '../../core/money/money.js';

export enum VendorPaymentMethod {
  CHECK = 'check',
  ACH = 'ach',
  CARD = 'card',
}
registerEnumType(VendorPaymentMethod, {
  name: 'VendorPaymentMethod',
  description: 'How a vendor is paid: a printed check (numbered), a bank transfer or a card',
});

export enum BillPaymentStatus {
  POSTED = 'posted',
  VOID = 'void',
}
registerEnumType(BillPaymentStatus, { name: 'BillPaymentStatus' });

@ObjectType({ description: 'Part of a vendor payment applied to one bill' })
export class BillPaymentApplication {
  @Field(() => ID)
  billId: string;

  @Field(() => ID)
  billPaymentId: string;

  @Field(() => MoneyScalar)
  amount: Cents;

  // Whether the payment is void (its application then no longer counts toward the bill).
  voided: boolean;
}

@ObjectType({
  description:
    'A payment to a vendor (a check, an ACH transfer or a card payment): one entry, Dr Accounts Payable, Cr the bank account',
})
export class BillPayment {
  @Field(() => ID)
  id: string;

  @Field(() => Int, { description: 'Shown as VP-12' })
  number: number;

  @Field(() => ID)
  vendorId: string;

  @Field(() => ID, { description: 'The bank (cash) account it is paid from' })
  bankAccountId: string;

  @Field(() => VendorPaymentMethod)
  method: VendorPaymentMethod;

  @Field(() => String, { nullable: true, description: 'The check number (checks only)' })
  checkNumber: string | null;

  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => MoneyScalar)
  amount: Cents;

  @Field(() => String, { nullable: true, description: 'Printed on the check' })
  memo: string | null;

  @Field(() => BillPaymentStatus)
  status: BillPaymentStatus;

  @Field(() => Boolean, {
    description:
      "Its bank-side line is matched to the bank's statement (in a bank match or a finished reconciliation)",
  })
  cleared: boolean;

  // The statement date of the finished reconciliation that cleared it (it cannot be voided then).
  reconciledOn: string | null;

  @Field(() => ID, { nullable: true, description: 'The payment run it was made in' })
  runId: string | null;

  @Field(() => ID)
  journalEntryId: string;

  @Field(() => ID, { nullable: true })
  voidEntryId: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  voidDate: string | null;

  @Field(() => String, { nullable: true })
  voidReason: string | null;

  @Field(() => Date)
  createdAt: Date;
}

export const BillPaymentConnection = Connection(BillPayment, 'BillPayment', 'vendor payments');

@ObjectType({
  description:
    'Vendor payments made together from one bank account by one method: one payment per vendor',
})
export class PaymentRun {
  @Field(() => ID)
  id: string;

  @Field(() => Int, { description: 'Shown as Run 3' })
  number: number;

  @Field(() => ID)
  bankAccountId: string;

  @Field(() => VendorPaymentMethod)
  method: VendorPaymentMethod;

  @Field(() => LocalDateScalar, { description: 'The payment date of its payments' })
  date: string;

  @Field(() => LocalDateScalar, { description: 'It paid bills due on or before this day' })
  payThrough: string;

  @Field(() => MoneyScalar, { description: 'Its standing (not void) payments' })
  total: Total;

  @Field(() => Int, { description: 'How many payments it made (void ones included)' })
  paymentCount: number;

  @Field(() => Date)
  createdAt: Date;
}

@ObjectType({
  description:
    "A bank account's check printing: the next check number and what the MICR line prints",
})
export class CheckSettings {
  @Field(() => ID)
  bankAccountId: string;

  @Field(() => Int, { description: 'The number the next check printed from this account takes' })
  nextCheckNumber: number;

  @Field(() => String, { nullable: true, description: 'The bank routing (ABA) number' })
  routingNumber: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The last four digits of the account number (the whole is kept sealed)',
  })
  accountNumberLast4: string | null;

  @Field(() => Boolean, {
    description: 'Routing and account numbers are set: checks print the MICR line',
  })
  micrReady: boolean;
}

@ObjectType({ description: 'A generated text file (CSV), handed back whole' })
export class TextFile {
  @Field(() => String)
  fileName: string;

  @Field(() => String)
  contentType: string;

  @Field(() => String)
  content: string;
}
