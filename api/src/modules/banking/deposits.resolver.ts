import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Account, accountById } from '../accounts/index.js';
import { Payment } from '../payments/index.js';
import {
  createDeposit,
  findDeposit,
  findPayments,
  listDeposits,
  setUndepositedFundsAccount,
  undepositedFundsAccount,
  undepositedPayments,
  voidDeposit,
} from './deposits.service.js';
import { CreateDepositInput, Deposit } from './deposits.types.js';

@Resolver(() => Deposit)
export class DepositsResolver {
  @Query(() => [Deposit], { description: 'Deposits, newest first (at most 500)' })
  deposits(
    @Ctx() ctx: Context,
    @Arg('accountId', () => ID, { nullable: true }) accountId?: string | null,
    @Arg('from', () => LocalDateScalar, { nullable: true }) from?: string | null,
    @Arg('to', () => LocalDateScalar, { nullable: true }) to?: string | null,
  ): Promise<Deposit[]> {
    return listDeposits(ctx.em, { accountId, from, to });
  }

  @Query(() => Deposit)
  deposit(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Deposit> {
    return findDeposit(ctx.em, id);
  }

  @Query(() => [Payment], {
    description: 'Payments waiting in Undeposited Funds for a deposit, oldest first',
  })
  undepositedPayments(@Ctx() ctx: Context): Promise<Payment[]> {
    return undepositedPayments(ctx.em);
  }

  @Query(() => Account, {
    nullable: true,
    description:
      'The Undeposited Funds account payments wait in; null: payments go straight to the bank',
  })
  async undepositedFundsAccount(@Ctx() ctx: Context) {
    const id = await undepositedFundsAccount(ctx.em);
    return id ? accountById(ctx, id) : null;
  }

  @Mutation(() => Account, {
    description:
      'Keep Undeposited Funds: payments recorded without a deposit account wait in this account until a deposit carries them to the bank',
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
    description: 'Reverse a deposit; its payments wait in Undeposited Funds again',
  })
  voidDeposit(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Context,
    @Arg('date', () => LocalDateScalar, { nullable: true }) date?: string | null,
  ) {
    return voidDeposit(ctx.em, ctx.auth, id, date);
  }

  @FieldResolver(() => Account)
  account(@Root() d: Deposit, @Ctx() ctx: Context) {
    return accountById(ctx, d.accountId);
  }

  @FieldResolver(() => [Payment])
  payments(@Root() d: Deposit, @Ctx() ctx: Context) {
    return findPayments(ctx.em, d.paymentIds);
  }
}
