export { BillingResolver, MembershipBillingResolver } from './billing.resolver.js';
export { stripeWebhook } from './billing.http.js';
export { stripeConnectWebhook } from './stripe-connect.http.js';
export { defineBillingJobs } from './billing.service.js';
