import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { PaymentApplication } from '../payments/index.js';
import { invoiceById } from './invoices.loaders.js';
import { Invoice } from './invoices.types.js';

// A payment application names the invoice it pays. Invoices sit above payments (they spend unit
// credit and lock units through it), so the field is resolved here.
@Resolver(() => PaymentApplication)
export class PaymentApplicationInvoiceResolver {
  @FieldResolver(() => Invoice)
  invoice(@Root() a: PaymentApplication, @Ctx() ctx: Context) {
    return invoiceById(ctx, a.invoiceId);
  }
}
