import { Role } from '@covenant/shared/roles';
import { registerEnumType } from 'type-graphql';

// Roles and organization statuses are read by core (permissions, tenancy) and stored by the
// platform, so they live here, below both. The roles themselves are the web app's too
// (@covenant/shared/roles): here they become the GraphQL enum.
export { Role };
registerEnumType(Role, {
  name: 'Role',
  description: 'Role within one organization: tenant admin, tenant user, or read-only viewer',
});

export enum OrganizationStatus {
  ACTIVE = 'active',
  SUSPENDED = 'suspended',
  ARCHIVED = 'archived',
}
registerEnumType(OrganizationStatus, { name: 'OrganizationStatus' });
