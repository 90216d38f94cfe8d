import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Account, accountById } from '../accounts/index.js';
import { ReceivablesSettingsInput } from './assessments.inputs.js';
import { ReceivablesSettings } from './assessments.types.js';
import { receivablesSettings, updateReceivablesSettings } from './receivables-settings.service.js';

@Resolver(() => ReceivablesSettings)
export class ReceivablesSettingsResolver {
  @Query(() => ReceivablesSettings, {
    description:
      'The receivable account invoices post to, the default deposit account, and Undeposited Funds',
  })
  receivablesSettings(@Ctx() ctx: Context) {
    return receivablesSettings(ctx.em, ctx.auth);
  }

  @Mutation(() => ReceivablesSettings)
  updateReceivablesSettings(
    @Arg('input', () => ReceivablesSettingsInput) input: ReceivablesSettingsInput,
    @Ctx() ctx: Context,
  ) {
    return updateReceivablesSettings(ctx.em, ctx.auth, input);
  }

  @FieldResolver(() => Account)
  receivableAccount(@Root() s: ReceivablesSettings, @Ctx() ctx: Context) {
    return accountById(ctx, s.receivableAccountId);
  }

  // Null by design until a default deposit account is chosen.
  @FieldResolver(() => Account, { nullable: true })
  depositAccount(@Root() s: ReceivablesSettings, @Ctx() ctx: Context) {
    return s.depositAccountId ? accountById(ctx, s.depositAccountId) : null;
  }

  // Null while the association does not keep Undeposited Funds.
  @FieldResolver(() => Account, { nullable: true })
  undepositedAccount(@Root() s: ReceivablesSettings, @Ctx() ctx: Context) {
    return s.undepositedAccountId ? accountById(ctx, s.undepositedAccountId) : null;
  }
}
