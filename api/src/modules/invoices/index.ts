// What other modules may use of invoices: the invoice type and its loader (a payment application
// names its invoice).
export { Invoice } from './invoices.types.js';
export { invoiceById } from './invoices.loaders.js';
