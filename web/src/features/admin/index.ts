// What other features may use of admin; the router reads routes.ts.
export { default as AdminTabs } from './components/AdminTabs.vue';
export { humanize } from './admin';
