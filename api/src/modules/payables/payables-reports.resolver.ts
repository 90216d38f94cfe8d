import { Arg, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { notFound } from '../../core/errors/app-error.js';
import { Vendor, vendorById } from '../vendors/index.js';
import {
  cashRequirements,
  checkRegister,
  payablesAging,
  vendorLedger,
} from './payables-reports.service.js';
import {
  CashRequirements,
  CheckRegisterRow,
  PayablesAging,
  PayablesAgingRow,
  VendorLedger,
} from './payables-reports.types.js';

async function vendorOf(ctx: Context, id: string): Promise<Vendor> {
  const vendor = await ctx.loaders.get(vendorById).load(id);
  if (!vendor) throw notFound('Vendor');
  return vendor;
}

@Resolver(() => PayablesAging)
export class PayablesReportsResolver {
  @Query(() => PayablesAging, {
    description:
      "What the association owes its vendors as of a date (omitted: the association's today), by vendor and days past due; ties to the Accounts Payable account",
  })
  payablesAging(
    @Ctx() ctx: Context,
    @Arg('asOf', () => LocalDateScalar, { nullable: true }) asOf?: string | null,
  ): Promise<PayablesAging> {
    return payablesAging(ctx.em, asOf ?? orgToday(ctx));
  }

  @Query(() => [CheckRegisterRow], {
    description:
      'Vendor payments (checks, ACH and card) dated in the period, both days included, of one bank account when given; by date and check number. Void ones are listed with their status',
  })
  checkRegister(
    @Ctx() ctx: Context,
    @Arg('from', () => LocalDateScalar) from: string,
    @Arg('to', () => LocalDateScalar) to: string,
    @Arg('bankAccountId', () => ID, { nullable: true }) bankAccountId?: string | null,
  ): Promise<CheckRegisterRow[]> {
    return checkRegister(ctx.em, from, to, bankAccountId);
  }

  @Query(() => VendorLedger, {
    description:
      "A vendor's bills, payments and voids over a period with the opening balance and the running balance owed",
  })
  vendorLedger(
    @Ctx() ctx: Context,
    @Arg('vendorId', () => ID) vendorId: string,
    @Arg('from', () => LocalDateScalar) from: string,
    @Arg('to', () => LocalDateScalar) to: string,
  ): Promise<VendorLedger> {
    return vendorLedger(ctx.em, vendorId, from, to);
  }

  @Query(() => CashRequirements, {
    description:
      "The unpaid bills by due date as of a date (omitted: the association's today): overdue, due in 0–30, 31–60, 61–90 days and later, approved apart from pending",
  })
  cashRequirements(
    @Ctx() ctx: Context,
    @Arg('asOf', () => LocalDateScalar, { nullable: true }) asOf?: string | null,
  ): Promise<CashRequirements> {
    return cashRequirements(ctx.em, asOf ?? orgToday(ctx));
  }
}

@Resolver(() => PayablesAgingRow)
export class PayablesAgingRowResolver {
  @FieldResolver(() => Vendor)
  vendor(@Root() row: PayablesAgingRow, @Ctx() ctx: Context): Promise<Vendor> {
    return vendorOf(ctx, row.vendorId);
  }
}

@Resolver(() => CheckRegisterRow)
export class CheckRegisterRowResolver {
  @FieldResolver(() => Vendor)
  vendor(@Root() row: CheckRegisterRow, @Ctx() ctx: Context): Promise<Vendor> {
    return vendorOf(ctx, row.vendorId);
  }
}

@Resolver(() => VendorLedger)
export class VendorLedgerResolver {
  @FieldResolver(() => Vendor)
  vendor(@Root() ledger: VendorLedger, @Ctx() ctx: Context): Promise<Vendor> {
    return vendorOf(ctx, ledger.vendorId);
  }
}
