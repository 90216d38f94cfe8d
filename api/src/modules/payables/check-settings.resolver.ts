import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { CheckSettingsInput } from './bill-payments.inputs.js';
import { CheckSettings } from './bill-payments.types.js';
import { checkSettings, setCheckSettings } from './check-settings.service.js';

@Resolver(() => CheckSettings)
export class CheckSettingsResolver {
  @Query(() => CheckSettings, {
    description: "A bank account's check printing: next check number and the MICR line's numbers",
  })
  checkSettings(
    @Arg('bankAccountId', () => ID) bankAccountId: string,
    @Ctx() ctx: Context,
  ): Promise<CheckSettings> {
    return checkSettings(ctx.em, bankAccountId);
  }

  @Mutation(() => CheckSettings, {
    description:
      "Set a bank account's next check number, routing number (9 digits, checked) and account number (sealed; only its last four are shown again): organization admins",
  })
  setCheckSettings(
    @Arg('input', () => CheckSettingsInput) input: CheckSettingsInput,
    @Ctx() ctx: Context,
  ): Promise<CheckSettings> {
    return setCheckSettings(ctx.em, ctx.services.secrets, ctx.auth, input);
  }
}
