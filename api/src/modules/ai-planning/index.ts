// What other modules may use of investment planning: the planner's figures (scenarios and the
// dashboard may show fund health) and waiting for background requests (tests, shutdown).
export {
  addRecommendationToPlan,
  defineAiPlanningJobs,
  gatherInputs,
  recordPlannerRecommendation,
  setPlanningRates,
  settleRecommendations,
} from './ai-planning.service.js';
export { plan as investmentPlan, type Plan } from './ai-planning.planner.js';
