import { Field, Float, Int, ObjectType } from 'type-graphql';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { AccountType, FundType, WithAccountColumns } from '../accounts/index.js';

@ObjectType({
  description: "Budget and actual in the account's natural direction; variance = actual − budget",
})
export class BudgetVsActualFigures {
  @Field(() => MoneyScalar)
  budget: Total;

  @Field(() => MoneyScalar, { description: 'From the ledger: every posting, not only actuals' })
  actual: Total;

  @Field(() => MoneyScalar, { description: 'Actual minus budget' })
  variance: Total;

  @Field(() => Float, {
    nullable: true,
    description: 'Variance as a percentage of the budget (one decimal); null when the budget is 0',
  })
  variancePercent: number | null;

  @Field(() => Boolean, {
    description:
      'Income (and net) at or over budget, expense at or under budget; a zero variance counts as favourable',
  })
  favourable: boolean;
}

@ObjectType()
export class BudgetVsActualRow extends WithAccountColumns(BudgetVsActualFigures) {}

@ObjectType({ description: 'Subtotal of one account type within one fund' })
export class BudgetVsActualSubtotal extends BudgetVsActualFigures {
  @Field(() => FundType)
  fundType: FundType;

  @Field(() => AccountType)
  type: AccountType;
}

@ObjectType({ description: "A month's income and expense totals (for a chart of the year)" })
export class BudgetVsActualMonth {
  @Field(() => Int)
  month: number;

  @Field(() => MoneyScalar)
  incomeBudget: Total;

  @Field(() => MoneyScalar)
  incomeActual: Total;

  @Field(() => MoneyScalar)
  expenseBudget: Total;

  @Field(() => MoneyScalar)
  expenseActual: Total;
}

@ObjectType({ description: 'Budget vs Actual for a period of a fiscal year' })
export class BudgetVsActual {
  @Field(() => Int)
  year: number;

  @Field(() => Int, { description: 'First month of the period (1 to 12)' })
  fromMonth: number;

  @Field(() => Int, { description: 'Last month of the period (1 to 12)' })
  toMonth: number;

  @Field(() => FundType, { nullable: true })
  fundType: FundType | null;

  @Field(() => [BudgetVsActualRow], {
    description:
      'Income and expense accounts by fund, type and number (archived ones only with figures)',
  })
  rows: BudgetVsActualRow[];

  @Field(() => [BudgetVsActualSubtotal], { description: 'By fund and account type' })
  subtotals: BudgetVsActualSubtotal[];

  @Field(() => BudgetVsActualFigures)
  totalIncome: BudgetVsActualFigures;

  @Field(() => BudgetVsActualFigures)
  totalExpense: BudgetVsActualFigures;

  @Field(() => BudgetVsActualFigures, { description: 'Income minus expense' })
  net: BudgetVsActualFigures;

  @Field(() => [BudgetVsActualMonth], {
    description: 'January to December of the year, whatever the period',
  })
  months: BudgetVsActualMonth[];
}
