// What other platform features use of the admin panel's organizations: creating a tenant (billing's
// checkout does it too) and the plan levels.
export { createTenant } from './admin-organizations.service.js';
export { PlanLevel } from './admin-organizations.types.js';
export { AdminOrganizationsResolver } from './admin-organizations.resolver.js';
