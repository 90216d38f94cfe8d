import { registerEnumType } from 'type-graphql';

// Roles and organization statuses are read by core (permissions, tenancy) and stored by the
// platform, so they live here, below both.
export enum Role {
  ADMIN = 'admin',
  USER = 'user',
  VIEWER = 'viewer',
}
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
