import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Account, accountById } from '../accounts/index.js';
import { PayablesSettingsInput } from './payables.inputs.js';
import { PayablesSettings } from './payables.types.js';
import { payablesSettings, updatePayablesSettings } from './payables-settings.service.js';

@Resolver(() => PayablesSettings)
export class PayablesSettingsResolver {
  @Query(() => PayablesSettings)
  payablesSettings(@Ctx() ctx: Context): Promise<PayablesSettings> {
    return payablesSettings(ctx.em);
  }

  @Mutation(() => PayablesSettings, {
    description:
      'Choose Accounts Payable (only while no standing bill posts to the current one) and the approval policy (admins)',
  })
  updatePayablesSettings(
    @Arg('input', () => PayablesSettingsInput) input: PayablesSettingsInput,
    @Ctx() ctx: Context,
  ): Promise<PayablesSettings> {
    return updatePayablesSettings(ctx.em, ctx.auth, input);
  }

  @FieldResolver(() => Account, { nullable: true })
  payableAccount(@Root() s: PayablesSettings, @Ctx() ctx: Context): Promise<Account> | null {
    return s.payableAccountId ? accountById(ctx, s.payableAccountId) : null;
  }
}
