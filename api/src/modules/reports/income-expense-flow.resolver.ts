import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { incomeExpenseFlow } from './income-expense-flow.service.js';
import { IncomeExpenseFlow } from './income-expense-flow.types.js';

const DESCRIPTION =
  'The income and expense flow (a Sankey) of a period, both days included, from the ledger: income accounts → funds → expense accounts, the transfers between the funds, and what each fund drew from or added to its fund balance. Income and expense flows equal the income statement of the same period. Not a statement of cash flows: it follows income and expense as posted, not cash';

@Resolver(() => IncomeExpenseFlow)
export class IncomeExpenseFlowResolver {
  @Query(() => IncomeExpenseFlow, { description: DESCRIPTION })
  incomeExpenseFlow(
    @Arg('from', () => LocalDateScalar) from: string,
    @Arg('to', () => LocalDateScalar) to: string,
    @Ctx() ctx: Context,
  ): Promise<IncomeExpenseFlow> {
    return incomeExpenseFlow(ctx.em, { from, to });
  }

  // The name it shipped under; power users' saved queries keep working.
  @Query(() => IncomeExpenseFlow, {
    description: DESCRIPTION,
    deprecationReason:
      'Use `incomeExpenseFlow`: the report is an income and expense flow by fund, not a statement of cash flows',
  })
  cashFlow(
    @Arg('from', () => LocalDateScalar) from: string,
    @Arg('to', () => LocalDateScalar) to: string,
    @Ctx() ctx: Context,
  ): Promise<IncomeExpenseFlow> {
    return incomeExpenseFlow(ctx.em, { from, to });
  }
}
