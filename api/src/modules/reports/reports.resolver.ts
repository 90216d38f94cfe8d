import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { FundType } from '../accounts/index.js';
import { budgetVsActual } from './budget-vs-actual.service.js';
import { BudgetVsActual } from './budget-vs-actual.types.js';

@Resolver(() => BudgetVsActual)
export class ReportsResolver {
  @Query(() => BudgetVsActual, {
    description:
      'Budget vs Actual for a fiscal year (named by the calendar year it ends in; its months follow the organization’s fiscal-year start): the whole year, one month, or the fiscal year’s first month through a month (yearToDate; without a month, through the current month in the organization’s time zone). Actuals come from the ledger',
  })
  budgetVsActual(
    @Arg('year', () => Int) year: number,
    @Ctx() ctx: Context,
    @Arg('month', () => Int, {
      nullable: true,
      description: 'A calendar month of the fiscal year, 1 to 12; omit for the whole year',
    })
    month?: number | null,
    @Arg('yearToDate', () => Boolean, {
      defaultValue: false,
      description:
        'From the first month of the fiscal year through month (or through the current month) instead of the month alone',
    })
    yearToDate: boolean = false,
    @Arg('fundType', () => FundType, { nullable: true }) fundType?: FundType | null,
  ): Promise<BudgetVsActual> {
    return budgetVsActual(ctx.em, {
      year,
      month,
      yearToDate,
      fundType,
      fiscalYearStartMonth: ctx.org!.fiscalYearStartMonth,
      today: orgToday(ctx),
    });
  }
}
