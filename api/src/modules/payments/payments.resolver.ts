import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { orgToday } from '../../core/dates.js';
import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Paged } from '../../core/graphql/connection.js';
import { Account, accountById } from '../accounts/index.js';
import { EntryOwnerType, JournalEntry } from '../journal/index.js';
import { Unit, unitById } from '../units/index.js';
import { PaymentFilter, RecordPaymentInput } from './payments.inputs.js';
import { paymentById } from './payments.loaders.js';
import { MAX_PAYMENTS_PAGE } from './payments.repository.js';
import { findPayment, listPayments, recordPayment, voidPayment } from './payments.service.js';
import { Payment, PaymentConnection } from './payments.types.js';

@Resolver(() => Payment)
export class PaymentsResolver {
  @Query(() => PaymentConnection, { description: 'Payments received, newest first' })
  @Paged(MAX_PAYMENTS_PAGE, 'payments')
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
    @Arg('date', () => LocalDateScalar, { nullable: true }) date?: string,
  ) {
    return voidPayment(ctx.em, ctx.auth, id, date ?? orgToday(ctx));
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

// The payment that owns an entry (its posting or its void); see EntryOwner in the journal.
@Resolver(() => JournalEntry)
export class JournalEntryPaymentResolver {
  @FieldResolver(() => Payment, {
    nullable: true,
    description: 'The payment that owns the entry (its posting or its void), if any',
  })
  payment(@Root() entry: JournalEntry, @Ctx() ctx: Context): Promise<Payment> | null {
    if (entry.owner?.type !== EntryOwnerType.PAYMENT) return null;
    return paymentById(ctx, entry.owner.id);
  }
}
