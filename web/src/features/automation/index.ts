// What other features may use of automation; the router reads routes.ts.
export { AUTOMATION_QUERY } from './automation.graphql';
export { KIND_LABELS as automationKindLabels } from './automation';
