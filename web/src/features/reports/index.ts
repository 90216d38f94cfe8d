// What other features may use of reports; the router reads routes.ts.
export { default as ReportFilter } from './components/ReportFilter.vue';
export { default as ReportHeader } from './components/ReportHeader.vue';
export { default as ReportPrintHeader } from './components/ReportPrintHeader.vue';
export { varianceTone } from './budget-vs-actual';
export { presetPeriod } from './periods';
