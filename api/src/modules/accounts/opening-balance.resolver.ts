import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { type Cents, MoneyScalar } from '../../core/money/money.js';
import { Account } from './accounts.entity.js';
import { setAccountOpeningBalance } from './opening-balance.service.js';

@Resolver()
export class AccountOpeningBalanceResolver {
  @Mutation(() => Account, {
    description:
      "The opening balance of an account already in the chart and without postings (e.g. the standard chart's bank accounts): the entry createAccount posts with initialBalance, against the fund's opening balance equity. Control accounts are refused (their subledger brings theirs)",
  })
  setAccountOpeningBalance(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('amount', () => MoneyScalar, {
      description: "In the account's normal direction; negative for the other side",
    })
    amount: Cents,
    @Arg('date', () => LocalDateScalar) date: string,
    @Ctx() ctx: Context,
    @Arg('name', () => String, {
      nullable: true,
      description: 'A new name for the account, saved with the balance (e.g. with the bank’s name)',
    })
    name?: string | null,
  ): Promise<Account> {
    return setAccountOpeningBalance(ctx.em, ctx.auth, { accountId, amount, date, name });
  }
}
