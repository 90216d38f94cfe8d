import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';

export enum ForecastFund {
  OPERATING = 'operating',
  RESERVE = 'reserve',
  ALL = 'all',
}
registerEnumType(ForecastFund, {
  name: 'ForecastFund',
  description: 'The operating fund, the reserve fund, or both together',
});

@ObjectType({
  description:
    'One month of the cash-flow forecast: opening + assessments + otherIncome − expenses − bills + investmentFlows − capitalProjects + transfers = closing',
})
export class CashForecastMonth {
  @Field(() => String, { description: 'The calendar month, "2026-03"' })
  month: string;

  @Field(() => MoneyScalar)
  opening: Total;

  @Field(() => MoneyScalar, {
    description: "Projected assessment income × the association's collection rate",
  })
  assessments: Total;

  @Field(() => MoneyScalar, {
    description:
      'Other budgeted income (not assessments, not the reserve contribution, not investment interest)',
  })
  otherIncome: Total;

  @Field(() => MoneyScalar, { description: 'Budgeted expenses (positive: money out)' })
  expenses: Total;

  @Field(() => MoneyScalar, {
    description: 'Investments maturing this month: principal and interest back to cash',
  })
  investmentFlows: Total;

  @Field(() => MoneyScalar, {
    description: 'Capital project spending (positive: money out)',
  })
  capitalProjects: Total;

  @Field(() => MoneyScalar, {
    description:
      'Bills entered before the first month and unpaid then, in the month they fall due (overdue ones in the first month); positive: money out',
  })
  bills: Total;

  @Field(() => MoneyScalar, {
    description:
      'The reserve contribution: negative out of operating, positive into reserve, zero for ALL',
  })
  transfers: Total;

  @Field(() => MoneyScalar)
  closing: Total;
}

@ObjectType({ description: 'The lowest projected closing balance and its month' })
export class CashForecastLowest {
  @Field(() => String, { description: '"2027-01"' })
  month: string;

  @Field(() => MoneyScalar)
  balance: Total;
}

@ObjectType({
  description:
    'A month-by-month cash forecast from the ledger, the assessment rates, the budget, investments and capital projects',
})
export class CashForecast {
  @Field(() => LocalDateScalar, { description: "The association's today" })
  asOf: string;

  @Field(() => LocalDateScalar, {
    description: 'The day the opening cash is read on: the last day before the first month',
  })
  openingAsOf: string;

  @Field(() => ForecastFund)
  fund: ForecastFund;

  @Field(() => [CashForecastMonth])
  months: CashForecastMonth[];

  @Field(() => CashForecastLowest)
  lowest: CashForecastLowest;

  @Field(() => String, {
    description:
      'Payments applied ÷ assessments billed over the 12 months before the first month, in percent with one decimal, at most "100.0"',
  })
  collectionRate: string;

  @Field(() => Int, { description: 'The fiscal-year start month the budget months follow' })
  fiscalYearStartMonth: number;

  @Field(() => [String], { description: 'How the figures were made, one sentence each' })
  assumptions: string[];
}
