import type { Context } from '../../core/context.js';
import { defineLoader } from '../../core/loaders.js';
import { findBills } from './bills.service.js';
import { applicationsOf, findBillPayments } from './bill-payments.service.js';
import type { BillPayment, BillPaymentApplication } from './bill-payments.types.js';
import type { Bill } from './payables.types.js';
import { runPaymentRows } from './bill-payments.repository.js';
import { toBillPayment } from './bill-payments.service.js';

// One query per kind for every payment, application and bill a response names.

const billPaymentByIdLoader = defineLoader<string, BillPayment>(
  'billPaymentById',
  async (ctx, ids) => {
    const found = new Map((await findBillPayments(ctx.em, ids)).map((p) => [p.id, p]));
    return ids.map((id) => found.get(id)!);
  },
);

export const billPaymentById = (ctx: Context, id: string): Promise<BillPayment> =>
  ctx.loaders.get(billPaymentByIdLoader).load(id);

const billByIdLoader = defineLoader<string, Bill>('payableBillById', async (ctx, ids) => {
  const found = new Map((await findBills(ctx.em, ids)).map((b) => [b.id, b]));
  return ids.map((id) => found.get(id)!);
});

export const billOfApplication = (ctx: Context, id: string): Promise<Bill> =>
  ctx.loaders.get(billByIdLoader).load(id);

const applicationsOfPaymentLoader = defineLoader<string, BillPaymentApplication[]>(
  'applicationsOfBillPayment',
  (ctx, ids) => applicationsOf(ctx.em, 'payment', ids),
);

export const applicationsOfPayment = (ctx: Context, paymentId: string) =>
  ctx.loaders.get(applicationsOfPaymentLoader).load(paymentId);

const applicationsOfBillLoader = defineLoader<string, BillPaymentApplication[]>(
  'applicationsOfBill',
  (ctx, ids) => applicationsOf(ctx.em, 'bill', ids),
);

export const applicationsOfBill = (ctx: Context, billId: string) =>
  ctx.loaders.get(applicationsOfBillLoader).load(billId);

const paymentsOfRunLoader = defineLoader<string, BillPayment[]>(
  'paymentsOfRun',
  async (ctx, ids) => {
    const rows = (await runPaymentRows(ctx.em, [...ids])).map(toBillPayment);
    return ids.map((id) => rows.filter((p) => p.runId === id));
  },
);

export const paymentsOfRun = (ctx: Context, runId: string) =>
  ctx.loaders.get(paymentsOfRunLoader).load(runId);
