import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { type Cents, MoneyScalar } from '../../core/money/money.js';
import { CheckoutRedirect, OnlinePaymentMethod } from '../online-payments/index.js';
import {
  autopayEnrollments,
  cancelAutopay,
  ownerAutopay,
  startAutopaySetup,
  updateAutopay,
} from './autopay.service.js';
import { AutopayEnrollment } from './autopay.types.js';

@Resolver(() => AutopayEnrollment)
export class AutopayResolver {
  @Query(() => AutopayEnrollment, {
    nullable: true,
    description: "The AutoPay of one of the caller's units, or null when it has none",
  })
  ownerAutopay(
    @Arg('unitId', () => ID) unitId: string,
    @Ctx() ctx: Context,
  ): Promise<AutopayEnrollment | null> {
    return ownerAutopay(ctx, unitId);
  }

  @Mutation(() => CheckoutRedirect, {
    description:
      "Save a card or bank account for AutoPay on one of the caller's units (Stripe's page); it replaces the unit's AutoPay once saved",
  })
  startAutopaySetup(
    @Arg('unitId', () => ID) unitId: string,
    @Arg('maxAmount', () => MoneyScalar) maxAmount: Cents,
    @Arg('method', () => OnlinePaymentMethod) method: OnlinePaymentMethod,
    @Ctx() ctx: Context,
  ): Promise<CheckoutRedirect> {
    return startAutopaySetup(ctx, unitId, maxAmount, method);
  }

  @Mutation(() => AutopayEnrollment, { description: 'Change the most AutoPay charges at once' })
  updateAutopay(
    @Arg('unitId', () => ID) unitId: string,
    @Arg('maxAmount', () => MoneyScalar) maxAmount: Cents,
    @Ctx() ctx: Context,
  ): Promise<AutopayEnrollment> {
    return updateAutopay(ctx, unitId, maxAmount);
  }

  @Mutation(() => Boolean, { description: "Stop the unit's AutoPay" })
  cancelAutopay(@Arg('unitId', () => ID) unitId: string, @Ctx() ctx: Context): Promise<boolean> {
    return cancelAutopay(ctx, unitId);
  }

  @Query(() => [AutopayEnrollment], {
    description:
      "Every unit's AutoPay (active and stopped), with its last charge and what went wrong",
  })
  autopayEnrollments(@Ctx() ctx: Context): Promise<AutopayEnrollment[]> {
    return autopayEnrollments(ctx.em);
  }
}
