// What other features may use of forecast; the router reads routes.ts.
export { monthLabel } from './forecast';
