import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
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

  @Field(() => ID, { nullable: true, description: 'The expense account of the fee' })
  feeAccountId: string | null;

  @Field(() => MoneyScalar, {
    description:
      "The net of the deposit's other lines (an online payout's fees paid by owners, returned payments): added to the bank line",
  })
  adjustments: Cents;

  @Field(() => MoneyScalar, {
    description: 'What reached the bank: total − fee + adjustments (the bank line)',
  })
  net: Cents;

  @Field(() => DepositStatus)
  status: DepositStatus;

  @Field(() => ID)
  journalEntryId: string;

  @Field(() => ID, { nullable: true })
  voidEntryId: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  voidDate: string | null;

  @Field(() => [ID], { description: 'The payments it carries, oldest first' })
  paymentIds: string[];

  @Field(() => Date)
  createdAt: Date;
}
