import type { EntityManager } from '@mikro-orm/postgresql';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { badInput } from '../../core/errors/app-error.js';
import { toCents } from '../../core/money/money.js';
import {
  checkPayees,
  payablesPolicy,
  runPaymentRows,
  stubLines,
} from './bill-payments.repository.js';
import { toBillPayment } from './bill-payments.service.js';
import { VendorPaymentMethod } from './bill-payments.types.js';
import { micrNumbers } from './check-settings.service.js';
import { type ChecksPrint, renderChecksPdf } from './checks.pdf.js';
import { findPaymentRun } from './payment-runs.service.js';

// What the checks of a run print, read from the books: each check of the run (void ones marked),
// its payee and address, the bills it pays, the bank and the MICR numbers (the account number
// opened from its seal only here).
export async function checksOfRun(
  em: EntityManager,
  secrets: SecretBox,
  runId: string,
  payer: { name: string; address: string | null },
): Promise<ChecksPrint> {
  const run = await findPaymentRun(em, runId);
  if (run.method !== VendorPaymentMethod.CHECK) {
    const message = `Run ${run.number} paid by ${run.method === VendorPaymentMethod.ACH ? 'ACH' : 'card'}: it has no checks to print`;
    throw badInput([{ field: 'runId', message }], message);
  }
  const payments = (await runPaymentRows(em, [run.id]))
    .map(toBillPayment)
    .filter((p) => p.checkNumber !== null)
    .sort((a, b) => Number(a.checkNumber) - Number(b.checkNumber));
  const ids = payments.map((p) => p.id);
  const payees = new Map((await checkPayees(em, ids)).map((r) => [r.payment_id, r]));
  const stubs = await stubLines(em, ids);
  const policy = await payablesPolicy(em);
  const threshold = toCents(policy.approval_threshold);
  const micr = await micrNumbers(em, secrets, run.bankAccountId);
  const billsOf = (paymentId: string) => stubs.filter((s) => s.bill_payment_id === paymentId);
  // Without a memo of its own, a check names the vendor's invoices it pays.
  const memoOf = (paymentId: string, memo: string | null) => {
    if (memo) return memo;
    const invoices = billsOf(paymentId)
      .map((s) => s.vendor_invoice_number)
      .filter((n): n is string => !!n);
    if (!invoices.length) return null;
    return `${invoices.length === 1 ? 'Invoice' : 'Invoices'} ${invoices.join(', ')}`.slice(0, 120);
  };
  return {
    payer,
    bankName: micr?.row.institution ?? '',
    routingNumber: micr?.row.routing_number ?? null,
    accountNumber: micr?.accountNumber ?? null,
    runNumber: run.number,
    checks: payments.map((p) => ({
      checkNumber: p.checkNumber!,
      date: p.date,
      amount: p.amount,
      payee: payees.get(p.id)?.vendor_name ?? '',
      payeeAddress: payees.get(p.id)?.vendor_address ?? null,
      memo: memoOf(p.id, p.memo),
      // Two signatures above the approval policy's threshold (when the policy asks for approvals).
      signatures: policy.approvals_required > 0 && p.amount > threshold ? 2 : 1,
      void: p.voidDate !== null,
      bills: billsOf(p.id).map((s) => ({
        billNumber: Number(s.bill_number),
        vendorInvoiceNumber: s.vendor_invoice_number,
        billDate: s.bill_date,
        billTotal: toCents(s.total),
        amount: toCents(s.amount),
      })),
    })),
  };
}

// The checks PDF of a run (the documents job's renderer for the `checks` kind calls it).
export async function renderRunChecks(
  em: EntityManager,
  secrets: SecretBox,
  runId: string,
  payer: { name: string; address: string | null },
  createdAt?: Date,
): Promise<Buffer> {
  return renderChecksPdf(await checksOfRun(em, secrets, runId, payer), createdAt);
}
