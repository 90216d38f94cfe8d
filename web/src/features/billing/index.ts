import { defineAsyncComponent } from 'vue';

// What the rest of the app may use of billing; the router reads routes.ts.

/** The subscription banner (a lapsed payment), above every page: loaded apart from the shell. */
export const BillingBanner = defineAsyncComponent(() => import('./components/BillingBanner.vue'));
