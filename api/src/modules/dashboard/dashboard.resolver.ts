import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { InvestmentsMaturing, investmentsMaturingWithin } from '../investments/index.js';
import { JournalEntry } from '../journal/index.js';
import {
  attentionItems,
  cashTile,
  dashboardOn,
  incomeExpenseTile,
  receivablesTile,
  recentTransactions,
} from './dashboard.service.js';
import {
  Dashboard,
  DashboardAttentionItem,
  DashboardCash,
  DashboardIncomeExpense,
  DashboardReceivables,
} from './dashboard.types.js';

// The root answers at once with the date; each tile is a field resolver that reads only when the
// query asks for it. The web asks for every tile in one request.
@Resolver(() => Dashboard)
export class DashboardResolver {
  @Query(() => Dashboard, {
    description:
      "The dashboard as of a date (omitted: the association's today): cash by fund, income and expense against budget, receivables, recent transactions and what needs attention",
  })
  dashboard(
    @Ctx() ctx: Context,
    @Arg('asOf', () => LocalDateScalar, { nullable: true }) asOf?: string | null,
  ): Dashboard {
    return dashboardOn({
      asOf: asOf ?? orgToday(ctx),
      fiscalYearStartMonth: ctx.org!.fiscalYearStartMonth,
    });
  }

  @FieldResolver(() => DashboardCash, { description: 'Cash by fund with a twelve-month trend' })
  cash(@Root() d: Dashboard, @Ctx() ctx: Context): Promise<DashboardCash> {
    return cashTile(ctx.em, d);
  }

  @FieldResolver(() => DashboardIncomeExpense, {
    description: 'Income and expense of the fiscal year to date against budget, by fund and total',
  })
  incomeExpense(@Root() d: Dashboard, @Ctx() ctx: Context): Promise<DashboardIncomeExpense> {
    return incomeExpenseTile(ctx.em, d, ctx.org!.fiscalYearStartMonth);
  }

  @FieldResolver(() => DashboardReceivables, {
    description: 'What owners owe and how many units are delinquent',
  })
  receivables(@Root() d: Dashboard, @Ctx() ctx: Context): Promise<DashboardReceivables> {
    return receivablesTile(ctx.em, d);
  }

  @FieldResolver(() => InvestmentsMaturing, {
    description:
      'Active investments maturing within 90 days of asOf (or past their maturity date and not acted on): count, expected proceeds, the first one',
  })
  investmentsMaturing(@Root() d: Dashboard, @Ctx() ctx: Context): Promise<InvestmentsMaturing> {
    return investmentsMaturingWithin(ctx.em, d.asOf, 90);
  }

  @FieldResolver(() => [JournalEntry], {
    description: 'The last 8 journal entries dated on or before asOf, newest first (date, number)',
  })
  recentTransactions(@Root() d: Dashboard, @Ctx() ctx: Context): Promise<JournalEntry[]> {
    return recentTransactions(ctx.em, d);
  }

  @FieldResolver(() => [DashboardAttentionItem], {
    description:
      'What needs attention, most urgent first: cash below zero, late fees not assessed, months without monthly actuals. Empty when all is well',
  })
  attention(@Root() d: Dashboard, @Ctx() ctx: Context): Promise<DashboardAttentionItem[]> {
    return attentionItems(ctx.em, d);
  }
}
