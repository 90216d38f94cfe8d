import { Field, ID, InputType, Int } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';

@InputType()
export class BudgetLineInput {
  @Field(() => ID)
  accountId: string;

  @Field(() => [MoneyScalar], {
    description:
      "Twelve amounts in the order of the fiscal year's months (Budget.months), in the account's natural direction",
  })
  amounts: Cents[];
}

@InputType({ description: "The accounts listed get these amounts; other accounts don't change" })
export class SaveBudgetInput {
  @Field(() => Int)
  year: number;

  @Field(() => [BudgetLineInput])
  lines: BudgetLineInput[];

  @Field(() => Int, {
    nullable: true,
    description:
      'The fiscal-year start month the amounts were entered under (Budget.fiscalYearStartMonth); refused with CONFLICT when the organization has changed it since',
  })
  fiscalYearStartMonth?: number | null;
}

@InputType({ description: 'What to do with one row of the file' })
export class BudgetImportMappingInput {
  @Field(() => Int, { description: 'Row number in the file (the header is row 1)' })
  row: number;

  @Field(() => ID, { nullable: true, description: 'Import the row into this account' })
  accountId?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Leave the row out' })
  skip?: boolean | null;
}
