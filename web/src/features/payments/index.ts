// What other features may use of payments; the router reads routes.ts.
export { default as RecordPaymentDialog } from './components/RecordPaymentDialog.vue';
export { type Payment, PAYMENTS_QUERY } from './payments.graphql';
export { methodLabel, paymentNumber } from './payments';
