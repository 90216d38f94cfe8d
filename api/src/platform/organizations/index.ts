// What other platform features use of organizations: the organization record, opening one and
// setting it up (registration, the demo seed), and the invitation the admin panel sends.
export { Organization } from './organizations.entity.js';
export { createOrganization, updateOrganizationSettings } from './organizations.service.js';
export { insertInvitation } from './members.repository.js';
// The admin panel edits an organization's settings as its admins do.
export { isCurrency, isLocale } from './organizations.inputs.js';
export { mergeSettings } from './organizations.repository.js';
export { MembersResolver, MemberMfaResolver } from './members.resolver.js';
export { OrganizationsResolver } from './organizations.resolver.js';
