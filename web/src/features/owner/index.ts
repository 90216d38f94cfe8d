import { defineAsyncComponent } from 'vue';

// What the rest of the app may use of the owner portal; the router reads routes.ts.

/** The homeowner's shell (App.vue shows it for an OWNER): loaded apart from the staff shell. */
export const OwnerLayout = defineAsyncComponent(() => import('./components/OwnerLayout.vue'));
