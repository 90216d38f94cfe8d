import { Field, ID, InputType } from 'type-graphql';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsOptional,
  MaxLength,
  Min,
} from 'class-validator';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { type Cents, MoneyScalar } from '../../core/money/money.js';

// The most payments one deposit carries (a busy month's autopay batch is a few hundred).
export const MAX_DEPOSIT_PAYMENTS = 1000;

@InputType()
export class CreateDepositInput {
  @Field(() => ID, { description: 'The bank account the money went into (its ledger account)' })
  accountId: string;

  @Field(() => LocalDateScalar, { description: 'The day the bank shows the deposit' })
  date: string;

  @Field(() => [ID], {
    description: 'Payments waiting in Undeposited Funds, each received on or before the deposit',
  })
  @ArrayMinSize(1, { message: 'Choose the payments in this deposit' })
  @ArrayMaxSize(MAX_DEPOSIT_PAYMENTS, { message: 'At most 1,000 payments in one deposit' })
  @ArrayUnique({ message: 'A payment is listed twice' })
  paymentIds: string[];

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'Fees the processor or bank kept (a card payout): the bank gets total − fee',
  })
  @IsOptional()
  @Min(0, { message: 'The fee cannot be negative' })
  fee?: Cents | null;

  @Field(() => ID, { nullable: true, description: 'The expense account of the fee' })
  feeAccountId?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200, { message: 'At most 200 characters' })
  memo?: string | null;
}

@InputType()
export class DepositFilter {
  @Field(() => ID, { nullable: true, description: 'The bank account (its ledger account)' })
  accountId?: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  from?: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  to?: string | null;
}
