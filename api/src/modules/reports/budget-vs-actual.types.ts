import { LocalDateScalar } from '../../core/graphql/local-date.js';
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
      'Income (and net) at or over budget, expense at or under budget; a zero variance counts as favorable',
  })
  favorable: boolean;

  // The British spelling shipped first; power users' saved queries keep working.
  @Field(() => Boolean, { deprecationReason: 'Use `favorable` (the API speaks US English)' })
  favourable: boolean;
}

const TRANSFER =
  'An interfund transfer account: INCOME is a transfer into its fund, EXPENSE one out of it; counted in the transfer totals, never in total income or total expense';

@ObjectType()
export class BudgetVsActualRow extends WithAccountColumns(BudgetVsActualFigures) {
  @Field(() => Boolean, { description: TRANSFER })
  transfer: boolean;
}

@ObjectType({
  description:
    'Subtotal of one account type within one fund: its ordinary accounts, or its transfer accounts (transfer)',
})
export class BudgetVsActualSubtotal extends BudgetVsActualFigures {
  @Field(() => FundType)
  fundType: FundType;

  @Field(() => AccountType)
  type: AccountType;

  @Field(() => Boolean, {
    description: 'The transfer accounts of the type: INCOME transfers in, EXPENSE transfers out',
  })
  transfer: boolean;
}

@ObjectType({
  description:
    "A month's income and expense totals (for a chart of the year), transfer accounts left out",
})
export class BudgetVsActualMonth {
  @Field(() => Int, { description: 'Calendar month, 1 (January) to 12' })
  month: number;

  @Field(() => Int, { description: 'Calendar year of the month' })
  year: number;

  @Field(() => String, { description: 'E.g. "Jul 2026"' })
  label: string;

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
  @Field(() => Int, { description: 'The fiscal year, named by the calendar year it ends in' })
  year: number;

  @Field(() => Int, { description: 'First month (1 to 12) of the fiscal year' })
  fiscalYearStartMonth: number;

  @Field(() => Int, { description: 'First month of the period (a calendar month, 1 to 12)' })
  fromMonth: number;

  @Field(() => Int, { description: 'Last month of the period (a calendar month, 1 to 12)' })
  toMonth: number;

  @Field(() => LocalDateScalar, { description: 'First day of the period' })
  from: string;

  @Field(() => LocalDateScalar, { description: 'Last day of the period' })
  to: string;

  @Field(() => FundType, { nullable: true })
  fundType: FundType | null;

  @Field(() => [BudgetVsActualRow], {
    description:
      'Income and expense accounts by fund, type and number (archived ones only with figures)',
  })
  rows: BudgetVsActualRow[];

  @Field(() => [BudgetVsActualSubtotal], {
    description: 'By fund, ordinary accounts before transfer accounts, and account type',
  })
  subtotals: BudgetVsActualSubtotal[];

  @Field(() => BudgetVsActualFigures, {
    description: 'Income accounts, transfer accounts left out',
  })
  totalIncome: BudgetVsActualFigures;

  @Field(() => BudgetVsActualFigures, {
    description: 'Expense accounts, transfer accounts left out',
  })
  totalExpense: BudgetVsActualFigures;

  @Field(() => BudgetVsActualFigures, {
    description: 'Income minus expense: the excess of income over expenses, before transfers',
  })
  net: BudgetVsActualFigures;

  @Field(() => BudgetVsActualFigures, { description: 'Transfer accounts of income type' })
  transfersIn: BudgetVsActualFigures;

  @Field(() => BudgetVsActualFigures, { description: 'Transfer accounts of expense type' })
  transfersOut: BudgetVsActualFigures;

  @Field(() => BudgetVsActualFigures, {
    description:
      'Transfers in minus transfers out: 0 over both funds when both sides of every transfer are marked; a fund alone shows what moved into (out of) it',
  })
  netTransfers: BudgetVsActualFigures;

  @Field(() => BudgetVsActualFigures, {
    description: 'Change in fund balance: net plus net transfers',
  })
  changeInFundBalance: BudgetVsActualFigures;

  @Field(() => [BudgetVsActualMonth], {
    description:
      'The twelve months of the fiscal year in order (January to December with a January start), whatever the period',
  })
  months: BudgetVsActualMonth[];
}
