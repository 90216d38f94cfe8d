// What other modules may use of the audit log: record a write, and the changed fields of an edit.
export { type AuditEntry, diff, recordTenantAudit, userLabels } from './audit.service.js';
