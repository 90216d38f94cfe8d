import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { paymentById } from './payments.loaders.js';
import { Payment, PaymentApplication } from './payments.types.js';

@Resolver(() => PaymentApplication)
export class PaymentApplicationResolver {
  @FieldResolver(() => Payment, { description: 'The payment applied' })
  payment(@Root() a: PaymentApplication, @Ctx() ctx: Context) {
    return paymentById(ctx, a.paymentId);
  }
}
