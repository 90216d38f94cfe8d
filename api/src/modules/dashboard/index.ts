// What other modules use from the dashboard: its root type. A module still to come (investments
// maturing, capital projects of the year, the onboarding checklist) adds its tile as a field of
// `Dashboard` with a field resolver of its own (`@Resolver(() => Dashboard)`), reading `asOf`.
export { Dashboard } from './dashboard.types.js';
// The cash-flow forecast opens with the cash tile's figures (one rule for what cash is).
export { cashTile, dashboardOn } from './dashboard.service.js';
