// What other platform features use of organizations: the organization record, opening one and
// setting it up (registration, the demo seed), and the invitation the admin panel sends.
export { Organization } from './organizations.entity.js';
export { createOrganization, updateOrganizationSettings } from './organizations.service.js';
export { insertInvitation } from './members.repository.js';
export { MembersResolver, MemberMfaResolver } from './members.resolver.js';
export { OrganizationsResolver } from './organizations.resolver.js';
