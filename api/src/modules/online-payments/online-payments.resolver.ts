import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Paged } from '../../core/graphql/connection.js';
import { type Cents, MoneyScalar } from '../../core/money/money.js';
import { OnlinePaymentFilter, OnlinePaymentsSettingsInput } from './online-payments.inputs.js';
import {
  connectStripeAccount,
  listOnlinePayments,
  listPayouts,
  MAX_ONLINE_PAYMENTS_PAGE,
  onlinePaymentsSettings,
  ownerOnlinePayments,
  ownerPaymentQuote,
  startOwnerPayment,
  updateOnlinePaymentsSettings,
} from './online-payments.service.js';
import {
  CheckoutRedirect,
  OnlinePayment,
  OnlinePaymentConnection,
  OnlinePaymentMethod,
  OnlinePaymentsSettings,
  OwnerPaymentQuote,
  StripePayout,
} from './online-payments.types.js';
import { recordWaitingPayments, repostPayouts } from './payouts.service.js';

@Resolver(() => OnlinePayment)
export class OnlinePaymentsResolver {
  @Query(() => OnlinePaymentsSettings, {
    description:
      "Owners' online payments: the association's Stripe account (asked again while it cannot take charges yet) and the fee policy",
  })
  onlinePaymentsSettings(@Ctx() ctx: Context): Promise<OnlinePaymentsSettings> {
    return onlinePaymentsSettings(ctx);
  }

  @Mutation(() => CheckoutRedirect, {
    description:
      "Link the association's own Stripe account (created the first time: Stripe Connect, a Standard account) and open Stripe's onboarding, which returns to returnPath (default /online-payments)",
  })
  connectStripeAccount(
    @Ctx() ctx: Context,
    @Arg('returnPath', () => String, { nullable: true }) returnPath?: string,
  ): Promise<CheckoutRedirect> {
    return connectStripeAccount(ctx, returnPath);
  }

  @Mutation(() => OnlinePaymentsSettings, {
    description:
      'Fee policy and accounts of online payments; payouts and payments kept for a reason are posted again',
  })
  async updateOnlinePaymentsSettings(
    @Arg('input', () => OnlinePaymentsSettingsInput) input: OnlinePaymentsSettingsInput,
    @Ctx() ctx: Context,
  ): Promise<OnlinePaymentsSettings> {
    const settings = await updateOnlinePaymentsSettings(ctx, input);
    try {
      const session = { org: ctx.org!, em: ctx.em };
      await recordWaitingPayments(ctx.services, session);
      await repostPayouts(ctx.services, session);
    } catch (err) {
      // Stripe away: they stay shown with their reason, and are posted on the next save or payout.
      console.error('Posting waiting online payments failed:', err);
    }
    return settings;
  }

  @Query(() => OnlinePaymentConnection, {
    description: "Owners' online payments, newest first, with their status and any failure",
  })
  @Paged(MAX_ONLINE_PAYMENTS_PAGE, 'payments')
  onlinePayments(
    @Ctx() ctx: Context,
    @Arg('filter', () => OnlinePaymentFilter, { nullable: true }) filter?: OnlinePaymentFilter,
    @Arg('first', () => Int, { defaultValue: 50 }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ) {
    return listOnlinePayments(ctx.em, filter ?? {}, first, after);
  }

  @Query(() => [StripePayout], {
    description: "Stripe's payouts to the association's bank, newest first, and their deposits",
  })
  stripePayouts(@Ctx() ctx: Context): Promise<StripePayout[]> {
    return listPayouts(ctx.em);
  }

  @Query(() => OwnerPaymentQuote, {
    description: 'What paying this amount online costs the caller (an owner of the unit)',
  })
  ownerPaymentQuote(
    @Arg('unitId', () => ID) unitId: string,
    @Arg('amount', () => MoneyScalar) amount: Cents,
    @Arg('method', () => OnlinePaymentMethod) method: OnlinePaymentMethod,
    @Ctx() ctx: Context,
  ): Promise<OwnerPaymentQuote> {
    return ownerPaymentQuote(ctx, unitId, amount, method);
  }

  @Mutation(() => CheckoutRedirect, {
    description:
      "Pay toward one of the caller's units on Stripe Checkout (the association's own Stripe account): the URL to go to",
  })
  startOwnerPayment(
    @Arg('unitId', () => ID) unitId: string,
    @Arg('amount', () => MoneyScalar) amount: Cents,
    @Arg('method', () => OnlinePaymentMethod) method: OnlinePaymentMethod,
    @Ctx() ctx: Context,
  ): Promise<CheckoutRedirect> {
    return startOwnerPayment(ctx, unitId, amount, method);
  }

  @Query(() => [OnlinePayment], {
    description: "The online payments of one of the caller's units, newest first",
  })
  ownerOnlinePayments(
    @Arg('unitId', () => ID) unitId: string,
    @Ctx() ctx: Context,
  ): Promise<OnlinePayment[]> {
    return ownerOnlinePayments(ctx, unitId);
  }
}
