// Work that runs on its own: the jobs boot registers.
export { defineAutomationJobs } from './automation.jobs.js';
export { AutomationResolver } from './automation.resolver.js';
// The demo associations are scheduled as a treasurer would (onboarding).
export { updateAutomation } from './automation.service.js';
