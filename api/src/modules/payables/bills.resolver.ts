import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { Connection, Paged } from '../../core/graphql/connection.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { defineLoader } from '../../core/loaders.js';
import { Account, accountById } from '../accounts/index.js';
import { Vendor, vendorById } from '../vendors/index.js';
import { notifyApprovers } from './approvals.service.js';
import {
  createBill,
  duplicatesOf,
  findBill,
  isOverdue,
  listBills,
  MAX_BILLS_PAGE,
  voidBill,
} from './bills.service.js';
import { BillFilter, CreateBillInput } from './payables.inputs.js';
import { Bill, BillLine } from './payables.types.js';

export const BillConnection = Connection(Bill, 'Bill', 'bills');

const duplicatesLoader = defineLoader<string, Bill[]>('billDuplicates', (ctx, ids) =>
  duplicatesOf(ctx.em, ids),
);

@Resolver(() => Bill)
export class BillsResolver {
  @Query(() => BillConnection, { description: 'Bills, newest first by bill date' })
  @Paged(MAX_BILLS_PAGE, 'bills')
  bills(
    @Ctx() ctx: Context,
    @Arg('filter', () => BillFilter, { nullable: true }) filter?: BillFilter | null,
    @Arg('first', () => Int, { defaultValue: 50 }) first = 50,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ) {
    return listBills(ctx.em, filter ?? {}, first, after);
  }

  @Query(() => Bill)
  bill(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Bill> {
    return findBill(ctx.em, id);
  }

  @Mutation(() => Bill, {
    description:
      "Enter a vendor's bill: posts Dr each line's account, Cr Accounts Payable. Above the approval threshold it waits for approvals (the approvers are emailed) before it may be paid",
  })
  async createBill(
    @Arg('input', () => CreateBillInput) input: CreateBillInput,
    @Ctx() ctx: Context,
  ): Promise<Bill> {
    const bill = await createBill(ctx.em, ctx.auth, input);
    await notifyApprovers(ctx, [bill]);
    return bill;
  }

  @Mutation(() => Bill, {
    description:
      'Void a bill: its entry is reversed on the date. Refused while a standing payment pays it (void the payment first)',
  })
  voidBill(
    @Arg('id', () => ID) id: string,
    @Arg('date', () => LocalDateScalar) date: string,
    @Arg('reason', () => String) reason: string,
    @Ctx() ctx: Context,
  ): Promise<Bill> {
    return voidBill(ctx.em, ctx.auth, id, date, reason);
  }

  @FieldResolver(() => Vendor)
  async vendor(@Root() b: Bill, @Ctx() ctx: Context): Promise<Vendor> {
    return (await ctx.loaders.get(vendorById).load(b.vendorId))!;
  }

  @FieldResolver(() => Boolean, {
    description: "Something is still owed after its due date (in the association's today)",
  })
  overdue(@Root() b: Bill, @Ctx() ctx: Context): boolean {
    return isOverdue(b, orgToday(ctx));
  }

  @FieldResolver(() => [Bill], {
    description:
      'Other standing bills of the same vendor with the same invoice number: a possible duplicate, flagged (not refused)',
  })
  duplicates(@Root() b: Bill, @Ctx() ctx: Context): Promise<Bill[]> {
    return ctx.loaders.get(duplicatesLoader).load(b.id);
  }
}

@Resolver(() => BillLine)
export class BillLineResolver {
  @FieldResolver(() => Account)
  account(@Root() l: BillLine, @Ctx() ctx: Context): Promise<Account> {
    return accountById(ctx, l.accountId);
  }
}
