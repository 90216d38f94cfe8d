// What other platform features use of users: the user and membership records, the user's active
// organizations, and how emails are compared. Users sits at the bottom of the platform: it
// imports no other platform feature.
export { User } from './users.entity.js';
export { Membership, MembershipStatus } from './memberships.entity.js';
export { activeMemberships, normalizeEmail, settingsFor } from './users.service.js';
export { OrganizationMembership, SignedInUser } from './users.types.js';
export { ACCESS_CACHE_TTL_MS, MembershipDirectory } from './memberships.directory.js';
export { UsersResolver } from './users.resolver.js';
