// What other modules (and the platform) may use of payables: bills, their payments and reports
// (the board packet, the cash forecast, the demo seed, the scheduled jobs).
// Bills: entering them (the demo seed, the recurring run), reading them (payments, reports) and
// where they stand.
export {
  billLabel,
  createBill,
  findBill,
  findBills,
  isOverdue,
  isPayable,
  listBills,
  toBill,
} from './bills.service.js';
export {
  Bill,
  BillApprovalState,
  BillLine,
  BillStatus,
  BoardTitle,
} from './payables.types.js';
export { payablesSettings } from './payables-settings.service.js';
