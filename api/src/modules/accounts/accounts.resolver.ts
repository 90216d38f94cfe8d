import { LocalDateScalar } from '../../core/graphql/local-date.js';
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import { askedFields } from '../../core/graphql/selection.js';
import type { Context } from '../../core/context.js';
import { Account } from './accounts.entity.js';
import { CreateAccountInput, UpdateAccountInput } from './accounts.inputs.js';
import { lastPostingDateOf, reclassificationsOf } from './accounts.loaders.js';
import {
  createAccount,
  findAccount,
  listAccounts,
  setArchived,
  updateAccount,
} from './accounts.service.js';
import { AccountReclassification } from './accounts.types.js';

@Resolver(() => Account)
export class AccountsResolver {
  @Query(() => [Account], { description: 'The chart of accounts, by account number' })
  accounts(
    @Ctx() ctx: Context,
    @Arg('includeArchived', () => Boolean, { defaultValue: false }) includeArchived: boolean,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Account[]> {
    return listAccounts(ctx.em, { includeArchived, fields: askedFields(info) });
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

  @Mutation(() => Account, {
    description:
      'Edit any field of an account (audited). The type or fund of an account with postings changes as of an `effectiveDate` after its latest posting: earlier reports keep the old ones (see AccountReclassification)',
  })
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

  @FieldResolver(() => LocalDateScalar, {
    nullable: true,
    description:
      'Date of the latest posting (null without postings); a change of type or fund takes effect after it',
  })
  lastPostingDate(@Root() account: Account, @Ctx() ctx: Context): Promise<string | null> {
    return ctx.loaders.get(lastPostingDateOf).load(account.id);
  }

  @FieldResolver(() => [AccountReclassification], {
    description: 'Its changes of type or fund since it had postings, oldest first',
  })
  reclassifications(
    @Root() account: Account,
    @Ctx() ctx: Context,
  ): Promise<AccountReclassification[]> {
    return ctx.loaders.get(reclassificationsOf).load(account.id);
  }
}
