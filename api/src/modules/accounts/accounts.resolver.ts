import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Account } from './accounts.entity.js';
import { CreateAccountInput, UpdateAccountInput } from './accounts.inputs.js';
import {
  createAccount,
  findAccount,
  listAccounts,
  setArchived,
  updateAccount,
} from './accounts.service.js';

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
    return createAccount(ctx.em, input, ctx.auth);
  }

  @Query(() => Account)
  account(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Account> {
    return findAccount(ctx.em, id);
  }

  @Mutation(() => Account, { description: 'Edit any field of an account (audited)' })
  updateAccount(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateAccountInput) input: UpdateAccountInput,
    @Ctx() ctx: Context,
  ): Promise<Account> {
    return updateAccount(ctx.em, id, input, ctx.auth);
  }

  @Mutation(() => Account, { description: 'Hide an account and refuse new postings to it' })
  archiveAccount(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Account> {
    return setArchived(ctx.em, id, true, ctx.auth);
  }

  @Mutation(() => Account)
  restoreAccount(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Account> {
    return setArchived(ctx.em, id, false, ctx.auth);
  }
}
