import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { FundType } from '../accounts/index.js';
import { SaveMonthlyActualsInput } from './actuals.inputs.js';
import {
  cashAccounts,
  getMonthlyActuals,
  saveMonthlyActuals,
  setCashAccount,
} from './actuals.service.js';
import { ActualsCashAccount, MonthlyActuals, SavedMonthlyActuals } from './actuals.types.js';

@Resolver(() => MonthlyActuals)
export class ActualsResolver {
  @Query(() => MonthlyActuals, {
    description:
      "The ledger's actuals per income/expense account and month of a year (every source), with the part Monthly Actuals posted",
  })
  monthlyActuals(
    @Arg('year', () => Int) year: number,
    @Ctx() ctx: Context,
  ): Promise<MonthlyActuals> {
    return getMonthlyActuals(ctx.em, year);
  }

  @Query(() => [ActualsCashAccount], {
    description: "The account each fund's monthly actuals post against",
  })
  actualsCashAccounts(@Ctx() ctx: Context): Promise<ActualsCashAccount[]> {
    return cashAccounts(ctx.em);
  }

  @Mutation(() => SavedMonthlyActuals, {
    description:
      "Bring the ledger's actuals of months of a year to the figures given. For each month and fund, the differences from the ledger's current figures are posted as one new reconciled adjustment entry (source MONTHLY_ACTUALS, dated the month's last day, owned by the month) against the fund's cash account; figures the ledger already holds post nothing. One transaction (audited)",
  })
  saveMonthlyActuals(
    @Arg('input', () => SaveMonthlyActualsInput) input: SaveMonthlyActualsInput,
    @Ctx() ctx: Context,
  ): Promise<SavedMonthlyActuals> {
    return saveMonthlyActuals(ctx.em, ctx.auth, input.year, input.months);
  }

  @Mutation(() => [ActualsCashAccount], {
    description: "Choose the asset account a fund's monthly actuals post against (audited)",
  })
  setActualsCashAccount(
    @Arg('fundType', () => FundType) fundType: FundType,
    @Arg('accountId', () => ID) accountId: string,
    @Ctx() ctx: Context,
  ): Promise<ActualsCashAccount[]> {
    return setCashAccount(ctx.em, ctx.auth, fundType, accountId);
  }
}
