import type { EntityManager } from '@mikro-orm/postgresql';
import { toCsv } from '@covenant/shared/csv';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { badInput } from '../../core/errors/app-error.js';
import { formatMoney } from '../../core/money/money.js';
import { checkPayees, runPaymentRows } from './bill-payments.repository.js';
import { toBillPayment } from './bill-payments.service.js';
import { type TextFile, VendorPaymentMethod } from './bill-payments.types.js';
import { micrNumbers } from './check-settings.service.js';
import { findPaymentRun } from './payment-runs.service.js';

// Positive pay: the list of checks issued that the treasurer uploads to the bank, which then pays
// only checks on the list (number, amount and payee as written). The common layout banks accept:
//
//   Account Number,Check Number,Issue Date,Amount,Payee,Void
//   000123456789,1001,03/05/2026,1234.56,Acme Landscaping,N
//
// one row per check of the run, in check-number order; Issue Date as MM/DD/YYYY; Amount a plain
// decimal without currency sign or thousands separators; Void "Y" for a check voided since it
// was issued (the bank then refuses it), "N" otherwise. No byte-order mark (banks' importers read
// it as part of the first field).
export const POSITIVE_PAY_HEADER = [
  'Account Number',
  'Check Number',
  'Issue Date',
  'Amount',
  'Payee',
  'Void',
] as const;

const usDate = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

export async function positivePayFile(
  em: EntityManager,
  secrets: SecretBox,
  runId: string,
): Promise<TextFile> {
  const run = await findPaymentRun(em, runId);
  if (run.method !== VendorPaymentMethod.CHECK) {
    const message = `Run ${run.number} paid by ${run.method === VendorPaymentMethod.ACH ? 'ACH' : 'card'}: positive pay lists checks`;
    throw badInput([{ field: 'runId', message }], message);
  }
  const micr = await micrNumbers(em, secrets, run.bankAccountId);
  if (!micr?.accountNumber) {
    const message =
      "Set the bank account's account number in its check settings: the bank matches checks by it";
    throw badInput([{ field: 'runId', message }], message);
  }
  const payments = (await runPaymentRows(em, [run.id])).map(toBillPayment);
  const payees = new Map(
    (
      await checkPayees(
        em,
        payments.map((p) => p.id),
      )
    ).map((r) => [r.payment_id, r.vendor_name]),
  );
  const rows = payments
    .filter((p) => p.checkNumber !== null)
    .sort((a, b) => Number(a.checkNumber) - Number(b.checkNumber))
    .map((p) => [
      micr.accountNumber,
      p.checkNumber,
      usDate(p.date),
      formatMoney(p.amount),
      payees.get(p.id) ?? '',
      p.voidDate ? 'Y' : 'N',
    ]);
  return {
    fileName: `positive-pay-run-${run.number}.csv`,
    contentType: 'text/csv',
    content: toCsv([[...POSITIVE_PAY_HEADER], ...rows]).replace(/^\uFEFF/, ''),
  };
}
