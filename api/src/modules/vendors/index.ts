// What other modules use from vendors.
export { checkEntryVendors, listVendors, spendByVendor } from './vendors.service.js';
// The demo seed enters its vendors as the API does.
export { createVendor } from './vendors.service.js';
export { vendorTaxIds } from './tax-ids.service.js';
export { Vendor } from './vendors.types.js';
// The journal resolves the vendor an entry names.
export { vendorById } from './vendors.loaders.js';
