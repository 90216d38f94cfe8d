// What other modules may use of assessments: property types and groups (a unit belongs to one of
// each), the receivables settings invoices and payments post with, and the account check they
// share (a pure account rule: it belongs in accounts once accounts exports one).
export { AssessmentFrequency, AssessmentGroup, PropertyType } from './assessments.types.js';
export { groupById, propertyTypeById } from './assessments.loaders.js';
export { receivablesSettings } from './receivables-settings.service.js';
export { checkAccounts } from './account-checks.service.js';
// The cash-flow forecast projects assessment income from the rates.
export { projection as assessmentProjection } from './assessment-groups.service.js';
// The demo seed sets its associations up through these, as the API does.
export type { AssessmentGroupInput } from './assessments.inputs.js';
export { createPropertyType } from './property-types.service.js';
export { createGroup, updateGroup } from './assessment-groups.service.js';
export { updateReceivablesSettings } from './receivables-settings.service.js';
// Banking's deposits choose Undeposited Funds through the receivables settings.
export { setUndepositedAccount, undepositedAccountHeld } from './receivables-settings.service.js';
