// What other platform features use of onboarding: the starting chart a new association chooses
// (the admin panel's and billing's new organization).
export { seedStartingChart } from './starting-chart.service.js';
export { StartingChart } from './starting-chart.types.js';
export { StartingChartResolver } from './starting-chart.resolver.js';
