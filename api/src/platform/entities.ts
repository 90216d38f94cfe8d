import { Organization } from './organizations/organizations.entity.js';
import { Membership } from './users/memberships.entity.js';
import { User } from './users/users.entity.js';

// Entities of the platform database, listed explicitly (no folder discovery).
export const platformEntities = [Organization, User, Membership];
