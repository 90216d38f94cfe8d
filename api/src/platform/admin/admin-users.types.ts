import { Field, ID, Int, ObjectType } from 'type-graphql';
import { OrganizationStatus, Role } from '../../core/roles.js';
import { MembershipStatus } from '../users/index.js';

@ObjectType({ description: 'A user as super admins see them' })
export class AdminUser {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  email: string;

  @Field(() => String, { nullable: true })
  name: string | null;

  @Field(() => Boolean)
  isSuperadmin: boolean;

  @Field(() => Boolean)
  isPlatformOwner: boolean;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, {
    nullable: true,
    description: 'Their latest successful sign-in or switch (impersonations excluded)',
  })
  lastSignInAt: Date | null;

  @Field(() => Int, { description: 'Organizations they belong to, in any membership status' })
  organizationCount: number;
}

@ObjectType()
export class AdminUserList {
  @Field(() => Int, { description: 'Users matching the search (the list holds at most `limit`)' })
  totalCount: number;

  @Field(() => [AdminUser])
  users: AdminUser[];
}

@ObjectType({ description: "A user's membership in an organization" })
export class AdminUserMembership {
  @Field(() => ID)
  organizationId: string;

  @Field(() => String)
  organizationName: string;

  @Field(() => OrganizationStatus)
  organizationStatus: OrganizationStatus;

  @Field(() => Role)
  role: Role;

  @Field(() => MembershipStatus)
  status: MembershipStatus;

  @Field(() => Date)
  createdAt: Date;
}

@ObjectType({ description: 'One sign-in attempt, organization switch or impersonation' })
export class AdminLoginEntry {
  @Field(() => ID)
  id: string;

  @Field(() => Date)
  at: Date;

  @Field(() => String, {
    description: 'password, switch, invitation, register or impersonation',
  })
  method: string;

  @Field(() => Boolean)
  success: boolean;

  @Field(() => String, { nullable: true })
  failureReason: string | null;

  @Field(() => String, { nullable: true })
  organizationName: string | null;

  @Field(() => String, { nullable: true })
  ip: string | null;

  @Field(() => String, { nullable: true })
  userAgent: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The super admin who impersonated the user, for an impersonation',
  })
  impersonatedByEmail: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why the super admin impersonated the user, as they gave it',
  })
  impersonationReason: string | null;
}

@ObjectType({ description: 'A user with their memberships and recent sign-ins' })
export class AdminUserDetail extends AdminUser {
  @Field(() => [AdminUserMembership])
  memberships: AdminUserMembership[];

  @Field(() => [AdminLoginEntry], { description: 'The latest 50, newest first' })
  loginHistory: AdminLoginEntry[];
}

@ObjectType({ description: 'A message the mailer sent (or, with the stub, only logged)' })
export class AdminEmail {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  to: string;

  @Field(() => String)
  subject: string;

  @Field(() => String)
  template: string;

  @Field(() => Date)
  sentAt: Date;

  @Field(() => String, {
    description:
      'The first characters of the body (400 at most); the values of links and tokens in it are masked, so no link in the log can be used',
  })
  bodyPreview: string;
}

@ObjectType()
export class AdminEmailList {
  @Field(() => Int, {
    description: 'Messages matching the search (the list holds at most `limit`)',
  })
  totalCount: number;

  @Field(() => [AdminEmail])
  emails: AdminEmail[];
}
