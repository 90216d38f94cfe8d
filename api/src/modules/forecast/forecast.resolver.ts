import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { cashForecast } from './forecast.service.js';
import { CashForecast, ForecastFund } from './forecast.types.js';

@Resolver(() => CashForecast)
export class ForecastResolver {
  @Query(() => CashForecast, {
    description:
      "Cash-flow forecast by month from the month of the association's today: opening cash from the ledger, assessments at the collection rate, the budget's expenses and reserve transfer, investment maturities and capital projects; with the lowest projected balance",
  })
  cashForecast(
    @Ctx() ctx: Context,
    @Arg('fund', () => ForecastFund, { defaultValue: ForecastFund.ALL }) fund: ForecastFund,
    @Arg('months', () => Int, { defaultValue: 24, description: '1 to 60' }) months: number,
  ): Promise<CashForecast> {
    return cashForecast(ctx.em, {
      today: orgToday(ctx),
      fiscalYearStartMonth: ctx.org!.fiscalYearStartMonth,
      fund,
      months,
    });
  }
}
