import { Organization } from './organizations/organization.entity.js';
import { Membership } from './users/membership.entity.js';
import { User } from './users/user.entity.js';

// Entities of the platform database, listed explicitly (no folder discovery).
export const platformEntities = [Organization, User, Membership];
