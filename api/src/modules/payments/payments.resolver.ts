import { GraphQLLocalDate } from 'graphql-scalars';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Account } from '../accounts/account.entity.js';
import { accountById } from '../accounts/account-loader.js';
import { unitById } from '../units/units.resolver.js';
import { Unit } from '../units/units.types.js';
import { defineLoader } from '../../core/loaders.js';
import { PaymentApplication } from '../invoices/invoices.types.js';
import {
  findPayment,
  findPayments,
  listPayments,
  recordPayment,
  voidPayment,
} from './payments.service.js';
import { Payment, PaymentConnection, PaymentFilter, RecordPaymentInput } from './payments.types.js';

const paymentByIdLoader = defineLoader<string, Payment>('paymentById', async (ctx, ids) => {
  const all = await findPayments(ctx.em, [...ids]);
  return ids.map((id) => all.find((p) => p.id === id)!);
});

export function paymentById(ctx: Context, id: string): Promise<Payment> {
  return ctx.loaders.get(paymentByIdLoader).load(id);
}

@Resolver(() => PaymentApplication)
export class PaymentApplicationPaymentResolver {
  @FieldResolver(() => Payment, { description: 'The payment applied' })
  payment(@Root() a: PaymentApplication, @Ctx() ctx: Context) {
    return paymentById(ctx, a.paymentId);
  }
}

@Resolver(() => Payment)
export class PaymentsResolver {
  @Query(() => PaymentConnection, { description: 'Payments received, newest first' })
  payments(
    @Ctx() ctx: Context,
    @Arg('filter', () => PaymentFilter, { nullable: true }) filter?: PaymentFilter,
    @Arg('first', () => Int, { defaultValue: 50 }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
  ) {
    return listPayments(ctx.em, filter ?? {}, first, after);
  }

  @Query(() => Payment)
  payment(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return findPayment(ctx.em, id);
  }

  @Mutation(() => Payment, {
    description:
      'Record a payment from a unit: applied to the chosen invoices in order, or oldest first; the rest stays as credit',
  })
  recordPayment(
    @Arg('input', () => RecordPaymentInput) input: RecordPaymentInput,
    @Ctx() ctx: Context,
  ) {
    return recordPayment(ctx.em, ctx.auth, input);
  }

  @Mutation(() => Payment, {
    description: 'Void a payment (refund or bounced check): posts the reversal',
  })
  voidPayment(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: Context,
    @Arg('date', () => GraphQLLocalDate, { nullable: true }) date?: string,
  ) {
    return voidPayment(ctx.em, ctx.auth, id, date);
  }

  @FieldResolver(() => Unit)
  unit(@Root() p: Payment, @Ctx() ctx: Context) {
    return unitById(ctx, p.unitId);
  }

  @FieldResolver(() => Account)
  depositAccount(@Root() p: Payment, @Ctx() ctx: Context) {
    return accountById(ctx, p.depositAccountId);
  }
}
