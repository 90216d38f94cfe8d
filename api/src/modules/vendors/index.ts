// What other modules use from vendors.
export { checkEntryVendors } from './vendors.service.js';
