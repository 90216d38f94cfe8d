import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
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

export enum DepositStatus {
  POSTED = 'posted',
  VOID = 'void',
}
registerEnumType(DepositStatus, { name: 'DepositStatus' });

@ObjectType({
  description:
    'Payments carried from Undeposited Funds to a bank account as one bank line (checks and cash taken to the bank, an autopay batch, a card payout net of its fees)',
})
export class Deposit {
  @Field(() => ID)
  id: string;

  @Field(() => Int, { description: 'Shown as DEP-12' })
  number: number;

  @Field(() => ID, { description: 'The bank account (its ledger account)' })
  accountId: string;

  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => MoneyScalar, { description: 'The payments it carries' })
  total: Cents;

  @Field(() => MoneyScalar, { description: 'Processing fees the bank or processor kept' })
  fee: Cents;

  @Field(() => ID, { nullable: true })
  feeAccountId: string | null;

  @Field(() => MoneyScalar, { description: 'What reached the bank: total − fee (the bank line)' })
  net: Cents;

  @Field(() => DepositStatus)
  status: DepositStatus;

  @Field(() => ID)
  journalEntryId: string;

  @Field(() => ID, { nullable: true })
  voidEntryId: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  voidDate: string | null;

  @Field(() => [ID])
  paymentIds: string[];

  @Field(() => Date)
  createdAt: Date;
}

@InputType()
export class CreateDepositInput {
  @Field(() => ID, { description: 'The bank account the money went into' })
  accountId: string;

  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => [ID], { description: 'Undeposited payments, each dated on or before the deposit' })
  @ArrayMinSize(1, { message: 'Choose the payments in this deposit' })
  @ArrayMaxSize(1000, { message: 'At most 1,000 payments in one deposit' })
  @ArrayUnique({ message: 'A payment is listed twice' })
  paymentIds: string[];

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'Fees kept by the processor (card payouts)',
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
