// What other features may use of vendors; the router reads routes.ts.
export { default as VendorSelect } from './components/VendorSelect.vue';
export { useActiveVendors } from './useVendors';
export { VENDOR_NAME_QUERY } from './vendors.graphql';
