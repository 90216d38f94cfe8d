import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import {
  closeFiscalYear,
  closeMonth,
  periods,
  reopenMonth,
  type Calendar,
} from './periods.service.js';
import { ClosePeriodInput, Periods, ReopenPeriodInput } from './periods.types.js';

const calendarOf = (ctx: Context): Calendar => ({
  today: orgToday(ctx),
  fiscalYearStartMonth: ctx.org?.fiscalYearStartMonth ?? 1,
});

@Resolver()
export class PeriodsResolver {
  @Query(() => Periods, {
    description:
      'The closed periods: months (newest first) with their bank reconciliations, fiscal years, and every close and reopen',
  })
  periods(
    @Ctx() ctx: Context,
    @Arg('months', () => Int, { nullable: true, description: 'How many months (24, at most 120)' })
    months?: number | null,
  ): Promise<Periods> {
    return periods(ctx.em, ctx.platformEm, calendarOf(ctx), { months: months ?? undefined });
  }

  @Mutation(() => Periods, {
    description:
      'Close a month (admins): nothing can then be posted, reversed, voided or imported with a date in it',
  })
  async closeMonth(@Ctx() ctx: Context, @Arg('input') input: ClosePeriodInput): Promise<Periods> {
    await closeMonth(ctx.em, ctx.auth, calendarOf(ctx), input);
    return periods(ctx.em, ctx.platformEm, calendarOf(ctx));
  }

  @Mutation(() => Periods, {
    description: 'Close a fiscal year whose months are all closed (admins)',
  })
  async closeFiscalYear(
    @Ctx() ctx: Context,
    @Arg('fiscalYear', () => Int) fiscalYear: number,
  ): Promise<Periods> {
    await closeFiscalYear(ctx.em, ctx.auth, calendarOf(ctx), fiscalYear);
    return periods(ctx.em, ctx.platformEm, calendarOf(ctx));
  }

  @Mutation(() => Periods, {
    description: 'Reopen the latest closed month (admins), with a reason; audited',
  })
  async reopenMonth(@Ctx() ctx: Context, @Arg('input') input: ReopenPeriodInput): Promise<Periods> {
    await reopenMonth(ctx.em, ctx.auth, input);
    return periods(ctx.em, ctx.platformEm, calendarOf(ctx));
  }
}
