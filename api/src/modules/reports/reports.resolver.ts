import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { FundType } from '../accounts/index.js';
import { budgetVsActual } from './budget-vs-actual.service.js';
import { BudgetVsActual } from './budget-vs-actual.types.js';

@Resolver(() => BudgetVsActual)
export class ReportsResolver {
  @Query(() => BudgetVsActual, {
    description:
      'Budget vs Actual for a fiscal year: the whole year, one month, or January through a month (yearToDate). Actuals come from the ledger',
  })
  budgetVsActual(
    @Arg('year', () => Int) year: number,
    @Ctx() ctx: Context,
    @Arg('month', () => Int, { nullable: true, description: '1 to 12; omit for the whole year' })
    month?: number | null,
    @Arg('yearToDate', () => Boolean, {
      defaultValue: false,
      description: 'January through month instead of the month alone',
    })
    yearToDate: boolean = false,
    @Arg('fundType', () => FundType, { nullable: true }) fundType?: FundType | null,
  ): Promise<BudgetVsActual> {
    return budgetVsActual(ctx.em, { year, month, yearToDate, fundType });
  }
}
