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
export { Bill, BillApprovalState, BillLine, BillStatus, BoardTitle } from './payables.types.js';
export { payablesSettings } from './payables-settings.service.js';
// The scheduled jobs: the day's recurring bills, and the emails asking their approvers to decide.
export { enterRecurringBills } from './bill-templates.service.js';
export { approvalRequests } from './approvals.service.js';
// Reports: the board packet's payables section, and the bills the cash forecast pays.
export {
  type BillDue,
  billsDue,
  type PacketPayables,
  payablesForPacket,
} from './payables-reports.service.js';
// Paying bills: payment runs and their payments (the demo seed), and the checks a run prints (the
// documents job renders them: the `checks` kind).
export { createPaymentRun, findPaymentRun } from './payment-runs.service.js';
export { findBillPayment, voidBillPayment } from './bill-payments.service.js';
export { PaymentRun, TextFile, VendorPaymentMethod } from './bill-payments.types.js';
export { checksOfRun, renderRunChecks } from './checks.service.js';
// The demo seed: the board's seats, the approval policy, check settings and the board's decisions.
export { seatBoardMember } from './board-seats.service.js';
export { updatePayablesSettings } from './payables-settings.service.js';
export { setCheckSettings } from './check-settings.service.js';
export { decideBill } from './approvals.service.js';
export { BillDecision } from './payables.types.js';
