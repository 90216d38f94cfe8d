// What other modules use from the dashboard: its root type. A module still to come (investments
// maturing, capital projects of the year, the onboarding checklist) adds its tile as a field of
// `Dashboard` with a field resolver of its own (`@Resolver(() => Dashboard)`), reading `asOf`.
export { Dashboard } from './dashboard.types.js';
