// What other modules may use of invoices: the invoice type and its loader.
export { Invoice } from './invoices.types.js';
export { invoiceById } from './invoices.loaders.js';
// The demo seed enters its receivables through these, as the API does.
export { createInvoice, writeOffInvoice } from './invoices.service.js';
export { generateAssessmentInvoices } from './assessment-runs.service.js';
export { assessLateFees } from './late-fees.service.js';
// Scheduled reminders before due dates (platform automation).
export { dueReminders, type DueReminder } from './reminders.service.js';
export { importOpeningBalances } from './opening-balances.service.js';
// The dashboard reads receivables as the aging report does, and the late fees a run would assess.
export { agingReport, emptyAgingBuckets } from './aging.service.js';
export { AgingBuckets } from './aging.types.js';
export { previewLateFees } from './late-fees.service.js';
// The owner portal reads its units' invoices as the treasurer's pages do.
export { findInvoices } from './invoices.service.js';
export { InvoiceKind, InvoiceStatus } from './invoices.types.js';
