import type { Services } from './core/context.js';
import { defineAiPlanningJobs } from './modules/ai-planning/index.js';
import { defineDocumentJobs } from './modules/documents/index.js';
import { defineAutomationJobs } from './platform/automation/index.js';
import { defineBillingJobs } from './platform/billing/index.js';

// Every feature's background jobs, defined before the queue starts (the email outbox defines its
// own with the mailer).
export function defineJobs(services: Services): void {
  defineAiPlanningJobs(services);
  defineAutomationJobs(services);
  defineDocumentJobs(services);
  defineBillingJobs(services);
}
