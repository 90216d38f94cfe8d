// What other features may use of audit; the router reads routes.ts.
export { default as HistoryButton } from './components/HistoryButton.vue';
export { default as HistoryDrawer } from './components/HistoryDrawer.vue';
