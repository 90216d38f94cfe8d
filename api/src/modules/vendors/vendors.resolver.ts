import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import type { Context } from '../../core/context.js';
import { Account } from '../accounts/index.js';
import { CreateVendorInput, UpdateVendorInput } from './vendors.inputs.js';
import { expenseAccountById, spendOfVendor } from './vendors.loaders.js';
import {
  createVendor,
  findVendor,
  listVendors,
  setVendorActive,
  updateVendor,
  vendorSpend,
} from './vendors.service.js';
import { Vendor, VendorFilter, VendorSpendRow } from './vendors.types.js';

@Resolver(() => Vendor)
export class VendorsResolver {
  @Query(() => [Vendor], { description: 'Vendors by name; active ones unless asked otherwise' })
  vendors(
    @Ctx() ctx: Context,
    @Arg('filter', () => VendorFilter, { nullable: true }) filter?: VendorFilter | null,
  ): Promise<Vendor[]> {
    return listVendors(ctx.em, filter ?? {});
  }

  @Query(() => Vendor)
  vendor(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Vendor> {
    return findVendor(ctx.em, id);
  }

  @Query(() => [VendorSpendRow], {
    description:
      'Net spend per vendor over a period (dates included): debits less credits to expense accounts on entries naming the vendor, so reversals net out. Vendors without entries in the period are left out; largest spend first',
  })
  vendorSpend(
    @Arg('from', () => LocalDateScalar) from: string,
    @Arg('to', () => LocalDateScalar) to: string,
    @Ctx() ctx: Context,
  ): Promise<VendorSpendRow[]> {
    return vendorSpend(ctx.em, { from, to });
  }

  @Mutation(() => Vendor, { description: 'Add a vendor (audited)' })
  createVendor(
    @Arg('input', () => CreateVendorInput) input: CreateVendorInput,
    @Ctx() ctx: Context,
  ): Promise<Vendor> {
    return createVendor(ctx.em, input, ctx.auth, ctx.services.secrets);
  }

  @Mutation(() => Vendor, { description: 'Edit a vendor (audited)' })
  updateVendor(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateVendorInput) input: UpdateVendorInput,
    @Ctx() ctx: Context,
  ): Promise<Vendor> {
    return updateVendor(ctx.em, id, input, ctx.auth, ctx.services.secrets);
  }

  @Mutation(() => Vendor, {
    description: 'Hide a vendor and refuse it on new entries; its entries keep naming it',
  })
  deactivateVendor(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Vendor> {
    return setVendorActive(ctx.em, id, false, ctx.auth);
  }

  @Mutation(() => Vendor)
  reactivateVendor(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Vendor> {
    return setVendorActive(ctx.em, id, true, ctx.auth);
  }

  @FieldResolver(() => Account, { nullable: true })
  defaultExpenseAccount(@Root() vendor: Vendor, @Ctx() ctx: Context): Promise<Account | null> {
    if (!vendor.defaultExpenseAccountId) return Promise.resolve(null);
    return ctx.loaders.get(expenseAccountById).load(vendor.defaultExpenseAccountId);
  }

  @FieldResolver(() => MoneyScalar, {
    description: 'Net spend over a period (open-ended without dates); see vendorSpend',
  })
  spend(
    @Root() vendor: Vendor,
    @Ctx() ctx: Context,
    @Arg('from', () => LocalDateScalar, { nullable: true }) from?: string | null,
    @Arg('to', () => LocalDateScalar, { nullable: true }) to?: string | null,
  ): Promise<Total> {
    return ctx.loaders.get(spendOfVendor, from ?? null, to ?? null).load(vendor.id);
  }
}
