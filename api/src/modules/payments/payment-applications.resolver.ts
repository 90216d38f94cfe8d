import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Invoice, invoiceById } from '../invoices/index.js';
import { paymentById } from './payments.loaders.js';
import { Payment, PaymentApplication } from './payments.types.js';

@Resolver(() => PaymentApplication)
export class PaymentApplicationResolver {
  @FieldResolver(() => Invoice)
  invoice(@Root() a: PaymentApplication, @Ctx() ctx: Context) {
    return invoiceById(ctx, a.invoiceId);
  }

  @FieldResolver(() => Payment, { description: 'The payment applied' })
  payment(@Root() a: PaymentApplication, @Ctx() ctx: Context) {
    return paymentById(ctx, a.paymentId);
  }
}
