// What other modules use from vendors.
export { checkEntryVendors, listVendors, spendByVendor } from './vendors.service.js';
// The demo seed enters its vendors as the API does.
export { createVendor } from './vendors.service.js';
export { vendorTaxIds } from './tax-ids.service.js';
export { Vendor } from './vendors.types.js';
