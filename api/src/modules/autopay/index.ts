// AutoPay: an owner's saved payment method charged on due dates.
export { AutopayResolver } from './autopay.resolver.js';
// The platform's Connect webhook hands setup checkouts here.
export { handleAutopayEvent, isAutopayEvent } from './autopay.service.js';
// The association's automation runs it daily.
export { autopayPreflight, type AutopayRunResult, runAutopay } from './autopay-run.service.js';
