import { GraphQLLocalDate } from 'graphql-scalars';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { defineLoader } from '../../core/loaders.js';
import { MoneyScalar, type Cents } from '../../core/money/money.js';
import type { Context } from '../../core/context.js';
import { Account } from '../accounts/account.entity.js';
import { listAccounts } from '../accounts/accounts.service.js';
import { JournalEntry } from '../journal/journal.types.js';
import { CreateVendorInput, UpdateVendorInput } from './vendor.inputs.js';
import { Vendor, VendorFilter, VendorSpendRow } from './vendor.types.js';
import {
  createVendor,
  findVendor,
  listVendors,
  setVendorActive,
  spendByVendor,
  updateVendor,
  vendorsByIds,
} from './vendors.service.js';

// One query for every vendor named in a response (entry lists name many).
const vendorById = defineLoader<string, Vendor | null>('vendorById', async (ctx, ids) => {
  const found = new Map((await vendorsByIds(ctx.em, ids)).map((v) => [v.id, v]));
  return ids.map((id) => found.get(id) ?? null);
});

// The chart is small: one query for all of it serves every vendor of the response.
const expenseAccountById = defineLoader<string, Account | null>(
  'expenseAccountById',
  async (ctx, ids) => {
    const all = new Map(
      (await listAccounts(ctx.em, { includeArchived: true })).map((a) => [a.id, a]),
    );
    return ids.map((id) => all.get(id) ?? null);
  },
);

const spendOfVendor = defineLoader<string, Cents, [string | null, string | null]>(
  'spendOfVendor',
  async (ctx, ids, from, to) => {
    const rows = new Map(
      (await spendByVendor(ctx.em, { from, to }, ids)).map((r) => [r.vendorId, r.total]),
    );
    return ids.map((id) => rows.get(id) ?? 0);
  },
);

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
  async vendorSpend(
    @Arg('from', () => GraphQLLocalDate) from: string,
    @Arg('to', () => GraphQLLocalDate) to: string,
    @Ctx() ctx: Context,
  ): Promise<VendorSpendRow[]> {
    const rows = await spendByVendor(ctx.em, { from, to });
    const vendors = new Map(
      (
        await vendorsByIds(
          ctx.em,
          rows.map((r) => r.vendorId),
        )
      ).map((v) => [v.id, v]),
    );
    return rows
      .map((r) => ({ vendor: vendors.get(r.vendorId)!, total: r.total, entryCount: r.entryCount }))
      .sort((a, b) => b.total - a.total || a.vendor.name.localeCompare(b.vendor.name));
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
    @Arg('from', () => GraphQLLocalDate, { nullable: true }) from?: string | null,
    @Arg('to', () => GraphQLLocalDate, { nullable: true }) to?: string | null,
  ): Promise<Cents> {
    return ctx.loaders.get(spendOfVendor, from ?? null, to ?? null).load(vendor.id);
  }
}

@Resolver(() => JournalEntry)
export class JournalEntryVendorResolver {
  @FieldResolver(() => Vendor, { nullable: true, description: 'The vendor the entry names' })
  vendor(@Root() entry: JournalEntry, @Ctx() ctx: Context): Promise<Vendor | null> {
    if (!entry.vendorId) return Promise.resolve(null);
    return ctx.loaders.get(vendorById).load(entry.vendorId);
  }
}
