import { Field, ID, InputType, Int } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';

@InputType()
export class ActualLineInput {
  @Field(() => ID)
  accountId: string;

  @Field(() => MoneyScalar, {
    description:
      "The figure the ledger is to hold for the account and month, in the account's natural direction (0 brings it to zero); the difference from the ledger's current figure is posted",
  })
  amount: Cents;
}

@InputType()
export class MonthlyActualsMonthInput {
  @Field(() => Int, { description: '1 to 12' })
  month: number;

  @Field(() => [ActualLineInput], {
    description: 'Accounts not listed stay as the ledger holds them',
  })
  lines: ActualLineInput[];
}

@InputType()
export class SaveMonthlyActualsInput {
  @Field(() => Int)
  year: number;

  @Field(() => [MonthlyActualsMonthInput])
  months: MonthlyActualsMonthInput[];
}
