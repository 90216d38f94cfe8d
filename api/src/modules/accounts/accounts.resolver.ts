import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../server/context.js';
import { Account } from './account.entity.js';
import { CreateAccountInput } from './account.inputs.js';
import { createAccount, listAccounts } from './accounts.service.js';

@Resolver(() => Account)
export class AccountsResolver {
  @Query(() => [Account], { description: 'The chart of accounts, by account number' })
  accounts(
    @Ctx() ctx: Context,
    @Arg('includeArchived', () => Boolean, { defaultValue: false }) includeArchived: boolean,
  ): Promise<Account[]> {
    return listAccounts(ctx.em, { includeArchived });
  }

  @Mutation(() => Account, { description: 'Add an account to the chart of accounts' })
  createAccount(
    @Ctx() ctx: Context,
    @Arg('input', () => CreateAccountInput) input: CreateAccountInput,
  ): Promise<Account> {
    return createAccount(ctx.em, input);
  }
}
