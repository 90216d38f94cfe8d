import type { Context } from '../../core/context.js';
import { defineLoader } from '../../core/loaders.js';
import { findInvoices } from './invoices.service.js';
import type { Invoice } from './invoices.types.js';

const invoiceByIdLoader = defineLoader<string, Invoice>('invoiceById', async (ctx, ids) => {
  const all = await findInvoices(ctx.em, [...ids]);
  return ids.map((id) => all.find((i) => i.id === id)!);
});

export function invoiceById(ctx: Context, id: string): Promise<Invoice> {
  return ctx.loaders.get(invoiceByIdLoader).load(id);
}
