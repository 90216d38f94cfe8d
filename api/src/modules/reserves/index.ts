// What other modules use from reserves: the projection (capital projects compare each year's
// planned spending with its projected balance) and percent funded (the dashboard tile).
export {
  budgetedContribution,
  listComponents as listReserveComponents,
  percentFunded,
  type ReserveCalendar,
  reserveFundBalance,
  reserveProjection,
} from './reserves.service.js';
export {
  ReserveBand,
  ReserveComponent,
  ReserveProjection,
  ReserveProjectionYear,
  ReserveStudy,
} from './reserves.types.js';
// Percent funded of a balance against a fully funded balance (scenarios' year ends).
export { percentOf } from './reserves.math.js';
// The demo seed enters its reserve study as the API does.
export { createComponent as createReserveComponent } from './reserves.service.js';
export { ReserveCategory } from './reserves.types.js';
export type { ReserveComponentInput } from './reserves.inputs.js';
