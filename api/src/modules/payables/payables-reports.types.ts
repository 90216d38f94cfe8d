import { Field, ID, Int, ObjectType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { BillPaymentStatus, VendorPaymentMethod } from './bill-payments.types.js';

// The payables reports' GraphQL types. A row's `vendor` is resolved by PayablesReportsResolver
// from its vendorId (one query for all rows).

const BUCKETS = {
  current: 'Not yet due (due on or after the date)',
  days30: '1 to 30 days past due',
  days60: '31 to 60 days past due',
  days90: '61 days or more past due (the last column: over 60)',
};

@ObjectType({ description: 'Open bill balances of one vendor by days past due' })
export class PayablesAgingRow {
  vendorId: string;

  @Field(() => MoneyScalar, { description: BUCKETS.current })
  current: Total;

  @Field(() => MoneyScalar, { description: BUCKETS.days30 })
  days30: Total;

  @Field(() => MoneyScalar, { description: BUCKETS.days60 })
  days60: Total;

  @Field(() => MoneyScalar, { description: BUCKETS.days90 })
  days90: Total;

  @Field(() => MoneyScalar)
  total: Total;

  @Field(() => Int, { description: 'Bills with something left to pay on the date' })
  billCount: number;
}

@ObjectType({ description: 'The aging of every vendor added up' })
export class PayablesAgingTotals {
  @Field(() => MoneyScalar, { description: BUCKETS.current })
  current: Total;

  @Field(() => MoneyScalar, { description: BUCKETS.days30 })
  days30: Total;

  @Field(() => MoneyScalar, { description: BUCKETS.days60 })
  days60: Total;

  @Field(() => MoneyScalar, { description: BUCKETS.days90 })
  days90: Total;

  @Field(() => MoneyScalar)
  total: Total;

  @Field(() => Int)
  billCount: number;
}

@ObjectType({
  description:
    'What the association owed its vendors on a date, by vendor and days past due (current, 1–30, 31–60, over 60), read as the books stood that day: bills dated by then and not yet voided, less what payments dated by then and not yet voided applied to them. It ties to the Accounts Payable account',
})
export class PayablesAging {
  @Field(() => LocalDateScalar)
  asOf: string;

  @Field(() => [PayablesAgingRow], { description: 'Vendors with anything open, by name' })
  rows: PayablesAgingRow[];

  @Field(() => PayablesAgingTotals)
  totals: PayablesAgingTotals;

  @Field(() => ID, {
    nullable: true,
    description: 'The Accounts Payable control account (none until the first bill)',
  })
  payableAccountId: string | null;

  @Field(() => MoneyScalar, {
    description: "The Accounts Payable account's ledger balance on the date (credits − debits)",
  })
  controlBalance: Total;

  @Field(() => Boolean, { description: 'The aging total equals the control balance' })
  ties: boolean;
}

@ObjectType({ description: 'One vendor payment of the check register' })
export class CheckRegisterRow {
  @Field(() => ID)
  paymentId: string;

  @Field(() => Int, { description: 'The payment’s number (VP-12)' })
  number: number;

  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => VendorPaymentMethod)
  method: VendorPaymentMethod;

  @Field(() => String, { nullable: true, description: 'Checks only' })
  checkNumber: string | null;

  @Field(() => ID)
  vendorId: string;

  @Field(() => String, { description: 'The vendor’s name' })
  payee: string;

  @Field(() => MoneyScalar)
  amount: Total;

  @Field(() => BillPaymentStatus)
  status: BillPaymentStatus;

  @Field(() => LocalDateScalar, { nullable: true })
  voidDate: string | null;

  @Field(() => Boolean, {
    description: 'Its bank line is matched to the bank statement (in a reconciliation or not)',
  })
  cleared: boolean;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => ID)
  bankAccountId: string;

  @Field(() => ID)
  journalEntryId: string;
}

@ObjectType({ description: 'One line of a vendor’s ledger' })
export class VendorLedgerRow {
  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => String, { description: 'BILL, PAYMENT, BILL_VOID or PAYMENT_VOID' })
  kind: string;

  @Field(() => String, { description: '"BILL-12", "Check 1001", "ACH VP-7"; a void: "Void of …"' })
  reference: string;

  @Field(() => String, {
    nullable: true,
    description: "The vendor's invoice number and the memo; a void's reason",
  })
  memo: string | null;

  @Field(() => MoneyScalar, { description: 'What the bill adds to the balance (a bill’s void: −)' })
  charges: Total;

  @Field(() => MoneyScalar, {
    description: 'What the payment takes off the balance (a payment’s void: −)',
  })
  payments: Total;

  @Field(() => MoneyScalar, { description: 'Owed to the vendor after this line' })
  balance: Total;

  @Field(() => ID, { nullable: true })
  billId: string | null;

  @Field(() => ID, { nullable: true })
  paymentId: string | null;
}

@ObjectType({
  description:
    'A vendor’s bills, payments and voids over a period, each on its own date, with the running balance owed (opening + charges − payments)',
})
export class VendorLedger {
  vendorId: string;

  @Field(() => LocalDateScalar)
  from: string;

  @Field(() => LocalDateScalar)
  to: string;

  @Field(() => MoneyScalar, { description: 'Owed at the start of the day `from`' })
  opening: Total;

  @Field(() => [VendorLedgerRow])
  rows: VendorLedgerRow[];

  @Field(() => MoneyScalar, {
    description: 'Owed at the end of `to`: the vendor’s payables aging total on that date',
  })
  closing: Total;
}

@ObjectType({ description: 'Unpaid bills falling due in a window of days' })
export class CashRequirementBucket {
  @Field(() => String, { description: '"Overdue", "Due in 0–30 days", … "Due later"' })
  label: string;

  @Field(() => LocalDateScalar)
  from: string;

  @Field(() => LocalDateScalar)
  through: string;

  @Field(() => MoneyScalar, { description: 'approved + pending + rejected' })
  amount: Total;

  @Field(() => MoneyScalar, { description: 'Bills that may be paid (approved or not needing it)' })
  approved: Total;

  @Field(() => MoneyScalar, { description: 'Bills waiting for approvals' })
  pending: Total;

  @Field(() => MoneyScalar, {
    description: 'Rejected bills: still owed in the books, not to be paid until voided',
  })
  rejected: Total;

  @Field(() => Int)
  billCount: number;
}

@ObjectType({
  description:
    'The cash the unpaid bills will take, by due date: the bills standing on the date with what was left to pay then (the payables aging’s bills)',
})
export class CashRequirements {
  @Field(() => LocalDateScalar)
  asOf: string;

  @Field(() => MoneyScalar, {
    description: 'Due before the date (the first bucket’s amount)',
  })
  overdue: Total;

  @Field(() => [CashRequirementBucket], {
    description:
      'Always five, in order: Overdue (due before the date), due in 0–30, 31–60 and 61–90 days, and later; they add up to the total',
  })
  buckets: CashRequirementBucket[];

  @Field(() => MoneyScalar, { description: 'Every unpaid bill: the payables aging total' })
  total: Total;
}
