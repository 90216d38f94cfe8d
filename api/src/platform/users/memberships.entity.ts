import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, Enum, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { registerEnumType } from 'type-graphql';
import { Organization } from '../organizations/organizations.entity.js';
import { User } from './users.entity.js';
import { Role } from '../../core/roles.js';

export enum MembershipStatus {
  ACTIVE = 'active',
  // Invited (a new email or an existing account alike): no access until the invitation is accepted.
  INVITED = 'invited',
  // Suspended by the organization's admins: no access (tokens already issued included) until
  // reinstated.
  SUSPENDED = 'suspended',
}
registerEnumType(MembershipStatus, { name: 'MemberStatus' });

@Entity({ tableName: 'memberships' })
export class Membership {
  [OptionalProps]?: 'createdAt' | 'status';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user: User;

  @ManyToOne(() => Organization, { deleteRule: 'cascade' })
  organization: Organization;

  @Enum({ items: () => Role, type: 'string' })
  role: Role;

  @Enum({ items: () => MembershipStatus, type: 'string' })
  status: MembershipStatus = MembershipStatus.ACTIVE;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
