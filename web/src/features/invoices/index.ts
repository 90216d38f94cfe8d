// What other features may use of invoices; the router reads routes.ts.
export { default as InvoiceStatusTag } from './components/InvoiceStatusTag.vue';
export { default as VoidDateField } from './components/VoidDateField.vue';
export { INVOICES_QUERY } from './invoices.graphql';
export { invoiceNumber, kindLabel, periodLabel, remapIndexed } from './invoices';
