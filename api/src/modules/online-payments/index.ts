// Owners paying online through the association's Stripe account, and Stripe's payouts.
export { OnlinePaymentsResolver } from './online-payments.resolver.js';
// The platform's Connect webhook finds the association by its Stripe account and hands the event
// over inside the association's books.
export {
  accountOwner as stripeAccountOwner,
  connectedAccount as stripeConnectedAccount,
} from './online-payments.repository.js';
export { applyAccountState } from './online-payments.service.js';
export { handleOnlinePaymentEvent, type EventOutcome } from './stripe-events.service.js';
export { handlePayoutPaid } from './payouts.service.js';
// The owner portal asks whether the association takes payments online, and which were.
export { acceptingOnlinePayments, ownerPortalPort, paidOnline } from './online-payments.service.js';
// AutoPay charges saved payment methods the same way, through these.
export {
  chargingAccount,
  feeFor,
  onlinePaymentById,
  toOnlinePayment,
} from './online-payments.service.js';
export {
  insertOnlinePayment,
  onlinePaymentRows,
  processingAmount,
  settingsRow as onlinePaymentSettingsRow,
  updateOnlinePayment,
} from './online-payments.repository.js';
export { markFailed, postingDate, recordPaid, settleCharge } from './stripe-events.service.js';
export {
  connectClient,
  connectConfig,
  requireConnect,
  stripeRefusal,
} from './online-payments.stripe.js';
export {
  CheckoutRedirect,
  OnlinePayment,
  OnlinePaymentMethod,
  OnlinePaymentSource,
  OnlinePaymentStatus,
} from './online-payments.types.js';
