import { Field, ID, ObjectType } from 'type-graphql';
import { MembershipStatus } from '../users/index.js';
import { Role } from '../../core/roles.js';

@ObjectType({ description: 'A member of the current organization' })
export class Member {
  @Field(() => ID)
  userId: string;

  @Field(() => String)
  email: string;

  @Field(() => String, {
    nullable: true,
    description: 'Not shown until the invitation is accepted',
  })
  name: string | null;

  @Field(() => Role)
  role: Role;

  @Field(() => MembershipStatus, {
    description:
      'INVITED (no access) until the invitee accepts the invitation; SUSPENDED (no access) until reinstated',
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

@ObjectType({ description: 'An invitation of the current organization not accepted yet' })
export class PendingInvitation {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  email: string;

  @Field(() => Role)
  role: Role;

  @Field(() => Date, { description: 'When its current link was issued (sent or copied)' })
  sentAt: Date;

  @Field(() => Date, { description: 'When its current link stops working' })
  expiresAt: Date;

  @Field(() => Boolean)
  expired: boolean;
}

@ObjectType({ description: 'A fresh invitation link for the admin to pass on themselves' })
export class InvitationLink {
  @Field(() => String, { description: 'The only working link of the invitation from now on' })
  url: string;

  @Field(() => PendingInvitation)
  invitation: PendingInvitation;
}
