// What other modules use from actuals: saving a month's figures (the demo seed enters some).
export { saveMonthlyActuals } from './actuals.service.js';
