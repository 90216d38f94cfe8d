import { Field, ID, ObjectType } from 'type-graphql';
import { MembershipStatus } from '../users/memberships.entity.js';
import { Role } from '../../core/roles.js';

@ObjectType({ description: 'A member of the current organization' })
export class Member {
  @Field(() => ID)
  userId: string;

  @Field(() => String)
  email: string;

  @Field(() => String, { nullable: true })
  name: string | null;

  @Field(() => Role)
  role: Role;

  @Field(() => MembershipStatus, {
    description:
      'INVITED until a new user accepts the invitation; SUSPENDED (no access) until reinstated',
  })
  status: MembershipStatus;

  @Field(() => Date)
  joinedAt: Date;
}

@ObjectType()
export class InvitationInfo {
  @Field(() => String)
  email: string;

  @Field(() => String)
  organizationName: string;

  @Field(() => Role)
  role: Role;

  @Field(() => Boolean, { description: 'True when the user already has a password (just sign in)' })
  userExists: boolean;
}
