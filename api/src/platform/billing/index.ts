export { BillingResolver, MembershipBillingResolver } from './billing.resolver.js';
export { stripeWebhook } from './billing.http.js';
export { defineBillingJobs } from './billing.service.js';
