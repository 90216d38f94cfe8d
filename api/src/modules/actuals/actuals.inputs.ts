import { Field, ID, InputType, Int } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';

@InputType()
export class ActualLineInput {
  @Field(() => ID)
  accountId: string;

  @Field(() => MoneyScalar, {
    description: "In the account's natural direction; 0 clears the account for the month",
  })
  amount: Cents;
}

@InputType()
export class MonthlyActualsMonthInput {
  @Field(() => Int, { description: '1 to 12' })
  month: number;

  @Field(() => [ActualLineInput], { description: "Accounts not listed keep the month's amount" })
  lines: ActualLineInput[];
}

@InputType()
export class SaveMonthlyActualsInput {
  @Field(() => Int)
  year: number;

  @Field(() => [MonthlyActualsMonthInput])
  months: MonthlyActualsMonthInput[];
}
