import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { OrganizationStatus } from '../../core/roles.js';
import { Role } from '../../core/roles.js';
import { User } from './users.entity.js';

@ObjectType({ description: "An organization the user belongs to, with the user's role in it" })
export class OrganizationMembership {
  @Field(() => ID, { description: 'The organization id' })
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => Role)
  role: Role;

  @Field(() => OrganizationStatus)
  status: OrganizationStatus;

  @Field(() => GraphQLJSONObject, {
    description: 'Per-organization settings, e.g. onboardingComplete and the ideation flag',
  })
  settings: Record<string, unknown>;
}

// The signed-in user as `me` and every new session show them; each adds the organization it is
// about. No query returns this base alone, so the schema never shows it.
@ObjectType()
export class SignedInUser {
  @Field(() => User)
  user: User;

  @Field(() => [OrganizationMembership], { description: 'Active organizations of the user' })
  organizations: OrganizationMembership[];

  @Field(() => User, {
    nullable: true,
    description: 'The super admin behind this session when it is an impersonation',
  })
  impersonatedBy: User | null;
}

@ObjectType()
export class Me extends SignedInUser {
  @Field(() => OrganizationMembership, {
    nullable: true,
    description: 'The organization the current access token is for',
  })
  organization: OrganizationMembership | null;
}
