// What other platform features use of admin: the platform's audit trail (every feature records
// its changes there) and the admin panel's user, which two-step sign-in adds a field to.
export { recordAudit, recordOrganizationChange } from './admin-audit.service.js';
export { AdminUserDetail } from './admin-users.types.js';
export { AdminResolver } from './admin.resolver.js';
export { EmailOutboxResolver } from './email-outbox.resolver.js';
