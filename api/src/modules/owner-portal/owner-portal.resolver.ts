import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { OwnerPortalSettingsInput } from './owner-portal.inputs.js';
import {
  ownerInvoice,
  ownerInvoices,
  ownerPayment,
  ownerPayments,
  ownerPortal,
  ownerUnitLedger,
  portalSettings,
  updateOwnerPortalSettings,
} from './owner-portal.service.js';
import {
  OwnerInvoice,
  OwnerLedgerLine,
  OwnerPayment,
  OwnerPortal,
  OwnerPortalSettings,
} from './owner-portal.types.js';

// The owner portal: a homeowner's own units (every id checked against the caller's units), and
// the contact details the association's admins set for them.
@Resolver()
export class OwnerPortalResolver {
  @Query(() => OwnerPortal, {
    description:
      "The owner portal's home: the association, the caller's units and what they owe (owners)",
  })
  ownerPortal(@Ctx() ctx: Context): Promise<OwnerPortal> {
    return ownerPortal(ctx);
  }

  @Query(() => [OwnerLedgerLine], {
    description:
      "Charges and payments of one of the caller's units, oldest first, with the running balance; from/to keep the rows of those days (the balance still runs from the first row). Any other unit is NOT_FOUND",
  })
  ownerUnitLedger(
    @Arg('unitId', () => ID) unitId: string,
    @Ctx() ctx: Context,
    @Arg('from', () => LocalDateScalar, { nullable: true }) from?: string | null,
    @Arg('to', () => LocalDateScalar, { nullable: true }) to?: string | null,
  ): Promise<OwnerLedgerLine[]> {
    return ownerUnitLedger(ctx, unitId, from, to);
  }

  @Query(() => [OwnerInvoice], {
    description: "Invoices of one of the caller's units, newest first (any other unit: NOT_FOUND)",
  })
  ownerInvoices(@Arg('unitId', () => ID) unitId: string, @Ctx() ctx: Context) {
    return ownerInvoices(ctx, unitId);
  }

  @Query(() => OwnerInvoice, {
    description: "An invoice of one of the caller's units (any other id: NOT_FOUND)",
  })
  ownerInvoice(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ownerInvoice(ctx, id);
  }

  @Query(() => [OwnerPayment], {
    description: "Payments of one of the caller's units, newest first (any other unit: NOT_FOUND)",
  })
  ownerPayments(@Arg('unitId', () => ID) unitId: string, @Ctx() ctx: Context) {
    return ownerPayments(ctx, unitId);
  }

  @Query(() => OwnerPayment, {
    description: "A payment of one of the caller's units (any other id: NOT_FOUND)",
  })
  ownerPayment(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ownerPayment(ctx, id);
  }

  @Query(() => OwnerPortalSettings, {
    description: 'The contact details and payment instructions owners see in their portal',
  })
  ownerPortalSettings(@Ctx() ctx: Context): Promise<OwnerPortalSettings> {
    return portalSettings(ctx.em);
  }

  @Mutation(() => OwnerPortalSettings, {
    description:
      'Set the contact details and payment instructions owners see (admins); a field left out keeps its value, a blank one removes it',
  })
  updateOwnerPortalSettings(
    @Arg('input', () => OwnerPortalSettingsInput) input: OwnerPortalSettingsInput,
    @Ctx() ctx: Context,
  ): Promise<OwnerPortalSettings> {
    return updateOwnerPortalSettings(ctx.em, ctx.auth, input);
  }
}
