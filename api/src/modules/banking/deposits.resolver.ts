import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { orgToday } from '../../core/dates.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { defineLoader } from '../../core/loaders.js';
import { Account, accountById } from '../accounts/index.js';
import { Payment, paymentById } from '../payments/index.js';
import { CreateDepositInput, DepositFilter } from './deposits.inputs.js';
import {
  createDeposit,
  findDeposit,
  listDeposits,
  setUndepositedFundsAccount,
  standingDepositsOf,
  undepositedFundsAccount,
  undepositedPayments,
  voidDeposit,
} from './deposits.service.js';
import { Deposit } from './deposits.types.js';

// A payment's standing deposit, batched over the payments of a list (a deposit's, a unit's).
const depositOfPaymentLoader = defineLoader<string, Deposit | null>(
  'depositOfPayment',
  (ctx, paymentIds) => standingDepositsOf(ctx.em, paymentIds),
);

@Resolver(() => Deposit)
export class DepositsResolver {
  @Query(() => [Deposit], { description: 'Deposits, newest first (at most 500)' })
  deposits(
    @Ctx() ctx: Context,
    @Arg('filter', () => DepositFilter, { nullable: true }) filter?: DepositFilter | null,
  ): Promise<Deposit[]> {
    return listDeposits(ctx.em, filter ?? {});
  }

  @Query(() => Deposit)
  deposit(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Deposit> {
    return findDeposit(ctx.em, id);
  }

  @Query(() => [Payment], {
    description:
      'Payments waiting in Undeposited Funds for a deposit, oldest first (at most 2,000)',
  })
  undepositedPayments(@Ctx() ctx: Context): Promise<Payment[]> {
    return undepositedPayments(ctx.em);
  }

  @Query(() => Account, {
    nullable: true,
    description:
      'The Undeposited Funds account payments wait in (receivablesSettings.undepositedAccount); null: payments go straight to the default deposit account',
  })
  async undepositedFundsAccount(@Ctx() ctx: Context) {
    const id = await undepositedFundsAccount(ctx.em);
    return id ? accountById(ctx, id) : null;
  }

  @Mutation(() => Account, {
    description:
      'Keep Undeposited Funds (receivablesSettings.undepositedAccount): payments recorded without a deposit account wait in this account until a deposit carries them to the bank. To stop keeping it, updateReceivablesSettings with undepositedAccountId null',
  })
  async setUndepositedFundsAccount(
    @Arg('accountId', () => ID) accountId: string,
    @Ctx() ctx: Context,
  ) {
    await setUndepositedFundsAccount(ctx.em, ctx.auth, accountId);
    return accountById(ctx, accountId);
  }

  @Mutation(() => Deposit, {
    description:
      'Carry undeposited payments to a bank account as one bank line (one entry: Dr bank and fees, Cr Undeposited Funds)',
  })
  createDeposit(
    @Arg('input', () => CreateDepositInput) input: CreateDepositInput,
    @Ctx() ctx: Context,
  ) {
    return createDeposit(ctx.em, ctx.auth, input);
  }

  @Mutation(() => Deposit, {
    description:
      'Reverse a deposit; its payments wait in Undeposited Funds again. Date omitted: today',
  })
  voidDeposit(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Context,
    @Arg('date', () => LocalDateScalar, { nullable: true }) date?: string | null,
  ) {
    return voidDeposit(ctx.em, ctx.auth, id, date, orgToday(ctx));
  }

  @FieldResolver(() => Account)
  account(@Root() d: Deposit, @Ctx() ctx: Context) {
    return accountById(ctx, d.accountId);
  }

  @FieldResolver(() => Account, { nullable: true })
  feeAccount(@Root() d: Deposit, @Ctx() ctx: Context) {
    return d.feeAccountId ? accountById(ctx, d.feeAccountId) : null;
  }

  @FieldResolver(() => [Payment], { description: 'The payments it carries, oldest first' })
  payments(@Root() d: Deposit, @Ctx() ctx: Context) {
    return Promise.all(d.paymentIds.map((id) => paymentById(ctx, id)));
  }
}

// Where a payment stands with the bank: the deposit that carries it, if any.
@Resolver(() => Payment)
export class PaymentDepositResolver {
  @FieldResolver(() => ID, {
    nullable: true,
    description:
      'The standing deposit carrying the payment to the bank (null: waiting in Undeposited Funds, or recorded straight into a bank account)',
  })
  async depositId(@Root() p: Payment, @Ctx() ctx: Context): Promise<string | null> {
    return (await ctx.loaders.get(depositOfPaymentLoader).load(p.id))?.id ?? null;
  }

  @FieldResolver(() => Deposit, {
    nullable: true,
    description: 'The standing deposit carrying the payment to the bank, if any',
  })
  deposit(@Root() p: Payment, @Ctx() ctx: Context): Promise<Deposit | null> {
    return ctx.loaders.get(depositOfPaymentLoader).load(p.id);
  }
}
