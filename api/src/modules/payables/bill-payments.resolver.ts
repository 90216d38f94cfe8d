import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Paged } from '../../core/graphql/connection.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Account, accountById } from '../accounts/index.js';
import { Vendor, vendorById } from '../vendors/index.js';
import { BillPaymentFilter, CreatePaymentRunInput } from './bill-payments.inputs.js';
import {
  applicationsOfBill,
  applicationsOfPayment,
  billOfApplication,
  billPaymentById,
  paymentsOfRun,
} from './bill-payments.loaders.js';
import { MAX_BILL_PAYMENTS_PAGE } from './bill-payments.repository.js';
import { findBillPayment, listBillPayments, voidBillPayment } from './bill-payments.service.js';
import {
  BillPayment,
  BillPaymentApplication,
  BillPaymentConnection,
  PaymentRun,
  TextFile,
} from './bill-payments.types.js';
import { Bill } from './payables.types.js';
import {
  createPaymentRun,
  findPaymentRun,
  listPaymentRuns,
  MAX_RUNS_LIST,
} from './payment-runs.service.js';
import { positivePayFile } from './positive-pay.csv.js';

@Resolver(() => BillPayment)
export class BillPaymentsResolver {
  @Query(() => BillPaymentConnection, {
    description: 'Vendor payments (checks, ACH, card), newest first by payment date',
  })
  @Paged(MAX_BILL_PAYMENTS_PAGE, 'vendor payments')
  billPayments(
    @Ctx() ctx: Context,
    @Arg('filter', () => BillPaymentFilter, { nullable: true }) filter?: BillPaymentFilter | null,
    @Arg('first', () => Int, { defaultValue: 50 }) first = 50,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ) {
    return listBillPayments(ctx.em, filter ?? {}, first, after);
  }

  @Query(() => BillPayment)
  billPayment(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<BillPayment> {
    return findBillPayment(ctx.em, id);
  }

  @Mutation(() => BillPayment, {
    description:
      "Void a vendor payment (a stopped check, a returned transfer): its entry is reversed on the date and its bills reopen. A check's number stays spent. CONFLICT once the bank's statement shows it cleared",
  })
  voidBillPayment(
    @Arg('id', () => ID) id: string,
    @Arg('date', () => LocalDateScalar) date: string,
    @Arg('reason', () => String) reason: string,
    @Ctx() ctx: Context,
  ): Promise<BillPayment> {
    return voidBillPayment(ctx.em, ctx.auth, id, date, reason);
  }

  @FieldResolver(() => Vendor)
  async vendor(@Root() p: BillPayment, @Ctx() ctx: Context): Promise<Vendor> {
    return (await ctx.loaders.get(vendorById).load(p.vendorId))!;
  }

  @FieldResolver(() => Account)
  bankAccount(@Root() p: BillPayment, @Ctx() ctx: Context): Promise<Account> {
    return accountById(ctx, p.bankAccountId);
  }

  @FieldResolver(() => [BillPaymentApplication], { description: 'The bills it pays, and how much' })
  applications(@Root() p: BillPayment, @Ctx() ctx: Context): Promise<BillPaymentApplication[]> {
    return applicationsOfPayment(ctx, p.id);
  }
}

@Resolver(() => PaymentRun)
export class PaymentRunsResolver {
  @Query(() => [PaymentRun], { description: 'The latest payment runs, newest first' })
  @Paged(MAX_RUNS_LIST, 'payment runs')
  paymentRuns(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { defaultValue: 20, description: `1 to ${MAX_RUNS_LIST}` })
    first = 20,
  ): Promise<PaymentRun[]> {
    return listPaymentRuns(ctx.em, first);
  }

  @Query(() => PaymentRun)
  paymentRun(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<PaymentRun> {
    return findPaymentRun(ctx.em, id);
  }

  @Mutation(() => PaymentRun, {
    description:
      "Pay approved bills from one bank account by one method: one payment per vendor (Dr Accounts Payable, Cr the bank), checks numbered from the account's check sequence. All or nothing",
  })
  createPaymentRun(
    @Arg('input', () => CreatePaymentRunInput) input: CreatePaymentRunInput,
    @Ctx() ctx: Context,
  ): Promise<PaymentRun> {
    return createPaymentRun(ctx.em, ctx.auth, input);
  }

  @Query(() => TextFile, {
    description:
      "The run's checks as a positive-pay CSV for the bank (account number, check number, issue date, amount, payee, void flag); the layout is in the API guide",
  })
  positivePayFile(@Arg('runId', () => ID) runId: string, @Ctx() ctx: Context): Promise<TextFile> {
    return positivePayFile(ctx.em, ctx.services.secrets, runId);
  }

  @FieldResolver(() => Account)
  bankAccount(@Root() r: PaymentRun, @Ctx() ctx: Context): Promise<Account> {
    return accountById(ctx, r.bankAccountId);
  }

  @FieldResolver(() => [BillPayment], { description: 'Its payments, in check (number) order' })
  payments(@Root() r: PaymentRun, @Ctx() ctx: Context): Promise<BillPayment[]> {
    return paymentsOfRun(ctx, r.id);
  }
}

@Resolver(() => BillPaymentApplication)
export class BillPaymentApplicationResolver {
  @FieldResolver(() => Bill)
  bill(@Root() a: BillPaymentApplication, @Ctx() ctx: Context): Promise<Bill> {
    return billOfApplication(ctx, a.billId);
  }

  @FieldResolver(() => BillPayment)
  payment(@Root() a: BillPaymentApplication, @Ctx() ctx: Context): Promise<BillPayment> {
    return billPaymentById(ctx, a.billPaymentId);
  }
}

// A bill's payments, on the bill (void ones included: their payment says VOID).
@Resolver(() => Bill)
export class BillPaymentsOfBillResolver {
  @FieldResolver(() => [BillPaymentApplication], {
    description:
      'The payments applied to it, oldest first; a void payment is listed too (its payment.status is VOID) and no longer counts',
  })
  payments(@Root() b: Bill, @Ctx() ctx: Context): Promise<BillPaymentApplication[]> {
    return applicationsOfBill(ctx, b.id);
  }
}
