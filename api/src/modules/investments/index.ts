// What other modules may use of investments: the dashboard tile's and the planning pages' reads,
// and the actions (the demo builds its ladder through them).
export { interestFor } from './investments.figures.js';
export {
  FDIC_LIMIT,
  matureInvestment,
  purchaseInvestment,
  recordInvestmentInterest,
  investmentsMaturingWithin,
  expectedProceeds,
  listInvestments,
  investmentSummary,
  investmentTotalsByFund,
} from './investments.service.js';
export { addPlannedInvestments, type PlannedInvestmentDraft } from './investments.plans.js';
export {
  Compounding,
  PlannedInvestment,
  Investment,
  InvestmentKind,
  InvestmentPlacement,
  InvestmentFundTotal,
  InvestmentsMaturing,
  InvestmentStatus,
} from './investments.types.js';
