import { ArrayMaxSize, ArrayMinSize, IsInt, IsOptional, IsPositive, Min } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { type Cents, MoneyScalar } from '../../core/money/money.js';
import { AtMost } from '../../core/validation.js';
import { VendorPaymentMethod } from './bill-payments.types.js';

// The most bills one run pays (a month's bills of a large association are a few hundred).
export const MAX_RUN_ITEMS = 500;

@InputType()
export class BillPaymentFilter {
  @Field(() => ID, { nullable: true })
  vendorId?: string | null;

  @Field(() => ID, { nullable: true, description: 'The bank account paid from' })
  bankAccountId?: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  from?: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  to?: string | null;

  @Field(() => VendorPaymentMethod, { nullable: true })
  method?: VendorPaymentMethod | null;
}

@InputType()
export class PaymentRunItemInput {
  @Field(() => ID)
  billId: string;

  @Field(() => MoneyScalar, { description: 'What to pay of the bill: up to its balance' })
  @IsPositive({ message: 'Pay a positive amount' })
  amount: Cents;
}

@InputType()
export class CreatePaymentRunInput {
  @Field(() => ID, { description: 'The bank (cash) account the payments come from' })
  bankAccountId: string;

  @Field(() => VendorPaymentMethod)
  method: VendorPaymentMethod;

  @Field(() => LocalDateScalar, { description: 'The payment date (printed on the checks)' })
  date: string;

  @Field(() => LocalDateScalar, { description: 'The run pays bills due on or before this day' })
  payThrough: string;

  @Field(() => [PaymentRunItemInput], {
    description: 'The bills paid and how much of each; one payment per vendor',
  })
  @ArrayMinSize(1, { message: 'Choose the bills to pay' })
  @ArrayMaxSize(MAX_RUN_ITEMS, { message: `At most ${MAX_RUN_ITEMS} bills in one run` })
  items: PaymentRunItemInput[];

  @Field(() => String, { nullable: true, description: "Printed on each check's memo line" })
  @IsOptional()
  @AtMost(L.bill_payments.memo)
  memo?: string | null;
}

@InputType()
export class CheckSettingsInput {
  @Field(() => ID, { description: 'The bank account (its ledger account)' })
  bankAccountId: string;

  @Field(() => Int, {
    nullable: true,
    description: 'The number of the next check printed (the first blank check in the printer)',
  })
  @IsOptional()
  @IsInt({ message: 'A whole number' })
  @Min(1, { message: 'Check numbers start at 1' })
  nextCheckNumber?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'The 9-digit routing (ABA) number; an empty string removes it',
  })
  @IsOptional()
  routingNumber?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The account number as printed on the MICR line (4 to 17 digits), kept sealed; an empty string removes it',
  })
  @IsOptional()
  accountNumber?: string | null;
}
