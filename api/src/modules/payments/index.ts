// What other modules may use of payments: how payments pay invoices (open balances, unit credit,
// applying one to the other, the unit locks that serialize it), which invoices, late fees and
// assessment runs share, and the applications of an invoice.
export { PaymentApplication } from './payments.types.js';
export {
  lockUnits,
  openInvoices,
  spendCredit,
  unappliedPayments,
} from './payment-applications.service.js';
export { findPayments, postPayment, voidPayment } from './payments.service.js';
export { Payment, PaymentMethod } from './payments.types.js';
export { applicationsByInvoice, paymentById } from './payments.loaders.js';
