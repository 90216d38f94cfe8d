import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, Enum, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { registerEnumType } from 'type-graphql';
import { Organization } from '../organizations/organization.entity.js';
import { User } from './user.entity.js';

export enum Role {
  ADMIN = 'admin',
  USER = 'user',
  VIEWER = 'viewer',
}
registerEnumType(Role, {
  name: 'Role',
  description: 'Role within one organization: tenant admin, tenant user, or read-only viewer',
});

@Entity({ tableName: 'memberships' })
export class Membership {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user: User;

  @ManyToOne(() => Organization, { deleteRule: 'cascade' })
  organization: Organization;

  @Enum({ items: () => Role, type: 'string' })
  role: Role;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
