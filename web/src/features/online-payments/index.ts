// What other features may use of online payments; the router reads routes.ts.
export { METHOD_LABELS, STATUS_LABELS, statusBadge } from './online-payments';
