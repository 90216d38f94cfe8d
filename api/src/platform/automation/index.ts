// Work that runs on its own: the jobs boot registers.
export { defineAutomationJobs } from './automation.jobs.js';
export { AutomationResolver } from './automation.resolver.js';
