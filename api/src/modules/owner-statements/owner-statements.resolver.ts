import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { ownerStatement, ownerStatements } from './owner-statements.service.js';
import { OwnerStatement, OwnerStatementMonth } from './owner-statements.types.js';

@Resolver(() => OwnerStatement)
export class OwnerStatementsResolver {
  @Query(() => [OwnerStatementMonth], {
    description:
      "A unit's monthly statements in figures, newest first: from the month of its first activity to the current month (read to date). An owner reads only their own units",
  })
  ownerStatements(@Arg('unitId', () => ID) unitId: string, @Ctx() ctx: Context) {
    return ownerStatements(ctx, unitId);
  }

  @Query(() => OwnerStatement, {
    description:
      "A unit's statement of a month: opening balance, the month's charges and payments (the unit ledger's rows), closing balance, what is due when, how to pay, and a link to its PDF. An owner reads only their own units",
  })
  ownerStatement(
    @Arg('unitId', () => ID) unitId: string,
    @Arg('month', () => String, { description: 'The month, "2026-03"' }) month: string,
    @Ctx() ctx: Context,
  ) {
    return ownerStatement(ctx, unitId, month);
  }
}
