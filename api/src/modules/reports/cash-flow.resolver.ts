import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { cashFlow } from './cash-flow.service.js';
import { CashFlow } from './cash-flow.types.js';

@Resolver(() => CashFlow)
export class CashFlowResolver {
  @Query(() => CashFlow, {
    description:
      'The cash-flow Sankey of a period (both days included), from the ledger: income accounts → funds → expense accounts, the net transfer between the funds, and what each fund drew from or added to its fund balance. Income and expense flows equal the income statement of the same period',
  })
  cashFlow(
    @Arg('from', () => LocalDateScalar) from: string,
    @Arg('to', () => LocalDateScalar) to: string,
    @Ctx() ctx: Context,
  ): Promise<CashFlow> {
    return cashFlow(ctx.em, { from, to });
  }
}
