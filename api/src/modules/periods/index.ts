// What other modules (and the platform) may use of closed periods: close and reopen (the demo seed,
// the board packet), and the periods' state.
export {
  closeFiscalYear,
  closeMonth,
  periods,
  reopenMonth,
  type Calendar,
} from './periods.service.js';
export { standingCloses, closeHistory, type CloseRow } from './periods.repository.js';
export { PeriodStatus } from './periods.types.js';
