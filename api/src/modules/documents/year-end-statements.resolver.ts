import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { TrialBalance } from '../journal/index.js';
import { BalanceSheet } from '../reports/index.js';
import {
  cashFlowStatement,
  fundActivities,
  futureRepairs,
  type YearEndCalendar,
  yearEndBalanceSheet,
  yearEndFiscalYears,
  yearEndStatements,
  yearEndTrialBalance,
} from './year-end-statements.service.js';
import {
  CashFlowStatement,
  FundActivities,
  FutureRepairs,
  YearEndFiscalYear,
  YearEndStatements,
} from './year-end-statements.types.js';

const calendar = (ctx: Context): YearEndCalendar => ({
  today: orgToday(ctx),
  fiscalYearStartMonth: ctx.org!.fiscalYearStartMonth,
});

@Resolver(() => YearEndStatements)
export class YearEndStatementsResolver {
  @Query(() => [YearEndFiscalYear], {
    description:
      'The fiscal years of the books, newest first (from the one the first entry is dated in through the current one), and whether each is closed',
  })
  yearEndFiscalYears(@Ctx() ctx: Context): Promise<YearEndFiscalYear[]> {
    return yearEndFiscalYears(ctx.em, calendar(ctx));
  }

  @Query(() => YearEndStatements, {
    description:
      'The year-end statements of a fiscal year (named by the calendar year it ends in), as the books stand: final once the year is closed',
  })
  yearEndStatements(
    @Ctx() ctx: Context,
    @Arg('fiscalYear', () => Int) fiscalYear: number,
  ): Promise<YearEndStatements> {
    return yearEndStatements(ctx.em, calendar(ctx), fiscalYear);
  }

  @FieldResolver(() => BalanceSheet, {
    description: 'The balance sheet by fund at the fiscal year’s last day',
  })
  balanceSheet(@Root() y: YearEndStatements, @Ctx() ctx: Context): Promise<BalanceSheet> {
    return yearEndBalanceSheet(ctx.em, y);
  }

  @FieldResolver(() => FundActivities)
  activities(@Root() y: YearEndStatements, @Ctx() ctx: Context): Promise<FundActivities> {
    return fundActivities(ctx.em, y);
  }

  @FieldResolver(() => CashFlowStatement)
  cashFlows(@Root() y: YearEndStatements, @Ctx() ctx: Context): Promise<CashFlowStatement> {
    return cashFlowStatement(ctx.em, y);
  }

  @FieldResolver(() => FutureRepairs)
  futureRepairs(@Root() y: YearEndStatements, @Ctx() ctx: Context): Promise<FutureRepairs> {
    return futureRepairs(ctx.em, y);
  }

  @FieldResolver(() => TrialBalance, { description: 'At the fiscal year’s last day' })
  trialBalance(@Root() y: YearEndStatements, @Ctx() ctx: Context): Promise<TrialBalance> {
    return yearEndTrialBalance(ctx.em, y);
  }
}
