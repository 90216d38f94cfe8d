import type { Context } from '../../core/context.js';
import { defineLoader } from '../../core/loaders.js';
import { applicationsOf } from './payment-applications.service.js';
import { findPayments } from './payments.service.js';
import type { Payment, PaymentApplication } from './payments.types.js';

const paymentByIdLoader = defineLoader<string, Payment>('paymentById', async (ctx, ids) => {
  const all = await findPayments(ctx.em, [...ids]);
  return ids.map((id) => all.find((p) => p.id === id)!);
});

export function paymentById(ctx: Context, id: string): Promise<Payment> {
  return ctx.loaders.get(paymentByIdLoader).load(id);
}

const applicationsByInvoiceLoader = defineLoader<
  string,
  (PaymentApplication & { voided: boolean })[]
>('applicationsByInvoice', async (ctx, ids) => {
  const rows = await applicationsOf(ctx.em, 'invoice', [...ids]);
  return ids.map((id) => rows.filter((r) => r.invoiceId === id));
});

// The payments applied to an invoice, voided payments' included (flagged).
export function applicationsByInvoice(
  ctx: Context,
  invoiceId: string,
): Promise<(PaymentApplication & { voided: boolean })[]> {
  return ctx.loaders.get(applicationsByInvoiceLoader).load(invoiceId);
}
