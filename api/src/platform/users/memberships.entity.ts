import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, Enum, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { registerEnumType } from 'type-graphql';
import { User } from './users.entity.js';
import { OrganizationStatus, Role } from '../../core/roles.js';

export enum MembershipStatus {
  ACTIVE = 'active',
  // Invited (a new email or an existing account alike): no access until the invitation is accepted.
  INVITED = 'invited',
  // Suspended by the organization's admins: no access (tokens already issued included) until
  // reinstated.
  SUSPENDED = 'suspended',
}
registerEnumType(MembershipStatus, { name: 'MemberStatus' });

// The organization of a membership, as users reads it. Organizations sits above users (its
// members are users), so the entity is named rather than imported: MikroORM finds 'Organization'
// among the platform's entities (platform/entities.ts), and this type says what users reads of it.
export interface MembershipOrganization {
  id: string;
  name: string;
  status: OrganizationStatus;
  settings: Record<string, unknown>;
}

@Entity({ tableName: 'memberships' })
export class Membership {
  [OptionalProps]?: 'createdAt' | 'status';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user: User;

  @ManyToOne({ entity: 'Organization', deleteRule: 'cascade' })
  organization: MembershipOrganization;

  @Enum({ items: () => Role, type: 'string' })
  role: Role;

  @Enum({ items: () => MembershipStatus, type: 'string' })
  status: MembershipStatus = MembershipStatus.ACTIVE;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
